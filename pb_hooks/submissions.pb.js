/// <reference path="../pb_data/types.d.ts" />
// Every service collection accepts a submission only if it passes the form's own schema (spec §5),
// checked here on the server with the generated validators (lib/submission.js), and, for a service with
// agreements, only when the current documents were read and signed (lib/agreements.js).
const submissionServices = require(`${__hooks}/generated/services.js`).services;

// The signatures and the e-mails are written in the submission's own transaction: all saved or none.
onRecordCreateRequest((e) => {
  const service = require(`${__hooks}/generated/services.js`).services[e.collection.name];
  const agreements = require(`${__hooks}/lib/agreements.js`);
  require(`${__hooks}/lib/submission.js`).checkCreate(e);
  const signed = agreements.checkSignature(e, service);
  if (signed) agreements.prepareRecord(e.record, service, signed, new Date());
  require(`${__hooks}/lib/payments.js`).offerCheckout(e);
  const request = { ip: e.realIP(), userAgent: (e.requestInfo().headers || {}).user_agent };
  e.app.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    if (signed) agreements.storeSignatures(txApp, e.record, service, signed, request);
    require(`${__hooks}/lib/outbox.js`).enqueue(txApp, e.record);
  });
}, ...Object.keys(submissionServices));
