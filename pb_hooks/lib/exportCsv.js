/**
 * A staff list as CSV: the records of the list's current filter (lib/listFilter.js), newest first or
 * in the list's own order, one column per field of the staff card with its label in the reader's
 * language, a repeating group flattened into a column per row and item field (lib/csvColumns.js).
 * Sensitive fields are masked unless an admin asks otherwise; every export is audited.
 */
const config = require(`${__hooks}/generated/services.js`);
const sensitive = require(`${__hooks}/lib/sensitive.js`);
const columns = require(`${__hooks}/lib/csvColumns.js`);

const BATCH = 1000;

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet (CSV injection). */
function cell(value) {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = "'" + text;
  return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

function shown(service, record, field, reveal) {
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

/** → { csv, rows } for the records of `service` matching `query.filter`, in `query.sort` order. */
function exportCsv(app, collection, service, query, lang, reveal) {
  const { filter, params, sort } = query;
  const language = config.languages.indexOf(lang) >= 0 ? lang : config.languages[0];
  const card = service.card;
  // How many row columns each group needs is known only once every record is read: the records'
  // values wait here, and their lines are written after the header.
  const widths = {};
  const records = [];
  for (let offset = 0; ; offset += BATCH) {
    const batch = app.findRecordsByFilter(collection, filter || '1=1', sort, BATCH, offset, params);
    for (const record of batch) {
      const values = card.map((field) => shown(service, record, field, reveal));
      columns.widen(widths, card, values);
      const head = [record.id, record.getString('created'), record.getString('status') || config.statuses[0], record.getString('variant')];
      records.push({ head, values });
    }
    if (batch.length < BATCH) break;
  }
  const header = ['id', 'created', 'status', 'variant'].concat(columns.header(card, language, widths));
  const lines = [header.map(cell).join(',')];
  for (const r of records) lines.push(r.head.concat(columns.cells(card, r.values, widths)).map(cell).join(','));
  // The byte order mark lets spreadsheet programs read Uzbek and Russian text as UTF-8.
  return { csv: '\uFEFF' + lines.join('\r\n') + '\r\n', rows: records.length };
}

module.exports = { exportCsv, cell };
