/**
 * Backups (issue 8): PocketBase's scheduled backups are set from the environment at start
 * (pb_hooks/lib/backups.js), and the restore procedure of docs/operations.md works: a backup taken
 * through the superuser API, unzipped into an empty data dir and served, brings back every record and
 * the bytes of every uploaded file, and nothing written after the backup.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { formData, PDF_BYTES, pngFile, PNG_BYTES } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

/** The SSN key must be the same before and after a restore (docs/operations.md); 32 characters. */
const ENCRYPTION_KEY = 'backup-test-key-0123456789abcdef';
/** Empty values mean "unset" to the hooks' env(): the defaults, whatever the developer's shell says. */
const NO_BACKUP_ENV = {
  FORMWORK_BACKUP_CRON: '',
  FORMWORK_BACKUP_KEEP: '',
  FORMWORK_BACKUP_S3_BUCKET: '',
  FORMWORK_ENCRYPTION_KEY: ENCRYPTION_KEY,
};

async function backupSettings(pb: PocketBaseProcess) {
  const settings = await (await superuserClient(pb)).settings.getAll();
  return settings.backups as { cron: string; cronMaxKeep: number; s3: Record<string, unknown> };
}

describe('scheduled backups from the environment', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('applies FORMWORK_BACKUP_CRON, FORMWORK_BACKUP_KEEP and S3 at start, and "off" turns the schedule off', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-backup-env-'));
    dirs.push(dataDir);
    const s3 = {
      FORMWORK_BACKUP_S3_BUCKET: 'formwork-backups',
      FORMWORK_BACKUP_S3_REGION: 'eu-central-1',
      FORMWORK_BACKUP_S3_ENDPOINT: 'https://s3.example.test',
      FORMWORK_BACKUP_S3_ACCESS_KEY: 'test-access-key',
      FORMWORK_BACKUP_S3_SECRET: 'test-secret',
      FORMWORK_BACKUP_S3_FORCE_PATH_STYLE: 'true',
    };
    let pb = await startPocketBase({ dataDir, env: { ...NO_BACKUP_ENV, FORMWORK_BACKUP_CRON: '30 2 * * *', FORMWORK_BACKUP_KEEP: '3', ...s3 } });
    try {
      const backups = await backupSettings(pb);
      expect(backups).toMatchObject({ cron: '30 2 * * *', cronMaxKeep: 3 });
      expect(backups.s3).toMatchObject({ enabled: true, bucket: 'formwork-backups', region: 'eu-central-1', endpoint: 'https://s3.example.test', accessKey: 'test-access-key', forcePathStyle: true });
      expect(backups.s3.secret ?? '').toBe(''); // PocketBase never sends it back
    } finally {
      await pb.stop();
    }

    // The same data dir started again: the environment, not what was stored, decides.
    pb = await startPocketBase({ dataDir, env: { ...NO_BACKUP_ENV, FORMWORK_BACKUP_CRON: 'off', FORMWORK_BACKUP_KEEP: '5' } });
    try {
      const backups = await backupSettings(pb);
      expect(backups).toMatchObject({ cron: '', cronMaxKeep: 5 });
      expect(backups.s3).toMatchObject({ enabled: false });
    } finally {
      await pb.stop();
    }
  });
});

describe('a backup restored into a fresh data dir', () => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  let running = false;
  const restoreDir = mkdtempSync(join(tmpdir(), 'formwork-restore-'));
  const zipPath = join(mkdtempSync(join(tmpdir(), 'formwork-backup-zip-')), 'before-restore.zip');
  const submit = async (collection: string, fields: Record<string, string>, files: Record<string, File> = {}) => {
    const res = await fetch(`${pb.url}${submitUrl(collection)}`, { method: 'POST', body: formData({ ...fields, locale: 'en' }, files) });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  beforeAll(async () => {
    pb = await startPocketBase({ env: NO_BACKUP_ENV });
    running = true;
    admin = await superuserClient(pb);
  });
  afterAll(async () => {
    if (running) await pb.stop();
    rmSync(restoreDir, { recursive: true, force: true });
    rmSync(join(zipPath, '..'), { recursive: true, force: true });
  });

  it('backs up daily at 03:00 into pb_data/backups, keeping 7, when the environment says nothing', async () => {
    expect(await backupSettings(pb)).toMatchObject({ cron: '0 3 * * *', cronMaxKeep: 7, s3: { enabled: false } });
  });

  it('brings back every record and uploaded file, and nothing written after the backup', async () => {
    // Applications through the public API, one with an uploaded document.
    await submit('aloqacorpcontacts', { fname: 'Aziza', lname: 'Karimova', email: 'aziza@example.com', message: 'Please call me after 5 pm.', variant: 'full' });
    await submit('aloqacorpcontacts', { fname: 'Ivan', lname: 'Petrov', email: 'ivan@example.com', message: 'Привет', variant: 'full' });
    const ticket = { name: 'Dilnoza Y', email: 'dilnoza@example.com', topic: 'documents', subject: 'My statement', message: 'Attached.', variant: 'full' };
    await submit('tickets', ticket, { attachment: new File([PDF_BYTES], 'statement.pdf', { type: 'application/pdf' }) });
    await submit('tickets', { ...ticket, subject: 'A screenshot' }, { attachment: pngFile('screen.png') });
    await submit('tickets', { ...ticket, subject: 'No file this time' });

    const snapshot = async (client: PocketBase) => ({
      aloqacorpcontacts: await client.collection('aloqacorpcontacts').getFullList({ sort: 'created,id' }),
      tickets: await client.collection('tickets').getFullList({ sort: 'created,id' }),
    });
    const before = await snapshot(admin);
    expect(before.aloqacorpcontacts).toHaveLength(2);
    expect(before.tickets).toHaveLength(3);
    const withFiles = before.tickets.filter((t) => t.attachment);
    expect(withFiles).toHaveLength(2);
    const bytesOf = async (client: PocketBase, url: string, record: RecordModel) => {
      const res = await fetch(`${url}/api/files/tickets/${record.id}/${record.attachment}?token=${await client.files.getToken()}`);
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const original = await Promise.all(withFiles.map((t) => bytesOf(admin, pb.url, t)));
    expect(original).toEqual([PDF_BYTES, PNG_BYTES]);

    // A backup by hand (as the dashboard's "Initialize new backup" does), then downloaded with a
    // superuser file token, the way an operator copies it off the server.
    await admin.backups.create('before-restore.zip');
    expect((await admin.backups.getFullList()).map((b) => b.key)).toContain('before-restore.zip');
    const download = await fetch(admin.backups.getDownloadURL(await admin.files.getToken(), 'before-restore.zip'));
    expect(download.status).toBe(200);
    writeFileSync(zipPath, Buffer.from(await download.arrayBuffer()));

    // Written after the backup: must not come back.
    await submit('aloqacorpcontacts', { fname: 'After', lname: 'Backup', email: 'after@example.com', message: 'Too late.', variant: 'full' });
    await pb.stop();
    running = false;

    // The documented restore: PocketBase stopped, the zip unpacked into an empty data dir, served.
    execFileSync('unzip', ['-q', zipPath, '-d', restoreDir]);
    expect(existsSync(join(restoreDir, 'data.db'))).toBe(true);
    expect(existsSync(join(restoreDir, 'backups'))).toBe(false); // backups are never inside a backup
    const restored = await startPocketBase({ dataDir: restoreDir, env: NO_BACKUP_ENV });
    try {
      const restoredAdmin = await superuserClient(restored);
      expect(await snapshot(restoredAdmin)).toEqual(before);
      const restoredFiles = await Promise.all(withFiles.map((t) => bytesOf(restoredAdmin, restored.url, t)));
      expect(restoredFiles).toEqual(original);
      expect((await restoredAdmin.collection('aloqacorpcontacts').getList(1, 1, { filter: 'fname = "After"' })).totalItems).toBe(0);
      // The restored server takes new applications as before.
      const res = await fetch(`${restored.url}${submitUrl('aloqacorpcontacts')}`, {
        method: 'POST',
        body: formData({ fname: 'New', lname: 'Day', email: 'new-day@example.com', message: 'Hello again.', variant: 'full', locale: 'en' }),
      });
      expect(res.status).toBe(200);
    } finally {
      await restored.stop();
    }
  });
});
