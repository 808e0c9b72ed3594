/// <reference path="../pb_data/types.d.ts" />
// Staff deletes never destroy an application: it goes to the trash with its files (see lib/trash.js).
const trashServices = require(`${__hooks}/generated/services.js`).services;

onRecordDeleteRequest((e) => {
  e.app.runInTransaction((txApp) => {
    require(`${__hooks}/lib/trash.js`).moveToTrash(txApp, e.record, e.auth);
    e.app = txApp;
    e.next();
  });
}, ...Object.keys(trashServices));
