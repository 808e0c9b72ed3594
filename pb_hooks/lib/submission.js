/**
 * Server-side checks of a service submission, with the same generated validators the form was built
 * from (pb_hooks/generated/validators.js). The browser is never trusted: whatever it sent is checked
 * again here, and a failure leaves nothing saved.
 */
const config = require(`${__hooks}/generated/services.js`);
const validators = require(`${__hooks}/generated/validators.js`);

const services = config.services;
// Fields the renderer sends beside the form's own (which variant, which language); PocketBase checks them.
const SYSTEM_KEYS = config.systemFields;
const { SIGNATURE_KEY } = require(`${__hooks}/lib/agreements.js`);
const sent = require(`${__hooks}/lib/sentRequest.js`);
const { own } = require(`${__hooks}/lib/own.js`);

const EMPTY = (value) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The submitted data as the form schema sees it: typed values, file names for uploads, no blanks. A
 * prototype-less object, so no body key (a JSON "__proto__") can lend a required field an inherited
 * value, and a "__proto__" sent is an own key the schema refuses like any other unknown field.
 *
 * Keys and raw values come from what the client sent (lib/sentRequest.js), not only from what
 * PocketBase bound: an object or a list sent for a one-value field, a hidden column's value and a
 * file under a name the form does not have reach the validator as sent, and it refuses them, where
 * the binding alone would have saved the rest without them.
 */
function submittedData(e, service, variant) {
  const body = e.requestInfo().body || {};
  const sentFields = sent.fields(e);
  if (!sentFields) throw new BadRequestError('The request body is not valid JSON.');
  const sentFiles = sent.files(e);
  // Every field's typed value in one call into PocketBase, not a field look-up and a get() per key.
  const typed = e.record.fieldsData();
  const data = Object.create(null);
  const keys = Object.keys(body).concat(Object.keys(sentFields).filter((key) => !Object.prototype.hasOwnProperty.call(body, key)));
  for (const key of keys) {
    if (SYSTEM_KEYS.indexOf(key) >= 0 || service.fileFields.indexOf(key) >= 0) continue;
    if (service.agreements && key === SIGNATURE_KEY) continue; // checked by lib/agreements.js
    const field = variant.fields.indexOf(key) >= 0;
    const value = field ? valueOf(key, body, sentFields, typed) : sentOrBound(key, body, sentFields);
    // Blanks are left out, but not a list (even an empty one) or an object sent for a one-value field: the schema refuses those.
    const flattened = field && value !== null && typeof value === 'object' && !Array.isArray(typed[key]);
    if (flattened || !EMPTY(value)) data[key] = value;
  }
  for (const key of Object.keys(sentFiles)) {
    // A file under a name that is no file field of the form: PocketBase would drop it unsaid.
    if (service.fileFields.indexOf(key) < 0) data[key] = sentFiles[key].map((f) => f.filename);
  }
  for (const key of service.fileFields) {
    // What was sent, not what PocketBase kept: a one-file field given two keeps only the last.
    const names = sentFiles[key] ? sentFiles[key].map((f) => f.filename) : (e.record.getUnsavedFiles(key) || []).map((f) => f.originalName);
    if (names.length === 1) data[key] = names[0];
    else if (names.length > 1) data[key] = names;
  }
  return data;
}

/** A key the form does not have (the schema names it as unknown): as sent, also when PocketBase dropped it (a hidden column). */
function sentOrBound(key, body, sentFields) {
  return sentFields[key] !== undefined ? sentFields[key] : body[key];
}

/** A form field's value for the validator: PocketBase's typed one ("true" → true), unless binding lost what was sent. */
function valueOf(key, body, sentFields, typed) {
  if (!Object.prototype.hasOwnProperty.call(typed, key)) return sentOrBound(key, body, sentFields);
  const raw = sentFields[key];
  const value = typed[key];
  // An object for any field, or a list for a one-value field, was flattened by the binding.
  if (raw !== null && typeof raw === 'object' && (!Array.isArray(raw) || !Array.isArray(value))) return raw;
  return value;
}

function fieldOf(error) {
  if (error.keyword === 'required') return error.params.missingProperty;
  if (error.keyword === 'additionalProperties') return error.params.additionalProperty;
  return String(error.instancePath || '').split('/')[1] || '';
}

/** AJV errors → PocketBase's field error shape: { field: { code: <keyword>, message } }. */
function toFieldErrors(errors) {
  const out = Object.create(null); // a "__proto__" at fault is a key like any other
  for (const error of errors) {
    const field = fieldOf(error) || 'data';
    if (Object.prototype.hasOwnProperty.call(out, field)) continue; // the first problem of a field is the one to fix first
    out[field] = new ValidationError(error.keyword, error.message || error.keyword);
  }
  return out;
}

/** Throws a 400 with field errors when the submission breaks its form's rules; sets server-owned values. */
function checkCreate(e) {
  const service = services[e.collection.name];
  if (!service) return;
  if (!sent.complete(e)) throw new BadRequestError('The form arrived incomplete. Please send it again.');
  // The honeypot (src/engine/honeypot.ts): only a bot fills it. Refused plainly, nothing saved.
  const trap = (e.requestInfo().body || {})[config.honeypot];
  if (trap !== undefined && trap !== null && String(trap) !== '') throw new BadRequestError('Submission refused.');
  const variantId = e.record.getString('variant');
  const variant = own(service.variants, variantId);
  if (!variant) {
    throw new BadRequestError('Unknown form.', { variant: new ValidationError('enum', 'Unknown form variant.') });
  }
  const validate = validators[variant.validator];
  const data = submittedData(e, service, variant);
  if (!validate(data)) {
    throw new BadRequestError('Please check the highlighted fields.', toFieldErrors(validate.errors || []));
  }
  const { nameByContent } = require(`${__hooks}/lib/fileContent.js`);
  for (const key of service.fileFields) for (const file of e.record.getUnsavedFiles(key) || []) nameByContent(file);
  for (const key of Object.keys(service.serverValues)) e.record.set(key, service.serverValues[key]);
  e.record.set('status', config.statuses[0]);
  const { store } = require(`${__hooks}/lib/sensitive.js`);
  for (const name of service.sensitiveFields) store(e.record, service, name, data[name]);
}

/** The browser's key for one application attempt (generator/transform/collections.ts: IDEMPOTENCY_KEY). */
const KEY_FIELD = 'idempotencyKey';
const KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

/** The request's idempotency key, '' when none was sent; a malformed one is refused with a field error. */
function idempotencyKey(e) {
  const key = e.record.getString(KEY_FIELD);
  if (key === '') return '';
  if (!KEY_PATTERN.test(key)) {
    throw new BadRequestError('Please check the highlighted fields.', { [KEY_FIELD]: new ValidationError('pattern', 'Invalid idempotency key.') });
  }
  return key;
}

/** The record an earlier attempt with this key stored in `collection`, or null. */
function findAttempt(app, collection, key) {
  if (!key) return null;
  // The key's unique index is partial (non-empty keys only), and SQLite uses it only when the query
  // repeats that condition: findFirstRecordByData(…, key) scanned the whole collection on every submission.
  const record = new Record(collection);
  try {
    app
      .recordQuery(collection)
      .andWhere($dbx.exp('[[' + KEY_FIELD + ']] = {:key} AND [[' + KEY_FIELD + "]] != ''", { key: key }))
      .limit(1)
      .one(record);
    return record;
  } catch (_) {
    return null; // not stored (yet)
  }
}

/** The answer to a retried attempt: which record it is and the checkout link it was offered, nothing else. */
function acknowledgement(record) {
  return { id: record.id, collectionName: record.collection().name, checkoutUrl: record.getString('checkoutUrl') || undefined };
}

module.exports = { checkCreate, submittedData, idempotencyKey, findAttempt, acknowledgement };
