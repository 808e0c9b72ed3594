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

module.exports = { upsertStaff };
