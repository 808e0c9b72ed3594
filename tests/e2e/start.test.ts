/**
 * The README's first command: `npm start` serves the site and the API on its embedded defaults,
 * with the migrations applied and the demo staff account seeded and printed; its dev key lives beside
 * the data dir, never in a backup; and on a public address it refuses its default credentials.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, PB_BIN, ROOT } from '../support/pocketbase.ts';
import { flushOutbox } from '../support/outbox.ts';
import { solvedProof } from '../support/proofOfWork.ts';
import { devKeyPath, legacyDevKeyPath } from '../../scripts/start-policy.mjs';
import { submitUrl } from '../../src/engine/submit.ts';

/** PocketBase's $security.decrypt: AES-256-GCM, the nonce before the sealed bytes, base64. */
function openSealed(sealed: string, key: string): string {
  const raw = Buffer.from(sealed.replace(/^enc:v1:/, ''), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}

/** Every file under `dir`, as text, by path. */
function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile()) out.set(name, readFileSync(path).toString('latin1'));
  }
  return out;
}

describe('npm start', () => {
  let child: ChildProcess;
  let output = '';
  let url = '';
  let mailUi = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-start-'));
  // A key an earlier version kept inside the data dir: the start moves it out.
  const legacyKey = 'legacy-dev-key-0123456789abcdefg';

  beforeAll(async () => {
    const [port, smtpPort, uiPort] = [await freePort(), await freePort(), await freePort()];
    url = `http://127.0.0.1:${port}`;
    mailUi = `http://127.0.0.1:${uiPort}`;
    writeFileSync(legacyDevKeyPath(dataDir), legacyKey, { mode: 0o600 });
    const { FORMWORK_SMTP_HOST: _real, FORMWORK_ENCRYPTION_KEY: _key, ...env } = process.env; // the dev defaults: Mailpit, the dev key
    child = spawn('node', ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...env, FORMWORK_HTTP: `127.0.0.1:${port}`, FORMWORK_DATA_DIR: dataDir, FORMWORK_MAILPIT_SMTP: `127.0.0.1:${smtpPort}`, FORMWORK_MAILPIT_UI: `127.0.0.1:${uiPort}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 120_000;
    while (!output.includes('staff sign-in:') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
  });
  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(devKeyPath(dataDir), { force: true });
  });

  it('prints where the site is and the demo staff account', () => {
    expect(output).toContain(`Formwork is running on ${url}`);
    expect(output).toMatch(/staff sign-in: .*\(staff@formwork\.local \/ formwork-staff\)/);
  });

  it('serves the applicant form page, prerendered, and the API from one origin', async () => {
    const page = await fetch(`${url}/creditrepair`);
    expect(page.status).toBe(200);
    // Built (or rebuilt: start.mjs compares the build's stamp with the sources) with the prerendered pages.
    expect(await page.text()).toContain('<div id="root" data-prerendered="en /creditrepair">');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('runs Mailpit as the mail sink: a contact message is acknowledged there', async () => {
    expect(output).toContain(`mail (Mailpit):   ${mailUi}`);
    const res = await fetch(`${url}${submitUrl('aloqacorpcontacts')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fname: 'Dilnoza',
        lname: 'Yusupova',
        email: 'dilnoza@example.com',
        message: 'Hello',
        variant: 'full',
        locale: 'en',
        proof: await solvedProof(url, 'aloqacorpcontacts'),
      }),
    });
    expect(res.status).toBe(200);
    const admin = new PocketBase(url);
    await admin.collection('_superusers').authWithPassword('admin@formwork.local', 'formwork-admin');
    // The acknowledgement and the staff notice: sent now, unless the server's own every-minute job has
    // just sent them (npm start runs it, as served).
    await flushOutbox(admin);
    type Inbox = { messages: { Subject: string; To: { Address: string }[] }[] };
    const inboxNow = async () => (await (await fetch(`${mailUi}/api/v1/messages`)).json()) as Inbox;
    await expect.poll(async () => (await inboxNow()).messages.length, { timeout: 10_000 }).toBe(2);
    const inbox = await inboxNow();
    expect(inbox.messages.map((m) => [m.To[0]?.Address, m.Subject]).sort()).toEqual([
      ['dilnoza@example.com', 'Thank you for writing to Aloqa Corp'],
      ['staff@formwork.local', 'New submission: Leave us a message from Dilnoza Yusupova'],
    ]);
  });

  it('lets the seeded demo staff account sign in', async () => {
    const pb = new PocketBase(url);
    const auth = await pb.collection('staff').authWithPassword('staff@formwork.local', 'formwork-staff');
    expect(auth.record.role).toBe('admin');
  });

  it('29.1: keeps its dev key beside the data dir, owner-only, and no backup holds it or opens a sealed SSN', async () => {
    const keyFile = devKeyPath(dataDir);
    expect(existsSync(legacyDevKeyPath(dataDir))).toBe(false);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(legacyKey); // moved out, not replaced
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const res = await fetch(`${url}${submitUrl('ssn')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sealed Backup', email: 'sealed@example.com', ssn: '123450029', variant: 'full', locale: 'en', proof: await solvedProof(url, 'ssn') }),
    });
    expect(res.status).toBe(200);

    const admin = new PocketBase(url);
    await admin.collection('_superusers').authWithPassword('admin@formwork.local', 'formwork-admin');
    await admin.backups.create('probe-29-1.zip');
    const zip = Buffer.from(await (await fetch(admin.backups.getDownloadURL(await admin.files.getToken(), 'probe-29-1.zip'))).arrayBuffer());
    const unpacked = mkdtempSync(join(tmpdir(), 'formwork-backup-'));
    try {
      writeFileSync(join(unpacked, 'backup.zip'), zip);
      mkdirSync(join(unpacked, 'data'));
      execFileSync('unzip', ['-q', join(unpacked, 'backup.zip'), '-d', join(unpacked, 'data')]);
      const files = filesUnder(join(unpacked, 'data'));
      const sealed = [...files.values()].join('').match(/enc:v1:[A-Za-z0-9+/=]+/g) ?? [];
      expect(sealed.length).toBeGreaterThan(0);
      // Only the key kept outside opens them, and no file of the backup holds it.
      expect(sealed.map((v) => openSealed(v, legacyKey))).toContain('123450029');
      for (const [name, text] of files) expect(text.includes(legacyKey), name).toBe(false);
      expect([...files.keys()].filter((name) => /encryption-key/.test(name))).toEqual([]);
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });
});

describe('29.6 npm start on a public address', () => {
  it('refuses to start with the default credentials, naming the variables, before it serves anything', async () => {
    const port = await freePort();
    const { FORMWORK_ADMIN_EMAIL: _e, FORMWORK_ADMIN_PASSWORD: _p, ...env } = process.env;
    const run = spawnSync('node', ['scripts/start.mjs'], { cwd: ROOT, env: { ...env, FORMWORK_HTTP: `0.0.0.0:${port}` }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('FORMWORK_ADMIN_EMAIL');
    expect(run.stderr).toContain('FORMWORK_ADMIN_PASSWORD');
    expect(run.stdout + run.stderr).not.toContain('formwork-admin');
    expect(await fetch(`http://127.0.0.1:${port}/api/health`).then(() => true, () => false)).toBe(false);
  });

  it('refuses a data dir first served on loopback while its dev accounts keep their printed passwords', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formwork-start-public-'));
    try {
      const common = ['--dir', dir, '--migrationsDir', join(ROOT, 'pb_migrations'), '--hooksDir', join(ROOT, 'pb_hooks')];
      execFileSync(PB_BIN, ['migrate', 'up', ...common], { stdio: 'ignore' });
      execFileSync(PB_BIN, ['superuser', 'upsert', 'admin@formwork.local', 'formwork-admin', ...common], { stdio: 'ignore' });
      const port = await freePort();
      const env = {
        ...process.env,
        FORMWORK_HTTP: `0.0.0.0:${port}`,
        FORMWORK_DATA_DIR: dir,
        FORMWORK_ADMIN_EMAIL: 'owner@example.com',
        FORMWORK_ADMIN_PASSWORD: 'a-long-passphrase-29-6',
        FORMWORK_ENCRYPTION_KEY: 'test-only-key-0123456789abcdefgh',
      };
      const run = spawnSync('node', ['scripts/start.mjs'], { cwd: ROOT, env, encoding: 'utf8', timeout: 300_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('admin@formwork.local (PocketBase superuser)');
      expect(run.stderr).not.toContain('formwork-admin');
      expect(await fetch(`http://127.0.0.1:${port}/api/health`).then(() => true, () => false)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
