/**
 * A staff list as CSV: the records of the list's current filter (lib/listFilter.js), newest first or
 * in the list's own order, one column per field of the staff card with its label in the reader's
 * language. Sensitive fields are masked unless an admin asks otherwise; every export is audited.
 */
const config = require(`${__hooks}/generated/services.js`);
const sensitive = require(`${__hooks}/lib/sensitive.js`);

const BATCH = 1000;

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet (CSV injection). */
function cell(value) {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = "'" + text;
  return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

function shown(service, record, field, reveal) {
  const value = record.get(field.name);
  if (field.display === 'masked' && reveal) {
    try {
      return sensitive.reveal(record, service, field.name);
    } catch (err) {
      return '•••••'; // sealed with another key: never in clear
    }
  }
  if (Array.isArray(value)) return value.join(' ');
  return value;
}

/** → { csv, rows } for the records of `service` matching `query.filter`, in `query.sort` order. */
function exportCsv(app, collection, service, query, lang, reveal) {
  const { filter, params, sort } = query;
  const language = config.languages.indexOf(lang) >= 0 ? lang : config.languages[0];
  const header = ['id', 'created', 'status', 'variant'].concat(service.card.map((f) => f.labels[language] || f.name));
  const lines = [header.map(cell).join(',')];
  let rows = 0;
  for (let offset = 0; ; offset += BATCH) {
    const batch = app.findRecordsByFilter(collection, filter || '1=1', sort, BATCH, offset, params);
    for (const record of batch) {
      const values = [record.id, record.getString('created'), record.getString('status') || config.statuses[0], record.getString('variant')];
      for (const field of service.card) values.push(shown(service, record, field, reveal));
      lines.push(values.map(cell).join(','));
      rows++;
    }
    if (batch.length < BATCH) break;
  }
  // The byte order mark lets spreadsheet programs read Uzbek and Russian text as UTF-8.
  return { csv: '\uFEFF' + lines.join('\r\n') + '\r\n', rows };
}

module.exports = { exportCsv, cell };
