/** The built site (vite build → dist/) served by a real PocketBase, as `npm start` serves it. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startPocketBase, type PocketBaseProcess } from './pocketbase.ts';

export function buildSite(): void {
  // vitest sets NODE_ENV=test, which would give React's development build.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

export function startSite(env: Record<string, string> = {}): Promise<PocketBaseProcess> {
  return startPocketBase({ publicDir: join(ROOT, 'dist'), env });
}
