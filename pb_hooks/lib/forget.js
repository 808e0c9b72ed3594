/**
 * What stays of an application once it is gone for good (deleted by the retention job, or purged from
 * the trash by an admin or by the trash's own daily purge): its status history and its signature rows,
 * the record of what was done and that a contract was made, without what may identify the applicant.
 * The functions take `apply` false for a dry run (the retention report) and return how many rows.
 */
const config = require(`${__hooks}/generated/services.js`);

/**
 * The application's status history stays (ids, statuses, dates, staff): the record of what was done.
 * Its staff notes may speak of the applicant, and an applicant's own change (a cancellation) names their
 * address and browser, so those go with the application. Returns how many.
 */
function clearNotes(app, collection, id, apply) {
  const rows = app.findRecordsByFilter(
    config.historyCollection,
    "sourceCollection = {:c} && record = {:r} && (note != '' || ip != '' || userAgent != '')",
    '',
    0,
    0,
    { c: collection, r: id },
  );
  if (apply) {
    for (const row of rows) {
      row.set('note', '');
      row.set('ip', '');
      row.set('userAgent', '');
      app.saveNoValidate(row);
    }
    // The audit entry of that cancellation (lib/application.js) named the same address and browser.
    const audited = app.findRecordsByFilter(config.auditCollection, "sourceCollection = {:c} && record = {:r} && (ip != '' || userAgent != '')", '', 0, 0, {
      c: collection,
      r: id,
    });
    for (const row of audited) {
      row.set('ip', '');
      row.set('userAgent', '');
      app.saveNoValidate(row);
    }
  }
  return rows.length;
}

/**
 * The signature rows of an application gone for good keep what was signed, which version, when and for
 * which record (that the contract was made), but no longer who signed, from where or with what browser.
 */
function clearSignatures(app, collection, id, apply) {
  const rows = app.findRecordsByFilter(
    config.signatureCollection,
    "sourceCollection = {:c} && record = {:r} && (signedName != '' || ip != '' || userAgent != '')",
    '',
    0,
    0,
    { c: collection, r: id },
  );
  if (apply) {
    for (const row of rows) {
      row.set('signedName', '');
      row.set('ip', '');
      row.set('userAgent', '');
      app.saveNoValidate(row);
    }
  }
  return rows.length;
}

/** Both, for an application that has just gone for good. */
function forget(app, collection, id) {
  return { notes: clearNotes(app, collection, id, true), signatures: clearSignatures(app, collection, id, true) };
}

module.exports = { clearNotes, clearSignatures, forget };
