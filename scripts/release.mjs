// The release a running server serves: a copy of the built site, the hooks and the migrations, taken when
// the server is (re)started by `npm start` or `npm run deploy` (docs/operations.md, "Deploying a schema
// change"). The server never reads the checkout: PocketBase loads a hook's modules lazily, per pooled JS
// runtime, so a server pointed at the checkout's pb_hooks/ would pick up a freshly generated validator in
// some runtimes mid-flight, and its file watcher would restart it and apply new migrations by itself.
// A release is never changed once written; its name is the digest of its content.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What a release holds, from the checkout. */
export const RELEASE_PARTS = ['dist', 'pb_hooks', 'pb_migrations'];

export const releasesDir = (root, env = process.env) => env.FORMWORK_RELEASE_DIR ?? join(root, '.release');

/** The running `npm start`'s pid and release, and the deploy step's request and answer. */
export const serverFile = (dir) => join(dir, 'server.json');
export const deployRequestFile = (dir) => join(dir, 'deploy-request.json');
export const deployResultFile = (dir) => join(dir, 'deploy-result.json');

function files(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    return e.isDirectory() ? files(full, base) : [relative(base, full)];
  });
}

function digest(root) {
  const hash = createHash('sha256');
  for (const part of RELEASE_PARTS) {
    for (const file of files(join(root, part)).sort()) {
      hash.update(`${part}/${file}\0`);
      hash.update(readFileSync(join(root, part, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Copies the checkout's built site, hooks and migrations into a release of their own (reused when the same). */
export function stageRelease(root, dir) {
  const id = digest(root);
  const path = join(dir, id);
  if (existsSync(path)) return path;
  const staging = join(dir, `.staging-${id}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const part of RELEASE_PARTS) if (existsSync(join(root, part))) cpSync(join(root, part), join(staging, part), { recursive: true });
  renameSync(staging, path);
  return path;
}

/** Removes the releases no server serves any more (keeps the named ones). */
export function pruneReleases(dir, keep) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (keep.includes(path) || !statSync(path).isDirectory()) continue;
    rmSync(path, { recursive: true, force: true });
  }
}

export function writeJson(path, value) {
  writeFileSync(`${path}.tmp`, JSON.stringify(value));
  renameSync(`${path}.tmp`, path);
}

export const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

/** The flags that point PocketBase at a release (and never at the checkout). */
export const releaseDirs = (dataDir, release) => ['--dir', dataDir, '--migrationsDir', join(release, 'pb_migrations'), '--hooksDir', join(release, 'pb_hooks')];
