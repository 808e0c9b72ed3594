/// <reference path="../pb_data/types.d.ts" />
// Every service collection accepts a submission only if it passes the form's own schema (spec §5),
// checked here on the server with the generated validators. See lib/submission.js.
const submissionServices = require(`${__hooks}/generated/services.js`).services;

// The e-mails it sends are written to the outbox in the same transaction: saved together or not at all.
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/submission.js`).checkCreate(e);
  require(`${__hooks}/lib/payments.js`).offerCheckout(e);
  e.app.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    require(`${__hooks}/lib/outbox.js`).enqueue(txApp, e.record);
  });
}, ...Object.keys(submissionServices));
