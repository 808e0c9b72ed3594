/**
 * One application on paper, for the file (staff's "print"): its reference, when it came and through which
 * form, its status, assignee and payment; every field of the staff card with its label in the staff
 * member's language and its value as the card shows it (lib/staffText.js; a repeating group as one line
 * per row, files by name, a sensitive field masked unless revealed); the status history; the notes and
 * replies; and the evidence of each agreement signed or read. Laid out with the agreements' jsPDF writer
 * and font (lib/agreementPdf.js), so it costs no second bundle.
 */
const config = require(`${__hooks}/generated/services.js`);
const staffView = require(`${__hooks}/lib/staffView.js`);
const { cardText } = require(`${__hooks}/lib/staffText.js`);
const { groupRows } = require(`${__hooks}/lib/csvColumns.js`);
const { referenceOf } = require(`${__hooks}/lib/reference.js`);

/** The notes collection (package B's), when this installation has it. */
function notesOf(app, collection, id) {
  const name = config.noteCollection || 'staffnotes';
  try {
    app.findCollectionByNameOrId(name);
  } catch (_) {
    return [];
  }
  return app.findRecordsByFilter(name, 'sourceCollection = {:c} && record = {:r}', 'created', 0, 0, { c: collection, r: id });
}

/** A card field's value as the card shows it: a group as its rows' lines, anything else as one text. */
function fieldLines(service, record, field, view, reveal) {
  if (field.columns) {
    return groupRows(record.getString(field.name)).map((row, i) => {
      const cells = field.columns
        .map((c) => [c.labels ? c.labels[view.language] || c.name : c.name, cardText(c, row[c.name], view)])
        .filter((c) => c[1] !== '')
        .map((c) => c[0] + ': ' + c[1]);
      return [field.rows ? String(field.rows[view.language] || '').split('{number}').join(String(i + 1)) : String(i + 1), cells.join('; ')];
    });
  }
  let value;
  if (field.display === 'masked' && reveal) {
    try {
      value = require(`${__hooks}/lib/sensitive.js`).reveal(record, service, field.name);
    } catch (_) {
      value = record.getString(field.name); // sealed with another key: the masked value only
    }
  } else if (field.display === 'files') value = Array.from(record.getStringSlice(field.name)).join(', ');
  else value = cardText(field, record.get(field.name), view);
  return [[field.labels[view.language] || field.name, value]];
}

/**
 * The PDF of `record` (of `collection`, service table `service`) in `language`, for `staff` at `now`;
 * `reveal`: sensitive fields in clear (the caller checked the staff member may and audits it).
 * → { name, bytes } (bytes: an ArrayBuffer).
 */
function applicationPdf(app, collection, service, record, options) {
  const { writer, stampPages } = require(`${__hooks}/lib/agreementPdf.js`);
  const language = staffView.languageOf(options.language);
  const t = (key, args) => staffView.text(language, key, args);
  const view = staffView.view(language);
  const emails = staffView.staffEmails(app);
  const reference = referenceOf(record) || record.id;
  const empty = t('admin.empty.value');
  const w = writer(language);
  const heading = (text) => w.blocks([{ k: 'h', runs: [{ t: text }] }]);
  const paragraph = (text) => w.blocks([{ k: 'p', runs: [{ t: text }] }]);

  w.title(t('staff.pdf.title', { reference }));
  const facts = [
    [t('staff.pdf.submitted'), staffView.instantText(language, record.getString('created'))],
    [t('staff.pdf.form'), staffView.formText(language, collection, record.getString('variant'))],
    [t('staff.status.label'), staffView.statusText(language, service, record.getString('status'))],
    [t('staff.column.assignee'), emails[record.getString('assignee')] || empty],
  ];
  if (service.payments) facts.push([t('staff.column.paid'), staffView.paidText(language, record.getString('paymentStatus'))]);
  w.facts(facts);
  if (options.reveal && service.sensitiveFields.length > 0) w.note(t('staff.pdf.revealed'));
  w.rule();

  heading(t('staff.pdf.answers'));
  const answers = [];
  for (const field of service.card) {
    const lines = fieldLines(service, record, field, view, options.reveal);
    // A group: its label, then a line per row ("Dependent 1: Full name: …; Date of birth: …").
    if (field.columns) {
      answers.push([field.labels[language] || field.name, lines.length === 0 ? empty : '']);
      for (const line of lines) answers.push([line[0], line[1] || empty]);
    } else answers.push([lines[0][0], lines[0][1] === '' ? empty : lines[0][1]]);
  }
  w.facts(answers);

  heading(t('staff.status.history'));
  const history = app.findRecordsByFilter(config.historyCollection, 'sourceCollection = {:c} && record = {:r}', 'created', 0, 0, { c: collection, r: record.id });
  if (history.length === 0) paragraph(t('staff.pdf.none'));
  for (const h of history) {
    paragraph(
      t('staff.pdf.change', {
        date: staffView.instantText(language, h.getString('created')),
        from: staffView.statusText(language, service, h.getString('from')),
        to: staffView.statusText(language, service, h.getString('to')),
        by: h.getString('byEmail') || t('staff.pdf.applicant'),
      }) + (h.getString('note') ? ' — ' + h.getString('note') : ''),
    );
  }

  heading(t('staff.pdf.notes'));
  const notes = notesOf(app, collection, record.id);
  if (notes.length === 0) paragraph(t('staff.pdf.none'));
  for (const n of notes) {
    const args = { date: staffView.instantText(language, n.getString('created')), author: n.getString('authorEmail') || emails[n.getString('author')] || '' };
    w.note(t(n.getString('kind') === 'reply' ? 'staff.pdf.reply' : 'staff.pdf.note', args));
    paragraph(n.getString('body'));
  }

  if (service.agreements) {
    heading(t('staff.pdf.signatures'));
    const { zonedTime } = require(`${__hooks}/lib/signedCopy.js`);
    const { printableName } = require(`${__hooks}/lib/signedName.js`);
    const zone = record.getString('timeZone') || require(`${__hooks}/lib/businessDays.js`).DEFAULT_TIME_ZONE;
    const entries = app.findRecordsByFilter(config.signatureCollection, 'sourceCollection = {:c} && record = {:r}', 'created', 0, 0, { c: collection, r: record.id });
    if (entries.length === 0) paragraph(t('staff.pdf.none'));
    for (const s of entries) {
      let title = s.getString('document');
      try {
        title = app.findFirstRecordByData(config.agreementTextCollection, 'hash', s.getString('hash')).getString('title') || title;
      } catch (_) {
        // not archived: its id names it
      }
      const signed = s.getBool('signed');
      w.facts([
        [t('staff.pdf.signature.document'), title],
        [t('agreements.pdf.signedBy'), signed ? printableName(s.getString('signedName')) || t('agreements.pdf.nameWithheld') : t('staff.pdf.signature.read')],
        [t('agreements.pdf.signedAt'), zonedTime(s.getString('created'), zone)],
        [t('agreements.pdf.version'), s.getString('version')],
        [t('staff.pdf.signature.language'), s.getString('language')],
        [t('agreements.pdf.hash'), s.getString('hash')],
        [t('staff.pdf.signature.ip'), s.getString('ip') || empty],
        [t('staff.pdf.signature.browser'), s.getString('userAgent') || empty],
      ]);
      w.gap(6);
    }
  }

  w.rule();
  paragraph(t('staff.pdf.printed', { date: staffView.instantText(language, options.now.toISOString().replace('T', ' ')), email: options.staff.email() }));
  stampPages(w.doc, (page, pages) => t('agreements.pdf.reference') + ': ' + reference + '   ·   ' + t('agreements.pdf.page', { page, pages }));
  return { name: reference + '.pdf', bytes: w.doc.output('arraybuffer') };
}

module.exports = { applicationPdf };
