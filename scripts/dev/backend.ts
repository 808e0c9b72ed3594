/**
 * What `npm run dev` runs behind Vite: a development PocketBase on its own data dir, with the project's
 * hooks and migrations, and (unless FORMWORK_SMTP_HOST names a real mail server) Mailpit, as `npm start`
 * does. The server is restarted, with the pending migrations applied first, each time the generator
 * writes server files (scripts/dev/schemaWatch.ts): in development only. The production server picks up
 * nothing by itself (`npm run deploy`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serveFlags } from '../pocketbase-serve.mjs';
import { freePort } from './freePort.ts';
import { devKeyPath, startPolicy, type Account } from '../start-policy.mjs';

export interface BackendOptions {
  /** The project tree (its pb_hooks/ and pb_migrations/). */
  root: string;
  /** The repository, whose bin/ holds the built PocketBase and Mailpit. */
  tools: string;
  dataDir: string;
  port: number;
  /** The address the browser opens (Vite's): the CORS origin and the links in e-mails. */
  publicUrl: string;
  env?: NodeJS.ProcessEnv;
}

export interface Backend {
  url: string;
  superuser: Account;
  staff: Account;
  /** Mailpit's web UI, or null when a real mail server is configured. */
  mailUi: string | null;
  /** Stops the server, applies pending migrations, starts it again (after the generator wrote server files). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The dev data dir's SSN key: made once, kept beside the data dir (never inside it, which backups copy). */
function devEncryptionKey(dataDir: string): string {
  const file = devKeyPath(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const { root, tools, dataDir, port, publicUrl } = options;
  const baseEnv = options.env ?? process.env;
  // The dev server listens on loopback only, where `npm start`'s dev accounts are allowed.
  const { superuser, staff } = startPolicy(`127.0.0.1:${port}`, baseEnv);
  const pb = join(tools, 'bin/pocketbase');
  const url = `http://127.0.0.1:${port}`;
  const dirs = ['--dir', dataDir, '--migrationsDir', join(root, 'pb_migrations'), '--hooksDir', join(root, 'pb_hooks')];
  execFileSync('bash', [join(tools, 'scripts/install-pocketbase.sh')], { stdio: 'inherit' });

  const useMailpit = !baseEnv.FORMWORK_SMTP_HOST;
  let mailpit: ChildProcess | null = null;
  let mailUi: string | null = null;
  let mailEnv: NodeJS.ProcessEnv = {};
  if (useMailpit) {
    execFileSync('bash', [join(tools, 'scripts/install-mailpit.sh')], { stdio: 'inherit' });
    const smtp = baseEnv.FORMWORK_MAILPIT_SMTP ?? `127.0.0.1:${await freePort()}`;
    const ui = baseEnv.FORMWORK_MAILPIT_UI ?? `127.0.0.1:${await freePort()}`;
    mkdirSync(dataDir, { recursive: true });
    mailpit = spawn(join(tools, 'bin/mailpit'), ['--smtp', smtp, '--listen', ui, '--database', join(dataDir, 'mailpit.db'), '--disable-version-check', '--smtp-auth-accept-any', '--smtp-auth-allow-insecure', '--quiet'], { stdio: 'inherit' });
    mailUi = `http://${ui}`;
    mailEnv = { FORMWORK_SMTP_HOST: smtp.split(':')[0], FORMWORK_SMTP_PORT: smtp.split(':')[1] };
  }
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    FORMWORK_ENCRYPTION_KEY: baseEnv.FORMWORK_ENCRYPTION_KEY ?? devEncryptionKey(dataDir),
    ...mailEnv,
    FORMWORK_PUBLIC_URL: baseEnv.FORMWORK_PUBLIC_URL ?? publicUrl,
    FORMWORK_MAIL_STAFF: baseEnv.FORMWORK_MAIL_STAFF ?? staff.email,
  };

  const migrate = () => {
    // `pocketbase migrate` exits 0 even when a migration fails; its output is the only signal.
    const out = execFileSync(pb, ['migrate', 'up', ...dirs], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
    if (out.trim() && !/^No new migrations/m.test(out)) process.stdout.write(out);
    if (/^Error:/m.test(out)) throw new Error(`a migration failed on the dev server (${dataDir}):\n${out}`);
  };

  let server: ChildProcess | null = null;
  const serve = async () => {
    // No hooks watcher: the restart after a regenerate is ours, once the generator has written everything.
    server = spawn(pb, ['serve', '--http', `127.0.0.1:${port}`, '--automigrate=false', '--hooksWatch=false', ...serveFlags(env, publicUrl), ...dirs], { stdio: ['ignore', 'inherit', 'inherit'], env });
    const started = server;
    for (let i = 0; i < 300; i++) {
      if (started.exitCode !== null) throw new Error(`the dev PocketBase stopped (exit ${started.exitCode})`);
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the dev PocketBase did not answer on ${url}`);
  };

  try {
    migrate();
    execFileSync(pb, ['superuser', 'upsert', superuser.email, superuser.password, ...dirs], { env, stdio: 'ignore' });
    // The demo staff account, as `npm start` seeds it (pb_hooks/staff.pb.js: created, or its password reset).
    execFileSync(pb, ['staff-create', staff.email, staff.password, 'admin', 'Demo staff', ...dirs], { env, stdio: 'ignore' });
    await serve();
  } catch (err) {
    await Promise.all([stopChild(server), stopChild(mailpit)]);
    throw err;
  }

  let restarting = Promise.resolve();
  return {
    url,
    superuser,
    staff,
    mailUi,
    restart() {
      restarting = restarting.then(async () => {
        await stopChild(server);
        migrate();
        await serve();
      });
      return restarting;
    },
    async stop() {
      await Promise.all([stopChild(server), stopChild(mailpit)]);
    },
  };
}
