/**
 * Continuous replication and disaster recovery (deploy/litestream.yml, docs/operations.md "Disaster
 * recovery"), as the release's start.sh runs it: Litestream (bin/litestream, scripts/install-litestream.sh)
 * around `pocketbase serve`, replicating data.db to a real S3 server (SeaweedFS) where the uploads are.
 *
 * Applications are acknowledged, then the machine is lost: Litestream and PocketBase killed with SIGKILL
 * (no last sync), the data dir deleted. `litestream restore` brings data.db back from the bucket and the
 * server starts again on it: every application acknowledged before the replica's sync interval had
 * passed is there with its files. A stream of applications right up to the kill measures the recovery
 * point (what the last seconds lose) and the restore measures the recovery time; both are printed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFlags } from '../../scripts/pocketbase-serve.mjs';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, PDF_BYTES } from '../support/fixtures.ts';
import { ensurePocketBase, freePort, PB_BIN, ROOT, TEST_ENCRYPTION_KEY } from '../support/pocketbase.ts';
import { startS3, type S3Server } from '../support/s3.ts';

const LITESTREAM_BIN = join(ROOT, 'bin/litestream');
const CONFIG = join(ROOT, 'deploy/litestream.yml');
const REPLICA_PATH = 'formwork/data.db';
const SUPERUSER = { email: 'root@formwork.test', password: 'test-superuser-pass' };
/** Litestream ships a change within about two seconds (its 1 s WAL monitor, then the 1 s sync-interval of
 * deploy/litestream.yml: measured 1.8 s); with room for a loaded CI machine, anything older must survive. */
const RPO_BOUND_MS = 5_000;

interface Server {
  url: string;
  child: ChildProcess;
  output(): string;
}

describe('disaster recovery from the Litestream replica', () => {
  let s3: S3Server;
  const work = mkdtempSync(join(tmpdir(), 'formwork-dr-'));
  const dataDir = join(work, 'pb_data');
  let server: Server | null = null;

  const env = () => ({
    ...process.env,
    // Litestream's S3 client fails to load any AWS config when AWS_CA_BUNDLE is set ("unable to add custom
    // RootCAs HTTPClient"); some machines set it for other tools, and the test's store is plain http anyway.
    AWS_CA_BUNDLE: undefined,
    ...s3.storageEnv(),
    FORMWORK_DATA_DIR: dataDir,
    FORMWORK_LITESTREAM_PATH: REPLICA_PATH,
    FORMWORK_RATE_LIMITS: 'off',
    FORMWORK_POW: 'off',
    FORMWORK_OUTBOX_CRON: 'off',
    FORMWORK_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
  });
  const litestream = (args: string[]) => execFileSync(LITESTREAM_BIN, [...args.slice(0, 1), '-config', CONFIG, ...args.slice(1)], { env: env(), encoding: 'utf8', stdio: 'pipe' });

  /** What start.sh does: restore onto an empty machine, then `litestream replicate -exec "pocketbase serve …"`. */
  async function start(): Promise<Server> {
    litestream(['restore', '-if-db-not-exists', '-if-replica-exists', join(dataDir, 'data.db')]);
    // --dev=false as start.sh passes it: in a checkout under the temp folder PocketBase would switch dev mode
    // on by itself and print every SQL statement of the migrations (more than a child's output buffer holds).
    const common = ['--dev=false', '--dir', dataDir, '--migrationsDir', join(ROOT, 'pb_migrations'), '--hooksDir', join(ROOT, 'pb_hooks')];
    execFileSync(PB_BIN, ['migrate', 'up', ...common], { env: env(), stdio: 'pipe' });
    execFileSync(PB_BIN, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password, ...common], { env: env(), stdio: 'pipe' });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const serve = [PB_BIN, 'serve', '--http', `127.0.0.1:${port}`, '--automigrate=false', '--hooksWatch=false', ...serveFlags(env(), url), ...common];
    // Its own process group, so the "machine loss" below kills Litestream and PocketBase together.
    const child = spawn(LITESTREAM_BIN, ['replicate', '-config', CONFIG, '-exec', serve.join(' ')], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`litestream replicate exited (${child.exitCode}):\n${output}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not come up under Litestream:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { url, child, output: () => output };
  }

  async function kill(s: Server, signal: NodeJS.Signals) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) return;
    const exited = new Promise((r) => s.child.once('exit', r));
    if (signal === 'SIGKILL') process.kill(-s.child.pid!, 'SIGKILL');
    else s.child.kill(signal); // Litestream passes it on to PocketBase and syncs a last time
    await exited;
  }

  const submit = async (url: string, subject: string) => {
    const body = formData({ name: 'Dilnoza Y', email: 'dilnoza@example.com', topic: 'documents', subject, message: 'Attached.', variant: 'full', locale: 'en' }, {
      attachment: new File([PDF_BYTES], 'statement.pdf', { type: 'application/pdf' }),
    });
    const res = await fetch(`${url}${submitUrl('tickets')}`, { method: 'POST', body });
    if (res.status !== 200) throw new Error(`submission ${subject}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  const superuserToken = async (url: string) => {
    const res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }) });
    return ((await res.json()) as { token: string }).token;
  };

  beforeAll(async () => {
    ensurePocketBase();
    execFileSync('bash', [join(ROOT, 'scripts/install-litestream.sh')], { stdio: 'inherit' });
    s3 = await startS3();
  }, 600_000);
  afterAll(async () => {
    if (server) await kill(server, 'SIGKILL');
    await s3?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('brings back every acknowledged application after the machine is lost, and says the RPO and RTO', async () => {
    server = await start();
    // The replica appears in the bucket once Litestream has taken its first snapshot.
    const acknowledged: { id: string; at: number }[] = [];
    for (let i = 0; i < 20; i++) acknowledged.push({ id: await submit(server.url, `batch ${i}`), at: Date.now() });
    // A stream right up to the loss: one application after another for three seconds, then SIGKILL.
    const streamUntil = Date.now() + 3_000;
    for (let i = 0; Date.now() < streamUntil; i++) acknowledged.push({ id: await submit(server.url, `stream ${i}`), at: Date.now() });
    await kill(server, 'SIGKILL');
    const lostAt = Date.now();
    server = null;
    expect((await s3.list(`${REPLICA_PATH}/`)).length).toBeGreaterThan(0);
    rmSync(dataDir, { recursive: true, force: true });

    // Recovery, timed: the replica restored, then the server up on it (what start.sh does on an empty machine).
    const restoreStart = Date.now();
    litestream(['restore', '-if-db-not-exists', '-if-replica-exists', join(dataDir, 'data.db')]);
    const restoreMs = Date.now() - restoreStart;
    expect(existsSync(join(dataDir, 'data.db'))).toBe(true);
    expect(execFileSync('sqlite3', [join(dataDir, 'data.db'), 'PRAGMA integrity_check'], { encoding: 'utf8' }).trim()).toBe('ok');
    server = await start();
    const rtoMs = Date.now() - restoreStart;

    const token = await superuserToken(server.url);
    const present = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await fetch(`${server.url}/api/collections/tickets/records?perPage=500&page=${page}&fields=id`, { headers: { Authorization: token } });
      const body = (await res.json()) as { items: { id: string }[]; totalPages: number };
      body.items.forEach((r) => present.add(r.id));
      if (page >= body.totalPages) break;
    }
    const missing = acknowledged.filter((a) => !present.has(a.id));
    const lostWindowMs = missing.length > 0 ? lostAt - Math.min(...missing.map((m) => m.at)) : 0;
    console.log(
      `DR: ${acknowledged.length} acknowledged, ${acknowledged.length - missing.length} restored, ${missing.length} lost ` +
        `(acknowledged within the last ${lostWindowMs} ms before the loss); restore ${restoreMs} ms, back up and serving ${rtoMs} ms after the restore began`,
    );
    // Everything acknowledged longer ago than the replica's sync interval (with slack) is there.
    expect(acknowledged.filter((a) => lostAt - a.at > RPO_BOUND_MS && !present.has(a.id))).toEqual([]);
    expect(acknowledged.slice(0, 20).every((a) => present.has(a.id))).toBe(true);

    // Their files were never on the lost disk: they open from the bucket.
    const first = (await (await fetch(`${server.url}/api/collections/tickets/records/${acknowledged[0]!.id}`, { headers: { Authorization: token } })).json()) as { attachment: string };
    const fileToken = ((await (await fetch(`${server.url}/api/files/token`, { method: 'POST', headers: { Authorization: token } })).json()) as { token: string }).token;
    const file = await fetch(`${server.url}/api/files/tickets/${acknowledged[0]!.id}/${first.attachment}?token=${fileToken}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF_BYTES);

    // The recovered server replicates again: a new application reaches the replica.
    const objectsBefore = (await s3.list(`${REPLICA_PATH}/`)).length;
    const after = await submit(server.url, 'after the recovery');
    expect(after).toBeTruthy();
    const deadline = Date.now() + 15_000;
    while ((await s3.list(`${REPLICA_PATH}/`)).length <= objectsBefore && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect((await s3.list(`${REPLICA_PATH}/`)).length).toBeGreaterThan(objectsBefore);
    await kill(server, 'SIGTERM');
    server = null;
  }, 300_000);
});
