/**
 * Agreements (service.json "agreements"; issue 10): before an application with agreements is saved, the
 * server checks the applicant was shown the current version of every document in their language (the
 * hash the browser sends back must be the one the generator computed) and signed the ones to sign
 * (typed full name, ticked box). With the record it stores each document's hash, the name, the time,
 * the address and the browser, gives the applicant a private status link (its token never stored in an
 * e-mail: see TOKEN_MARKER) and, where the service grants
 * a right to cancel, the deadline: midnight at the end of the Nth US business day in their time zone.
 */
const config = require(`${__hooks}/generated/services.js`);
const days = require(`${__hooks}/lib/businessDays.js`);
const { publicUrl } = require(`${__hooks}/lib/env.js`);

/** The body key the renderer sends the signature under (JSON): { documents: [{id, hash}], name, accepted, timeZone }. */
const SIGNATURE_KEY = require(`${__hooks}/generated/contract.js`).fields.signature;
const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function refuse(code, message) {
  throw new BadRequestError('Please read and sign the agreement.', { [SIGNATURE_KEY]: new ValidationError(code, message) });
}

/** The applicant's zone: the browser's if it is one we compute, else their state's, else the default. */
function timeZoneOf(claimed, state) {
  if (days.US_TIME_ZONES.indexOf(claimed) >= 0 && claimed !== 'UTC') return claimed;
  return days.zoneForState(state) || days.DEFAULT_TIME_ZONE;
}

/**
 * Checks the signature sent with a new application (`fields` as sent, lib/submitRequest.js; `record` the
 * unsaved one) before it is saved; returns what to store with it, or null.
 */
function checkSignature(fields, record, service) {
  if (!service.agreements) return null;
  let signature;
  try {
    signature = JSON.parse(String(fields[SIGNATURE_KEY] || ''));
  } catch (err) {
    refuse('required', 'Read the agreement, type your full name and tick the box to sign it.');
  }
  if (!signature || typeof signature !== 'object') refuse('required', 'Read the agreement, type your full name and tick the box to sign it.');
  const locale = record.getString('locale');
  const shown = Array.isArray(signature.documents) ? signature.documents : [];
  for (const doc of service.agreements.documents) {
    const seen = shown.filter((d) => d && d.id === doc.id)[0];
    // A text changed since the page was loaded: the applicant must read the current one.
    if (!seen || seen.hash !== doc.hashes[locale]) refuse('stale', 'The agreement has been updated. Please read it again and sign.');
  }
  const name = String(signature.name || '').trim();
  if (name.length < 3 || name.length > 200) refuse('name', 'Type your full name to sign.');
  if (signature.accepted !== true) refuse('accepted', 'Tick the box to sign the agreement.');
  return { name, locale, timeZone: timeZoneOf(String(signature.timeZone || ''), record.getString('state')) };
}

/** Sets the status link and, with a cancellation right, the deadline on the unsaved record. */
function prepareRecord(record, service, signed, now) {
  record.set('accessToken', $security.randomStringWithAlphabet(40, TOKEN_ALPHABET));
  if (service.agreements.businessDays > 0) {
    const window = days.cancellationDeadline(now, signed.timeZone, service.agreements.businessDays);
    record.set('cancelDeadline', window.deadline.replace('T', ' '));
    record.set('timeZone', signed.timeZone);
  }
}

/**
 * One entry per document (its hash in the language read; the signed ones with the name), unsaved: the
 * submission prepares them before its transaction (the record's id is known by then) and saves them in it.
 */
function signatureEntries(app, record, service, signed, request) {
  // PocketBase's in-memory copy of the collection, kept in step with every schema change (no query).
  const collection = app.findCachedCollectionByNameOrId(config.signatureCollection);
  const source = record.collection().name;
  const userAgent = String(request.userAgent || '').slice(0, 500);
  // The values in one call into PocketBase (the constructor sets each), not one set() per field.
  return service.agreements.documents.map(
    (doc) =>
      new Record(collection, {
        sourceCollection: source,
        record: record.id,
        document: doc.id,
        version: doc.version,
        language: signed.locale,
        hash: doc.hashes[signed.locale],
        signed: doc.sign,
        signedName: doc.sign ? signed.name : '',
        ip: request.ip,
        userAgent: userAgent,
      }),
  );
}

/**
 * What stands for the applicant's token in the status link of a stored e-mail. Staff read the outbox
 * (viewers too, and its realtime events), and whoever holds the token may cancel the contract: the
 * token goes only into the copy handed to SMTP (lib/outbox.js withApplicantToken). Neither a token
 * (letters and digits) nor changed by handlebars' HTML escaping.
 */
const TOKEN_MARKER = '{application-token}';

/**
 * The applicant's status page of a service (the link in their e-mail), the token as TOKEN_MARKER. The
 * token is in the fragment, which a browser never sends: no server's request log (ours, a proxy's)
 * keeps it; the page sends it to the API in a header.
 */
function statusUrl(service) {
  const base = publicUrl();
  return base + '/application/' + service.id + '#' + TOKEN_MARKER;
}

/** The last local day of the cancellation window, and its zone ('' without a right to cancel). */
function cancelUntil(record) {
  const deadline = record.getString('cancelDeadline');
  if (!deadline) return { day: '', timeZone: '' };
  const zone = record.getString('timeZone') || days.DEFAULT_TIME_ZONE;
  return { day: days.localDate(new Date(deadline.replace(' ', 'T')).getTime() - 1, zone), timeZone: zone };
}

/** Whether the applicant may still cancel at `now`. */
function mayCancel(record, now) {
  const deadline = record.getString('cancelDeadline');
  return !!deadline && !record.getString('cancelledAt') && days.isWithinWindow(now, deadline);
}

/** Whether staff may start the service (any status but the first, rejection and cancellation) at `now`. */
function serviceMayStart(record, now) {
  const deadline = record.getString('cancelDeadline');
  return !deadline || !days.isWithinWindow(now, deadline);
}

module.exports = { SIGNATURE_KEY, TOKEN_MARKER, checkSignature, prepareRecord, signatureEntries, statusUrl, cancelUntil, mayCancel, serviceMayStart, timeZoneOf };
