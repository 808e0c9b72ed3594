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
// The applicant's UTC offset (minutes) the browser sends beside the fields: not a field, not a column.
const TIME_ZONE_FIELD = require(`${__hooks}/generated/contract.js`).fields.timeZoneOffset;

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
    if (SYSTEM_KEYS.indexOf(key) >= 0 || service.fileFields.indexOf(key) >= 0 || key === TIME_ZONE_FIELD) continue;
    if (service.agreements && key === SIGNATURE_KEY) continue; // checked by lib/agreements.js
    const raw = sent.fields[key];
    if (service.groupFields.indexOf(key) >= 0) {
      const rows = groupRows(raw);
      if (rows !== undefined) data[key] = rows;
      continue;
    }
    const field = variant.fields.indexOf(key) >= 0 && has(typed, key);
    // An object for any field, or a list for a one-value field, is what was sent (the setter flattened it).
    const value = field && !(raw !== null && typeof raw === 'object' && (!Array.isArray(raw) || !Array.isArray(typed[key]))) ? typed[key] : raw;
    // Blanks are left out, but not a list (even an empty one) or an object sent for a one-value field: the schema refuses those.
    const flattened = field && value !== null && typeof value === 'object' && !Array.isArray(typed[key]);
    if (flattened || !EMPTY(value)) data[key] = value;
  }
  // Every name files were sent under, with what was sent (a one-file field given two keeps one when bound;
  // a field of several files is a list, of one name too).
  for (const key of Object.keys(sent.files)) {
    const names = sent.files[key].map((f) => f.originalName);
    if (names.length === 1) data[key] = own(service.severalFiles, key) ? names : names[0];
    else if (names.length > 1) data[key] = names;
  }
  return data;
}

/**
 * A repeating group's value as sent: a multipart body carries its rows as one JSON text, a JSON body
 * as the list itself. Text that is not JSON stays text, which the schema refuses as not a list (a field
 * error, never a crash); undefined when nothing was given.
 */
function groupRows(raw) {
  if (typeof raw !== 'string') return raw === null ? undefined : raw;
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch (_) {
    return raw;
  }
}

/** JSON Pointer segments of an AJV instancePath ("/dependents/2/name" → ["dependents", "2", "name"]). */
function segments(path) {
  return String(path || '')
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The field an AJV error is about: the top-level field, or, inside a repeating group, the row's field
 * as a dotted path ("dependents.2.name"), so the form marks the very cell (src/engine/serverErrors.ts).
 */
function fieldOf(error, groups) {
  // A key the form does not know, refused by a form with conditions (propertyNames instead of additionalProperties).
  if (error.propertyName !== undefined) return error.propertyName;
  if (error.keyword === 'propertyNames') return error.params.propertyName;
  const path = segments(error.instancePath);
  // dependentRequired (draft-07 `dependencies`): the field it requires is the one missing.
  if (error.keyword === 'required' || error.keyword === 'dependencies') path.push(error.params.missingProperty);
  else if (error.keyword === 'additionalProperties') path.push(error.params.additionalProperty);
  if (path.length === 0) return '';
  return groups && groups.indexOf(path[0]) >= 0 ? path.join('.') : path[0];
}

/**
 * AJV's params that a message shows (a limit, a date: x-date's {limit: "min"|"max", date}), as the
 * error's params: plain strings and numbers only.
 */
function withParams(error, params) {
  const kept = {};
  for (const key of Object.keys(params || {})) {
    const value = params[key];
    if (typeof value === 'string' || typeof value === 'number') kept[key] = value;
  }
  return Object.keys(kept).length > 0 ? error.setParams(kept) : error;
}

/**
 * The error's code: AJV's keyword, except a value for a field its condition hides (the server's `false`
 * schema, generator/model/conditions.ts withHiddenRules): `hidden`; a key the form does not know: as
 * without conditions, `additionalProperties`.
 */
function codeOf(error) {
  if (error.keyword === 'false schema') return 'hidden';
  if (error.keyword === 'dependencies') return 'required';
  if (error.keyword === 'propertyNames' || error.propertyName !== undefined) return 'additionalProperties';
  return error.keyword;
}

/**
 * AJV errors → PocketBase's field error shape: { field: { code: <keyword>, message } }; `groups`: the
 * service's repeating groups, whose errors are keyed by their row's field.
 */
function toFieldErrors(errors, groups) {
  const out = Object.create(null); // a "__proto__" at fault is a key like any other
  for (const error of errors) {
    if (error.keyword === 'if') continue; // a summary of its branch's errors, which are reported themselves
    const field = fieldOf(error, groups) || 'data';
    if (Object.prototype.hasOwnProperty.call(out, field)) continue; // the first problem of a field is the one to fix first
    out[field] = withParams(new ValidationError(codeOf(error), error.message || error.keyword), error.params);
  }
  return out;
}

/**
 * The error for a field of several files whose files together pass its x-file.maxTotalSize (each
 * file's own size and type PocketBase checks), or null.
 */
function overTotal(name, limits, files) {
  if (!limits.maxTotalSize || !files) return null;
  let total = 0;
  for (const file of files) total += file.size;
  if (total <= limits.maxTotalSize) return null;
  return new ValidationError('fileTotal', 'The files are larger together than this field allows.').setParams({ limit: limits.maxTotalSize });
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
  // Relative date limits (x-date) count from the applicant's day: the server's clock in their time zone.
  const dates = validators.dateLimits;
  dates.setToday(dates.dateAtOffset(Date.now(), dates.clampOffset(sent.fields[TIME_ZONE_FIELD])));
  const valid = validate(data);
  const errors = valid ? Object.create(null) : toFieldErrors(validate.errors || [], service.groupFields);
  for (const name of Object.keys(service.severalFiles)) {
    if (!has(errors, name) && variant.fields.indexOf(name) >= 0) {
      const over = overTotal(name, service.severalFiles[name], sent.files[name]);
      if (over) errors[name] = over;
    }
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError('Please check the highlighted fields.', errors);
  // The rows as checked, in the order sent: a JSON text, which the json column keeps as it is.
  for (const name of service.groupFields) if (variant.fields.indexOf(name) >= 0 && data[name] !== undefined) record.set(name, JSON.stringify(data[name]));
  const { nameByContent } = require(`${__hooks}/lib/fileContent.js`);
  for (const key of service.fileFields) for (const file of record.getUnsavedFiles(key) || []) nameByContent(file);
  for (const key of Object.keys(service.serverValues)) record.set(key, service.serverValues[key]);
  // The first status of the service's own workflow (a ticket is open, an application new).
  record.set('status', service.workflow.initial);
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
 * The answer to a submission, first or retried: which record it is, the reference the applicant quotes,
 * and what the success page tells them next (src/engine/successState.ts), nothing else (a key is a secret
 * of one browser, but never hand a whole application to whoever has one): the checkout link it was
 * offered, the private page of an application with agreements (its token: the answer goes only to the
 * browser that sent it, over the same connection), the last day to cancel and its zone (the e-mail's
 * lib/agreements.js cancelUntil), and whether an e-mail to the applicant is on its way.
 */
function acknowledgement(app, record) {
  /** @type {{ id: string, collectionName: string, reference: string, mailed: boolean, checkoutUrl?: string, applicationUrl?: string, cancelUntil?: { day: string, timeZone: string } }} */
  const answer = {
    id: record.id,
    collectionName: record.collection().name,
    reference: require(`${__hooks}/lib/reference.js`).referenceOf(record),
    mailed: applicantMailed(app, record),
  };
  const checkoutUrl = record.getString('checkoutUrl');
  if (checkoutUrl) answer.checkoutUrl = checkoutUrl;
  const service = config.services[answer.collectionName];
  const token = service && service.agreements ? record.getString('accessToken') : '';
  if (token) {
    const agreements = require(`${__hooks}/lib/agreements.js`);
    answer.applicationUrl = agreements.statusUrl(service).replace(agreements.TOKEN_MARKER, token);
    const until = agreements.cancelUntil(record);
    if (until.day) answer.cancelUntil = until;
  }
  return answer;
}

/** Whether the outbox holds an e-mail to the applicant about this record (queued with it, in its transaction). */
function applicantMailed(app, record) {
  const found = app.findRecordsByFilter(config.outboxCollection, 'sourceCollection = {:c} && record = {:r} && kind = "applicant"', '', 1, 0, {
    c: record.collection().name,
    r: record.id,
  });
  return found.length > 0;
}

module.exports = { newRecord, checkCreate, submittedData, idempotencyKey, findAttempt, acknowledgement };
