/**
 * An upgrade (issue 36, docs/deploy.md "Upgrading"): the release of the previous commit (its `git archive`,
 * made into a release by scripts/release-bundle.mjs) serves a data dir with applications, uploaded files,
 * a sealed SSN and a staff account; it is stopped and this checkout's release is started with its own
 * start.sh on the same data dir. Every migration of the new release is applied, and every record of every
 * collection and the bytes of every uploaded file are as they were.
 *
 * The previous commit: FORMWORK_UPGRADE_FROM if set, else HEAD when the checkout has uncommitted changes
 * (they are the new release), else HEAD~1.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formData, PDF_BYTES, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { freePort, ROOT, TEST_ENCRYPTION_KEY } from '../support/pocketbase.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const ADMIN = { email: 'owner@example.com', password: 'a-long-passphrase-36' };
const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();

function previousCommit(): string {
  if (process.env.FORMWORK_UPGRADE_FROM) return git('rev-parse', process.env.FORMWORK_UPGRADE_FROM);
  return git('rev-parse', git('status', '--porcelain', '--untracked-files=no') ? 'HEAD' : 'HEAD~1');
}

interface Snapshot {
  records: Map<string, RecordModel>; // "<collection>/<id>"
  files: Map<string, string>; // "<collection>/<id>/<file>" → sha256
}

describe('upgrading from the previous commit’s release', () => {
  const work = mkdtempSync(join(tmpdir(), 'formwork-upgrade-'));
  const dataDir = join(work, 'data');
  let port = 0;
  let oldRelease = '';
  let newRelease = '';
  let server: ChildProcess | undefined;
  let log = '';
  const env = () => ({
    PATH: process.env.PATH,
    FORMWORK_DATA_DIR: dataDir,
    FORMWORK_HTTP: `127.0.0.1:${port}`,
    FORMWORK_PUBLIC_URL: 'https://apply.example.com',
    FORMWORK_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    FORMWORK_ADMIN_EMAIL: ADMIN.email,
    FORMWORK_ADMIN_PASSWORD: ADMIN.password,
    FORMWORK_TRUSTED_PROXY_HEADER: 'X-Formwork-Client-0b9e2d77',
    // The data is sent through the API, without the browser's proof of work, many from one address.
    FORMWORK_POW: 'off',
    FORMWORK_RATE_LIMITS: 'off',
    FORMWORK_OUTBOX_CRON: 'off',
  });
  const url = () => `http://127.0.0.1:${port}`;

  /** Makes the release of `root` (a tree with the app) into work/<dir>. */
  function release(root: string, commit: string, dir: string): string {
    execFileSync('node', [join(ROOT, 'scripts/release-bundle.mjs'), `--root=${root}`, `--out=${join(work, dir)}`, `--commit=${commit}`, '--no-archive'], { cwd: ROOT, stdio: 'inherit' });
    return join(work, dir, readdirSync(join(work, dir)).find((n) => n.startsWith('formwork-'))!);
  }

  async function start(releaseDir: string): Promise<void> {
    log = '';
    server = spawn(join(releaseDir, 'start.sh'), [], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (d) => (log += d));
    server.stderr?.on('data', (d) => (log += d));
    for (let i = 0; i < 300; i++) {
      if (server.exitCode !== null) throw new Error(`${releaseDir} stopped (${server.exitCode}):\n${log}`);
      if (await fetch(`${url()}/api/health`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${releaseDir} did not answer:\n${log}`);
  }

  async function stop(): Promise<void> {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }

  async function admin(): Promise<PocketBase> {
    const client = new PocketBase(url());
    client.autoCancellation(false);
    await client.collection('_superusers').authWithPassword(ADMIN.email, ADMIN.password);
    return client;
  }

  /** Every record of every collection (views aside) and a digest of every uploaded file's bytes. */
  async function snapshot(): Promise<Snapshot> {
    const client = await admin();
    const records = new Map<string, RecordModel>();
    const files = new Map<string, string>();
    const token = await client.files.getToken();
    for (const collection of await client.collections.getFullList()) {
      if (collection.type === 'view') continue;
      const fileFields = collection.fields.filter((f) => f.type === 'file').map((f) => f.name);
      for (const record of await client.collection(collection.name).getFullList({ sort: 'id' })) {
        records.set(`${collection.name}/${record.id}`, record);
        for (const field of fileFields) {
          for (const name of ([] as string[]).concat(record[field] ?? []).filter(Boolean)) {
            const res = await fetch(`${client.files.getURL(record, name)}?token=${token}`);
            expect(res.status, `${collection.name}/${record.id}/${name}`).toBe(200);
            files.set(`${collection.name}/${record.id}/${name}`, createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex'));
          }
        }
      }
    }
    return { records, files };
  }

  beforeAll(async () => {
    port = await freePort();
    const from = previousCommit();
    const tree = join(work, 'previous');
    mkdirSync(tree);
    execFileSync('bash', ['-c', `git -C "${ROOT}" archive "${from}" | tar -x -C "${tree}"`]);
    // The previous commit's site is built with this checkout's packages (one commit rarely changes them).
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    oldRelease = release(tree, from.slice(0, 12), 'old');
    newRelease = release(ROOT, 'new', 'new');
  }, 600_000);

  afterAll(async () => {
    await stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps every record and every file, and applies the new migrations', async () => {
    await start(oldRelease);
    // The previous release may predate the superuser made from the environment: made here as docs/deploy.md did then.
    execFileSync(join(oldRelease, 'bin/pocketbase'), ['superuser', 'upsert', ADMIN.email, ADMIN.password, '--dev=false', '--dir', dataDir, '--hooksDir', join(oldRelease, 'pb_hooks'), '--migrationsDir', join(oldRelease, 'pb_migrations')], { env: { ...process.env, ...env() }, stdio: 'pipe' });
    execFileSync(join(oldRelease, 'bin/pocketbase'), ['staff-create', 'clerk@example.com', 'clerk-passphrase-36', 'admin', 'Clerk', '--dev=false', '--dir', dataDir, '--hooksDir', join(oldRelease, 'pb_hooks'), '--migrationsDir', join(oldRelease, 'pb_migrations')], { env: { ...process.env, ...env() }, stdio: 'pipe' });
    const submit = async (collection: string, fields: Record<string, string>, files: Record<string, File> = {}) => {
      const res = await fetch(`${url()}${submitUrl(collection)}`, { method: 'POST', body: formData({ locale: 'en', ...fields }, files) });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await submit('aloqacorpcontacts', { fname: 'Aziza', lname: 'Karimova', email: 'aziza@example.com', message: 'Please call me after 5 pm.', variant: 'full' });
    const ticket = { name: 'Dilnoza Y', email: 'dilnoza@example.com', topic: 'documents', subject: 'My statement', message: 'Attached.', variant: 'full' };
    await submit('tickets', ticket, { attachment: new File([PDF_BYTES], 'statement.pdf', { type: 'application/pdf' }) });
    await submit('tickets', { ...ticket, subject: 'A screenshot' }, { attachment: pngFile('screen.png') });
    await submit('creditrepairnew', { ...validCreditRepair, ...signed('en'), variant: 'full' }, { stateId: pngFile('state-id.png') });
    const before = await snapshot();
    expect(before.files.size).toBeGreaterThanOrEqual(3);
    expect([...before.records.keys()].filter((k) => k.startsWith('creditrepairnew/'))).toHaveLength(1);
    const sealedBefore = execFileSync('sqlite3', [join(dataDir, 'data.db'), 'SELECT ssnSealed FROM creditrepairnew'], { encoding: 'utf8' }).trim();
    expect(sealedBefore).toMatch(/^enc:v1:/);
    await stop();

    await start(newRelease);
    const applied = new Set(execFileSync('sqlite3', [join(dataDir, 'data.db'), 'SELECT file FROM _migrations'], { encoding: 'utf8' }).trim().split('\n'));
    const shipped = readdirSync(join(newRelease, 'pb_migrations')).filter((f) => f.endsWith('.js'));
    expect(shipped.filter((f) => !applied.has(f))).toEqual([]);

    const after = await snapshot();
    for (const [key, record] of before.records) {
      const now = after.records.get(key);
      expect(now, `${key} is gone`).toBeDefined();
      // Every value it had; a migration may add fields (and stamp `updated` when it fills them).
      for (const [field, value] of Object.entries(record)) {
        if (field === 'updated') continue;
        expect(now![field], `${key} ${field}`).toEqual(value);
      }
    }
    expect(after.files).toEqual(before.files);
    expect(execFileSync('sqlite3', [join(dataDir, 'data.db'), 'SELECT ssnSealed FROM creditrepairnew'], { encoding: 'utf8' }).trim()).toBe(sealedBefore);
    // The staff account made on the previous release signs in on the new one.
    const staff = new PocketBase(url());
    await staff.collection('staff').authWithPassword('clerk@example.com', 'clerk-passphrase-36');
    expect(staff.authStore.isValid).toBe(true);
  }, 300_000);
});
