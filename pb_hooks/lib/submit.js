/**
 * POST /api/formwork/submit/{collection} (submissions.pb.js): the one way an application is stored. The
 * record API takes no create on a service collection (createRule null). Each check below refuses with
 * the record API's error shape (400, `data: { field: { code, message } }`), which the form maps to its
 * translated messages (src/engine/serverErrors.ts), and nothing is saved.
 *
 * The answer is the acknowledgement (lib/submission.js), 200, for a first attempt and for a retry alike.
 */
const config = require(`${__hooks}/generated/services.js`);
const { own } = require(`${__hooks}/lib/own.js`);

const ROUTE = require(`${__hooks}/generated/contract.js`).submitRoute;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A failed save of the record, as the record API answers it: PocketBase's own field checks (file types
 * and sizes, select values, unique values) as field errors; an ApiError thrown by a hook as it is.
 */
function refusedSave(err) {
  const cause = err && err.value !== undefined ? err.value : err;
  if (cause && typeof cause.status === 'number') return err;
  return new BadRequestError('Failed to create record.', cause);
}

function submit(e) {
  // The route of each service is its own (its own body cap): the collection is the last segment.
  const name = String(e.request.url.path).slice(ROUTE.length);
  const service = own(config.services, name);
  if (!service) throw new NotFoundError('No such form.');
  const app = e.app;
  const collection = app.findCachedCollectionByNameOrId(name);
  const sent = require(`${__hooks}/lib/submitRequest.js`).read(e, service.bodyLimits);
  const submission = require(`${__hooks}/lib/submission.js`);
  const record = submission.newRecord(collection, service, sent);
  const key = submission.idempotencyKey(record);
  // A retry of an attempt already stored (its answer was lost to a network error or a restart) gets that
  // record back whatever the count: it stores nothing new, and nothing is sent again.
  const earlier = submission.findAttempt(app, collection, key);
  if (earlier) return e.json(200, submission.acknowledgement(app, earlier));
  if (!e.auth && !require(`${__hooks}/lib/limits.js`).allowGuestSubmission(app, e.realIP(), Date.now())) {
    throw new ApiError(429, 'Too many applications from your address. Please wait a minute and send again; your answers are kept.', {});
  }
  // A guest's proof of work, spent with the record.
  require(`${__hooks}/lib/proofOfWork.js`).check(app, name, sent.fields, e.hasSuperuserAuth(), record);
  submission.checkCreate(record, service, sent);
  const agreements = require(`${__hooks}/lib/agreements.js`);
  const signed = agreements.checkSignature(sent.fields, record, service);
  const now = new Date();
  if (signed) {
    agreements.prepareRecord(record, service, signed, now);
    // The texts signed are in the archive before the signature names them (once per process).
    if (!require(`${__hooks}/lib/agreementTexts.js`).ensureArchived(app)) throw new Error('The archive of agreement texts is missing.');
  }
  require(`${__hooks}/lib/payments.js`).offerCheckout(service, record);
  // The transaction holds SQLite's only writer, and every other submission waits for it: what it writes
  // besides the record is built before it begins, so the record's id is chosen now.
  if (!record.id) record.id = $security.randomStringWithAlphabet(15, ID_ALPHABET);
  // So is its reference (lib/reference.js), which the e-mails quote: generated now from the column's
  // pattern (PocketBase's ":autogenerate" modifier) rather than when the record is saved.
  if (record.collection().fields.getByName('reference') && !record.getString('reference')) record.set('reference:autogenerate', '');
  const request = { ip: e.realIP(), userAgent: e.request.header.get('User-Agent') };
  const entries = signed ? agreements.signatureEntries(app, record, service, signed, request) : [];
  const mails = require(`${__hooks}/lib/outbox.js`).submissionMails(app, record, now);
  // The record, its signatures and its e-mails: all saved or none.
  try {
    app.runInTransaction((txApp) => {
      txApp.save(record);
      for (const entry of entries) txApp.save(entry);
      for (const mail of mails) txApp.save(mail);
    });
  } catch (err) {
    // A concurrent attempt with the same key committed first (the unique index refused this one).
    const raced = submission.findAttempt(app, collection, key);
    if (raced) return e.json(200, submission.acknowledgement(app, raced));
    throw refusedSave(err);
  }
  return e.json(200, submission.acknowledgement(app, record));
}

module.exports = { submit, ROUTE };
