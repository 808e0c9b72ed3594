/**
 * A stored value as staff read it on their card, as text, for what the server writes for them (the CSV
 * export, lib/exportCsv.js; the printed application, lib/applicationPdf.js): a choice by its option's
 * text in the reader's language, an amount in dollars, a day in the long format the pages and e-mails
 * use, a bool column as yes / no. Pure: the reader's texts and formats come in `view`, so the module runs
 * in Node as in goja (tests/unit/server/csv-columns.test.ts).
 *
 * `view`: { language, day(isoDay) → text, usd(value) → text, yes, no }.
 */

/** A `format: date` value as its ISO day (a PocketBase date column would add a time of day). */
function isoDay(stored) {
  const text = stored === undefined || stored === null ? '' : String(stored);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(text);
  return day ? day[0] : text;
}

/** The option text of `value` in the view's language, else the value as stored (an option since removed). */
function optionText(options, language, value) {
  const texts = options && options[language];
  return texts && Object.prototype.hasOwnProperty.call(texts, value) ? texts[value] : value;
}

/**
 * One value of a card field or of a group's column (`item`: its entry in generated/services.js "card")
 * as staff see it; an empty value stays ''. A group (rows) or a list of files is shown by the caller.
 */
function cardText(item, value, view) {
  if (value === undefined || value === null || value === '') return '';
  if (item.display === 'bool') return value === true || value === 'true' ? view.yes : value === false || value === 'false' ? view.no : String(value);
  if (item.display === 'date') return view.day(isoDay(value));
  if (item.display === 'usd') return view.usd(value);
  if (item.options) return optionText(item.options, view.language, String(value));
  if (Array.isArray(value)) return value.join(' ');
  return String(value);
}

module.exports = { cardText, isoDay, optionText };
