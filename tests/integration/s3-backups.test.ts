/**
 * Backups in an S3 bucket (FORMWORK_BACKUP_S3_*, pb_hooks/lib/backups.js, docs/operations.md) against a
 * real S3 server (SeaweedFS): a backup PocketBase takes lands in the bucket as a zip; the operator gets it
 * from the bucket (the S3 API, not PocketBase), unpacks it into a fresh data dir and starts: every record
 * is back, and every uploaded file opens (they live in the bucket, beside the backups).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, PDF_BYTES } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startS3, type S3Server } from '../support/s3.ts';
import { superuserClient } from '../support/staff.ts';

const ENCRYPTION_KEY = 's3-backup-test-key-0123456789abc';

describe('backups in the S3 bucket, restored into a fresh data dir', () => {
  let s3: S3Server;
  let pb: PocketBaseProcess;
  let running = false;
  const dirs: string[] = [];
  const env = () => ({ ...s3.storageEnv(), ...s3.backupEnv(), FORMWORK_ENCRYPTION_KEY: ENCRYPTION_KEY, FORMWORK_BACKUP_CRON: '', FORMWORK_BACKUP_KEEP: '' });

  beforeAll(async () => {
    s3 = await startS3();
    pb = await startPocketBase({ env: env() });
    running = true;
  }, 180_000);
  afterAll(async () => {
    if (running) await pb.stop();
    await s3?.stop();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('takes a backup into the bucket and restores records and files from it', async () => {
    const admin = await superuserClient(pb);
    expect((await admin.settings.getAll()).backups.s3).toMatchObject({ enabled: true, bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true });
    const ids: string[] = [];
    for (const subject of ['First', 'Second', 'Third']) {
      const body = formData({ name: 'Dilnoza Y', email: 'dilnoza@example.com', topic: 'documents', subject, message: 'Attached.', variant: 'full', locale: 'en' }, {
        attachment: new File([PDF_BYTES], `${subject.toLowerCase()}.pdf`, { type: 'application/pdf' }),
      });
      const res = await fetch(`${pb.url}${submitUrl('tickets')}`, { method: 'POST', body });
      expect(res.status, await res.clone().text()).toBe(200);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const before = await admin.collection('tickets').getFullList({ sort: 'created,id' });

    await admin.backups.create('offsite.zip');
    // In the bucket, beside the uploads; nothing in pb_data/backups.
    const zipObject = (await s3.list('offsite')).find((o) => o.key === 'offsite.zip');
    expect(zipObject?.size).toBeGreaterThan(0);
    expect(existsSync(join(pb.dataDir, 'backups', 'offsite.zip'))).toBe(false);
    expect((await admin.backups.getFullList()).map((b) => b.key)).toContain('offsite.zip');

    // Written after the backup: not in it.
    const late = await fetch(`${pb.url}${submitUrl('tickets')}`, {
      method: 'POST',
      body: formData({ name: 'Late', email: 'late@example.com', topic: 'documents', subject: 'Too late', message: 'After the backup.', variant: 'full', locale: 'en' }),
    });
    expect(late.status).toBe(200);
    await pb.stop();
    running = false;

    // The machine is gone: the zip comes from the bucket, into a new, empty data dir.
    const work = mkdtempSync(join(tmpdir(), 'formwork-s3-restore-'));
    dirs.push(work);
    const zipPath = join(work, 'offsite.zip');
    writeFileSync(zipPath, (await s3.get('offsite.zip'))!);
    const restoreDir = join(work, 'pb_data');
    execFileSync('unzip', ['-q', zipPath, '-d', restoreDir]);
    expect(existsSync(join(restoreDir, 'data.db'))).toBe(true);
    expect(existsSync(join(restoreDir, 'storage'))).toBe(false); // the files stayed in the bucket

    const restored = await startPocketBase({ dataDir: restoreDir, env: env() });
    try {
      const client = await superuserClient(restored);
      expect(await client.collection('tickets').getFullList({ sort: 'created,id' })).toEqual(before);
      expect((await client.collection('tickets').getList(1, 1, { filter: 'subject = "Too late"' })).totalItems).toBe(0);
      const token = await client.files.getToken();
      for (const record of before) {
        const res = await fetch(`${restored.url}/api/files/tickets/${record.id}/${record.attachment}?token=${token}`);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF_BYTES);
      }
      expect(before.map((r) => r.id).sort()).toEqual([...ids].sort());
    } finally {
      await restored.stop();
    }
  });
});
