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

const EMPTY = (value) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The key that would set an object's prototype rather than become a field of it. */
const PROTOTYPE_KEYS = ['__proto__'];

/**
 * The submitted data as the form schema sees it: typed values, file names for uploads, no blanks. A
 * prototype-less object, so no body key (a JSON "__proto__") can lend a required field an inherited value.
 */
function submittedData(e, service) {
  const body = e.requestInfo().body || {};
  // Every field's typed value in one call into PocketBase, not a field look-up and a get() per key.
  const typed = e.record.fieldsData();
  const data = Object.create(null);
  for (const key of Object.keys(body)) {
    if (SYSTEM_KEYS.indexOf(key) >= 0 || service.fileFields.indexOf(key) >= 0) continue;
    if (service.agreements && key === SIGNATURE_KEY) continue; // checked by lib/agreements.js
    // Never a field; skipped rather than refused, since an error keyed "__proto__" cannot be answered.
    if (PROTOTYPE_KEYS.indexOf(key) >= 0) continue;
    // Known fields take PocketBase's typed value ("true" → true); unknown ones stay raw so the
    // schema's additionalProperties rule can name them.
    const value = Object.prototype.hasOwnProperty.call(typed, key) ? typed[key] : body[key];
    if (!EMPTY(value)) data[key] = value;
  }
  for (const key of service.fileFields) {
    const files = e.record.getUnsavedFiles(key) || [];
    if (files.length === 1) data[key] = files[0].originalName;
    else if (files.length > 1) data[key] = files.map((f) => f.originalName);
  }
  return data;
}

function fieldOf(error) {
  if (error.keyword === 'required') return error.params.missingProperty;
  if (error.keyword === 'additionalProperties') return error.params.additionalProperty;
  return String(error.instancePath || '').split('/')[1] || '';
}

/** AJV errors → PocketBase's field error shape: { field: { code: <keyword>, message } }. */
function toFieldErrors(errors) {
  const out = {};
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
  // The honeypot (src/engine/honeypot.ts): only a bot fills it. Refused plainly, nothing saved.
  const trap = (e.requestInfo().body || {})[config.honeypot];
  if (trap !== undefined && trap !== null && String(trap) !== '') throw new BadRequestError('Submission refused.');
  const variantId = e.record.getString('variant');
  const variant = service.variants[variantId];
  if (!variant) {
    throw new BadRequestError('Unknown form.', { variant: new ValidationError('enum', 'Unknown form variant.') });
  }
  const validate = validators[variant.validator];
  const data = submittedData(e, service);
  if (!validate(data)) {
    throw new BadRequestError('Please check the highlighted fields.', toFieldErrors(validate.errors || []));
  }
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
