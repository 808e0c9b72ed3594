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
  // First, before any value sent is read into JS (a 30 MB text field cost ~40 s of CPU there).
  require(`${__hooks}/lib/bodyLimits.js`).refuseOversized(e, service.bodyLimits);
  const key = submission.idempotencyKey(e);
  // A retry of a stored attempt (below) is answered whatever the count: it stores nothing new.
  const earlier = submission.findAttempt(app, e.collection, key);
  // Only what the form needs from the answer: a key is a secret of one browser, but never hand a
  // whole application to whoever presents one.
  if (earlier) return e.json(200, submission.acknowledgement(earlier));
  if (!e.auth && !require(`${__hooks}/lib/limits.js`).allowGuestSubmission(app, e.realIP(), Date.now())) {
    throw new ApiError(429, 'Too many applications from your address. Please wait a minute and send again; your answers are kept.', {});
  }
  require(`${__hooks}/lib/proofOfWork.js`).check(e); // a guest's proof of work, spent with the record
  submission.checkCreate(e);
  const signed = agreements.checkSignature(e, service);
  const now = new Date();
  if (signed) {
    agreements.prepareRecord(e.record, service, signed, now);
    // The texts signed are in the archive before the signature names them (once per process).
    if (!require(`${__hooks}/lib/agreementTexts.js`).ensureArchived(app)) throw new Error('The archive of agreement texts is missing.');
  }
  require(`${__hooks}/lib/payments.js`).offerCheckout(e);
  const request = { ip: e.realIP(), userAgent: (e.requestInfo().headers || {}).user_agent };
  // The transaction holds SQLite's only writer, and every other submission waits for it: what it
  // writes besides the record is built before it begins. So the record's id is chosen now, as
  // PocketBase would choose it (a browser-sent id, which PocketBase checks, is kept).
  if (!e.record.id) e.record.id = $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
  const entries = signed ? agreements.signatureEntries(app, e.record, service, signed, request) : [];
  const mails = require(`${__hooks}/lib/outbox.js`).submissionMails(app, e.record, now);
  try {
    app.runInTransaction((txApp) => {
      e.app = txApp;
      e.next();
      for (const entry of entries) txApp.save(entry);
      for (const mail of mails) txApp.save(mail);
    });
  } catch (err) {
    e.app = app;
    // A concurrent attempt with the same key committed first (the unique index refused this one).
    const raced = submission.findAttempt(app, e.collection, key);
    if (raced) return e.json(200, submission.acknowledgement(raced));
    throw err;
  }
}, ...Object.keys(submissionServices));
