/**
 * Uploaded files on S3-compatible storage (pb_hooks/lib/storage.js, docs/operations.md "Files on S3"):
 * PocketBase's own S3 storage, set from FORMWORK_S3_* at start, against a real S3 server (SeaweedFS,
 * tests/support/s3.ts). Every check looks into the bucket through the S3 API: an application's files
 * are objects there (none on the local disk), staff open them with file tokens, a delete to the trash
 * and a restore move the objects and bring the same bytes back, and retention removes them for good.
 * An incomplete S3 setting refuses the start with the variable's name.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, PDF_BYTES, pngFile, PNG_BYTES } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startS3, type S3Server } from '../support/s3.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

const TICKETS = 'tickets';
const DAY = 86_400_000;

describe('uploaded files on S3 (SeaweedFS)', () => {
  let s3: S3Server;
  let pb: PocketBaseProcess;
  let root: PocketBase;
  let admin: PocketBase;
  let viewer: PocketBase;
  const dataDir = mkdtempSync(join(tmpdir(), 'formwork-s3-files-'));
  const env = () => ({ ...s3.storageEnv(), FORMWORK_RETENTION_CRON: 'off' });
  const ticket = { name: 'Dilnoza Y', email: 'dilnoza@example.com', topic: 'documents', subject: 'My statement', message: 'Attached.', variant: 'full', locale: 'en' };
  const submit = async (files: Record<string, File>) => {
    const res = await fetch(`${pb.url}${submitUrl(TICKETS)}`, { method: 'POST', body: formData(ticket, files) });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  /** The keys in the bucket under a record's folder (PocketBase's `<collection id>/<record id>/<file>`). */
  const objectsOf = async (collectionId: string, recordId: string) => (await s3.list(`${collectionId}/${recordId}/`)).map((o) => o.key);
  const open = async (client: PocketBase, collection: string, id: string, name: string) => {
    const res = await fetch(`${pb.url}/api/files/${collection}/${id}/${name}?token=${await client.files.getToken()}`);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    s3 = await startS3();
    pb = await startPocketBase({ dataDir, env: env() });
    root = await superuserClient(pb);
    admin = await staffClient(pb, 'admin');
    viewer = await staffClient(pb, 'viewer');
  }, 180_000);
  afterAll(async () => {
    await pb?.stop();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies FORMWORK_S3_* to PocketBase\'s file storage at start', async () => {
    const settings = await root.settings.getAll();
    expect(settings.s3).toMatchObject({ enabled: true, bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, accessKey: s3.accessKey, forcePathStyle: true });
    expect(pb.output()).not.toContain(s3.secret);
  });

  let pdfTicket = '';
  let pngTicket = '';
  let collectionId = '';

  it('stores an application\'s files in the bucket, not on the disk, and staff open them with file tokens', async () => {
    pdfTicket = await submit({ attachment: new File([PDF_BYTES], 'statement.pdf', { type: 'application/pdf' }) });
    pngTicket = await submit({ attachment: pngFile('screen.png') });
    const pdf = await root.collection(TICKETS).getOne(pdfTicket);
    collectionId = pdf.collectionId;
    const png = await root.collection(TICKETS).getOne(pngTicket);

    expect(await objectsOf(collectionId, pdfTicket)).toEqual([`${collectionId}/${pdfTicket}/${pdf.attachment}`]);
    expect(await s3.get(`${collectionId}/${pdfTicket}/${pdf.attachment}`)).toEqual(PDF_BYTES);
    expect(await s3.get(`${collectionId}/${pngTicket}/${png.attachment}`)).toEqual(PNG_BYTES);
    expect(existsSync(join(dataDir, 'storage', collectionId))).toBe(false);

    // Staff read them through PocketBase, which fetches them from the bucket.
    expect(await open(viewer, TICKETS, pdfTicket, pdf.attachment)).toEqual({ status: 200, bytes: PDF_BYTES });
    expect(await open(admin, TICKETS, pngTicket, png.attachment)).toEqual({ status: 200, bytes: PNG_BYTES });
    // Without a token the file is not served (the collection's files are protected).
    const anonymous = await fetch(`${pb.url}/api/files/${TICKETS}/${pdfTicket}/${pdf.attachment}`);
    expect(anonymous.status).not.toBe(200);
  });

  it('moves the objects into the trash entry on a delete and back on a restore, same bytes', async () => {
    const before = await root.collection(TICKETS).getOne(pdfTicket);
    await admin.collection(TICKETS).delete(pdfTicket);
    const entry = await root.collection(registry.trashCollection).getFirstListItem(`key = "${pdfTicket}"`);
    expect(entry.files).toHaveLength(1);
    expect(await objectsOf(collectionId, pdfTicket)).toEqual([]);
    expect(await objectsOf(entry.collectionId, entry.id)).toEqual([`${entry.collectionId}/${entry.id}/${entry.files[0]}`]);
    expect(await s3.get(`${entry.collectionId}/${entry.id}/${entry.files[0]}`)).toEqual(PDF_BYTES);

    const res = await fetch(`${pb.url}/api/formwork/trash/${entry.id}/restore`, { method: 'POST', headers: { Authorization: admin.authStore.token } });
    expect(res.status, await res.clone().text()).toBe(200);
    const restored = await root.collection(TICKETS).getOne(pdfTicket);
    expect(restored.attachment).toBe(before.attachment);
    expect(await objectsOf(collectionId, pdfTicket)).toEqual([`${collectionId}/${pdfTicket}/${before.attachment}`]);
    expect(await objectsOf(entry.collectionId, entry.id)).toEqual([]);
    expect(await open(viewer, TICKETS, pdfTicket, restored.attachment)).toEqual({ status: 200, bytes: PDF_BYTES });
  });

  it('retention deletes an application past every period with its objects', async () => {
    const png = await root.collection(TICKETS).getOne(pngTicket);
    expect(await objectsOf(collectionId, pngTicket)).toHaveLength(1);
    // Time passes: `created` is written with sqlite3 while the server is stopped (the API never sets it).
    await pb.stop();
    const old = new Date(Date.now() - 200 * DAY).toISOString().replace('T', ' ');
    execFileSync('sqlite3', [join(dataDir, 'data.db'), `UPDATE ${TICKETS} SET created = '${old}' WHERE id = '${pngTicket}'`]);
    execFileSync('sqlite3', [join(dataDir, 'data.db'), `UPDATE ${registry.outboxCollection} SET created = '${old}' WHERE record = '${pngTicket}'`]);
    pb = await startPocketBase({ dataDir, port: Number(new URL(pb.url).port), env: env() });
    root = await superuserClient(pb);
    admin.authStore.clear();
    admin = await staffClient(pb, 'admin');

    const res = await fetch(`${pb.url}/api/formwork/retention/run`, { method: 'POST', headers: { Authorization: admin.authStore.token } });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as { totals: { deleted: number; files: number } };
    expect(result.totals).toMatchObject({ deleted: 1, files: 1 });
    await expect(root.collection(TICKETS).getOne(pngTicket)).rejects.toMatchObject({ status: 404 });
    expect(await objectsOf(collectionId, pngTicket)).toEqual([]);
    expect(await s3.get(`${collectionId}/${pngTicket}/${png.attachment}`)).toBeNull();
    // The fresh one stays, bytes and all.
    expect(await objectsOf(collectionId, pdfTicket)).toHaveLength(1);
  });

  it('refuses to start with a bucket but no secret, naming the variable', async () => {
    const { FORMWORK_S3_SECRET: _secret, ...withoutSecret } = s3.storageEnv();
    await expect(startPocketBase({ env: { ...withoutSecret, FORMWORK_S3_SECRET: '' } })).rejects.toThrow(/FORMWORK_S3_SECRET must be set/);
  });

  it('refuses to turn S3 on over files uploaded to the local disk', async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'formwork-s3-local-'));
    try {
      const local = await startPocketBase({ dataDir: localDir, env: { FORMWORK_S3_BUCKET: '' } });
      const res = await fetch(`${local.url}${submitUrl(TICKETS)}`, { method: 'POST', body: formData(ticket, { attachment: pngFile('local.png') }) });
      expect(res.status).toBe(200);
      await local.stop();
      await expect(startPocketBase({ dataDir: localDir, env: s3.storageEnv() })).rejects.toThrow(/still holds uploaded files/);
    } finally {
      rmSync(localDir, { recursive: true, force: true });
    }
  });
});
