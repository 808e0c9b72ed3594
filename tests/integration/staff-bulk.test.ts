/**
 * The staff console's acts on several applications and on paper, on a real PocketBase with the generated
 * migrations and our hooks: a bulk status change and a bulk move to the trash (admins only, each record
 * on its own, each audited), the Undo that restores several trash entries with their files, the CSV
 * export of a selection as staff see it (option texts, dollars, long dates, statuses by name, headers in
 * the reader's language, no live formula), and the printed application (PDF, its text read with pdf.js):
 * the SSN masked unless an admin reveals it, every print audited.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, pngFile, PNG_BYTES, signed, validCreditRepair } from '../support/fixtures.ts';
import { pdfText } from '../support/pdfText.ts';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

const CREDIT = 'creditrepairnew';
const LOANS = 'loans';
const messages = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'schemas/common/i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
const loanTexts = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'schemas/services/loan/i18n', `${lang}.json`), 'utf8')) as Record<string, string>;

/** A CSV text as rows of cells (RFC 4180 quoting, as lib/exportCsv.js writes it). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('staff bulk actions, selection export and printed application', () => {
  let pb: PocketBaseProcess;
  let admin: PocketBase;
  let viewer: PocketBase;
  let root: PocketBase;

  const submit = async (fields: Record<string, string> = {}, files: Record<string, File> = { stateId: pngFile() }) => {
    const res = await fetch(`${pb.url}${submitUrl(CREDIT)}`, { method: 'POST', body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', ...fields }, files) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const call = (client: PocketBase | null, path: string, body?: unknown) =>
    fetch(`${pb.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(client ? { Authorization: client.authStore.token } : {}), 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  type Result = { id: string; ok: boolean; code?: string; message?: string; trash?: string; collection?: string; record?: string };
  const results = async (res: Response) => {
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Result[] }).results;
  };
  const auditOf = (action: string, record: string) => root.collection(registry.auditCollection).getFullList({ filter: root.filter('action = {:action} && record = {:record}', { action, record }) });
  /** Ends an application's cancellation period (as if its deadline had passed). */
  const windowPassed = (id: string) => root.collection(CREDIT).update(id, { cancelDeadline: '2020-01-01 00:00:00.000Z' });

  beforeAll(async () => {
    pb = await startPocketBase();
    admin = await staffClient(pb, 'admin');
    viewer = await staffClient(pb, 'viewer');
    root = await superuserClient(pb);
  });
  afterAll(async () => pb?.stop());

  describe('POST /api/formwork/bulk/{collection}', () => {
    it('is for admins only, and refuses a malformed request as a whole', async () => {
      const id = await submit();
      const path = `/api/formwork/bulk/${CREDIT}`;
      expect((await call(null, path, { action: 'trash', ids: [id] })).status).toBe(401);
      expect((await call(viewer, path, { action: 'trash', ids: [id] })).status).toBe(403);
      expect((await call(admin, `/api/formwork/bulk/nosuchlist`, { action: 'trash', ids: [id] })).status).toBe(404);
      for (const body of [
        { action: 'trash', ids: [] },
        { action: 'trash', ids: [id, id] },
        { action: 'trash', ids: Array.from({ length: 101 }, (_, i) => `id${i}`) },
        { action: 'trash', ids: [42] },
        { action: 'burn', ids: [id] },
        { action: 'status', ids: [id], status: 'lost' },
      ]) {
        expect((await call(admin, path, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
      // Nothing happened to the record.
      expect((await viewer.collection(CREDIT).getOne(id)).status).toBe('new');
    });

    it('changes the status record by record: the allowed ones change and are audited, the others say why', async () => {
      const ready = await submit({ firstName: 'Ready' });
      const early = await submit({ firstName: 'Early' }); // still within the applicant's cancellation period
      await windowPassed(ready);
      const loan = await root.collection(LOANS).getList(1, 1);
      const foreign = loan.items[0]?.id ?? 'abcdefghijklmno';
      const res = await results(await call(admin, `/api/formwork/bulk/${CREDIT}`, { action: 'status', ids: [ready, early, 'zzzzzzzzzzzzzzz', foreign], status: 'review', note: 'Batch' }));
      expect(res.map((r) => [r.id, r.ok])).toEqual([
        [ready, true],
        [early, false],
        ['zzzzzzzzzzzzzzz', false],
        [foreign, false],
      ]);
      expect(res[1]?.code).toBe('cancellation_period');
      expect(res[2]?.code).toBe('not_found');
      expect(res[3]?.code).toBe('not_found');
      expect((await viewer.collection(CREDIT).getOne(ready)).status).toBe('review');
      expect((await viewer.collection(CREDIT).getOne(early)).status).toBe('new');
      const history = await viewer.collection(registry.historyCollection).getFullList({ filter: `record = "${ready}"` });
      expect(history.map((h) => [h.from, h.to, h.note, h.byEmail])).toEqual([['new', 'review', 'Batch', admin.authStore.record!.email]]);
      expect(await auditOf('status', ready)).toHaveLength(1);
      expect(await auditOf('status', early)).toHaveLength(0);
    });
  });

  describe('bulk trash and its Undo', () => {
    it('moves each record with its files to the trash, audited, and a bulk restore brings them back whole', async () => {
      const a = await submit({ firstName: 'Trash A', ssn: '111223333' }, { stateId: pngFile('a.png') });
      const b = await submit({ firstName: 'Trash B' }, { stateId: pngFile('b.png') });
      const before = await admin.collection(CREDIT).getOne(a);
      const moved = await results(await call(admin, `/api/formwork/bulk/${CREDIT}`, { action: 'trash', ids: [a, 'zzzzzzzzzzzzzzz', b] }));
      expect(moved.map((r) => [r.id, r.ok, r.code ?? ''])).toEqual([
        [a, true, ''],
        ['zzzzzzzzzzzzzzz', false, 'not_found'],
        [b, true, ''],
      ]);
      for (const id of [a, b]) {
        await expect(viewer.collection(CREDIT).getOne(id)).rejects.toMatchObject({ status: 404 });
        expect((await auditOf('delete', id)).map((l) => l.actorEmail)).toEqual([admin.authStore.record!.email]);
      }
      const entries = moved.filter((r) => r.ok).map((r) => r.trash!);
      const [entryA] = await viewer.collection(registry.trashCollection).getFullList({ filter: `key = "${a}"` });
      expect(entryA?.id).toBe(entries[0]);
      expect(entryA?.record.ssn).toBe('•••••3333');

      const path = '/api/formwork/trash/restore';
      expect((await call(viewer, path, { ids: entries })).status).toBe(403);
      expect((await call(admin, path, { ids: [] })).status).toBe(400);
      const restored = await results(await call(admin, path, { ids: [...entries, 'zzzzzzzzzzzzzzz'] }));
      expect(restored.map((r) => [r.id, r.ok, r.record ?? r.code])).toEqual([
        [entries[0], true, a],
        [entries[1], true, b],
        ['zzzzzzzzzzzzzzz', false, 'not_found'],
      ]);
      // Restoring an entry again is a failure of that entry only.
      const again = await results(await call(admin, path, { ids: [entries[0]] }));
      expect(again[0]).toMatchObject({ ok: false, code: 'not_found' });

      const back = await admin.collection(CREDIT).getOne(a);
      expect(back).toMatchObject({ firstName: 'Trash A', ssn: '•••••3333', created: before.created, stateId: before.stateId });
      const token = await admin.files.getToken();
      const file = await fetch(admin.files.getURL(back, back.stateId, { token }));
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
      const reveal = await call(admin, `/api/formwork/reveal/${CREDIT}/${a}/ssn`, {});
      expect(await reveal.json()).toEqual({ value: '111223333' });
      for (const id of [a, b]) expect((await auditOf('restore', id)).length).toBe(1);
    });
  });

  describe('export of a selection', () => {
    const ids: string[] = [];
    beforeAll(async () => {
      const loan = (fields: Record<string, string>) => {
        const body = formData(
          { firstName: 'Lola', lastName: 'Tursunova', email: 'lola@example.com', phone: '+1 (415) 555-0101', street: '2 Main St', city: 'Albany', zip: '12207', terms: 'true', variant: 'full', locale: 'ru', ...fields },
          { stateId: pngFile('id.png') },
        );
        return root.collection(LOANS).create(body).then((r) => r.id);
      };
      ids.push(await loan({ state: 'NY', amount: '50000', reason: '=HYPERLINK("x")' }));
      ids.push(await loan({ state: 'CA', amount: '20000', reason: 'Tractor, "used"' }));
      ids.push(await loan({ state: 'TX', amount: '10000', reason: 'Not selected' }));
    });

    it('holds just the selected records, as staff see them, in the chosen language', async () => {
      const selected = [ids[0]!, ids[1]!];
      // The list's filter does not apply to a selection: the selection is what was ticked.
      const res = await call(viewer, `/api/formwork/export/${LOANS}?ids=${selected.join(',')}&q=nothing-matches&lang=ru`);
      expect(res.status).toBe(200);
      const [header = [], ...rows] = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
      expect(rows.map((r) => r[0]).sort()).toEqual([...selected].sort());
      const ru = messages('ru');
      const t = { ...ru, ...loanTexts('ru') }; // the state's label is a common one
      const col = (key: string) => header.indexOf(key);
      expect(col(ru['staff.export.id']!)).toBe(0);
      for (const key of ['staff.column.created', 'staff.column.status', 'staff.column.paid']) if (ru[key]) expect(col(ru[key]!), key).toBeGreaterThan(0);
      expect(header).toContain(t['fields.amount.label']);
      const of = (id: string) => Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[0] === id)![i]]));
      const first = of(ids[0]!);
      const second = of(ids[1]!);
      expect(first[t['fields.amount.label']!]).toBe('$50,000');
      expect(second[t['fields.amount.label']!]).toBe('$20,000');
      expect(first[t['fields.state.label']!]).toBe('Нью-Йорк');
      expect(second[t['fields.state.label']!]).toBe('Калифорния');
      expect(first[t['fields.reason.label']!]).toBe(`'=HYPERLINK("x")`); // never a live formula in a spreadsheet
      expect(second[t['fields.reason.label']!]).toBe('Tractor, "used"');
      const statusCell = rows[0]!.find((c) => c === ru['status.new']);
      expect(statusCell).toBe('Новая');
      expect(rows[0]!).toContain(ru['admin.payment.unpaid']);
      // Submitted today, said as the Russian pages say a day: "5 марта 2026 г. 14:03 UTC".
      const now = new Date();
      const month = ru[`date.month.${now.getUTCMonth() + 1}`]!;
      expect(rows[0]!.some((c) => c.startsWith(`${now.getUTCDate()} `) && c.includes(month) && c.endsWith(' UTC'))).toBe(true);
      const log = await root.collection(registry.auditCollection).getFullList({ filter: `action = "export" && sourceCollection = "${LOANS}"`, sort: '-created' });
      expect(log[0]?.detail).toBe('masked; 2 rows; selection of 2');
    });

    it('refuses more than 500 ids or a repeated one', async () => {
      const many = Array.from({ length: 501 }, (_, i) => `id${i}`).join(',');
      expect((await call(viewer, `/api/formwork/export/${LOANS}?ids=${many}`)).status).toBe(400);
      expect((await call(viewer, `/api/formwork/export/${LOANS}?ids=${ids[0]},${ids[0]}`)).status).toBe(400);
    });
  });

  describe('printed application', () => {
    let id: string;
    beforeAll(async () => {
      id = await submit({ firstName: 'Printed', ssn: '555667777', state: 'NY' });
      await windowPassed(id);
      expect((await call(admin, `/api/formwork/status/${CREDIT}/${id}`, { status: 'review', note: 'Documents complete' })).status).toBe(200);
      // Assigned to the admin, with a note in the thread (written as the notes route would: package B's).
      const me = admin.authStore.record!;
      await root.collection(CREDIT).update(id, { assignee: me.id });
      await root.collection(registry.noteCollection).create({ sourceCollection: CREDIT, record: id, kind: 'note', author: me.id, authorEmail: me.email, body: 'Called the applicant about the ZIP code.' });
    });
    const pdfOf = async (client: PocketBase, query: string) => {
      const res = await call(client, `/api/formwork/staff/application-pdf/${CREDIT}/${id}?${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return pdfText(new Uint8Array(await res.arrayBuffer()));
    };

    it('prints every card field with its label in the staff language, the history and the signature evidence, the SSN masked', async () => {
      const record = await viewer.collection(CREDIT).getOne(id);
      const text = await pdfOf(viewer, 'lang=uz');
      const uz = messages('uz');
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain(uz['staff.pdf.title']!.replace('{reference}', record.reference as string));
      expect(flat).toContain(viewer.authStore.record!.email as string);
      expect(flat).toContain(uz['staff.status.history']!);
      expect(flat).toContain('Documents complete');
      expect(flat).toContain('Called the applicant about the ZIP code.');
      expect(flat).toContain(admin.authStore.record!.email as string); // the assignee, by e-mail
      expect(flat).toContain(uz['status.review']!);
      expect(flat).toContain(uz['staff.pdf.signatures']!);
      expect(flat).toContain('Aziza Karimova'); // the typed name of the signature
      expect(flat).toContain(uz['options.usStates.NY']!); // the state by its name in Uzbek
      expect(flat).toContain('7777');
      expect(flat).not.toContain('555667777');
      expect(flat).toContain(record.stateId as string);
      const log = await auditOf('print', id);
      expect(log.map((l) => [l.actorEmail, l.detail])).toEqual([[viewer.authStore.record!.email, 'masked']]);
    });

    it('prints the SSN in clear only for an admin who asks, and audits it', async () => {
      expect((await call(viewer, `/api/formwork/staff/application-pdf/${CREDIT}/${id}?reveal=1`)).status).toBe(403);
      expect((await call(null, `/api/formwork/staff/application-pdf/${CREDIT}/${id}`)).status).toBe(401);
      expect((await call(viewer, `/api/formwork/staff/application-pdf/${CREDIT}/zzzzzzzzzzzzzzz`)).status).toBe(404);
      const text = await pdfOf(admin, 'lang=ru&reveal=1');
      expect(text.replace(/\s+/g, ' ')).toContain('555667777');
      expect(text).toContain(messages('ru')['staff.pdf.revealed']!.slice(0, 30));
      const log = await auditOf('print', id);
      expect(log.find((l) => l.actorEmail === admin.authStore.record!.email)).toMatchObject({ field: 'ssn', detail: 'unmasked: ssn' });
    });
  });
});
