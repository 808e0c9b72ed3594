/// <reference path="../bin/pocketbase-types.d.ts" />
// Staff deletes never destroy an application: it goes to the trash with its files (see lib/trash.js).
// Admins restore or purge it; entries older than FORMWORK_TRASH_DAYS are purged daily.
const trashServices = require(`${__hooks}/generated/services.js`).services;

onRecordDeleteRequest((e) => {
  e.app.runInTransaction((txApp) => {
    const staff = require(`${__hooks}/lib/access.js`).staffOf(e);
    require(`${__hooks}/lib/trash.js`).trashRecord(txApp, e.record, e.auth, staff);
    e.app = txApp;
    e.next();
  });
}, ...Object.keys(trashServices));

// A purge (the delete rule allows admins only) is final: audited with the entry's origin, and what still
// names the applicant (staff notes, the signer's name, address and browser) goes with it (lib/forget.js).
onRecordDeleteRequest((e) => {
  e.app.runInTransaction((txApp) => {
    const staff = require(`${__hooks}/lib/access.js`).staffOf(e);
    const origin = { collection: e.record.getString('sourceCollection'), record: e.record.getString('key') };
    require(`${__hooks}/lib/access.js`).audit(txApp, staff, 'purge', origin);
    e.app = txApp;
    e.next();
    require(`${__hooks}/lib/forget.js`).forget(txApp, origin.collection, origin.record);
  });
}, require(`${__hooks}/generated/services.js`).trashCollection);

// POST /api/formwork/trash/{id}/restore: back to its list with its files (admins), audited.
routerAdd('POST', '/api/formwork/trash/{id}/restore', (e) => {
  const { requireAdmin } = require(`${__hooks}/lib/access.js`);
  const config = require(`${__hooks}/generated/services.js`);
  const admin = requireAdmin(e);
  const entry = e.app.findRecordById(config.trashCollection, e.request.pathValue('id'));
  /** @type {core.Record} set in the transaction, which throws if it cannot */
  let restored;
  e.app.runInTransaction((txApp) => {
    restored = require(`${__hooks}/lib/trash.js`).restoreEntry(txApp, entry, admin);
  });
  return e.json(200, { collection: restored.collection().name, id: restored.id });
});

// POST /api/formwork/trash/restore {ids: [trash entry ids]} (admins): several back at once (the list's
// Undo after a bulk delete), each in its own transaction and audited; one that cannot come back (gone,
// or its id taken again) is reported and does not stop the others. → { results: [{ id, ok, collection?, record? | code, message }] }
routerAdd('POST', '/api/formwork/trash/restore', (e) => {
  const admin = require(`${__hooks}/lib/access.js`).requireAdmin(e);
  const bulk = require(`${__hooks}/lib/bulk.js`);
  const ids = bulk.selection((e.requestInfo().body || {}).ids, bulk.MAX_IDS);
  return e.json(200, { results: bulk.restoreEntries(e.app, ids, admin) });
});

cronAdd('formwork-trash-purge', '17 4 * * *', () => {
  const removed = require(`${__hooks}/lib/trash.js`).purgeExpired($app);
  if (removed > 0) $app.logger().info('trash: purged expired entries', 'count', removed);
});

// A trash entry keeps the application's sealed columns (encrypted), so a restore brings its values back
// whole; they never leave the server (issue 29, finding 12): every answer of the API and of realtime
// shows the entry without them, to staff and superusers alike (the dashboard shows the masked field).
onRecordEnrich((e) => {
  require(`${__hooks}/lib/trash.js`).withoutSealed(e.record);
  e.next();
}, require(`${__hooks}/generated/services.js`).trashCollection);

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/trash.js`).keepSealed(e.record);
  e.next();
}, require(`${__hooks}/generated/services.js`).trashCollection);
