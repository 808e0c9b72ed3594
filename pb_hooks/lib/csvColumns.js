/**
 * The columns of a staff list's CSV export (lib/exportCsv.js) from the service's card table
 * (generated/services.js "card"): one per card field, except a repeating group, which is flattened
 * into one column per row and item field ("Dependent 1: Full name", "Dependent 1: Date of birth",
 * "Dependent 2: Full name", …) for as many rows as the longest group in the export. Each cell shows what
 * staff see on the card (an option's text, dollars, a long date) through the `show(item, value)` the
 * export passes (lib/staffText.js cardText in the reader's language). Pure: no PocketBase API, so it is
 * tested in Node as well (tests/unit/server/csv-columns.test.ts).
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

/**
 * One record's value of a field, ready for its cells: a group's rows as a list; several files as one
 * cell, their names in stored order separated by spaces (PocketBase's stored names never hold one);
 * anything else as it is.
 */
function fieldValue(field, stored) {
  if (field.columns) return groupRows(stored);
  if (Array.isArray(stored)) return stored.join(' ');
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

/**
 * One record's cells (`values` from fieldValue, in card order), a group padded to its width; `show(item,
 * value)` turns a field's or a column's value into its text.
 */
function cells(card, values, widths, show) {
  const out = [];
  card.forEach((field, i) => {
    if (!field.columns) {
      out.push(show(field, values[i]));
      return;
    }
    const rows = values[i];
    for (let n = 0; n < (widths[field.name] || 0); n++) {
      const row = rows[n] || {};
      for (const column of field.columns) {
        out.push(show(column, row[column.name]));
      }
    }
  });
  return out;
}

module.exports = { fieldValue, widen, header, cells, groupRows };
