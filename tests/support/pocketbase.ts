/**
 * Starts a real PocketBase (the pinned build in ./bin) on a free loopback port with a throw-away data
 * dir, the project's generated migrations and its hooks. Tests talk to it over HTTP like the site does.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../scripts/dev/freePort.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serveFlags } from '../../scripts/pocketbase-serve.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');
export const PB_BIN = join(ROOT, 'bin/pocketbase');
/** The key test servers seal SSNs with (32 characters; a real deployment's comes from its environment). */
export const TEST_ENCRYPTION_KEY = 'test-only-key-0123456789abcdefgh';

export interface PocketBaseProcess {
  url: string;
  /** The server's process id (the benchmark reads its CPU time). */
  pid: number;
  dataDir: string;
  superuser: { email: string; password: string };
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  /** Ends the server (SIGTERM by default; SIGKILL for a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  migrationsDir?: string;
  hooksDir?: string;
  publicDir?: string;
  env?: Record<string, string>;
  /** Serve this existing data dir (kept on stop) instead of a fresh temporary one. */
  dataDir?: string;
  /** Apply pending migrations before serving (default true). */
  migrate?: boolean;
  /** Listen on this loopback port (a restart on the same data dir keeps its URL); default a free one. */
  port?: number;
  /** Run this PocketBase binary (a copy of the pinned one elsewhere) instead of ./bin/pocketbase. */
  binary?: string;
}

export { freePort };

export function ensurePocketBase(): void {
  execFileSync('bash', [join(ROOT, 'scripts/install-pocketbase.sh')], { stdio: 'inherit' });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PocketBase exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PocketBase did not become healthy at ${url}:\n${log()}`);
}

export async function startPocketBase(options: StartOptions = {}): Promise<PocketBaseProcess> {
  ensurePocketBase();
  const bin = options.binary ?? PB_BIN;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'formwork-pb-'));
  const migrationsDir = options.migrationsDir ?? join(ROOT, 'pb_migrations');
  const hooksDir = options.hooksDir ?? join(ROOT, 'pb_hooks');
  const superuser = { email: 'root@formwork.test', password: 'test-superuser-pass' };
  const common = ['--dir', dataDir, '--migrationsDir', migrationsDir, '--hooksDir', hooksDir];
  // The suites submit hundreds of records from 127.0.0.1: the per-IP limiter is off unless a test turns it on.
  // So is the proof of work (pb_hooks/lib/proofOfWork.js) for the API suites, which post bodies of their
  // own; the browser tests (startSite) and tests/integration/proof-of-work.test.ts turn it on. The outbox's
  // minute job is off too: a test sends e-mails when it means to (tests/support/outbox.ts), and the job
  // could otherwise send or render one between a test's steps (a test passes `FORMWORK_OUTBOX_CRON: ''` for
  // the server's own every-minute default).
  const env = {
    ...process.env,
    FORMWORK_RATE_LIMITS: 'off',
    FORMWORK_POW: 'off',
    FORMWORK_OUTBOX_CRON: 'off',
    FORMWORK_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...options.env,
  };
  if (options.migrate !== false) {
    // `pocketbase migrate` exits 0 even when a migration fails; its output is the only signal.
    const out = execFileSync(bin, ['migrate', 'up', ...common], { env, encoding: 'utf8', stdio: 'pipe', maxBuffer: 256 * 1024 * 1024 });
    if (/^Error:/m.test(out)) throw new Error(`migrations failed: ${out}`);
  }
  execFileSync(bin, ['superuser', 'upsert', superuser.email, superuser.password, ...common], { env, stdio: 'pipe' });
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // FORMWORK_PB_LOG=1 shows PocketBase's own log (requests, hook errors, with dev mode's SQL) while debugging a test.
  const flagsEnv = process.env.FORMWORK_PB_LOG ? { ...env, FORMWORK_DEV_LOGS: '1' } : env;
  const args = ['serve', '--http', `127.0.0.1:${port}`, '--automigrate=false', '--hooksWatch=false', ...serveFlags(flagsEnv, url), ...common];
  // serve applies pending migrations itself; an empty migrations dir keeps a rolled-back state as it is.
  if (options.migrate === false) args.splice(args.indexOf('--migrationsDir') + 1, 1, mkdtempSync(join(tmpdir(), 'formwork-nomig-')));
  if (options.publicDir) args.push('--publicDir', options.publicDir);
  const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  if (process.env.FORMWORK_PB_LOG) {
    child.stdout?.pipe(process.stderr);
    child.stderr?.pipe(process.stderr);
  }
  await waitForHealth(url, child, () => output);
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    superuser,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
