/**
 * The columns of a staff list's CSV export (lib/exportCsv.js) from the service's card table
 * (generated/services.js "card"): one per card field, except a repeating group, which is flattened
 * into one column per row and item field ("Dependent 1: Full name", "Dependent 1: Date of birth",
 * "Dependent 2: Full name", …) for as many rows as the longest group in the export. Values stay as
 * stored (option values, ISO dates), so a spreadsheet can sort and compare them. Pure: no PocketBase
 * API, so it is tested in Node as well (tests/unit/server/csv-columns.test.ts).
 */

/** A group's rows from its stored JSON (a string, or already parsed); anything else is no rows. */
function groupRows(stored) {
  let rows = stored;
  if (typeof stored === 'string') {
    try {
      rows = stored ? JSON.parse(stored) : [];
    } catch (err) {
      return [];
    }
  }
  return Array.isArray(rows) ? rows.filter((r) => r !== null && typeof r === 'object') : [];
}

/** A `format: date` value as its ISO day (a PocketBase date column would add a time of day). */
function isoDay(stored) {
  const text = stored === undefined || stored === null ? '' : String(stored);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(text);
  return day ? day[0] : text;
}

/**
 * One record's value of a field, ready for its cells: a group's rows as a list; several files as one
 * cell, their names in stored order separated by spaces (PocketBase's stored names never hold one);
 * a date as its ISO day; anything else as it is.
 */
function fieldValue(field, stored) {
  if (field.columns) return groupRows(stored);
  if (Array.isArray(stored)) return stored.join(' ');
  if (field.display === 'date') return isoDay(stored);
  return stored;
}

/** Grows `widths` (group → rows its columns need) to hold this record's groups: the longest row count so far. */
function widen(widths, card, values) {
  card.forEach((field, i) => {
    if (field.columns) widths[field.name] = Math.max(widths[field.name] || 0, values[i].length);
  });
  return widths;
}

/** The card's header cells in `language`. */
function header(card, language, widths) {
  const out = [];
  for (const field of card) {
    if (!field.columns) {
      out.push(field.labels[language] || field.name);
      continue;
    }
    for (let n = 1; n <= (widths[field.name] || 0); n++) {
      for (const column of field.columns) out.push((column.headers[language] || column.name).split('{number}').join(String(n)));
    }
  }
  return out;
}

/** One record's cells (`values` from fieldValue, in card order), a group padded to its width. */
function cells(card, values, widths) {
  const out = [];
  card.forEach((field, i) => {
    if (!field.columns) {
      out.push(values[i]);
      return;
    }
    const rows = values[i];
    for (let n = 0; n < (widths[field.name] || 0); n++) {
      const row = rows[n] || {};
      for (const column of field.columns) {
        const value = row[column.name];
        out.push(column.display === 'date' ? isoDay(value) : value);
      }
    }
  });
  return out;
}

module.exports = { fieldValue, widen, header, cells, groupRows, isoDay };
