/**
 * What stays of an application once it is gone for good (deleted by the retention job, or purged from
 * the trash by an admin or by the trash's own daily purge): its status history, the record of what was
 * done, without what may identify the applicant. Its signature rows stay whole, the evidence the law has
 * us keep, until the retention job deletes them at the end of their own period (lib/retention.js
 * sweepSignatures). `apply` false is a dry run (the retention report); the count of rows is returned.
 */
const config = require(`${__hooks}/generated/services.js`);

/**
 * The application's status history stays (ids, statuses, dates, staff): the record of what was done.
 * Its staff notes may speak of the applicant, and an applicant's own change (a cancellation) names their
 * address and browser, so those go with the application; so do the notes and replies of its thread (the
 * notes collection), deleted whole. Returns how many (history lines cleared and thread entries deleted).
 */
function clearNotes(app, collection, id, apply) {
  const thread = app.findRecordsByFilter(config.noteCollection, 'sourceCollection = {:c} && record = {:r}', '', 0, 0, { c: collection, r: id });
  if (apply) for (const row of thread) app.delete(row);
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
  return rows.length + thread.length;
}

/** For an application that has just gone for good. */
function forget(app, collection, id) {
  return { notes: clearNotes(app, collection, id, true) };
}

module.exports = { clearNotes, forget };
