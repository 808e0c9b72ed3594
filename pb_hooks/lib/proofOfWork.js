/**
 * A proof of work on every guest submission to a service (issue 8), self-hosted, in the manner of
 * ALTCHA: the server picks a secret number n in [0, maxnumber] and a salt that carries an expiry, and
 * hands out challenge = sha256(salt + n) with an HMAC of it. The browser finds n by trying every number
 * (src/engine/proofOfWork.ts, in a Web Worker), and sends { algorithm, challenge, number, salt,
 * signature } as the `proof` body field. Checking costs the server one SHA-256 and one HMAC, and keeps
 * no state until the submission is stored.
 *
 * - The signature covers the challenge and the collection it was issued for, so a proof for one form is
 *   refused by another (generator/transform/collections.ts: PROOF_FIELD).
 * - Single use: the record keeps the challenge it spent in its `proof` column (what the body sent there
 *   is replaced), unique among the collection's non-empty values, written in the submission's own
 *   transaction. A second use is refused
 *   by the look-up below, or, when two race, by the index (PocketBase answers 400 on `proof`). So the
 *   store of spent proofs grows with the applications and nothing else; an expired proof needs no record.
 * - The key: FORMWORK_POW_KEY, or one random key per server process (challenges issued before a restart
 *   are then refused, and the browser fetches a new one and sends again).
 * - Difficulty: FORMWORK_POW_MAX (default 50,000; docs/proof-of-work.md has the figures); a challenge lives
 *   FORMWORK_POW_TTL seconds (default 1800). FORMWORK_POW=off skips the check (the test harness does
 *   for its API suites; its e2e tests and tests/integration/proof-of-work.test.ts keep it on).
 *
 * Superusers (the dashboard, the importer's API) need no proof: only guests are asked for one.
 */
const { env } = require(`${__hooks}/lib/env.js`);

const ALGORITHM = 'SHA-256';
/** The body field of the solution, and the column that keeps the spent challenge. */
const FIELD = require(`${__hooks}/generated/contract.js`).fields.proof;
const DEFAULT_MAX = 50000;
const DEFAULT_TTL = 1800;
/** Where the per-process key lives when FORMWORK_POW_KEY is unset ($app.store() is shared by every JS VM). */
const STORE_KEY = 'formwork.proofOfWork.key';
const HEX64 = /^[0-9a-f]{64}$/;
const SALT = /^[0-9a-f]{16,64}\?expires=(\d{1,12})$/;

const enabled = () => env('FORMWORK_POW', 'on') !== 'off';

function positive(name, fallback) {
  const n = Number(env(name, String(fallback)));
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const maxNumber = () => positive('FORMWORK_POW_MAX', DEFAULT_MAX);
const ttlSeconds = () => positive('FORMWORK_POW_TTL', DEFAULT_TTL);

function key(app) {
  const fixed = env('FORMWORK_POW_KEY', '');
  if (fixed) return fixed;
  return app.store().getOrSet(STORE_KEY, () => $security.randomString(64));
}

/** What the signature covers: the challenge and the collection it may be spent in. */
const signed = (challenge, collection) => challenge + ':' + collection;

/** A uniform secret number in [0, max], from the crypto random source (48 bits; the modulo bias is nil). */
function secretNumber(max) {
  return parseInt($security.randomStringWithAlphabet(12, '0123456789abcdef'), 16) % (max + 1);
}

/** A new challenge for `collection` (a service collection; the caller checks). */
function challenge(app, collection, now) {
  const max = maxNumber();
  const ttl = ttlSeconds();
  const salt = $security.randomStringWithAlphabet(24, '0123456789abcdef') + '?expires=' + (Math.floor(now.getTime() / 1000) + ttl);
  const hash = $security.sha256(salt + secretNumber(max));
  return { algorithm: ALGORITHM, challenge: hash, maxnumber: max, salt: salt, signature: $security.hs256(signed(hash, collection), key(app)), expiresIn: ttl };
}

function refuse(code, message) {
  throw new BadRequestError('The form could not be verified. Please send it again.', { [FIELD]: new ValidationError(code, message) });
}

/** The submitted solution as an object, or null when it is not one (a JSON string in a multipart body, or an object in a JSON body). */
function parse(raw) {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > 1000) return null;
    try {
      value = JSON.parse(raw);
    } catch (_) {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const ok =
    value.algorithm === ALGORITHM &&
    typeof value.challenge === 'string' &&
    HEX64.test(value.challenge) &&
    typeof value.salt === 'string' &&
    SALT.test(value.salt) &&
    typeof value.signature === 'string' &&
    HEX64.test(value.signature) &&
    typeof value.number === 'number' &&
    Number.isInteger(value.number) &&
    value.number >= 0 &&
    value.number <= 1e9;
  return ok ? value : null;
}

/** Whether a record of `collection` already spent this challenge (the partial unique index answers it). */
function spent(app, collection, hash) {
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app
    .db()
    .select('id')
    .from(collection)
    .where($dbx.exp('[[' + FIELD + ']] = {:hash} AND [[' + FIELD + "]] != ''", { hash: hash }))
    .limit(1)
    .all(rows);
  return rows.length > 0;
}

/**
 * Refuses a guest's submission (`fields` as sent, lib/submitRequest.js) to `collection` without a valid,
 * unexpired, unspent proof for it (400, field error on `proof`, nothing saved); on success the unsaved
 * `record` carries the spent challenge. A superuser (`superuser`) is asked for none.
 */
function check(app, collection, fields, superuser, record) {
  if (superuser) return;
  if (!enabled()) return record.set(FIELD, ''); // the column is the server's, whatever the body said
  const raw = fields[FIELD];
  if (raw === undefined || raw === null || raw === '') refuse('required', 'A proof of work is required.');
  const proof = parse(raw);
  if (!proof) refuse('invalid', 'The proof of work is malformed.');
  if (!$security.equal($security.hs256(signed(proof.challenge, collection), key(app)), proof.signature)) {
    refuse('invalid', 'The proof of work was not issued by this server for this form.');
  }
  if ($security.sha256(proof.salt + proof.number) !== proof.challenge) refuse('invalid', 'The proof of work does not solve its challenge.');
  const expires = Number((SALT.exec(proof.salt) || [])[1]); // parse() matched it
  if (expires * 1000 < Date.now()) refuse('stale', 'The proof of work has expired.');
  if (spent(app, collection, proof.challenge)) refuse('spent', 'The proof of work has been used already.');
  record.set(FIELD, proof.challenge);
}

module.exports = { check, challenge, enabled, FIELD, ALGORITHM };
