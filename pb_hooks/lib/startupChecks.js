/**
 * What the server refuses to start without (pb_hooks/startup.pb.js). A setting that is missing or wrong
 * must stop the start with its name, not surface later as "Something went wrong" on the first submission
 * that needs it (a 33-character FORMWORK_ENCRYPTION_KEY used to start fine and then fail every SSN).
 *
 * Production (FORMWORK_ENV=production, which the release's start.sh and formwork.service set) needs the
 * encryption key, the superuser's credentials, an https public address and a private client-address header. Anywhere else (`npm start` on
 * loopback, the tests) only what is set is checked: a dev server may run without a key (sensitive fields
 * are then refused, lib/sensitive.js), but never with a key of the wrong length.
 */
const { env } = require(`${__hooks}/lib/env.js`);

/** AES-256-GCM ($security.encrypt, lib/sensitive.js) takes the key's bytes: 32 of them, so 32 ASCII characters. */
const KEY_LENGTH = 32;
const MIN_ADMIN_PASSWORD = 12;
// `npm start`'s printed dev defaults (scripts/start-policy.mjs): never a production superuser.
const DEV_EMAILS = ['admin@formwork.local', 'staff@formwork.local'];
const DEV_PASSWORDS = ['formwork-admin', 'formwork-staff'];

const isProduction = () => env('FORMWORK_ENV', '') === 'production';

function keyProblem(key, production) {
  if (!key) return production ? `FORMWORK_ENCRYPTION_KEY is not set: it must be ${KEY_LENGTH} characters (e.g. \`openssl rand -base64 24\`).` : '';
  if (!/^[\x20-\x7e]*$/.test(key)) return `FORMWORK_ENCRYPTION_KEY must be plain ASCII characters (${KEY_LENGTH} bytes for AES-256).`;
  if (key.length !== KEY_LENGTH) return `FORMWORK_ENCRYPTION_KEY is ${key.length} characters; it must be exactly ${KEY_LENGTH} (e.g. \`openssl rand -base64 24\`).`;
  return '';
}

function adminProblems(email, password) {
  const problems = [];
  if (!email) problems.push('FORMWORK_ADMIN_EMAIL is not set: the PocketBase superuser (dashboard /_/) is created from it.');
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push(`FORMWORK_ADMIN_EMAIL is not an e-mail address.`);
  else if (DEV_EMAILS.indexOf(email.toLowerCase()) >= 0) problems.push(`FORMWORK_ADMIN_EMAIL is a dev default (${email}); use the operator's own address.`);
  if (!password) problems.push('FORMWORK_ADMIN_PASSWORD is not set.');
  else if (DEV_PASSWORDS.indexOf(password) >= 0) problems.push('FORMWORK_ADMIN_PASSWORD is a dev default.');
  else if (password.length < MIN_ADMIN_PASSWORD) problems.push(`FORMWORK_ADMIN_PASSWORD is ${password.length} characters; it must be at least ${MIN_ADMIN_PASSWORD}.`);
  return problems;
}

/** An absolute http(s) address with a host and nothing after the path (no query, fragment or credentials). */
function urlProblem(url, production) {
  if (!url) return production ? 'FORMWORK_PUBLIC_URL is not set: the https:// address the site is reached at (links in e-mails, CORS).' : '';
  const shape = /^(https?):\/\/([^\s/?#@]+)(\/[^\s?#]*)?$/i.exec(url);
  if (!shape) return `FORMWORK_PUBLIC_URL "${url}" is not an absolute address such as https://apply.example.com.`;
  if (production && shape[1].toLowerCase() !== 'https') return `FORMWORK_PUBLIC_URL "${url}" must start with https:// in production.`;
  return '';
}

/**
 * The client-address header (lib/proxy.js): a header name, and in production set and not a well-known one
 * (PocketBase believes it from anyone who reaches it).
 */
function proxyProblem(header, production) {
  if (!header) return production ? 'FORMWORK_TRUSTED_PROXY_HEADER is not set: behind the proxy every visitor would share its address and its rate limits. Use a private name, e.g. `echo X-Formwork-Client-$(openssl rand -hex 8)`, in Caddy\'s environment too.' : '';
  if (!/^[A-Za-z0-9-]+$/.test(header)) return `FORMWORK_TRUSTED_PROXY_HEADER "${header}" is not a header name.`;
  if (production && require(`${__hooks}/lib/proxy.js`).isWellKnown(header)) {
    return `FORMWORK_TRUSTED_PROXY_HEADER is ${header}, which anyone can send: use a private name, e.g. \`echo X-Formwork-Client-$(openssl rand -hex 8)\`, in Caddy's environment too.`;
  }
  return '';
}

/** Every problem with the environment, each naming its variable; [] when the server may start. */
function problems() {
  const mode = env('FORMWORK_ENV', '');
  if (mode !== '' && mode !== 'production' && mode !== 'development') {
    return [`FORMWORK_ENV is "${mode}"; it must be production, development or unset.`];
  }
  const production = mode === 'production';
  const found = [keyProblem(env('FORMWORK_ENCRYPTION_KEY', ''), production), urlProblem(env('FORMWORK_PUBLIC_URL', ''), production)];
  const admin = production ? adminProblems(env('FORMWORK_ADMIN_EMAIL', ''), env('FORMWORK_ADMIN_PASSWORD', '')) : [];
  return found.concat(admin, [proxyProblem(env('FORMWORK_TRUSTED_PROXY_HEADER', ''), production)]).filter(Boolean);
}

/** Throws one error listing every problem (PocketBase prints it and exits non-zero). */
function check() {
  const found = problems();
  if (found.length === 0) return;
  const mode = isProduction() ? 'production (FORMWORK_ENV=production)' : 'this server';
  throw new Error(`Not starting: the environment is not complete for ${mode}:\n  - ${found.join('\n  - ')}\nSet them in the environment file (formwork.env.example lists every variable; docs/deploy.md).`);
}

/**
 * In production the PocketBase superuser is the environment's: created, or its password set, at every
 * start (the environment owns it, as `npm start` does on a developer's machine). The password is only
 * written when it differs, so the superuser's sessions survive a restart.
 */
function ensureSuperuser(app) {
  if (!isProduction()) return;
  const email = env('FORMWORK_ADMIN_EMAIL', '');
  const password = env('FORMWORK_ADMIN_PASSWORD', '');
  let record;
  try {
    record = app.findAuthRecordByEmail('_superusers', email);
  } catch (_) {
    record = new Record(app.findCollectionByNameOrId('_superusers'));
    record.setEmail(email);
  }
  if (!record.isNew() && record.validatePassword(password)) return;
  record.setPassword(password);
  app.save(record);
}

module.exports = { check, problems, ensureSuperuser, isProduction, KEY_LENGTH };
