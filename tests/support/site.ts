/** The built site (vite build → dist/) served by a real PocketBase, as `npm start` serves it. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startPocketBase, type PocketBaseProcess } from './pocketbase.ts';

/** FORMWORK_E2E_OUT builds elsewhere, so two test runs in one checkout do not swap assets under each other. */
const OUT = process.env.FORMWORK_E2E_OUT ?? join(ROOT, 'dist');

export function buildSite(): void {
  // vitest sets NODE_ENV=test, which would give React's development build.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', OUT, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

/** The site as applicants meet it: with the proof of work on (the browser solves it as it does for them). */
export function startSite(env: Record<string, string> = {}): Promise<PocketBaseProcess> {
  return startPocketBase({ publicDir: OUT, env: { FORMWORK_POW: 'on', ...env } });
}
