/**
 * `x-sensitive` fields (the SSN) are stored encrypted (AES-256-GCM, PocketBase's $security.encrypt)
 * with a key from FORMWORK_ENCRYPTION_KEY, never from the repository. The columns are hidden from the
 * API; staff see a masked value (last 4) and an admin's audited reveal is the only way to the plain text.
 */
const { env } = require(`${__hooks}/lib/env.js`);

const PREFIX = 'enc:v1:';

function key() {
  const value = env('FORMWORK_ENCRYPTION_KEY', '');
  // Refuse to store a sensitive value rather than store it readable (fail closed).
  if (value.length !== 32) throw new Error('FORMWORK_ENCRYPTION_KEY must be set to exactly 32 characters to store sensitive fields.');
  return value;
}

const isSealed = (value) => typeof value === 'string' && value.indexOf(PREFIX) === 0;

/** The stored form of a plain value ('' stays ''; an already sealed value is kept as it is). */
function seal(value) {
  if (value === undefined || value === null || value === '') return '';
  const text = String(value);
  return isSealed(text) ? text : PREFIX + $security.encrypt(text, key());
}

/** The plain value of a stored one (values stored before encryption are returned as they are). */
function open(stored) {
  if (!isSealed(stored)) return stored || '';
  return $security.decrypt(stored.slice(PREFIX.length), key());
}

/**
 * The last four characters behind a fixed-width mask (the length is not shown either), as staff lists
 * and masked exports show it; the same as the renderer's maskLast4. (A literal: goja's String#repeat
 * miscounts non-ASCII strings.)
 */
function mask(plain) {
  const text = String(plain || '');
  return text ? '•••••' + text.slice(-4) : '';
}

/** Encrypts every sensitive field of `record` in place (service: an entry of generated/services.js). */
function sealRecord(record, service) {
  for (const name of service.sensitiveFields) record.set(name, seal(record.getString(name)));
}

module.exports = { seal, open, mask, sealRecord, isSealed };
