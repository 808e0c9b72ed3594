/**
 * The short reference an applicant quotes ("CR-7K3M9QXA"): every service record's `reference` column,
 * chosen by PocketBase when the record is created, from the field's pattern (generator/transform/
 * collections.ts: <service.json reference.prefix>-<8 characters without look-alikes>). Pages and e-mails
 * show this, never the record's id.
 */

/** The record's reference ('' for a record of a collection without one). */
function referenceOf(record) {
  if (!record || !record.collection().fields.getByName('reference')) return '';
  return record.getString('reference');
}

module.exports = { referenceOf };
