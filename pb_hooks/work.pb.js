/// <reference path="../bin/pocketbase-types.d.ts" />
// Staff's work on applications (lib/work.js, lib/replies.js): the staff directory, assigning, internal
// notes and replies to the applicant, and a staff member's own language. Any staff member reads; only
// admins act, and every act is audited in its own transaction.

// GET /api/formwork/staff/directory: the enabled staff accounts (names of assignees and note authors).
routerAdd('GET', '/api/formwork/staff/directory', (e) => {
  require(`${__hooks}/lib/access.js`).requireStaff(e);
  return e.json(200, { staff: require(`${__hooks}/lib/work.js`).directory(e.app) });
});

// POST /api/formwork/assign/{collection} {ids, assignee}: assigns (or, with '', unassigns) up to 100
// applications, each audited; one that cannot be changed does not stop the others.
routerAdd('POST', '/api/formwork/assign/{collection}', (e) => {
  const { requireAdmin, serviceOf } = require(`${__hooks}/lib/access.js`);
  const work = require(`${__hooks}/lib/work.js`);
  const admin = requireAdmin(e);
  const collection = e.request.pathValue('collection');
  serviceOf(collection);
  const body = e.requestInfo().body || {};
  const checked = work.checkIds(body.ids);
  if (checked.refusal) throw new BadRequestError(checked.refusal.message, { ids: new ValidationError(checked.refusal.code, checked.refusal.message) });
  const to = String(body.assignee === undefined || body.assignee === null ? '' : body.assignee);
  const assignee = to ? work.enabledStaff(e.app, to) : null;
  if (to && !assignee) throw new BadRequestError('No such staff member.', { assignee: new ValidationError('assignee', 'Choose an enabled staff account.') });
  const results = checked.ids.map((id) => work.assignOne(e.app, admin, collection, id, assignee));
  return e.json(200, { results: results });
});

// POST /api/formwork/notes/{collection}/{id} {body}: an internal note on an application (staff only read it).
routerAdd('POST', '/api/formwork/notes/{collection}/{id}', (e) => {
  const { requireAdmin, serviceOf, audit } = require(`${__hooks}/lib/access.js`);
  const work = require(`${__hooks}/lib/work.js`);
  const admin = requireAdmin(e);
  const collection = e.request.pathValue('collection');
  serviceOf(collection);
  const checked = work.checkNote((e.requestInfo().body || {}).body);
  if (checked.refusal) throw new BadRequestError(checked.refusal.message, { body: new ValidationError(checked.refusal.code, checked.refusal.message) });
  let note = null;
  e.app.runInTransaction((txApp) => {
    let record;
    try {
      record = txApp.findRecordById(collection, e.request.pathValue('id'));
    } catch (_) {
      throw new NotFoundError('No such application.');
    }
    note = work.saveNote(txApp, admin, collection, record.id, { kind: 'note', body: checked.body });
    audit(txApp, admin, 'note', { collection: collection, record: record.id, detail: 'note ' + note.id });
  });
  return e.json(200, note);
});

// GET /api/formwork/replies/{collection}/{id}[?lang=xx]: to whom a reply would go (masked), in which
// language, and the canned replies filled for this application (titles in `lang`, the staff member's
// screen language, else their account's).
routerAdd('GET', '/api/formwork/replies/{collection}/{id}', (e) => {
  const { requireStaff, serviceOf } = require(`${__hooks}/lib/access.js`);
  const mail = require(`${__hooks}/generated/mail.js`);
  const staff = requireStaff(e);
  const collection = e.request.pathValue('collection');
  serviceOf(collection);
  let record;
  try {
    record = e.app.findRecordById(collection, e.request.pathValue('id'));
  } catch (_) {
    throw new NotFoundError('No such application.');
  }
  const replies = require(`${__hooks}/lib/replies.js`);
  const who = require(`${__hooks}/lib/outbox.js`).applicantOf(mail.services[collection], record);
  const service = mail.services[collection];
  const language = service.texts[who.locale] ? who.locale : mail.defaultLanguage;
  const values = record.fieldsData();
  const fills = {
    name: (service.mail.name || []).map((f) => String(values[f] || '').trim()).filter(Boolean).join(' '),
    reference: require(`${__hooks}/lib/reference.js`).referenceOf(record),
    service: service.texts[language].title,
  };
  const staffLanguage = String((e.requestInfo().query || {}).lang || '') || staff.getString('language');
  return e.json(200, { to: who.to ? replies.maskAddress(who.to) : '', language: language, replyTo: mail.company.email, templates: replies.cannedReplies(fills, staffLanguage, language) });
});

// POST /api/formwork/reply/{collection}/{id} {text, template?}: an e-mail to the applicant through the
// outbox (kind reply, in their language, Reply-To the company), kept in the notes; rate-limited.
routerAdd('POST', '/api/formwork/reply/{collection}/{id}', (e) => {
  const { requireAdmin, serviceOf, audit } = require(`${__hooks}/lib/access.js`);
  const mail = require(`${__hooks}/generated/mail.js`);
  const config = require(`${__hooks}/generated/services.js`);
  const outbox = require(`${__hooks}/lib/outbox.js`);
  const admin = requireAdmin(e);
  const collection = e.request.pathValue('collection');
  serviceOf(collection);
  const checked = require(`${__hooks}/lib/replies.js`).checkReply(e.requestInfo().body || {});
  if (checked.refusal) {
    const field = checked.refusal.code === 'template' ? 'template' : 'text';
    throw new BadRequestError(checked.refusal.message, { [field]: new ValidationError(checked.refusal.code, checked.refusal.message) });
  }
  let answer = null;
  e.app.runInTransaction((txApp) => {
    let record;
    try {
      record = txApp.findRecordById(collection, e.request.pathValue('id'));
    } catch (_) {
      throw new NotFoundError('No such application.');
    }
    const who = outbox.applicantOf(mail.services[collection], record);
    if (!who.to) throw new BadRequestError('The application has no e-mail address.', { to: new ValidationError('no_address', 'The application has no e-mail address.') });
    const limited = require(`${__hooks}/lib/limits.js`).replyRefusal(txApp, config.noteCollection, admin.id, collection, record.id, Date.now());
    if (limited) throw new TooManyRequestsError(limited.message, { text: new ValidationError(limited.code, limited.message) });
    const item = outbox.replyMail(txApp, record, who, checked.text);
    txApp.save(item);
    const note = require(`${__hooks}/lib/work.js`).saveNote(txApp, admin, collection, record.id, { kind: 'reply', body: checked.text, template: checked.template, mail: item.id });
    audit(txApp, admin, 'reply', { collection: collection, record: record.id, detail: 'reply ' + note.id + ' (e-mail ' + item.id + ')' });
    answer = { note: note, mail: { id: item.id, status: item.getString('status'), kind: 'reply', to: require(`${__hooks}/lib/replies.js`).maskAddress(who.to) } };
  });
  return e.json(200, answer);
});

// POST /api/formwork/staff/me {language}: a staff member's own language ('' = the site's default),
// in which staff screens and what the server writes for them are shown.
routerAdd('POST', '/api/formwork/staff/me', (e) => {
  const staff = require(`${__hooks}/lib/access.js`).requireStaff(e);
  const config = require(`${__hooks}/generated/services.js`);
  const language = String((e.requestInfo().body || {}).language || '');
  if (language && config.languages.indexOf(language) < 0) {
    throw new BadRequestError('Unknown language.', { language: new ValidationError('enum', 'Choose one of: ' + config.languages.join(', ') + '.') });
  }
  const account = e.app.findRecordById(staff.collection().id, staff.id);
  account.set('language', language);
  e.app.save(account);
  return e.json(200, account);
});
