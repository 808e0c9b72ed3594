/** Staff accounts made outside the site (the first admin, the demo account): verified and enabled at once. */
const config = require(`${__hooks}/generated/services.js`);

const ROLES = ['admin', 'viewer'];

function upsertStaff(app, account) {
  const email = String(account.email || '').trim();
  const password = String(account.password || '');
  if (!email || password.length < 8) throw new Error('usage: staff-create <email> <password (at least 8 characters)> [admin|viewer] [name]');
  if (ROLES.indexOf(account.role) < 0) throw new Error('the role must be admin or viewer');
  let record;
  let created = false;
  try {
    record = app.findAuthRecordByEmail(config.staffCollection, email);
  } catch (err) {
    record = new Record(app.findCollectionByNameOrId(config.staffCollection));
    record.setEmail(email);
    created = true;
  }
  record.setPassword(password);
  record.setVerified(true);
  record.set('role', account.role);
  record.set('disabled', false);
  if (account.name) record.set('name', account.name);
  app.save(record);
  return { created, email, role: account.role };
}

/**
 * An account of `collection` that exists nowhere, with a random password hashed once per process by the
 * collection's own password field (so at the cost real accounts' hashes have). A sign-in for an unknown
 * address checks its password against this one, and answers as late as a wrong password for a known
 * address does: the time taken no longer tells which addresses have accounts.
 */
function decoyAccount(app, collection) {
  return app.store().getOrSet('formwork.decoyAccount.' + collection.id, () => {
    const decoy = new Record(collection);
    decoy.setPassword($security.randomString(32));
    return decoy;
  });
}

/**
 * The work a one-time code costs when it is for a real account (its code hashed by PocketBase's OTP
 * collection, at that collection's cost), done for nothing, so an unknown address answers no sooner.
 */
function hashLikeOTP(app, code) {
  const otp = new Record(app.findCollectionByNameOrId('_otps'));
  otp.setPassword(code);
}

/**
 * How soon a code request may be answered, whoever it is for. Equal work is not enough on its own:
 * PocketBase stops making codes for an account after ten recent ones and answers at once with the last,
 * which would make a known address the fast one. Well above a code's own cost, so a busy server still
 * answers both at this floor.
 */
const OTP_ANSWER_FLOOR_MS = 150;

function answerNoSooner(startedMs) {
  const wait = OTP_ANSWER_FLOOR_MS - (Date.now() - startedMs);
  if (wait > 0) sleep(wait);
}

module.exports = { upsertStaff, decoyAccount, hashLikeOTP, answerNoSooner };
