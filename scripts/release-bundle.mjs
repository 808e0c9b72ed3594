#!/usr/bin/env node
// `npm run release`: one self-contained folder and its .tar.gz to install on a server (docs/deploy.md),
// release/formwork-<version>-<commit>/ with
//   bin/pocketbase           the pinned PocketBase build (scripts/pocketbase.version); bin/litestream likewise
//   pb_migrations/, pb_hooks/ the schema's migrations and the server's hooks
//   pb_public/               the built site
//   start.sh                 migrate, then serve (and Litestream when configured); needs no Node
//   formwork.service         the systemd unit; Caddyfile: TLS in front; formwork.env.example: every variable
//   litestream.yml           the replication config, when deploy/ has one
//   docs/, README.md, release.json
// Not to be confused with scripts/release.mjs, the snapshot `npm start` serves on a developer's machine.
//
//   node scripts/release-bundle.mjs [--out=DIR] [--root=DIR] [--commit=ID] [--site=DIR] [--no-archive]
//
// --root takes the app (hooks, migrations, site sources) from another tree, such as an earlier commit's
// `git archive` (the upgrade test); the deploy files are this checkout's. --site reuses a site built from
// the same sources (its build stamp must match), instead of building one.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_HOOKS_POOL } from './pocketbase-serve.mjs';
import { BUILD_STAMP, siteSourcesDigest } from './site-sources.mjs';

const here = resolve(import.meta.dirname, '..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const root = resolve(arg('root') ?? here);
const outDir = resolve(arg('out') ?? join(here, 'release'));

/** The commit the app comes from, "-dirty" when tracked files differ from it. */
function commitOf(dir) {
  const git = (...args) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  const id = git('rev-parse', '--short=12', 'HEAD');
  return git('status', '--porcelain', '--untracked-files=no') ? `${id}-dirty` : id;
}

const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const commit = arg('commit') ?? commitOf(root);
const name = `formwork-${version}-${commit}`;
const dest = join(outDir, name);
const pbVersion = readFileSync(join(here, 'scripts/pocketbase.version'), 'utf8').trim();
const appPbVersion = existsSync(join(root, 'scripts/pocketbase.version')) ? readFileSync(join(root, 'scripts/pocketbase.version'), 'utf8').trim() : pbVersion;
if (appPbVersion !== pbVersion) throw new Error(`${root} pins PocketBase ${appPbVersion}, this checkout ${pbVersion}: make its release with its own checkout`);

execFileSync('bash', [join(here, 'scripts/install-pocketbase.sh')], { stdio: 'inherit' });
const staging = join(outDir, `.staging-${name}-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
mkdirSync(join(staging, 'bin'), { recursive: true });

// The site: reused when it was built from exactly these sources, else built (into the release itself).
const site = arg('site') && resolve(arg('site'));
const stamp = site && existsSync(join(site, BUILD_STAMP)) ? readFileSync(join(site, BUILD_STAMP), 'utf8').trim() : '';
if (site && stamp === siteSourcesDigest(root)) {
  cpSync(site, join(staging, 'pb_public'), { recursive: true });
} else {
  if (site) console.log(`${site} was not built from ${root}'s sources: building the site.`);
  execFileSync('node', [join(root, 'scripts/build-site.mjs'), `--outDir=${join(staging, 'pb_public')}`], { cwd: root, stdio: 'inherit' });
}

// The server's code: hooks (without the editor's type declarations) and migrations.
cpSync(join(root, 'pb_hooks'), join(staging, 'pb_hooks'), { recursive: true, filter: (src) => !src.endsWith('.d.ts') });
cpSync(join(root, 'pb_migrations'), join(staging, 'pb_migrations'), { recursive: true, filter: (src) => !src.endsWith('.tmp') });
// The binaries: PocketBase, and Litestream for the replication start.sh runs when it is configured.
execFileSync('bash', [join(here, 'scripts/install-litestream.sh')], { stdio: 'inherit' });
for (const tool of ['pocketbase', 'litestream']) {
  cpSync(join(here, 'bin', tool), join(staging, 'bin', tool));
  chmodSync(join(staging, 'bin', tool), 0o755);
}

// The deploy files, with what they take from this checkout written in.
const deploy = join(here, 'deploy');
const startScript = readFileSync(join(deploy, 'start.sh'), 'utf8').replace('@DEFAULT_HOOKS_POOL@', String(DEFAULT_HOOKS_POOL));
writeFileSync(join(staging, 'start.sh'), startScript, { mode: 0o755 });
for (const file of ['formwork.service', 'Caddyfile', 'litestream.yml']) {
  if (existsSync(join(deploy, file))) cpSync(join(deploy, file), join(staging, file));
}
writeFileSync(join(staging, 'formwork.env.example'), envExample(readFileSync(join(deploy, 'formwork.env.example'), 'utf8'), join(staging, 'pb_hooks/generated/services.js')));
mkdirSync(join(staging, 'docs'));
for (const doc of ['deploy.md', 'operations.md', 'retention.md']) {
  if (existsSync(join(here, 'docs', doc))) cpSync(join(here, 'docs', doc), join(staging, 'docs', doc));
}
const info = { name, version, commit, pocketbase: pbVersion, builtAt: new Date().toISOString() };
writeFileSync(join(staging, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
writeFileSync(join(staging, 'README.md'), readme(info));

rmSync(dest, { recursive: true, force: true });
cpSync(staging, dest, { recursive: true, verbatimSymlinks: true });
rmSync(staging, { recursive: true, force: true });
if (!process.argv.includes('--no-archive')) {
  execFileSync('tar', ['-czf', `${dest}.tar.gz`, '-C', outDir, name]);
  console.log(`release: ${dest}.tar.gz`);
}
console.log(`release: ${dest}`);

/**
 * The example environment: deploy/formwork.env.example, then the payment link of every service that has
 * one, taken from the generated services (a service added to schemas/ brings its own line).
 */
function envExample(base, servicesFile) {
  const services = readFileSync(servicesFile, 'utf8');
  const links = [...services.matchAll(/"url":\s*"([^"]*)",\s*"env":\s*"(FORMWORK_CHECKOUT_[A-Z0-9_]+)"/g)];
  const seen = new Set();
  const lines = ['', '# --- Payment links, one per paid service (from schemas/services/*/service.json) ---------------------------'];
  for (const [, url, variable] of links) {
    if (seen.has(variable)) continue;
    seen.add(variable);
    lines.push(`# The Stripe payment link applicants are sent to [the schema's placeholder ${url}].`, `${variable}=`);
  }
  return `${base.trimEnd()}\n${lines.join('\n')}\n`;
}

function readme(info) {
  const files = readdirSync(staging).sort().join(', ');
  return `# Formwork ${info.version} (${info.commit})

A release: everything a server needs to run Formwork, without Node or the source tree. PocketBase
${info.pocketbase}; built ${info.builtAt}. Contents: ${files}.

Install or upgrade it as docs/deploy.md says. In short: unpack it under /opt/formwork/releases/, point
/opt/formwork/current at it, fill /etc/formwork/formwork.env from formwork.env.example, install
formwork.service and the Caddyfile, and \`systemctl restart formwork\`. start.sh applies the migrations
and serves; it refuses to start, naming the variable, when a required setting is missing or invalid.
`;
}
