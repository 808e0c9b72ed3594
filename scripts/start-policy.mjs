// What `npm start` may do on the address it is asked to serve (issue 29, finding 6). Its defaults are a
// developer's: a superuser and an admin demo account with passwords printed on the console. On loopback
// only the machine itself can reach them; on any other address anyone could, so there it refuses the
// defaults and never creates the demo account.
import { dirname, basename, join, resolve } from 'node:path';

export const DEFAULT_SUPERUSER = { email: 'admin@formwork.local', password: 'formwork-admin' };
export const DEFAULT_STAFF = { email: 'staff@formwork.local', password: 'formwork-staff' };
const MIN_PASSWORD = 12;

/** Whether `http` (host:port, as PocketBase's --http takes it) listens on loopback only. */
export function isLoopback(http) {
  const host = http.slice(0, http.lastIndexOf(':')).replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The superuser to create, whether to seed the demo staff account, and what stops a start: on a
 * non-loopback address the superuser's e-mail and password must be set, not the defaults, and the
 * password at least 12 characters; the demo account is never made there.
 */
export function startPolicy(http, env) {
  const superuser = { email: env.FORMWORK_ADMIN_EMAIL || DEFAULT_SUPERUSER.email, password: env.FORMWORK_ADMIN_PASSWORD || DEFAULT_SUPERUSER.password };
  const staff = { email: env.FORMWORK_STAFF_EMAIL || DEFAULT_STAFF.email, password: env.FORMWORK_STAFF_PASSWORD || DEFAULT_STAFF.password };
  if (isLoopback(http)) return { superuser, staff, seedDemoStaff: true, problems: [] };
  const problems = [];
  if (!env.FORMWORK_ADMIN_EMAIL || env.FORMWORK_ADMIN_EMAIL === DEFAULT_SUPERUSER.email) problems.push('FORMWORK_ADMIN_EMAIL must be set to the operator’s own address');
  if (!env.FORMWORK_ADMIN_PASSWORD || env.FORMWORK_ADMIN_PASSWORD === DEFAULT_SUPERUSER.password || env.FORMWORK_ADMIN_PASSWORD === DEFAULT_STAFF.password) {
    problems.push('FORMWORK_ADMIN_PASSWORD must be set, and not to a default');
  } else if (env.FORMWORK_ADMIN_PASSWORD.length < MIN_PASSWORD) {
    problems.push(`FORMWORK_ADMIN_PASSWORD must be at least ${MIN_PASSWORD} characters`);
  }
  return { superuser, staff, seedDemoStaff: false, problems };
}

/**
 * Where `npm start` keeps its dev key for a data dir: beside it, never inside it, so no backup of the data
 * dir holds the key that opens its sealed values (issue 29, finding 1).
 */
export function devKeyPath(dataDir) {
  const dir = resolve(dataDir);
  return join(dirname(dir), `.${basename(dir)}.dev-encryption-key`);
}

/** Where `npm start` kept the dev key before: inside the data dir (moved out on the next start). */
export const legacyDevKeyPath = (dataDir) => join(resolve(dataDir), '.dev-encryption-key');
