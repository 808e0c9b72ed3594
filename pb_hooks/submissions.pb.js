/// <reference path="../pb_data/types.d.ts" />
// Every service collection accepts a submission only if it passes the form's own schema (spec §5),
// checked here on the server with the generated validators (lib/submission.js), and, for a service with
// agreements, only when the current documents were read and signed (lib/agreements.js).
const submissionServices = require(`${__hooks}/generated/services.js`).services;

// The signatures and the e-mails are written in the submission's own transaction: all saved or none.
// A retry of an attempt already stored (same idempotency key: its answer was lost to a network error or
// a restart) gets that record back, 200 as at first, and nothing is stored or sent again.
onRecordCreateRequest((e) => {
  const service = require(`${__hooks}/generated/services.js`).services[e.collection.name];
  const agreements = require(`${__hooks}/lib/agreements.js`);
  const submission = require(`${__hooks}/lib/submission.js`);
  const app = e.app;
  const key = submission.idempotencyKey(e);
  const earlier = submission.findAttempt(app, e.collection, key);
  // Only what the form needs from the answer: a key is a secret of one browser, but never hand a
  // whole application to whoever presents one.
  if (earlier) return e.json(200, submission.acknowledgement(earlier));
  require(`${__hooks}/lib/proofOfWork.js`).check(e); // a guest's proof of work, spent with the record
  submission.checkCreate(e);
  const signed = agreements.checkSignature(e, service);
  if (signed) agreements.prepareRecord(e.record, service, signed, new Date());
  require(`${__hooks}/lib/payments.js`).offerCheckout(e);
  const request = { ip: e.realIP(), userAgent: (e.requestInfo().headers || {}).user_agent };
  try {
    app.runInTransaction((txApp) => {
      e.app = txApp;
      e.next();
      if (signed) agreements.storeSignatures(txApp, e.record, service, signed, request);
      require(`${__hooks}/lib/outbox.js`).enqueue(txApp, e.record);
    });
  } catch (err) {
    e.app = app;
    // A concurrent attempt with the same key committed first (the unique index refused this one).
    const raced = submission.findAttempt(app, e.collection, key);
    if (raced) return e.json(200, submission.acknowledgement(raced));
    throw err;
  }
}, ...Object.keys(submissionServices));
