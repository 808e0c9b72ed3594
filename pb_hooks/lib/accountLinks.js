/**
 * Who may open a connected account's Stripe session: whoever holds a link staff issued for that account
 * (/account/<id>#exp=<unix seconds>&sig=<hex HMAC-SHA256 of "<id>.<exp>">, in the fragment so no request log keeps it). The account id alone is no
 * proof: ids show up in e-mails, screenshots and Stripe's own pages, and a session's client secret lets
 * its holder see the account's payments and change its payout details.
 *
 * The key: FORMWORK_ACCOUNT_LINK_KEY when set (rotating it revokes every link issued), else derived
 * from FORMWORK_ENCRYPTION_KEY under a label of its own, so a deployment needs no new secret and the
 * derived key says nothing about the encryption key.
 */
const { env, publicUrl } = require(`${__hooks}/lib/env.js`);

const ACCOUNT = /^acct_[A-Za-z0-9]{1,64}$/;
const LABEL = 'formwork:account-link';
/** How long an issued link may live: long enough for a slow reply, short enough that a leaked one dies. */
const MAX_DAYS = 90;
const DEFAULT_DAYS = 7;

const isAccountId = (value) => ACCOUNT.test(String(value || ''));

/** The HMAC key, or '' when neither variable is set (then no link is issued and none is accepted). */
function linkKey() {
  const own = env('FORMWORK_ACCOUNT_LINK_KEY', '');
  if (own) return own;
  const base = env('FORMWORK_ENCRYPTION_KEY', '');
  return base ? $security.hs256(LABEL, base) : '';
}

const signatureOf = (key, accountId, exp) => $security.hs256(accountId + '.' + exp, key);

/**
 * Whether `sig` proves a staff-issued, unexpired link for `accountId`: '' when it does, else why not
 * ('missing', 'expired', 'invalid'; the answer to the browser is the same for all three).
 */
function refusal(accountId, exp, sig, nowSeconds) {
  const key = linkKey();
  if (!key || !exp || !sig) return 'missing';
  const e = String(exp);
  if (!/^[0-9]{1,12}$/.test(e) || !/^[0-9a-f]{64}$/.test(String(sig))) return 'invalid';
  // The signature first, so an altered expiry reads as forged rather than as merely old.
  if (!$security.equal(String(sig), signatureOf(key, String(accountId), e))) return 'invalid';
  if (Number(e) <= nowSeconds) return 'expired';
  return '';
}

/**
 * A link for `accountId` valid `days` days (1…MAX_DAYS), issued by `admin` and written to the audit log.
 * Answers { status, json } like the payment endpoints.
 */
function issue(app, admin, accountId, days) {
  if (!isAccountId(accountId)) return { status: 400, json: { message: 'accountId must be a connected account id (acct_…).' } };
  const d = days === undefined || days === null || days === '' ? DEFAULT_DAYS : Number(days);
  if (!Number.isInteger(d) || d < 1 || d > MAX_DAYS) return { status: 400, json: { message: 'days must be a whole number from 1 to ' + MAX_DAYS + '.' } };
  const key = linkKey();
  if (!key) return { status: 503, json: { message: 'Account links are not configured (FORMWORK_ACCOUNT_LINK_KEY or FORMWORK_ENCRYPTION_KEY).' } };
  const exp = String(Math.floor(Date.now() / 1000) + d * 86400);
  const site = publicUrl();
  // In the fragment: the browser never sends it, so no request log keeps a link that opens the account.
  const url = site + '/account/' + accountId + '#exp=' + exp + '&sig=' + signatureOf(key, accountId, exp);
  const expiresAt = new Date(Number(exp) * 1000).toISOString();
  require(`${__hooks}/lib/access.js`).audit(app, admin, 'account-link', { record: accountId, detail: 'payments account link for ' + accountId + ', valid until ' + expiresAt });
  return { status: 200, json: { url: url, accountId: accountId, expiresAt: expiresAt } };
}

module.exports = { isAccountId, refusal, issue, MAX_DAYS };
