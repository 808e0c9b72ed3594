/**
 * `x-sensitive` fields (the SSN). Each is two columns (generator/transform/collections.ts): the field
 * itself holds only the masked value every answer may show ("•••••6789"), written once with the record,
 * and `service.sealed[field]`, hidden from the API, holds the value encrypted (AES-256-GCM through
 * PocketBase's $security.encrypt) with FORMWORK_ENCRYPTION_KEY, which never lives in the repository.
 * An admin's audited reveal is the only way back to the plain value.
 */
const { env } = require(`${__hooks}/lib/env.js`);

const PREFIX = 'enc:v1:';
const MASK = '•••••';

function key() {
  const value = env('FORMWORK_ENCRYPTION_KEY', '');
  // Refuse to store a sensitive value rather than store it readable (fail closed).
  if (value.length !== 32) throw new Error('FORMWORK_ENCRYPTION_KEY must be set to exactly 32 characters to store sensitive fields.');
  return value;
}

const isSealed = (value) => typeof value === 'string' && value.indexOf(PREFIX) === 0;
const isMasked = (value) => typeof value === 'string' && value.indexOf(MASK) === 0;

/** The stored form of a plain value ('' stays ''; an already sealed value is kept as it is). */
function seal(value) {
  if (value === undefined || value === null || value === '') return '';
  const text = String(value);
  return isSealed(text) ? text : PREFIX + $security.encrypt(text, key());
}

/** The plain value of a stored one (a value stored before encryption is returned as it is). */
function open(stored) {
  if (!isSealed(stored)) return stored || '';
  return $security.decrypt(stored.slice(PREFIX.length), key());
}

/**
 * The last four characters behind a fixed-width mask (the length is not shown either); the same as the
 * renderer's maskLast4. (A literal: goja's String#repeat miscounts non-ASCII strings.)
 */
function mask(plain) {
  const text = String(plain || '');
  return text ? MASK + text.slice(-4) : '';
}

/**
 * Sets a sensitive field of `record` from its plain value: sealed in the hidden column, masked in the
 * field. A value that is already masked (sent back unchanged) leaves both as they are.
 */
function store(record, service, name, plain) {
  const text = plain === undefined || plain === null ? '' : String(plain);
  if (isMasked(text)) return;
  const plainText = isSealed(text) ? open(text) : text;
  record.set(service.sealed[name], seal(text));
  record.set(name, mask(plainText));
}

/** Seals every sensitive field of `record` in place, from the plain values it holds (the importer's path). */
function sealRecord(record, service) {
  for (const name of service.sensitiveFields) store(record, service, name, record.getString(name));
}

/** The plain value of a record's sensitive field (from its sealed column; older records: the field). */
function reveal(record, service, name) {
  const sealed = record.getString(service.sealed[name]);
  if (sealed) return open(sealed);
  const value = record.getString(name);
  return isMasked(value) ? '' : open(value);
}

module.exports = { seal, open, mask, store, sealRecord, reveal, isSealed, isMasked };
