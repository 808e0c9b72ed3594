/**
 * `table[key]` when the table itself holds the key, else undefined. Every JavaScript object answers
 * "constructor", "__proto__" or "toString" from its prototype, so a look-up by a name a request sent
 * (a variant, a language, a list, a product) must not take those for entries of the table.
 */
function own(table, key) {
  return table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

module.exports = { own };
