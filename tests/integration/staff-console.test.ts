/**
 * The staff console's rules on a real PocketBase with the generated migrations and our hooks: who may
 * read, act and manage staff; SSNs sealed at rest, masked in every answer, revealed only by an audited
 * admin click; status changes with history; trash restore and purge; the CSV export of a filtered list;
 * the dashboard counts; the command-line first admin.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { exportParams, listFilter, readListQuery } from '../../src/features/staff/listQuery.ts';
import { formData, pngFile, PNG_BYTES, signed, validCreditRepair } from '../support/fixtures.ts';
import { PB_BIN, ROOT, startPocketBase, TEST_ENCRYPTION_KEY, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSmtpSink } from '../support/smtp.ts';
import { createStaff, staffClient, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const COLLECTION = 'creditrepairnew';
const SSN = '987654321';
const card = registry.services.find((s) => s.collection === COLLECTION)!.admin;

describe('staff console rules', () => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  let viewer: PocketBase;
  let root: PocketBase;

  const submit = async (fields: Record<string, string>, files: Record<string, File> = { stateId: pngFile() }) => {
    const res = await fetch(`${pb.url}${submitUrl(COLLECTION)}`, { method: 'POST', body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', ...fields }, files) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const call = (client: PocketBase | null, path: string, init: RequestInit = {}) =>
    fetch(`${pb.url}${path}`, { ...init, headers: { ...(client ? { Authorization: client.authStore.token } : {}), 'Content-Type': 'application/json', ...(init.headers ?? {}) } });

  /** Ends an application's cancellation period (as if its deadline had passed). */
  const windowPassed = (id: string) => root.collection(COLLECTION).update(id, { cancelDeadline: '2020-01-01 00:00:00.000Z' });

  beforeAll(async () => {
    pb = await startPocketBase();
    admin = await staffClient(pb, 'admin');
    viewer = await staffClient(pb, 'viewer');
    root = await superuserClient(pb);
  });
  afterAll(async () => pb?.stop());

  describe('SSNs', () => {
    let id: string;
    beforeAll(async () => {
      id = await submit({ ssn: SSN, firstName: 'Sealed' });
    });

    it('are stored encrypted: the plain number is nowhere in the database files', async () => {
      // Let SQLite write its WAL into the main file too: both are searched.
      const files = readdirSync(pb.dataDir).filter((f) => f.startsWith('data.db'));
      const bytes = files.map((f) => readFileSync(join(pb.dataDir, f)).toString('latin1')).join('');
      expect(bytes).not.toContain(SSN);
      expect(bytes).toContain('enc:v1:');
    });

    it('are masked to the last 4 in every answer, to staff and superusers alike', async () => {
      for (const client of [admin, viewer, root]) {
        const record = await client.collection(COLLECTION).getOne(id);
        expect(record.ssn).toBe('•••••4321');
      }
      const list = await viewer.collection(COLLECTION).getList(1, 5, { filter: `id = "${id}"` });
      expect(list.items[0]?.ssn).toBe('•••••4321');
    });

    it('cannot be searched for by staff beyond the last 4 they see (the sealed column is not filterable)', async () => {
      expect((await viewer.collection(COLLECTION).getList(1, 5, { filter: `ssn = "${SSN}" || ssn ~ "98765"` })).totalItems).toBe(0);
      await expect(viewer.collection(COLLECTION).getList(1, 5, { filter: `ssnSealed != ""` })).rejects.toMatchObject({ status: 400 });
      const record = (await viewer.collection(COLLECTION).getOne(id)) as Record<string, unknown>;
      expect(record).not.toHaveProperty('ssnSealed');
    });

    it('are revealed to an admin only, and each reveal is in the audit log', async () => {
      expect((await call(null, `/api/formwork/reveal/${COLLECTION}/${id}/ssn`, { method: 'POST' })).status).toBe(401);
      expect((await call(viewer, `/api/formwork/reveal/${COLLECTION}/${id}/ssn`, { method: 'POST' })).status).toBe(403);
      expect((await call(admin, `/api/formwork/reveal/${COLLECTION}/${id}/firstName`, { method: 'POST' })).status).toBe(404);
      const res = await call(admin, `/api/formwork/reveal/${COLLECTION}/${id}/ssn`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ value: SSN });
      const log = await admin.collection(registry.auditCollection).getFullList({ filter: `record = "${id}" && action = "reveal"` });
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ action: 'reveal', actor: admin.authStore.record!.id, actorEmail: admin.authStore.record!.email, sourceCollection: COLLECTION, field: 'ssn' });
    });

    it('keeps the audit log from viewers and from everyone who is not staff', async () => {
      expect((await viewer.collection(registry.auditCollection).getList(1, 5)).totalItems).toBe(0);
      const anon = await fetch(`${pb.url}/api/collections/${registry.auditCollection}/records`).then((r) => r.json() as Promise<{ totalItems: number }>);
      expect(anon.totalItems).toBe(0);
      const forged = await call(admin, `/api/collections/${registry.auditCollection}/records`, { method: 'POST', body: JSON.stringify({ action: 'reveal' }) });
      expect(forged.status).toBe(403);
    });

    it('seals, at the next start, SSNs an older installation stored in clear', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'formwork-legacy-ssn-'));
      let server = await startPocketBase({ dataDir });
      const id = await fetch(`${server.url}${submitUrl(COLLECTION)}`, { method: 'POST', body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en' }, { stateId: pngFile() }) })
        .then((r) => r.json() as Promise<{ id: string }>)
        .then((r) => r.id);
      await server.stop();
      // As the first version of the staff console left it: no sealed column value, the field in clear.
      execFileSync('sqlite3', [join(dataDir, 'data.db'), `UPDATE ${COLLECTION} SET ssn = '123456789', ssnSealed = '' WHERE id = '${id}'`]);
      server = await startPocketBase({ dataDir });
      try {
        const stored = execFileSync('sqlite3', ['-separator', '|', join(dataDir, 'data.db'), `SELECT ssn, ssnSealed FROM ${COLLECTION} WHERE id = '${id}'`], { encoding: 'utf8' });
        expect(stored).toMatch(/^•••••6789\|enc:v1:/);
        const su = await superuserClient(server);
        expect((await su.collection(COLLECTION).getOne(id)).ssn).toBe('•••••6789');
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('refuses to store one when the server has no encryption key, saving nothing', async () => {
      const keyless = await startPocketBase({ env: { FORMWORK_ENCRYPTION_KEY: '' } });
      try {
        const res = await fetch(`${keyless.url}${submitUrl(COLLECTION)}`, { method: 'POST', body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en' }, { stateId: pngFile() }) });
        expect(res.status).toBeGreaterThanOrEqual(400);
        const su = await superuserClient(keyless);
        expect((await su.collection(COLLECTION).getList(1, 1)).totalItems).toBe(0);
      } finally {
        await keyless.stop();
      }
      expect(TEST_ENCRYPTION_KEY).toHaveLength(32);
    });
  });

  describe('anonymous visitors', () => {
    it('get nothing from the lists, the trash, the history or the staff endpoints', async () => {
      await submit({ firstName: 'Hidden' });
      for (const c of [COLLECTION, registry.trashCollection, registry.historyCollection, registry.staffCollection]) {
        const body = (await fetch(`${pb.url}/api/collections/${c}/records`).then((r) => r.json())) as { totalItems?: number };
        expect(body.totalItems ?? 0).toBe(0);
      }
      for (const [method, path] of [
        ['GET', '/api/formwork/dashboard'],
        ['GET', `/api/formwork/export/${COLLECTION}`],
        ['POST', `/api/formwork/status/${COLLECTION}/x`],
        ['POST', '/api/formwork/trash/x/restore'],
      ] as const) {
        expect((await call(null, path, { method })).status, path).toBe(401);
      }
    });
  });

  describe('status workflow', () => {
    it('starts every submission at the first status', async () => {
      const id = await submit({ firstName: 'Fresh' });
      expect((await viewer.collection(COLLECTION).getOne(id)).status).toBe(registry.statuses[0]);
    });

    it('lets admins move it on, keeping who, when, from, to and the note; viewers cannot', async () => {
      const id = await submit({ firstName: 'Moving' });
      const path = `/api/formwork/status/${COLLECTION}/${id}`;
      // Not while the applicant may still cancel (see agreements.test.ts); here that period is over.
      expect((await call(admin, path, { method: 'POST', body: JSON.stringify({ status: 'review' }) })).status).toBe(400);
      await windowPassed(id);
      expect((await call(viewer, path, { method: 'POST', body: JSON.stringify({ status: 'review' }) })).status).toBe(403);
      expect((await call(admin, path, { method: 'POST', body: JSON.stringify({ status: 'lost' }) })).status).toBe(400);
      expect((await call(admin, path, { method: 'POST', body: JSON.stringify({ status: 'new' }) })).status).toBe(400);
      expect((await call(admin, path, { method: 'POST', body: JSON.stringify({ status: 'review', note: 'Documents complete' }) })).status).toBe(200);
      expect((await call(admin, path, { method: 'POST', body: JSON.stringify({ status: 'approved' }) })).status).toBe(200);
      expect((await viewer.collection(COLLECTION).getOne(id)).status).toBe('approved');
      const history = await viewer.collection(registry.historyCollection).getFullList({ filter: `record = "${id}"`, sort: 'created' });
      expect(history.map((h) => [h.from, h.to, h.note])).toEqual([
        ['new', 'review', 'Documents complete'],
        ['review', 'approved', ''],
      ]);
      expect(history[0]?.byEmail).toBe(admin.authStore.record!.email);
    });

    it('cannot be set by the applicant or changed through the record API', async () => {
      const res = await fetch(`${pb.url}${submitUrl(COLLECTION)}`, {
        method: 'POST',
        body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', status: 'approved' }, { stateId: pngFile() }),
      });
      expect(res.status).toBe(400);
      const id = await submit({ firstName: 'Fixed' });
      const patch = await call(admin, `/api/collections/${COLLECTION}/records/${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'done' }) });
      expect(patch.status).toBe(403);
    });
  });

  describe('delete, trash, restore, purge', () => {
    it('viewers cannot delete; an admin delete goes to the trash and a restore brings it back whole', async () => {
      const id = await submit({ firstName: 'Restored', ssn: '111223333' }, { stateId: pngFile('licence.png') });
      const before = await admin.collection(COLLECTION).getOne(id);
      expect((await call(viewer, `/api/collections/${COLLECTION}/records/${id}`, { method: 'DELETE' })).status).toBeGreaterThanOrEqual(400);
      await viewer.collection(COLLECTION).getOne(id); // still there

      await admin.collection(COLLECTION).delete(id);
      const [entry] = await viewer.collection(registry.trashCollection).getFullList({ filter: `key = "${id}"` });
      expect(entry?.record.ssn).toBe('•••••3333'); // masked in the trash too

      expect((await call(viewer, `/api/formwork/trash/${entry!.id}/restore`, { method: 'POST' })).status).toBe(403);
      const res = await call(admin, `/api/formwork/trash/${entry!.id}/restore`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ collection: COLLECTION, id });

      const back = await admin.collection(COLLECTION).getOne(id);
      expect(back).toMatchObject({ firstName: 'Restored', ssn: '•••••3333', created: before.created, stateId: before.stateId, status: before.status });
      const token = await admin.files.getToken();
      const file = await fetch(admin.files.getURL(back, back.stateId, { token }));
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
      const reveal = await call(admin, `/api/formwork/reveal/${COLLECTION}/${id}/ssn`, { method: 'POST' });
      expect(await reveal.json()).toEqual({ value: '111223333' });
      expect((await viewer.collection(registry.trashCollection).getList(1, 1, { filter: `key = "${id}"` })).totalItems).toBe(0);
      const actions = (await admin.collection(registry.auditCollection).getFullList({ filter: `record = "${id}"`, sort: 'created' })).map((a) => a.action);
      expect(actions).toEqual(['delete', 'restore', 'reveal']);
    });

    it('29.12: shows a trash entry without its sealed values to everyone, yet a restore brings them back', async () => {
      const id = await submit({ firstName: 'Sealed', lastName: 'Trash', ssn: '222334444' });
      await admin.collection(COLLECTION).delete(id);
      for (const client of [viewer, admin, root]) {
        const [entry] = await client.collection(registry.trashCollection).getFullList({ filter: `key = "${id}"` });
        const text = JSON.stringify(entry);
        expect(text).not.toContain('ssnSealed');
        expect(text).not.toContain('enc:v1:');
        expect(entry?.record.ssn).toBe('•••••4444');
        const one = await client.collection(registry.trashCollection).getOne(entry!.id);
        expect(JSON.stringify(one)).not.toContain('enc:v1:');
      }
      const [entry] = await admin.collection(registry.trashCollection).getFullList({ filter: `key = "${id}"` });
      // A superuser saving the entry as the dashboard showed it (without them) keeps them too.
      await root.collection(registry.trashCollection).update(entry!.id, { record: entry!.record, topic: entry!.topic });
      expect((await call(admin, `/api/formwork/trash/${entry!.id}/restore`, { method: 'POST' })).status).toBe(200);
      const reveal = await call(admin, `/api/formwork/reveal/${COLLECTION}/${id}/ssn`, { method: 'POST' });
      expect(await reveal.json()).toEqual({ value: '222334444' });
    });

    it('purges for good only when an admin says so, audits it, keeps no note that names the applicant, and keeps the signatures whole for their legal period', async () => {
      const id = await submit({ firstName: 'Purged' });
      const rejected = await call(admin, `/api/formwork/status/${COLLECTION}/${id}`, { method: 'POST', body: JSON.stringify({ status: 'rejected', note: 'Called Aziza' }) });
      expect(rejected.status).toBe(200);
      await admin.collection(COLLECTION).delete(id);
      const [entry] = await admin.collection(registry.trashCollection).getFullList({ filter: `key = "${id}"` });
      expect((await call(viewer, `/api/collections/${registry.trashCollection}/records/${entry!.id}`, { method: 'DELETE' })).status).toBeGreaterThanOrEqual(400);
      await admin.collection(registry.trashCollection).delete(entry!.id);
      expect((await admin.collection(registry.trashCollection).getList(1, 1, { filter: `key = "${id}"` })).totalItems).toBe(0);
      const log = await admin.collection(registry.auditCollection).getFullList({ filter: `record = "${id}" && action = "purge"` });
      expect(log).toHaveLength(1);
      // What stays: that it was rejected, without the note; and the signatures with their evidence, which the
      // law has us keep 2 years after signing (the retention job deletes them then, lib/retention.js).
      const history = await root.collection(registry.historyCollection).getFullList({ filter: `record = "${id}"` });
      expect(history.map((h) => [h.to, h.note])).toEqual([['rejected', '']]);
      const signatures = await root.collection(registry.signatureCollection).getFullList({ filter: `record = "${id}"` });
      expect(signatures).toHaveLength(3);
      expect(signatures.map((r) => r.signedName).filter(Boolean)).toHaveLength(1); // the contract's signer
      expect(signatures.every((r) => r.ip !== '' && r.userAgent !== '')).toBe(true);
    });
  });

  describe('search, filter and export', () => {
    it('exports exactly the filtered list as CSV, masked, with labels in the chosen language', async () => {
      const tag = `Zarina${Date.now()}`;
      await submit({ firstName: tag, ssn: '555667777', city: 'Tashkent, "Old town"' });
      await submit({ firstName: tag, ssn: '555668888', city: '=HYPERLINK("x")' });
      const query = readListQuery(new URLSearchParams({ q: tag }));
      const { expr, params } = listFilter(query, card.search, registry.statuses);
      const list = await viewer.collection(COLLECTION).getList(1, 20, { filter: viewer.filter(expr, params), sort: card.sort });
      expect(list.totalItems).toBe(2);

      const res = await call(viewer, `/api/formwork/export/${COLLECTION}?${exportParams(query, 'ru', false)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="creditrepairnew-\d{4}-\d{2}-\d{2}\.csv"/);
      const csv = await res.text();
      const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines).toHaveLength(3); // header + the two records of the list
      expect(lines[0]).toContain('Имя'); // Russian labels
      expect(csv).toContain('Калифорния'); // the state as staff read it, in Russian
      expect(csv).toContain('•••••7777');
      expect(csv).not.toContain('555667777');
      expect(csv).toContain('"Tashkent, ""Old town"""');
      expect(csv).toContain(`"'=HYPERLINK(""x"")"`); // never a live formula in a spreadsheet
      for (const item of list.items) expect(csv).toContain(item.id);
    });

    it('exports SSNs in clear only for an admin who asks, and audits every export', async () => {
      const tag = `Clear${Date.now()}`;
      await submit({ firstName: tag, ssn: '444556666' });
      const query = readListQuery(new URLSearchParams({ q: tag }));
      expect((await call(viewer, `/api/formwork/export/${COLLECTION}?${exportParams(query, 'en', true)}`)).status).toBe(403);
      const res = await call(admin, `/api/formwork/export/${COLLECTION}?${exportParams(query, 'en', true)}`);
      expect(await res.text()).toContain('444556666');
      const log = await admin.collection(registry.auditCollection).getFullList({ filter: `action = "export"`, sort: '-created' });
      expect(log[0]?.detail).toMatch(/^unmasked: ssn; 1 rows; filter /);
      expect(log.some((l) => String(l.detail).startsWith('masked;'))).toBe(true);
    });

    it('filters by submission date and status the same way in the list and the export', async () => {
      const today = new Date();
      const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      for (const [params, expectSome] of [
        [{ from: day, to: day }, true],
        [{ from: '2001-01-01', to: '2001-12-31' }, false],
        [{ status: 'approved' }, true],
        [{ status: 'rejected' }, false],
      ] as const) {
        const query = readListQuery(new URLSearchParams(params));
        const { expr, params: values } = listFilter(query, card.search, registry.statuses);
        const list = await viewer.collection(COLLECTION).getList(1, 500, { filter: viewer.filter(expr, values) });
        const csv = await (await call(viewer, `/api/formwork/export/${COLLECTION}?${exportParams(query, 'en', false)}`)).text();
        expect(csv.trim().split('\r\n').length - 1, JSON.stringify(params)).toBe(list.totalItems);
        expect(list.totalItems > 0, JSON.stringify(params)).toBe(expectSome);
      }
      expect((await call(viewer, `/api/formwork/export/${COLLECTION}?from=yesterday`)).status).toBe(400);
      for (const list of ['nosuchlist', 'constructor', '__proto__']) expect((await call(viewer, `/api/formwork/export/${list}`)).status, list).toBe(404);
    });
  });

  describe('dashboard', () => {
    it('counts each service: all, still new, last 7 days, and the trash', async () => {
      const res = await call(viewer, '/api/formwork/dashboard');
      expect(res.status).toBe(200);
      const body = (await res.json()) as { services: { collection: string; total: number; new: number; lastWeek: number }[]; trash: number };
      expect(body.services.map((s) => s.collection).sort()).toEqual(registry.services.map((s) => s.collection).sort());
      const credit = body.services.find((s) => s.collection === COLLECTION)!;
      const total = (await root.collection(COLLECTION).getList(1, 1)).totalItems;
      expect(credit.total).toBe(total);
      expect(credit.lastWeek).toBe(total);
      expect(credit.new).toBeLessThan(total); // one was approved above
      expect(body.trash).toBe((await root.collection(registry.trashCollection).getList(1, 1)).totalItems);
    });
  });

  describe('staff accounts', () => {
    const signIn = (email: string, password: string) => new PocketBase(pb.url).collection('staff').authWithPassword(email, password);

    it('admins create staff, who must verify their e-mail before signing in; viewers cannot create staff', async () => {
      const body = { email: 'new-viewer@formwork.test', password: 'a-long-password', passwordConfirm: 'a-long-password', role: 'viewer', name: 'New' };
      // PocketBase answers a create its rule refuses with 400; the admin's identical create below succeeds.
      await expect(viewer.collection('staff').create(body)).rejects.toMatchObject({ status: 400 });
      await expect(admin.collection('staff').create({ ...body, password: 'short', passwordConfirm: 'short' })).rejects.toMatchObject({ status: 400 });
      const created = await admin.collection('staff').create(body);
      expect(created.verified).toBe(false);
      await expect(signIn(body.email, body.password)).rejects.toMatchObject({ status: 403 });
      await root.collection('staff').update(created.id, { verified: true }); // what the e-mailed link does
      await expect(signIn(body.email, body.password)).resolves.toBeTruthy();
    });

    it('a disabled account cannot sign in, and its open sessions end at once', async () => {
      const { email, password } = await createStaff(pb, 'viewer', 'to-disable@formwork.test');
      const session = new PocketBase(pb.url);
      await session.collection('staff').authWithPassword(email, password);
      const id = session.authStore.record!.id;
      await expect(viewer.collection('staff').update(id, { disabled: true })).rejects.toMatchObject({ status: 404 });
      await admin.collection('staff').update(id, { disabled: true });
      await expect(signIn(email, password)).rejects.toMatchObject({ status: 403 });
      await expect(session.collection('staff').authRefresh()).rejects.toMatchObject({ status: 401 });
      expect((await session.collection(COLLECTION).getList(1, 1)).totalItems).toBe(0);
      await admin.collection('staff').update(id, { disabled: false });
      await expect(signIn(email, password)).resolves.toBeTruthy();
    });

    it('an admin cannot disable, demote or remove themselves', async () => {
      const me = admin.authStore.record!.id;
      await expect(admin.collection('staff').update(me, { disabled: true })).rejects.toMatchObject({ status: 400 });
      await expect(admin.collection('staff').update(me, { role: 'viewer' })).rejects.toMatchObject({ status: 400 });
      await expect(admin.collection('staff').delete(me)).rejects.toMatchObject({ status: 400 });
    });

    it('a one-time code alone never signs anyone in: it only completes a password sign-in', async () => {
      const sink = await startSmtpSink();
      const server = await startPocketBase({ env: { FORMWORK_SMTP_HOST: '127.0.0.1', FORMWORK_SMTP_PORT: String(sink.port) } });
      try {
        const { email, password } = await createStaff(server, 'viewer', 'otp@formwork.test');
        const su = await superuserClient(server);
        const account = await su.collection('staff').getFirstListItem(`email = "${email}"`);
        await su.collection('staff').update(account.id, { mfa: true });
        const codeOf = async (n: number) => /\b(\d{8})\b/.exec((await sink.waitFor(n))[n - 1]?.text ?? '')?.[1] ?? '';

        const client = new PocketBase(server.url);
        const alone = await client.collection('staff').requestOTP(email);
        await expect(client.collection('staff').authWithOTP(alone.otpId, await codeOf(1))).rejects.toMatchObject({ status: 400 });
        expect(client.authStore.isValid).toBe(false);

        const mfaId = await client
          .collection('staff')
          .authWithPassword(email, password)
          .then(
            () => '',
            (err: { status: number; response: { mfaId?: string } }) => (err.status === 401 ? (err.response.mfaId ?? '') : ''),
          );
        expect(mfaId).not.toBe('');
        const second = await client.collection('staff').requestOTP(email);
        await client.collection('staff').authWithOTP(second.otpId, await codeOf(2), { mfaId });
        expect(client.authStore.record?.email).toBe(email);
      } finally {
        await server.stop();
        await sink.close();
      }
    });

    it('the first admin comes from the command line, verified and able to sign in', async () => {
      const dirs = ['--dir', pb.dataDir, '--migrationsDir', join(ROOT, 'pb_migrations'), '--hooksDir', join(ROOT, 'pb_hooks')];
      const out = execFileSync(PB_BIN, ['staff-create', 'first-admin@formwork.test', 'first-admin-pass', 'admin', 'First Admin', ...dirs], { encoding: 'utf8', stdio: 'pipe' });
      expect(out).toMatch(/created first-admin@formwork.test \(admin\)/);
      const client = new PocketBase(pb.url);
      const auth = await client.collection('staff').authWithPassword('first-admin@formwork.test', 'first-admin-pass');
      expect(auth.record).toMatchObject({ role: 'admin', verified: true, name: 'First Admin' });
      expect(() => execFileSync(PB_BIN, ['staff-create', 'x@formwork.test', 'short', ...dirs], { stdio: 'pipe' })).toThrow();
    });
  });
});
