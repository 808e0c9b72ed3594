/// <reference path="../pb_data/types.d.ts" />
// Staff accounts (collection rules: admins create, update and remove them). Here: the rules a filter
// cannot say. A new account gets PocketBase's verification e-mail and signs in only once verified; an
// admin cannot lock themselves out; disabling an account ends its sessions at once; the one-time code
// is only ever a second factor.
const staffName = require(`${__hooks}/generated/services.js`).staffCollection;

onRecordCreateRequest((e) => {
  e.next();
  const { staffOf, audit } = require(`${__hooks}/lib/access.js`);
  const admin = staffOf(e);
  if (admin) audit(e.app, admin, 'staff', { collection: e.collection.name, record: e.record.id, detail: 'created ' + e.record.email() + ' as ' + e.record.getString('role') });
  if (!e.record.verified()) $mails.sendRecordVerification(e.app, e.record);
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
  e.next();
  if (admin) {
    const changes = ['role', 'disabled', 'mfa', 'name'].filter((f) => String(before.get(f)) !== String(e.record.get(f))).map((f) => f + ': ' + before.get(f) + ' → ' + e.record.get(f));
    if (changes.length > 0) audit(e.app, admin, 'staff', { collection: e.collection.name, record: e.record.id, detail: e.record.email() + ' ' + changes.join(', ') });
  }
}, staffName);

onRecordDeleteRequest((e) => {
  const { staffOf, audit } = require(`${__hooks}/lib/access.js`);
  const admin = staffOf(e);
  if (admin && admin.id === e.record.id) throw new BadRequestError('You cannot remove your own account.');
  e.next();
  if (admin) audit(e.app, admin, 'staff', { collection: e.collection.name, record: e.record.id, detail: 'removed ' + e.record.email() });
}, staffName);

// The code by e-mail completes a password sign-in (MFA); on its own it would make the inbox a password.
// (PocketBase takes the mfaId from the query, as the SDK sends it, or from the body.)
onRecordAuthWithOTPRequest((e) => {
  const info = e.requestInfo();
  const mfaId = (info.body || {}).mfaId || (info.query || {}).mfaId;
  if (!mfaId) throw new BadRequestError('Sign in with your password first; the code is the second step.');
  e.next();
}, staffName);

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
