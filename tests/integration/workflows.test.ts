/**
 * Issue 33: each service's own statuses on a real PocketBase with the generated migrations and our hooks.
 * A ticket starts open and moves open → pending → solved (and back to open); a contact message new ↔
 * answered; an application keeps the site's workflow, where a move it does not list is refused with
 * `transition` and one that starts the service within the applicant's right to cancel with
 * `cancellation_period`. Every change is in the history and the audit log; the dashboard counts a
 * service's first status as new; a purged application's notes go with it.
 */
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

const TICKET = { name: 'Dilnoza Y', email: 'dilnoza@example.com', topic: 'documents', subject: 'My statement', message: 'Where is it?', variant: 'full' };
const CONTACT = { fname: 'Aziza', lname: 'Karimova', email: 'aziza@example.com', message: 'Please call me after 5 pm.', variant: 'full' };

describe('per-service workflows', () => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  let viewer: PocketBase;
  let root: PocketBase;

  const submit = async (collection: string, fields: Record<string, string>, files: Record<string, File> = {}) => {
    const res = await fetch(`${pb.url}${submitUrl(collection)}`, { method: 'POST', body: formData({ locale: 'en', ...fields }, files) });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  /** POST /api/formwork/status as `client`: the status code and the refusal's code, if any. */
  const move = async (client: PocketBase, collection: string, id: string, status: string) => {
    const res = await fetch(`${pb.url}/api/formwork/status/${collection}/${id}`, {
      method: 'POST',
      headers: { Authorization: client.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status, note: `to ${status}` }),
    });
    const body = (await res.json()) as { data?: { status?: { code?: string } } };
    return { status: res.status, code: body.data?.status?.code };
  };
  const statusOf = async (collection: string, id: string) => (await viewer.collection(collection).getOne(id)).status;

  beforeAll(async () => {
    pb = await startPocketBase();
    admin = await staffClient(pb, 'admin');
    viewer = await staffClient(pb, 'viewer');
    root = await superuserClient(pb);
  });
  afterAll(async () => pb?.stop());

  it('moves a ticket through open → pending → solved → open, and refuses what its workflow does not have', async () => {
    const id = await submit('tickets', TICKET);
    expect(await statusOf('tickets', id)).toBe('open');
    // The application statuses are not a ticket's.
    expect(await move(admin, 'tickets', id, 'approved')).toEqual({ status: 400, code: 'enum' });
    expect(await move(admin, 'tickets', id, 'open')).toEqual({ status: 400, code: 'transition' });
    expect(await move(viewer, 'tickets', id, 'pending')).toMatchObject({ status: 403 });
    for (const to of ['pending', 'solved', 'open', 'solved']) expect(await move(admin, 'tickets', id, to)).toEqual({ status: 200, code: undefined });
    // solved → pending is not a move of the ticket workflow.
    expect(await move(admin, 'tickets', id, 'pending')).toEqual({ status: 400, code: 'transition' });
    expect(await statusOf('tickets', id)).toBe('solved');
    const history = await viewer.collection(registry.historyCollection).getFullList({ filter: `record = "${id}"`, sort: 'created' });
    expect(history.map((h) => [h.from, h.to, h.note])).toEqual([
      ['open', 'pending', 'to pending'],
      ['pending', 'solved', 'to solved'],
      ['solved', 'open', 'to open'],
      ['open', 'solved', 'to solved'],
    ]);
    const audited = await admin.collection(registry.auditCollection).getFullList({ filter: `record = "${id}" && action = "status"`, sort: 'created' });
    expect(audited.map((a) => a.detail)).toEqual(['open -> pending', 'pending -> solved', 'solved -> open', 'open -> solved']);
  });

  it('answers a contact message and reopens it', async () => {
    const id = await submit('aloqacorpcontacts', CONTACT);
    expect(await statusOf('aloqacorpcontacts', id)).toBe('new');
    expect(await move(admin, 'aloqacorpcontacts', id, 'review')).toEqual({ status: 400, code: 'enum' });
    expect(await move(admin, 'aloqacorpcontacts', id, 'answered')).toEqual({ status: 200, code: undefined });
    expect(await move(admin, 'aloqacorpcontacts', id, 'new')).toEqual({ status: 200, code: undefined });
    expect(await statusOf('aloqacorpcontacts', id)).toBe('new');
  });

  it("keeps an application's moves and its cooling-off period", async () => {
    const res = await fetch(`${pb.url}${submitUrl('creditrepairnew')}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en' }, { stateId: pngFile() }),
    });
    const { id } = (await res.json()) as { id: string };
    // Not a move from new; then one that starts the service while the applicant may still cancel.
    expect(await move(admin, 'creditrepairnew', id, 'approved')).toEqual({ status: 400, code: 'transition' });
    expect(await move(admin, 'creditrepairnew', id, 'review')).toEqual({ status: 400, code: 'cancellation_period' });
    expect(await move(admin, 'creditrepairnew', id, 'cancelled')).toEqual({ status: 400, code: 'transition' });
    await root.collection('creditrepairnew').update(id, { cancelDeadline: '2020-01-01 00:00:00.000Z' });
    expect(await move(admin, 'creditrepairnew', id, 'review')).toEqual({ status: 200, code: undefined });
    expect(await move(admin, 'creditrepairnew', id, 'done')).toEqual({ status: 400, code: 'transition' });
    expect(await move(admin, 'creditrepairnew', id, 'approved')).toEqual({ status: 200, code: undefined });
  });

  it("counts a service's first status as new on the dashboard", async () => {
    const fresh = await submit('tickets', { ...TICKET, subject: 'Still open' });
    const res = await fetch(`${pb.url}/api/formwork/dashboard`, { headers: { Authorization: viewer.authStore.token } });
    const { services } = (await res.json()) as { services: { collection: string; total: number; new: number }[] };
    const tickets = services.find((s) => s.collection === 'tickets')!;
    const open = await viewer.collection('tickets').getList(1, 1, { filter: `status = "open"` });
    expect(tickets.new).toBe(open.totalItems);
    expect(tickets.new).toBeGreaterThan(0);
    expect(await statusOf('tickets', fresh)).toBe('open');
  });

  it('lets only the server write notes, and deletes an application’s notes when it is purged', async () => {
    const id = await submit('tickets', { ...TICKET, subject: 'To be purged' });
    // Staff read notes; nobody writes them through the records API (only the notes routes do, as the app).
    const attempt = await fetch(`${pb.url}/api/collections/${registry.noteCollection}/records`, {
      method: 'POST',
      headers: { Authorization: admin.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ sourceCollection: 'tickets', record: id, kind: 'note', body: 'Forged' }),
    });
    expect(attempt.status).toBeGreaterThanOrEqual(400);
    const note = await root.collection(registry.noteCollection).create({ sourceCollection: 'tickets', record: id, kind: 'note', author: admin.authStore.record!.id, authorEmail: 'admin@example.test', body: 'Called her back' });
    expect((await viewer.collection(registry.noteCollection).getOne(note.id)).body).toBe('Called her back');
    await admin.collection('tickets').delete(id);
    const [entry] = await admin.collection(registry.trashCollection).getFullList({ filter: `key = "${id}"` });
    // Still in the trash: the note stays, the application may come back.
    expect((await viewer.collection(registry.noteCollection).getList(1, 1, { filter: `record = "${id}"` })).totalItems).toBe(1);
    await admin.collection(registry.trashCollection).delete(entry!.id);
    expect((await root.collection(registry.noteCollection).getList(1, 1, { filter: `record = "${id}"` })).totalItems).toBe(0);
  });

  it("keeps a staff member's language, one of the site's or none", async () => {
    const me = admin.authStore.record!;
    expect((await root.collection(registry.staffCollection).update(me.id, { language: 'uz' })).language).toBe('uz');
    await expect(root.collection(registry.staffCollection).update(me.id, { language: 'de' })).rejects.toMatchObject({ status: 400 });
    expect((await root.collection(registry.staffCollection).update(me.id, { language: '' })).language).toBe('');
  });
});
