/**
 * Credit repair against a real PocketBase with the generated migrations and our hooks:
 * the server enforces the form's rules (spec §4, §5), anonymous visitors can only create,
 * and a staff delete moves the application with its files to the trash (spec §3 'helpuztrash').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { formData, pngFile, PDF_BYTES, PNG_BYTES, signed, validCreditRepair } from '../support/fixtures.ts';
import { staffClient, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const COLLECTION = 'creditrepairnew';

describe('credit repair submissions on the server', () => {
  let pb: PocketBaseProcess;
  let staff: PocketBase;
  const submit = (fields: Record<string, string>, files: Record<string, File> = {}) =>
    fetch(`${pb.url}${submitUrl(COLLECTION)}`, { method: 'POST', body: formData(fields, files) });
  const count = async () => (await (await superuserClient(pb)).collection(COLLECTION).getList(1, 1)).totalItems;
  const full = { ...validCreditRepair, ...signed('uz'), variant: 'full', locale: 'uz' };

  beforeAll(async () => {
    pb = await startPocketBase();
    staff = await staffClient(pb, 'admin');
  });
  afterAll(async () => pb?.stop());

  it('stores a valid application with its ID image and sets the monthly amount itself', async () => {
    const res = await submit(full, { stateId: pngFile(), bankStatements: new File([PDF_BYTES], 'statement.pdf', { type: 'application/pdf' }) });
    expect(res.status).toBe(200);
    const list = await staff.collection(COLLECTION).getList(1, 10, { sort: '-created' });
    const stored = list.items[0];
    expect(stored).toMatchObject({ firstName: 'Aziza', state: 'CA', ssn: '•••••6789', terms: true, amount: '119.95', variant: 'full', locale: 'uz' });
    expect(stored?.stateId).toMatch(/^id\w*\.png$/);
  });

  it('refuses a submission that filled the honeypot (only bots do), saving nothing', async () => {
    const before = await count();
    const res = await submit({ ...full, homepage: 'http://cheap-pills.example' }, { stateId: pngFile() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Submission refused.');
    expect(await count()).toBe(before);
  });

  it('refuses a submission without the ID image ("ID is missing") and saves nothing', async () => {
    const before = await count();
    const res = await submit(full);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: Record<string, { code: string }> };
    expect(body.data.stateId?.code).toBe('required');
    expect(await count()).toBe(before);
  });

  it.each([
    ['a missing last name', { lastName: '' }, 'lastName', 'required'],
    ['an SSN that is not 9 digits', { ssn: '12345' }, 'ssn', 'pattern'],
    ['an over-long first name', { firstName: 'x'.repeat(101) }, 'firstName', 'maxLength'],
    ['a state that is not a US state', { state: 'XX' }, 'state', 'enum'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'format'],
    ['unticked terms', { terms: 'false' }, 'terms', 'const'],
    ['a field the form does not have', { numberOnCard: '4242424242424242' }, 'numberOnCard', 'additionalProperties'],
    ['a client-chosen amount (server-owned)', { amount: '1' }, 'amount', 'additionalProperties'],
  ])('refuses %s with a field error and saves nothing', async (_what, change, field, code) => {
    const before = await count();
    const res = await submit({ ...full, ...change }, { stateId: pngFile() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: Record<string, { code: string; message: string }> };
    expect(body.data[field]?.code).toBe(code);
    expect(await count()).toBe(before);
  });

  it('refuses an ID upload that is not an image, judged by content', async () => {
    const before = await count();
    const fake = new File([PDF_BYTES], 'id.png', { type: 'image/png' });
    const res = await submit(full, { stateId: fake });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: Record<string, { code: string }> };
    expect(body.data.stateId?.code).toBe('validation_invalid_mime_type');
    expect(await count()).toBe(before);
  });

  it('refuses an ID image over the 10 MB limit, whatever the browser said', async () => {
    const before = await count();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const res = await submit(full, { stateId: new File([big], 'huge.png', { type: 'image/png' }) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: Record<string, { code: string }> };
    expect(body.data.stateId?.code).toBe('validation_file_size_limit');
    expect(await count()).toBe(before);
  });

  it('accepts the self-service variant with only names, e-mail, phone and terms', async () => {
    const res = await submit({ firstName: 'Ivan', lastName: 'Petrov', email: 'ivan@example.com', phone: '+1 212 555 0101', terms: 'true', ...signed('ru'), variant: 'self-service', locale: 'ru' });
    expect(res.status).toBe(200);
    const latest = (await staff.collection(COLLECTION).getList(1, 1, { sort: '-created' })).items[0];
    expect(latest).toMatchObject({ firstName: 'Ivan', variant: 'self-service', street: '', ssn: '' });
  });

  it('refuses an address in the self-service variant (the variant has no such field)', async () => {
    const res = await submit({ firstName: 'Ivan', lastName: 'Petrov', email: 'ivan@example.com', phone: '+1 212 555 0101', terms: 'true', street: 'x', variant: 'self-service', locale: 'ru' });
    expect(res.status).toBe(400);
  });

  it('lets anonymous visitors create but not list, view, update, delete or read files', async () => {
    const list = await fetch(`${pb.url}/api/collections/${COLLECTION}/records`);
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
    const record = (await staff.collection(COLLECTION).getList(1, 1, { filter: 'stateId != ""' })).items[0]!;
    expect((await fetch(`${pb.url}/api/collections/${COLLECTION}/records/${record.id}`)).status).toBe(404);
    const update = await fetch(`${pb.url}/api/collections/${COLLECTION}/records/${record.id}`, { method: 'PATCH', body: formData({ firstName: 'Mallory' }) });
    expect(update.status).toBeGreaterThanOrEqual(400);
    const del = await fetch(`${pb.url}/api/collections/${COLLECTION}/records/${record.id}`, { method: 'DELETE' });
    expect(del.status).toBeGreaterThanOrEqual(400);
    const file = await fetch(`${pb.url}/api/files/${COLLECTION}/${record.id}/${record.stateId}`);
    expect(file.status).toBe(404);
    const token = await staff.files.getToken();
    const withToken = await fetch(`${pb.url}/api/files/${COLLECTION}/${record.id}/${record.stateId}?token=${token}`);
    expect(withToken.status).toBe(200);
  });

  it('moves a deleted application with its files to the trash under topic "creditrepair"', async () => {
    const record = (await staff.collection(COLLECTION).getList(1, 1, { filter: 'stateId != ""' })).items[0]!;
    await staff.collection(COLLECTION).delete(record.id);
    await expect(staff.collection(COLLECTION).getOne(record.id)).rejects.toMatchObject({ status: 404 });
    const trashed = await staff.collection('helpuztrash').getFirstListItem(`key = "${record.id}"`);
    expect(trashed).toMatchObject({ topic: 'creditrepair', sourceCollection: COLLECTION, record: expect.objectContaining({ firstName: 'Aziza', ssn: '•••••6789' }) });
    expect(trashed.files).toContain(record.stateId);
    const token = await staff.files.getToken();
    const file = await fetch(`${pb.url}/api/files/helpuztrash/${trashed.id}/${record.stateId}?token=${token}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });
});
