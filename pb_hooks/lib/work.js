/**
 * Staff's work on applications besides their status: who works on each (the `assignee` column, a staff
 * record id or ''), the internal notes on it, and the replies sent to its applicant (kept in the notes
 * collection too, kind `reply`). Every act writes its audit entry with the same `app` (the caller's
 * transaction), so the act and its entry commit together. Routes: pb_hooks/work.pb.js.
 */
const config = require(`${__hooks}/generated/services.js`);
const { audit } = require(`${__hooks}/lib/access.js`);

/** The longest note (the notes collection's body column). */
const MAX_NOTE = 5000;
/** How many applications one assign request may change (a page of the list, or a selection). */
const MAX_IDS = 100;
const RECORD_ID = /^[a-z0-9]{15}$/;

/** Every enabled staff account, as anyone on the staff may see it (names for the assignee, the notes). */
function directory(app) {
  return app.findRecordsByFilter(config.staffCollection, 'disabled = false', 'name,email', 0, 0).map((s) => ({
    id: s.id,
    name: s.getString('name'),
    email: s.email(),
    role: s.getString('role'),
  }));
}

/** The enabled staff account `id`, or null. */
function enabledStaff(app, id) {
  if (!RECORD_ID.test(id)) return null;
  try {
    const staff = app.findRecordById(config.staffCollection, id);
    return staff.getBool('disabled') ? null : staff;
  } catch (_) {
    return null;
  }
}

/** The ids of an assign request, or a refusal (`{ refusal: { code, message } }`): 1..MAX_IDS record ids, each once. */
function checkIds(ids) {
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > MAX_IDS) return { refusal: { code: 'ids', message: 'Send between 1 and ' + MAX_IDS + ' ids.' } };
  const seen = {};
  const out = [];
  for (const raw of ids) {
    const id = String(raw);
    if (!RECORD_ID.test(id)) return { refusal: { code: 'ids', message: 'Not an application id: "' + id.slice(0, 40) + '".' } };
    if (seen[id]) continue;
    seen[id] = true;
    out.push(id);
  }
  return { ids: out };
}

/**
 * Sets `assignee` (an enabled staff account, or null to unassign) on application `id` of `collection`,
 * audited as `assign`; `{ id, ok }` or `{ id, ok: false, code, message }`. Each application in its own
 * transaction, so one that cannot be changed does not stop the others.
 */
function assignOne(app, actor, collection, id, assignee) {
  try {
    app.findRecordById(collection, id);
  } catch (_) {
    return { id: id, ok: false, code: 'not_found', message: 'No such application (deleted?).' };
  }
  let changed = false;
  try {
    app.runInTransaction((txApp) => {
      const record = txApp.findRecordById(collection, id);
      const to = assignee ? assignee.id : '';
      if (record.getString('assignee') === to) return;
      record.set('assignee', to);
      // Only the assignee changes; the rest was checked when submitted (and retention may since have
      // cleared a field the form requires), as with a status change (lib/status.js).
      txApp.saveNoValidate(record);
      audit(txApp, actor, 'assign', { collection: collection, record: id, field: 'assignee', detail: assignee ? 'assigned to ' + assignee.email() : 'unassigned' });
      changed = true;
    });
  } catch (err) {
    return { id: id, ok: false, code: 'failed', message: 'Could not change it: ' + String(err).slice(0, 200) };
  }
  return { id: id, ok: true, changed: changed };
}

/** A note's text, trimmed, or a refusal: neither empty nor longer than MAX_NOTE. */
function checkNote(raw) {
  const body = String(raw === undefined || raw === null ? '' : raw)
    .replace(/\r\n?/g, '\n')
    .trim();
  if (!body) return { refusal: { code: 'required', message: 'Write the note first.' } };
  if (body.length > MAX_NOTE) return { refusal: { code: 'max', message: 'At most ' + MAX_NOTE + ' characters.' } };
  return { body: body };
}

/**
 * One entry of an application's notes, saved with `app`: `kind` note (staff only) or reply (a copy of
 * what went to the applicant, `mail` its outbox item, `template` the canned reply it started from).
 */
function saveNote(app, author, collection, recordId, entry) {
  const note = new Record(app.findCollectionByNameOrId(config.noteCollection), {
    sourceCollection: collection,
    record: recordId,
    kind: entry.kind,
    author: author.id,
    authorEmail: author.email(),
    body: entry.body,
    template: entry.template || '',
    mail: entry.mail || '',
  });
  app.save(note);
  return note;
}

module.exports = { directory, enabledStaff, checkIds, assignOne, checkNote, saveNote, MAX_NOTE, MAX_IDS };
