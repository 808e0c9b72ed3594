/**
 * Who may do what on the staff side: any enabled staff account reads; only admins act (delete,
 * restore, purge, reveal, unmasked export, status changes, staff management). Every such act that
 * touches personal data is written to the audit log in the same transaction as the act itself.
 */
const config = require(`${__hooks}/generated/services.js`);
const { own } = require(`${__hooks}/lib/own.js`);

/** The signed-in staff account of a request, or null (a superuser token is not staff). */
function staffOf(e) {
  const auth = e.auth;
  if (!auth || auth.collection().name !== config.staffCollection || auth.getBool('disabled')) return null;
  return auth;
}

function requireStaff(e) {
  const staff = staffOf(e);
  if (!staff) throw new UnauthorizedError('Sign in as staff to do this.');
  return staff;
}

function requireAdmin(e) {
  const staff = requireStaff(e);
  if (staff.getString('role') !== 'admin') throw new ForbiddenError('Only an admin may do this.');
  return staff;
}

/**
 * Writes one audit entry with `app` (pass the transaction's app so the entry and the act commit together).
 * `what.ip`, `what.userAgent`: where an act by someone without a staff account came from (an applicant's cancellation).
 */
function audit(app, actor, action, what) {
  const entry = new Record(app.findCollectionByNameOrId(config.auditCollection));
  entry.set('action', action);
  entry.set('actor', actor ? actor.id : '');
  entry.set('actorEmail', actor ? actor.email() : '');
  entry.set('sourceCollection', what.collection || '');
  entry.set('record', what.record || '');
  entry.set('field', what.field || '');
  entry.set('detail', String(what.detail || '').slice(0, 1000));
  entry.set('ip', String(what.ip || '').slice(0, 64));
  entry.set('userAgent', String(what.userAgent || '').slice(0, 500));
  app.save(entry);
  return entry;
}

/** The service of a collection name from a URL, or a 404 (never a hint about other collections). */
function serviceOf(collection) {
  const service = own(config.services, collection);
  if (!service) throw new NotFoundError('No such list.');
  return service;
}

module.exports = { staffOf, requireStaff, requireAdmin, audit, serviceOf };
