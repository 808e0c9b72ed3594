/**
 * Server-side checks of a service submission, with the same generated validators the form was built
 * from (pb_hooks/generated/validators.js). The browser is never trusted: whatever it sent is checked
 * again here, and a failure leaves nothing saved.
 */
const config = require(`${__hooks}/generated/services.js`);
const validators = require(`${__hooks}/generated/validators.js`);

// Fields the renderer sends beside the form's own (which variant, which language, …).
const SYSTEM_KEYS = config.systemFields;
const { SIGNATURE_KEY } = require(`${__hooks}/lib/agreements.js`);
const { FIELD: PROOF_FIELD } = require(`${__hooks}/lib/proofOfWork.js`);
const { own } = require(`${__hooks}/lib/own.js`);

const EMPTY = (value) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * A new record of `collection` holding what the form owns of `sent` (lib/submitRequest.js): the variant's
 * fields, their files, and the system fields the client sets (variant, language, idempotency key), each
 * through PocketBase's field setters as the record API binds them. Nothing else is bound: a server-owned
 * column or a field of another variant that was sent is left to the schema, which refuses it.
 */
function newRecord(collection, service, sent) {
  const record = new Record(collection);
  const bind = (name) => {
    if (service.fileFields.indexOf(name) >= 0) {
      if (sent.files[name]) record.set(name, sent.files[name]);
    } else if (has(sent.fields, name)) {
      record.set(name, sent.fields[name]);
    }
  };
  // The proof's column is the server's (lib/proofOfWork.js sets it).
  for (const name of SYSTEM_KEYS) if (name !== PROOF_FIELD) bind(name);
  const variant = own(service.variants, record.getString('variant'));
  if (variant) for (const name of variant.fields) bind(name);
  return record;
}

/**
 * The submitted data as the form schema sees it: typed values, file names for uploads, no blanks. A
 * prototype-less object, so no body key (a JSON "__proto__") can lend a required field an inherited
 * value, and a "__proto__" sent is an own key the schema refuses like any other unknown field.
 *
 * Keys and raw values are what the client sent: an object or a list sent for a one-value field, a
 * server column's value and a file under a name the form does not have reach the validator as sent, and
 * it refuses them, where binding alone would have saved the rest without them.
 */
function submittedData(record, service, variant, sent) {
  // Every field's typed value in one call into PocketBase ("true" → true), not a get() per key.
  const typed = record.fieldsData();
  const data = Object.create(null);
  for (const key of Object.keys(sent.fields)) {
    if (SYSTEM_KEYS.indexOf(key) >= 0 || service.fileFields.indexOf(key) >= 0) continue;
    if (service.agreements && key === SIGNATURE_KEY) continue; // checked by lib/agreements.js
    const raw = sent.fields[key];
    const field = variant.fields.indexOf(key) >= 0 && has(typed, key);
    // An object for any field, or a list for a one-value field, is what was sent (the setter flattened it).
    const value = field && !(raw !== null && typeof raw === 'object' && (!Array.isArray(raw) || !Array.isArray(typed[key]))) ? typed[key] : raw;
    // Blanks are left out, but not a list (even an empty one) or an object sent for a one-value field: the schema refuses those.
    const flattened = field && value !== null && typeof value === 'object' && !Array.isArray(typed[key]);
    if (flattened || !EMPTY(value)) data[key] = value;
  }
  // Every name files were sent under, with what was sent (a one-file field given two keeps one when bound).
  for (const key of Object.keys(sent.files)) {
    const names = sent.files[key].map((f) => f.originalName);
    if (names.length === 1) data[key] = names[0];
    else if (names.length > 1) data[key] = names;
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
  const out = Object.create(null); // a "__proto__" at fault is a key like any other
  for (const error of errors) {
    const field = fieldOf(error) || 'data';
    if (Object.prototype.hasOwnProperty.call(out, field)) continue; // the first problem of a field is the one to fix first
    out[field] = new ValidationError(error.keyword, error.message || error.keyword);
  }
  return out;
}

/** Throws a 400 with field errors when the submission breaks its form's rules; sets server-owned values. */
function checkCreate(record, service, sent) {
  // The honeypot (shared/honeypot.ts): only a bot fills it. Refused plainly, nothing saved.
  const trap = sent.fields[config.honeypot];
  if (trap !== undefined && trap !== null && String(trap) !== '') throw new BadRequestError('Submission refused.');
  const variant = own(service.variants, record.getString('variant'));
  if (!variant) {
    throw new BadRequestError('Unknown form.', { variant: new ValidationError('enum', 'Unknown form variant.') });
  }
  const validate = validators[variant.validator];
  const data = submittedData(record, service, variant, sent);
  if (!validate(data)) {
    throw new BadRequestError('Please check the highlighted fields.', toFieldErrors(validate.errors || []));
  }
  const { nameByContent } = require(`${__hooks}/lib/fileContent.js`);
  for (const key of service.fileFields) for (const file of record.getUnsavedFiles(key) || []) nameByContent(file);
  for (const key of Object.keys(service.serverValues)) record.set(key, service.serverValues[key]);
  record.set('status', config.statuses[0]);
  const { store } = require(`${__hooks}/lib/sensitive.js`);
  for (const name of service.sensitiveFields) store(record, service, name, data[name]);
}

/** The browser's key for one application attempt (the contract's fields.idempotencyKey). */
const KEY_FIELD = require(`${__hooks}/generated/contract.js`).fields.idempotencyKey;
const KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

/** The attempt's idempotency key as bound to `record`, '' when none was sent; a malformed one is refused with a field error. */
function idempotencyKey(record) {
  const key = record.getString(KEY_FIELD);
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

/**
 * The answer to a submission, first or retried: which record it is and the checkout link it was offered,
 * nothing else (a key is a secret of one browser, but never hand a whole application to whoever has one).
 */
function acknowledgement(record) {
  /** @type {{ id: string, collectionName: string, checkoutUrl?: string }} */
  const answer = { id: record.id, collectionName: record.collection().name };
  const checkoutUrl = record.getString('checkoutUrl');
  if (checkoutUrl) answer.checkoutUrl = checkoutUrl;
  return answer;
}

module.exports = { newRecord, checkCreate, submittedData, idempotencyKey, findAttempt, acknowledgement };
