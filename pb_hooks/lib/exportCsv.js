/**
 * A staff list as CSV, showing what staff see on screen in the reader's language: the records of the
 * list's current view (lib/listFilter.js) or of a selection, in the list's order; the record's own
 * columns (reference, submitted, status by its name, assignee by e-mail, paid / not paid, the form's
 * title), then one column per field of the staff card with its label, a choice by its option's text, an
 * amount in dollars, a day in the site's long format, a repeating group flattened into a column per row
 * and item field (lib/csvColumns.js, lib/staffText.js). Sensitive fields are masked unless an admin asks
 * otherwise; every export is audited (export.pb.js).
 */
const sensitive = require(`${__hooks}/lib/sensitive.js`);
const columns = require(`${__hooks}/lib/csvColumns.js`);
const staffView = require(`${__hooks}/lib/staffView.js`);
const { cardText } = require(`${__hooks}/lib/staffText.js`);
const { referenceOf } = require(`${__hooks}/lib/reference.js`);

const BATCH = 1000;

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet (CSV injection). */
function cell(value) {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = "'" + text;
  return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

/** A field's stored value (revealed when asked and allowed), ready for lib/csvColumns.js. */
function stored(service, record, field, reveal) {
  if (field.display === 'masked' && reveal) {
    try {
      return sensitive.reveal(record, service, field.name);
    } catch (err) {
      return '•••••'; // sealed with another key: never in clear
    }
  }
  // A json column comes back from record.get() as raw bytes; its text is the stored JSON.
  if (field.columns) return columns.fieldValue(field, record.getString(field.name));
  // A Go slice, copied into a plain array (its names in stored order).
  if (field.display === 'files') return columns.fieldValue(field, Array.from(record.getStringSlice(field.name)));
  return columns.fieldValue(field, record.get(field.name));
}

/**
 * → { csv, rows } for the records of `service` matching `query.filter` (with `query.params`), in
 * `query.sort` order, in `lang` (the site's default when it has no such language).
 */
function exportCsv(app, collection, service, query, lang, reveal) {
  const { filter, params, sort } = query;
  const language = staffView.languageOf(lang);
  const view = staffView.view(language);
  const show = (item, value) => cardText(item, value, view);
  const emails = staffView.staffEmails(app);
  const card = service.card;
  const own = [
    ['staff.export.id', (r) => r.id],
    ['staff.column.reference', referenceOf],
    ['staff.column.created', (r) => staffView.instantText(language, r.getString('created'))],
    ['staff.column.status', (r) => staffView.statusText(language, service, r.getString('status'))],
    ['staff.column.assignee', (r) => emails[r.getString('assignee')] || ''],
  ];
  if (service.payments) own.push(['staff.column.paid', (r) => staffView.paidText(language, r.getString('paymentStatus'))]);
  own.push(['staff.column.variant', (r) => staffView.formText(language, collection, r.getString('variant'))]);
  // How many row columns each group needs is known only once every record is read: the records'
  // values wait here, and their lines are written after the header.
  const widths = {};
  const records = [];
  for (let offset = 0; ; offset += BATCH) {
    const batch = app.findRecordsByFilter(collection, filter || '1=1', sort, BATCH, offset, params);
    for (const record of batch) {
      const values = card.map((field) => stored(service, record, field, reveal));
      columns.widen(widths, card, values);
      records.push({ head: own.map((c) => c[1](record)), values });
    }
    if (batch.length < BATCH) break;
  }
  const header = own.map((c) => staffView.text(language, c[0])).concat(columns.header(card, language, widths));
  const lines = [header.map(cell).join(',')];
  for (const r of records) lines.push(r.head.concat(columns.cells(card, r.values, widths, show)).map(cell).join(','));
  // The byte order mark lets spreadsheet programs read Uzbek and Russian text as UTF-8.
  return { csv: '\uFEFF' + lines.join('\r\n') + '\r\n', rows: records.length };
}

module.exports = { exportCsv, cell };
