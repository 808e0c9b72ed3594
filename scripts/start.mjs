#!/usr/bin/env node
// `npm start`: the whole product on its embedded defaults, on 127.0.0.1 by default: builds the site if
// needed, builds PocketBase and Mailpit if needed, applies the migrations, seeds the dev accounts,
// runs the dev mail sink (unless FORMWORK_SMTP_HOST names a real mail server) and serves. On any other
// address it refuses the default credentials and seeds no demo account (scripts/start-policy.mjs).
// It serves a release, a copy of the checkout's site, hooks and migrations taken when it starts
// (scripts/release.mjs): `npm run generate` changes nothing on the running server; `npm run deploy`
// (SIGHUP) builds, takes a new release, stops the server, applies its migrations and serves it.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { serveFlags } from './pocketbase-serve.mjs';
import { BUILD_STAMP, siteSourcesDigest } from './site-sources.mjs';
import { DEFAULT_STAFF, DEFAULT_SUPERUSER, devKeyPath, legacyDevKeyPath, startPolicy } from './start-policy.mjs';
import { deployRequestFile, deployResultFile, pruneReleases, readJson, releaseDirs, releasesDir, serverFile, stageRelease, writeJson } from './release.mjs';

const root = resolve(import.meta.dirname, '..');
const pb = join(root, 'bin/pocketbase');
const dataDir = process.env.FORMWORK_DATA_DIR ?? join(root, 'pb_data');
const http = process.env.FORMWORK_HTTP ?? '127.0.0.1:8090';
const url = `http://${http}`;
const releases = releasesDir(root);

// Dev defaults, documented in the README; override them with the environment.
const { superuser, staff, seedDemoStaff, problems } = startPolicy(http, process.env);
if (problems.length > 0) {
  console.error(`Not starting: ${http} is reachable from other machines, and the defaults are for a developer's machine only.`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('Set them in the environment, or serve on 127.0.0.1 (FORMWORK_HTTP). Create the first staff admin with `pocketbase staff-create` (README).');
  process.exit(1);
}

// E-mail: a real SMTP server if FORMWORK_SMTP_HOST is set, else Mailpit on loopback, which keeps every
// message for reading in its web UI.
const mailpitSmtp = process.env.FORMWORK_MAILPIT_SMTP ?? '127.0.0.1:1025';
const mailpitUi = process.env.FORMWORK_MAILPIT_UI ?? '127.0.0.1:8025';
const useMailpit = !process.env.FORMWORK_SMTP_HOST;
const mailEnv = useMailpit
  ? { FORMWORK_SMTP_HOST: mailpitSmtp.split(':')[0], FORMWORK_SMTP_PORT: mailpitSmtp.split(':')[1] }
  : {};
/**
 * The key that seals SSNs at rest. Unset, a random one is made once and kept beside the data dir (never
 * in it: the scheduled backups zip the data dir), readable by its owner only, so a dev install works at
 * once; a real deployment sets FORMWORK_ENCRYPTION_KEY and keeps it apart from backups. A key an earlier
 * version kept inside the data dir is moved out.
 */
function encryptionKey() {
  if (process.env.FORMWORK_ENCRYPTION_KEY) return process.env.FORMWORK_ENCRYPTION_KEY;
  const file = devKeyPath(dataDir);
  const legacy = legacyDevKeyPath(dataDir);
  if (existsSync(legacy)) {
    if (!existsSync(file)) renameSync(legacy, file);
    else if (readFileSync(legacy, 'utf8').trim() === readFileSync(file, 'utf8').trim()) unlinkSync(legacy);
    else {
      console.error(`Two dev keys differ: ${legacy} (inside the data dir, which backups copy) and ${file}. Keep the one that opens your data beside the data dir and remove the other.`);
      process.exit(1);
    }
  }
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

const serverEnv = {
  ...process.env,
  FORMWORK_ENCRYPTION_KEY: encryptionKey(),
  ...mailEnv,
  FORMWORK_PUBLIC_URL: process.env.FORMWORK_PUBLIC_URL ?? url,
  FORMWORK_MAIL_STAFF: process.env.FORMWORK_MAIL_STAFF ?? staff.email,
};

execFileSync('bash', [join(root, 'scripts/install-pocketbase.sh')], { stdio: 'inherit' });
if (useMailpit) execFileSync('bash', [join(root, 'scripts/install-mailpit.sh')], { stdio: 'inherit' });
/** Built if missing, asked for, or built from other sources than the checkout's (a pull, an edit, a generate). */
function buildSite() {
  const stamp = join(root, 'dist', BUILD_STAMP);
  if (process.env.FORMWORK_REBUILD || !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== siteSourcesDigest(root)) {
    execFileSync('node', [join(root, 'scripts/build-site.mjs')], { cwd: root, stdio: 'inherit' });
  }
}

/**
 * PocketBase in dev mode (a binary under the temp folder counts as `go run`) prints every statement of
 * every migration: far past Node's default 1 MB for a child's output on a fresh database.
 */
const MIGRATE_OUTPUT_MAX = 256 * 1024 * 1024;

/** Applies the release's migrations; false (with PocketBase's output shown) when one failed. */
function migrate(release) {
  // `pocketbase migrate` exits 0 even when a migration fails; its output is the only signal.
  const migrated = execFileSync(pb, ['migrate', 'up', ...releaseDirs(dataDir, release)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: MIGRATE_OUTPUT_MAX });
  process.stdout.write(migrated);
  return !/^Error:/m.test(migrated);
}

buildSite();
let release = stageRelease(root, releases);
pruneReleases(releases, [release]);
let dirs = releaseDirs(dataDir, release);
if (!migrate(release)) {
  console.error('A migration failed (see above); not starting.');
  process.exit(1);
}
if (!seedDemoStaff) refuseLeftDefaults();
execFileSync(pb, ['superuser', 'upsert', superuser.email, superuser.password, ...dirs], { stdio: 'ignore' });

const mailpit = useMailpit
  ? spawn(join(root, 'bin/mailpit'), ['--smtp', mailpitSmtp, '--listen', mailpitUi, '--database', join(dataDir, 'mailpit.db'), '--disable-version-check', '--smtp-auth-accept-any', '--smtp-auth-allow-insecure', '--quiet'], { stdio: 'inherit' })
  : null;
/**
 * PocketBase on the release: its own file watcher off (it would restart the server, which applies
 * pending migrations, whenever a hook file changed), no migration files written from the dashboard.
 */
function serve() {
  const child = spawn(pb, ['serve', '--http', http, '--automigrate=false', '--hooksWatch=false', ...serveFlags(serverEnv, url), '--publicDir', join(release, 'dist'), ...dirs], {
    stdio: 'inherit',
    env: serverEnv,
  });
  child.on('exit', (code) => {
    if (child !== server) return; // stopped by a deploy
    mailpit?.kill();
    process.exit(code ?? 0);
  });
  return child;
}

let server = serve();
writeJson(serverFile(releases), { pid: process.pid, release });
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server?.kill(sig);
    mailpit?.kill(sig);
  });
}

/**
 * `npm run deploy`: build the site, take a release, stop the server, apply the release's migrations,
 * serve it, in that order, so the page and the rules change together (docs/operations.md). A failed
 * migration serves the previous release again and says so.
 */
let deploying = false;
process.on('SIGHUP', () => {
  if (deploying) return;
  deploying = true;
  const request = readJson(deployRequestFile(releases));
  const answer = (ok, message) => {
    writeJson(deployResultFile(releases), { id: request?.id ?? null, ok, message, release });
    console.log(`\ndeploy: ${message}\n`);
    deploying = false;
  };
  let next;
  try {
    buildSite();
    next = stageRelease(root, releases);
  } catch (err) {
    answer(false, `the build failed, nothing changed: ${err.message}`);
    return;
  }
  const old = server;
  server = null;
  old.once('exit', () => {
    const previous = release;
    const ok = migrate(next);
    release = ok ? next : previous;
    dirs = releaseDirs(dataDir, release);
    server = serve();
    writeJson(serverFile(releases), { pid: process.pid, release });
    if (ok) pruneReleases(releases, [release, previous]);
    // Answered once the server answers, so the deploy step's end is the moment the new release is live.
    healthy().then((up) =>
      answer(ok && up, !up ? `the server did not come up on ${release} (see above)` : ok ? `serving ${release}` : `a migration failed (see above); serving the previous release ${previous} again`),
    );
  });
  old.kill('SIGTERM');
});
mailpit?.on('exit', (code) => code && console.error(`Mailpit stopped (exit ${code}); e-mails wait in the outbox.`));

/**
 * A data dir first served on loopback keeps the dev superuser and the demo staff account, with the
 * passwords the console printed: on a public address they must be gone or changed first.
 */
function refuseLeftDefaults() {
  const out = execFileSync(pb, ['formwork-default-accounts', DEFAULT_SUPERUSER.email, DEFAULT_SUPERUSER.password, DEFAULT_STAFF.email, DEFAULT_STAFF.password, ...dirs], { encoding: 'utf8' });
  // PocketBase's console.log prefixes the JSON line with the time.
  const line = out.trim().split('\n').pop() ?? '';
  if (line.indexOf('[') < 0) throw new Error(`could not check the data dir for the dev accounts: ${out}`);
  const left = JSON.parse(line.slice(line.indexOf('[')));
  if (left.length === 0) return;
  console.error(`Not starting: ${http} is reachable from other machines, and this data dir still has accounts with the dev defaults' printed passwords:`);
  for (const account of left) console.error(`  - ${account.email} (${account.collection === '_superusers' ? 'PocketBase superuser' : 'staff'})`);
  console.error(`Remove them or change their passwords first, e.g. \`./bin/pocketbase superuser delete ${DEFAULT_SUPERUSER.email} --dir ${dataDir}\`, and the staff account in the dashboard (/_/) served on 127.0.0.1.`);
  process.exit(1);
}

/** Whether the server answers its health check within ~30 s. */
async function healthy() {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Creates the demo staff account once, through PocketBase's API as the superuser (on loopback only). */
async function seedStaff() {
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!seedDemoStaff) {
    console.log(`\nFormwork is running on ${url}`);
    console.log(`  staff sign-in:   ${url}/staff/sign-in   (no demo account on a public address: create staff with \`pocketbase staff-create\`)`);
    console.log(`  PocketBase admin: ${url}/_/          (${superuser.email})\n`);
    return;
  }
  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
  }).then((r) => r.json());
  const headers = { 'content-type': 'application/json', authorization: auth.token };
  const filter = encodeURIComponent(`email = "${staff.email}"`);
  const existing = await fetch(`${url}/api/collections/staff/records?filter=${filter}`, { headers }).then((r) => r.json());
  if (!existing.items?.length) {
    const res = await fetch(`${url}/api/collections/staff/records`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...staff, passwordConfirm: staff.password, role: 'admin', name: 'Demo staff', verified: true }),
    });
    if (!res.ok) throw new Error(`could not seed the demo staff account: ${await res.text()}`);
  }
  console.log(`\nFormwork is running on ${url}`);
  console.log(`  applicant form:  ${url}/creditrepair`);
  console.log(`  staff sign-in:   ${url}/staff/sign-in   (${staff.email} / ${staff.password})`);
  console.log(`  PocketBase admin: ${url}/_/          (${superuser.email} / ${superuser.password})`);
  console.log(useMailpit ? `  mail (Mailpit):   http://${mailpitUi}   (every e-mail the site sends; sent within a minute)\n` : `  mail:             SMTP ${process.env.FORMWORK_SMTP_HOST}\n`);
}
seedStaff().catch((err) => {
  console.error(err);
  server.kill();
});
