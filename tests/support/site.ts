/** The built site (scripts/build-site.mjs → dist/: Vite's build plus the prerendered pages) served by a real PocketBase, as `npm start` serves it. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startPocketBase, type PocketBaseProcess } from './pocketbase.ts';

/** FORMWORK_E2E_OUT builds elsewhere, so two test runs in one checkout do not swap assets under each other. */
const OUT = process.env.FORMWORK_E2E_OUT ?? join(ROOT, 'dist');

export function buildSite(): void {
  // The script sets NODE_ENV=production itself (vitest's NODE_ENV=test would give React's development build).
  execFileSync('node', ['scripts/build-site.mjs', `--outDir=${OUT}`], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * The site as applicants meet it: with the proof of work on (the browser solves it as it does for them).
 * A `port` chosen ahead lets the server's own links (FORMWORK_PUBLIC_URL, in e-mails) point at it.
 */
export function startSite(env: Record<string, string> = {}, port?: number): Promise<PocketBaseProcess> {
  return startPocketBase({ publicDir: OUT, env: { FORMWORK_POW: 'on', ...env }, port });
}
