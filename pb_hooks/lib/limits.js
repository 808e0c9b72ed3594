/**
 * Per-IP rate limits. PocketBase's own limiter guards sign-in, the one-time code and the other account
 * e-mails, and the public payment routes (each with its own count per address). Submissions are counted
 * here instead: PocketBase counts a collection's creates per collection, so one address could send the
 * limit to every form in turn (issue 29, finding 7); this counts all of a guest's submissions together.
 *
 * Counts come from the environment; FORMWORK_RATE_LIMITS=off turns every limit off (the test harness
 * does, since its suites submit hundreds of records from one address).
 */
const { env } = require(`${__hooks}/lib/env.js`);

const WINDOW_MS = 60 * 1000;
const STORE_PREFIX = 'formwork.submissions.';

const enabled = () => env('FORMWORK_RATE_LIMITS', 'on') !== 'off';
const perMinute = (name, fallback) => Number(env(name, fallback));

/** PocketBase's limiter, set at every start. */
function configure(app) {
  const settings = app.settings();
  const auth = perMinute('FORMWORK_RATE_LIMIT_AUTH', '5');
  const payments = perMinute('FORMWORK_RATE_LIMIT_PAYMENTS', '10');
  const perAddress = (label, maxRequests) => ({ label: label, audience: '', duration: 60, maxRequests: maxRequests });
  // Sign-in, and every route that sends an e-mail to an account's address or tries a code; then the
  // routes each call of which asks the payment provider for something on our account.
  const rules = ['*:auth', '*:requestOTP', '*:requestPasswordReset', '*:requestVerification', '*:requestEmailChange']
    .map((label) => perAddress(label, auth))
    .concat(['POST /api/account_session', 'POST /api/formwork/checkout'].map((label) => perAddress(label, payments)));
  unmarshal({ rateLimits: { enabled: enabled(), rules: rules } }, settings);
  app.save(settings);
}

/**
 * What a limit counts as one sender: an IPv4 address as it is, an IPv6 one by its /64, the network one
 * subscriber is given (a host there may take any of its 2^64 addresses, one per request).
 */
function senderOf(ip) {
  const address = String(ip).split('%')[0].toLowerCase();
  if (address.indexOf(':') < 0) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  const halves = address.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const groups = head.slice();
  for (let i = halves.length > 1 ? 8 - head.length - tail.length : 0; i > 0; i--) groups.push('0');
  return groups.concat(tail).slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':') + '::/64';
}

/**
 * Counts one guest submission from `ip` at `now` (ms) and tells whether it is within the limit, over a
 * sliding minute (this minute's count plus the last minute's, weighed by how much of it still lies
 * within the last 60 seconds). A refused attempt is not counted. The count lives in PocketBase's
 * in-memory store, shared by every JS runtime: two requests at the same instant may both read the
 * same count, so a burst can pass by one or two; the limit is a brake, not an exact quota.
 */
function allowGuestSubmission(app, ip, now) {
  if (!enabled() || !ip) return true;
  const max = perMinute('FORMWORK_RATE_LIMIT_CREATE', '10');
  const windowNo = Math.floor(now / WINDOW_MS);
  const store = app.store();
  const key = STORE_PREFIX + senderOf(ip);
  const parts = String(store.get(key) || '').split(':').map(Number);
  let current = parts[0] === windowNo ? parts[1] || 0 : 0;
  const previous = parts[0] === windowNo ? parts[2] || 0 : parts[0] === windowNo - 1 ? parts[1] || 0 : 0;
  const weight = 1 - (now % WINDOW_MS) / WINDOW_MS;
  if (current + previous * weight >= max) return false;
  current += 1;
  store.set(key, windowNo + ':' + current + ':' + previous);
  return true;
}

/** Forgets the counts of addresses quiet for two minutes (the store would otherwise keep every address seen). */
function forgetQuiet(app, now) {
  const store = app.store();
  const windowNo = Math.floor(now / WINDOW_MS);
  const all = store.getAll();
  for (const key of Object.keys(all)) {
    if (key.indexOf(STORE_PREFIX) !== 0) continue;
    if (Number(String(all[key]).split(':')[0]) < windowNo - 1) store.remove(key);
  }
}

const HOUR_MS = 60 * 60 * 1000;

/** PocketBase's own date format, which its filters compare as text. */
const pbDate = (ms) => new Date(ms).toISOString().replace('T', ' ');

/**
 * Whether a staff member may send one more reply to an applicant (pb_hooks/work.pb.js), counted from the
 * replies already kept in the notes over the last hour: at most FORMWORK_RATE_LIMIT_REPLIES_STAFF by one
 * staff member (a stolen session cannot turn the company's address into a spam source) and
 * FORMWORK_RATE_LIMIT_REPLIES_APPLICATION to one application (a double click, or two colleagues, does
 * not flood an applicant). Counted in the database, inside the reply's own transaction (PocketBase runs
 * one writer at a time), so the count is exact and survives a restart. Returns null, or the refusal
 * `{ code: 'rate_limited', message }`.
 */
function replyRefusal(app, notes, staffId, collection, recordId, now) {
  if (!enabled()) return null;
  const since = pbDate(now - HOUR_MS);
  const over = (filter, params, max) => app.findRecordsByFilter(notes, "kind = 'reply' && created > {:since} && " + filter, '', max, 0, Object.assign({ since: since }, params)).length >= max;
  if (over('author = {:a}', { a: staffId }, Number(env('FORMWORK_RATE_LIMIT_REPLIES_STAFF', '30')))) {
    return { code: 'rate_limited', message: 'You sent many replies within the last hour: wait a while before the next.' };
  }
  if (over('sourceCollection = {:c} && record = {:r}', { c: collection, r: recordId }, Number(env('FORMWORK_RATE_LIMIT_REPLIES_APPLICATION', '5')))) {
    return { code: 'rate_limited', message: 'This applicant got many replies within the last hour: wait a while before the next.' };
  }
  return null;
}

module.exports = { configure, allowGuestSubmission, forgetQuiet, senderOf, replyRefusal };
