/**
 * A throw-away copy of the whole project as a content editor would have it: the repo's schemas/ (plus
 * fixture services), its migrations, and the hand-written code the build and the server need (src/ and
 * pb_hooks/ without their generated parts, and every other source of the site's build: index.html,
 * vite.config.ts, public/, the lockfile and the build's scripts; plus tsconfig*.json), with
 * node_modules linked from the repo. Only schema files differ from the repo; the generator fills in
 * the rest. `handWritten()` fingerprints the copied code, to prove nothing but generated files changed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { SITE_SOURCES } from '../../scripts/site-sources.mjs';
import { ROOT } from './pocketbase.ts';
import { copySchemas, type SchemasCopy } from './schemas-copy.ts';

export interface ProjectCopy extends SchemasCopy {
  /** path (relative to the tree) → sha256 of every hand-written file copied from the repo. */
  handWritten(): Map<string, string>;
  /** Every file under the tree, relative paths (node_modules not followed). */
  files(): string[];
  remove(): void;
}

/** What is generated, and so left out of the copy: the generator must write it. */
const GENERATED = [/^src\/generated(\/|$)/, /^pb_hooks\/generated(\/|$)/];

/** The server's hooks and everything the site's build reads (its own list, so a new build script is copied too). */
const CODE = ['pb_hooks', ...SITE_SOURCES];

function walk(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isSymbolicLink()) return [relative(base, full)];
    return e.isDirectory() ? walk(full, base) : [relative(base, full)];
  });
}

export function copyProject(options: { fixtures?: string[] } = {}): ProjectCopy {
  const copy = copySchemas({ fixtures: options.fixtures });
  const { root } = copy;
  // The migrations already written for the repo's schemas, so only the new service needs one.
  cpSync(join(ROOT, 'pb_migrations'), copy.migrationsDir, { recursive: true });
  const tsconfigs = readdirSync(ROOT).filter((f) => /^tsconfig.*\.json$/.test(f));
  for (const item of [...CODE, ...tsconfigs]) {
    const from = join(ROOT, item);
    if (!existsSync(from)) continue;
    cpSync(from, join(root, item), {
      recursive: true,
      filter: (src) => !GENERATED.some((g) => g.test(relative(ROOT, src))),
    });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');

  const handWritten = () => {
    const out = new Map<string, string>();
    for (const item of [...CODE, ...tsconfigs]) {
      const full = join(root, item);
      if (!existsSync(full)) continue;
      const paths = statSync(full).isDirectory() ? walk(full, root) : [item];
      for (const p of paths) if (!GENERATED.some((g) => g.test(p))) out.set(p, createHash('sha256').update(readFileSync(join(root, p))).digest('hex'));
    }
    return out;
  };
  return {
    ...copy,
    handWritten,
    files: () => walk(root).filter((p) => !p.startsWith('node_modules')),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The real generator CLI, run from the repo on another tree, as `npm run generate` runs it. */
export function generateIn(root: string): string {
  return execFileSync('npx', ['tsx', 'generator/cli.ts', 'generate', '--root', root], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
}

/** A production build of the tree's site into <root>/dist, the way tests/support/site.ts builds the repo's. */
export function buildSiteIn(root: string): void {
  // Vite's build plus the prerendered pages; the script sets NODE_ENV=production (vitest's is `test`).
  execFileSync('node', ['scripts/build-site.mjs'], { cwd: root, stdio: 'pipe' });
}
