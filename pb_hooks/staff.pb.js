/// <reference path="../bin/pocketbase-types.d.ts" />
// Staff accounts (collection rules: admins create, update and remove them). Here: the rules a filter
// cannot say. A new account gets PocketBase's verification e-mail and signs in only once verified; an
// admin cannot lock themselves out; disabling an account or signing out ends its sessions at once; the
// one-time code is only ever a second factor; sign-in takes as long for an unknown address as for a known one.
const staffName = require(`${__hooks}/generated/services.js`).staffCollection;

// Each change of a staff account and its line in the audit log are saved together, or neither.
onRecordCreateRequest((e) => {
  const { staffOf, audit } = require(`${__hooks}/lib/access.js`);
  const admin = staffOf(e);
  const app = e.app;
  app.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    if (admin) audit(txApp, admin, 'staff', { collection: e.collection.name, record: e.record.id, detail: 'created ' + e.record.email() + ' as ' + e.record.getString('role') });
  });
  e.app = app;
  if (!e.record.verified()) $mails.sendRecordVerification(app, e.record);
}, staffName);

onRecordUpdateRequest((e) => {
  const { staffOf, audit } = require(`${__hooks}/lib/access.js`);
  const admin = staffOf(e);
  const before = e.record.original();
  if (admin && admin.id === e.record.id) {
    if (e.record.getBool('disabled')) throw new BadRequestError('You cannot disable your own account.');
    if (e.record.getString('role') !== 'admin') throw new BadRequestError('You cannot take the admin role from yourself.');
  }
  // Every token of a disabled account stops working now, not when it expires.
  if (e.record.getBool('disabled') && !before.getBool('disabled')) e.record.refreshTokenKey();
  const changes = ['role', 'disabled', 'mfa', 'name'].filter((f) => String(before.get(f)) !== String(e.record.get(f))).map((f) => f + ': ' + before.get(f) + ' → ' + e.record.get(f));
  e.app.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    if (admin && changes.length > 0) audit(txApp, admin, 'staff', { collection: e.collection.name, record: e.record.id, detail: e.record.email() + ' ' + changes.join(', ') });
  });
}, staffName);

onRecordDeleteRequest((e) => {
  const { staffOf, audit } = require(`${__hooks}/lib/access.js`);
  const admin = staffOf(e);
  if (admin && admin.id === e.record.id) throw new BadRequestError('You cannot remove your own account.');
  e.app.runInTransaction((txApp) => {
    e.app = txApp;
    e.next();
    if (admin) audit(txApp, admin, 'staff', { collection: e.collection.name, record: e.record.id, detail: 'removed ' + e.record.email() });
  });
}, staffName);

// The code by e-mail completes a password sign-in (MFA); on its own it would make the inbox a password.
// (PocketBase takes the mfaId from the query, as the SDK sends it, or from the body.)
onRecordAuthWithOTPRequest((e) => {
  const info = e.requestInfo();
  const mfaId = (info.body || {}).mfaId || (info.query || {}).mfaId;
  if (!mfaId) throw new BadRequestError('Sign in with your password first; the code is the second step.');
  e.next();
}, staffName);

// An unknown address must not answer sooner than a known one with a wrong password (PocketBase skips the
// password check when no account matches): it is checked against a decoy account's hash of the same cost,
// then PocketBase refuses it with the very answer a wrong password gets.
onRecordAuthWithPasswordRequest((e) => {
  if (!e.record) require(`${__hooks}/lib/staffAccounts.js`).decoyAccount(e.app, e.collection).validatePassword(e.password);
  e.next();
}, staffName);

// The same for a code by e-mail: PocketBase already sends it in the background and answers an unknown
// address with a made-up otpId, but hashes and stores a code only for a real account. An unknown address
// gets the hashing too, and both answers wait for one floor (the response goes out when the hook returns).
onRecordRequestOTPRequest((e) => {
  const started = Date.now();
  const { hashLikeOTP, answerNoSooner } = require(`${__hooks}/lib/staffAccounts.js`);
  if (!e.record) hashLikeOTP(e.app, e.password);
  try {
    e.next();
  } finally {
    answerNoSooner(started);
  }
}, staffName);

// POST /api/formwork/staff/sign-out: signing out ends the session on the server too. A new token key
// invalidates every token issued to the account (auth and file tokens), so one copied from the browser
// before sign-out no longer works anywhere.
routerAdd('POST', '/api/formwork/staff/sign-out', (e) => {
  const staff = require(`${__hooks}/lib/access.js`).requireStaff(e);
  const account = e.app.findRecordById(staff.collection().id, staff.id);
  account.refreshTokenKey();
  e.app.save(account);
  return e.noContent(204);
});

// Admins see the e-mail of every account they manage (the rules already keep the list to admins and oneself).
onRecordCreate((e) => {
  e.record.set('emailVisibility', true);
  e.next();
}, staffName);

// `pocketbase staff-create <email> <password> [admin|viewer] [name]`: the first admin, from the command line.
$app.rootCmd.addCommand(
  new Command({
    use: 'staff-create <email> <password> [admin|viewer] [name]',
    short: 'Creates or updates a verified, enabled Formwork staff account (role admin unless given)',
    run: (cmd, args) => {
      try {
        const account = require(`${__hooks}/lib/staffAccounts.js`).upsertStaff($app, { email: args[0], password: args[1], role: args[2] || 'admin', name: args[3] || '' });
        console.log((account.created ? 'created ' : 'updated ') + account.email + ' (' + account.role + ')');
      } catch (err) {
        console.error('Error: ' + (err && err.message ? err.message : err));
        $os.exit(1);
      }
    },
  }),
);

// `pocketbase formwork-default-accounts <superuser e-mail> <password> <staff e-mail> <password>`: which of
// `npm start`'s dev accounts still sign in with their printed default password (one JSON line). A data
// dir first served on loopback keeps them; `npm start` refuses a public address while any does.
$app.rootCmd.addCommand(
  new Command({
    use: 'formwork-default-accounts <superuserEmail> <superuserPassword> <staffEmail> <staffPassword>',
    short: "Lists the dev default accounts that still accept their default password",
    run: (cmd, args) => {
      const staff = require(`${__hooks}/generated/services.js`).staffCollection;
      const found = [];
      for (const [collection, email, password] of [['_superusers', args[0], args[1]], [staff, args[2], args[3]]]) {
        try {
          if ($app.findAuthRecordByEmail(collection, email).validatePassword(password)) found.push({ collection, email });
        } catch (_) {
          // no such account: nothing to report
        }
      }
      console.log(JSON.stringify(found));
    },
  }),
);
