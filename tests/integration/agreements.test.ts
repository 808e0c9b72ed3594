/**
 * Credit repair under the Credit Repair Organizations Act (issue 10), on a real PocketBase: the
 * applicant must sign the current agreement (its hash in the language shown is stored with the name,
 * time, address and browser, and every text presented is archived by that hash); they get a private
 * status page with the cancellation deadline in US business days; they can cancel inside the window and
 * not after it; staff cannot start the service before it ends; and the payment link is offered only when
 * the service says (here: once performed).
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import ru from '../../src/generated/messages/ru.json';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { staffClient, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const COLLECTION = 'creditrepairnew';
const service = registry.services.find((s) => s.id === 'creditrepair')!;
const agreements = service.agreements!;

interface Summary {
  status: string;
  cancelDeadline: string;
  cancelLastDay: string;
  timeZone: string;
  canCancel: boolean;
  cancelledAt: string;
  checkoutUrl: string;
  payment: string;
}

describe('credit repair agreements, cancellation and payment timing', () => {
  let pb: PocketBaseProcess;
  let root: PocketBase;
  let admin: PocketBase;

  const submit = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${pb.url}${submitUrl(COLLECTION)}`, { method: 'POST', headers, body: formData({ ...validCreditRepair, variant: 'full', locale: 'en', ...fields }, { stateId: pngFile() }) });
  const count = async () => (await root.collection(COLLECTION).getList(1, 1)).totalItems;
  /** Superusers see hidden fields: the applicant's private token, as their e-mail carries it. */
  const tokenOf = async (id: string) => String((await root.collection(COLLECTION).getOne(id)).accessToken);
  /** The applicant's API as their page calls it: the token in a header, never in the URL (request logs keep URLs). */
  const page = (token: string, action = '', headers: Record<string, string> = {}) =>
    fetch(`${pb.url}/api/formwork/application/creditrepair${action}`, { method: action ? 'POST' : 'GET', headers: { 'X-Application-Token': token, ...headers } });
  const setStatus = (id: string, status: string) =>
    fetch(`${pb.url}/api/formwork/status/${COLLECTION}/${id}`, { method: 'POST', headers: { Authorization: admin.authStore.token, 'Content-Type': 'application/json' }, body: JSON.stringify({ status }) });

  beforeAll(async () => {
    // The schema's checkout link is a placeholder (.invalid) that offers nothing: a deployment's link is configured.
    pb = await startPocketBase({ env: { FORMWORK_PUBLIC_URL: 'https://apply.formwork.test', FORMWORK_CHECKOUT_CREDITREPAIR: 'https://checkout.formwork.test/creditrepair' } });
    root = await superuserClient(pb);
    admin = await staffClient(pb, 'admin');
  });
  afterAll(async () => pb?.stop());

  it('declares the disclosure, the contract to sign and the notice of cancellation, versioned by their text', () => {
    expect(agreements.documents.map((d) => [d.id, d.sign])).toEqual([
      ['disclosure', false],
      ['contract', true],
      ['notice', false],
    ]);
    expect(agreements.businessDays).toBe(3);
    expect(service.payment).toBe('after-service');
    for (const d of agreements.documents) {
      expect(d.version).toBe(d.hashes.en.slice(0, 12));
      expect(new Set(Object.values(d.hashes)).size).toBe(3); // each language is its own text
    }
  });

  it('refuses an application without a signature, with a stale text, an empty name or an unticked box, saving nothing', async () => {
    const before = await count();
    const stale = JSON.parse(signed('en').signature) as { documents: { id: string; hash: string }[] };
    stale.documents[1]!.hash = 'f'.repeat(64);
    const cases: [Record<string, string>, string][] = [
      [{}, 'required'],
      [{ signature: 'not json' }, 'required'],
      [{ signature: JSON.stringify(stale) }, 'stale'],
      [signed('uz'), 'stale'], // the Uzbek text's hashes for an English reader
      [{ signature: JSON.stringify({ ...JSON.parse(signed('en').signature), name: ' ' }) }, 'name'],
      [{ signature: JSON.stringify({ ...JSON.parse(signed('en').signature), accepted: false }) }, 'accepted'],
    ];
    for (const [fields, code] of cases) {
      const res = await submit(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(((await res.json()) as { data: Record<string, { code: string }> }).data.signature?.code).toBe(code);
    }
    expect(await count()).toBe(before);
  });

  it('archives every text it presents by the hash a signature names, before the first submission: staff read it, nobody writes it', async () => {
    const rows = await root.collection(registry.agreementTextCollection).getFullList({ sort: 'document,language' });
    const expected = registry.services.flatMap((s) =>
      (s.agreements?.documents ?? []).flatMap((d) => registry.languages.map((l) => ({ hash: d.hashes[l], document: d.id, version: d.version, language: l }))),
    );
    expect(rows.map((r) => ({ hash: r.hash, document: r.document, version: r.version, language: r.language }))).toEqual(
      expect.arrayContaining(expected),
    );
    expect(rows).toHaveLength(new Set(expected.map((e) => e.hash)).size);
    // Each text is exactly what its hash was computed from (title, blank line, body), as the applicant read it.
    for (const r of rows) expect(createHash('sha256').update(`${r.title}\n\n${r.text}`, 'utf8').digest('hex')).toBe(r.hash);
    const contract = agreements.documents.find((d) => d.id === 'contract')!;
    expect(rows.find((r) => r.hash === contract.hashes.ru)?.title).toBe(ru[`service.creditrepair.agreements.contract.title`]);

    const viewer = await staffClient(pb, 'viewer');
    expect((await viewer.collection(registry.agreementTextCollection).getFullList()).length).toBe(rows.length);
    const guest = await fetch(`${pb.url}/api/collections/${registry.agreementTextCollection}/records`);
    expect(((await guest.json()) as { items?: unknown[] }).items ?? []).toEqual([]);
    const row = rows[0]!;
    await expect(admin.collection(registry.agreementTextCollection).create({ ...row, hash: 'a'.repeat(64) })).rejects.toMatchObject({ status: 403 });
    await expect(admin.collection(registry.agreementTextCollection).update(row.id, { text: 'changed' })).rejects.toMatchObject({ status: 403 });
    await expect(admin.collection(registry.agreementTextCollection).delete(row.id)).rejects.toMatchObject({ status: 403 });
  });

  it('adds nothing when it starts again on the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-archive-'));
    try {
      const count = async (server: PocketBaseProcess) => (await (await superuserClient(server)).collection(registry.agreementTextCollection).getList(1, 1)).totalItems;
      const first = await startPocketBase({ dataDir });
      const archived = await count(first);
      await first.stop();
      const again = await startPocketBase({ dataDir });
      expect(await count(again)).toBe(archived);
      await again.stop();
      expect(archived).toBeGreaterThan(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('does not start when a text it would present does not match its hash', async () => {
    // A copy of the hooks whose generated e-mail text of the disclosure was changed after generation.
    const hooksDir = mkdtempSync(join(tmpdir(), 'formwork-tampered-hooks-'));
    try {
      cpSync(join(ROOT, 'pb_hooks'), hooksDir, { recursive: true });
      const file = join(hooksDir, 'generated/mail.js');
      const source = readFileSync(file, 'utf8');
      const at = source.indexOf('text: `', source.indexOf('agreements: [', source.indexOf('creditrepairnew: {'))) + 'text: `'.length;
      expect(at).toBeGreaterThan('text: `'.length);
      writeFileSync(file, `${source.slice(0, at)}Changed. ${source.slice(at)}`);
      await expect(startPocketBase({ hooksDir })).rejects.toThrow(/the en text of "disclosure" does not match its hash/);
    } finally {
      rmSync(hooksDir, { recursive: true, force: true });
    }
  });

  it('stores who signed which version, when, from where and with what browser, and sets the deadline', async () => {
    const res = await submit({ ...signed('ru', 'creditrepair', 'Иван Петров'), locale: 'ru' }, { 'User-Agent': 'FormworkTest/1.0' });
    expect(res.status).toBe(200);
    const { id, checkoutUrl } = (await res.json()) as { id: string; checkoutUrl?: string };
    expect(checkoutUrl ?? '').toBe(''); // paid once the service is performed, never at submit
    const rows = await root.collection(registry.signatureCollection).getFullList({ filter: `record = "${id}"`, sort: 'created' });
    expect(rows.map((r) => [r.document, r.hash, r.language, r.signed, r.signedName])).toEqual(
      agreements.documents.map((d) => [d.id, d.hashes.ru, 'ru', d.sign, d.sign ? 'Иван Петров' : '']),
    );
    expect(rows.every((r) => r.ip === '127.0.0.1' && r.userAgent === 'FormworkTest/1.0' && r.version)).toBe(true);
    const record = await root.collection(COLLECTION).getOne(id);
    expect(record.timeZone).toBe('America/Chicago');
    // Midnight (Chicago) at the end of the 3rd business day after today, in UTC.
    expect(record.cancelDeadline).toMatch(/ 0[56]:00:00\.000Z$/);
    expect(new Date(record.cancelDeadline.replace(' ', 'T')).getTime() - Date.now()).toBeGreaterThan(3 * 86400000 - 86400000);
    expect(record.accessToken).toMatch(/^[A-Za-z0-9]{40}$/);
    // Staff never see the token (hidden); viewers read the signatures.
    const viewer = await staffClient(pb, 'viewer');
    expect(await viewer.collection(COLLECTION).getOne(id)).not.toHaveProperty('accessToken');
    expect((await viewer.collection(registry.signatureCollection).getFullList({ filter: `record = "${id}"` })).length).toBe(3);
  });

  it('lets the applicant cancel inside the window, once, and records it', async () => {
    const { id } = (await (await submit(signed('en'))).json()) as { id: string };
    const token = await tokenOf(id);
    const summary = (await (await page(token)).json()) as Summary;
    expect(summary).toMatchObject({ status: 'new', canCancel: true, timeZone: 'America/Chicago', checkoutUrl: '', payment: 'after-service' });
    expect(summary.cancelLastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const cancelled = await page(token, '/cancel');
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', canCancel: false });
    expect((await page(token, '/cancel')).status).toBe(400);
    const history = await root.collection(registry.historyCollection).getFullList({ filter: `record = "${id}"` });
    expect(history.map((h) => [h.from, h.to, h.byEmail])).toEqual([['new', 'cancelled', 'applicant']]);
    expect((await setStatus(id, 'review')).status).toBe(400); // a cancelled contract stays cancelled
  });

  it('cancels once when the applicant presses several times at once', async () => {
    const { id } = (await (await submit(signed('en'))).json()) as { id: string };
    const token = await tokenOf(id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => page(token, '/cancel')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const history = await root.collection(registry.historyCollection).getFullList({ filter: `record = "${id}"` });
    expect(history.map((h) => [h.from, h.to])).toEqual([['new', 'cancelled']]);
  });

  it("keeps the applicant's link through the trash: deleted, it answers 404; restored, it works again, and staff never see it", async () => {
    const { id } = (await (await submit(signed('en'))).json()) as { id: string };
    const token = await tokenOf(id);
    await admin.collection(COLLECTION).delete(id);
    expect((await page(token)).status).toBe(404);
    const viewer = await staffClient(pb, 'viewer');
    const [entry] = await viewer.collection(registry.trashCollection).getFullList({ filter: `key = "${id}"` });
    expect(entry).not.toHaveProperty('accessToken');
    expect(JSON.stringify(entry)).not.toContain(token);
    const restored = await fetch(`${pb.url}/api/formwork/trash/${entry!.id}/restore`, { method: 'POST', headers: { Authorization: admin.authStore.token } });
    expect(restored.status).toBe(200);
    expect(await tokenOf(id)).toBe(token);
    expect(await (await page(token)).json()).toMatchObject({ status: 'new', canCancel: true });
  });

  it('refuses a cancellation after the deadline, and only then lets staff start the service', async () => {
    const { id } = (await (await submit(signed('en'))).json()) as { id: string };
    const token = await tokenOf(id);
    expect((await setStatus(id, 'review')).status).toBe(400); // inside the window: no service yet
    expect((await setStatus(id, 'rejected')).status).toBe(200); // turning it down is allowed
    expect((await setStatus(id, 'new')).status).toBe(200);
    await root.collection(COLLECTION).update(id, { cancelDeadline: '2020-01-02 05:00:00.000Z' });
    const late = await page(token, '/cancel');
    expect(late.status).toBe(400);
    expect(((await late.json()) as { data: Record<string, { code: string }> }).data.cancel?.code).toBe('window_closed');
    expect(((await (await page(token)).json()) as Summary).canCancel).toBe(false);
    expect((await setStatus(id, 'review')).status).toBe(200);
  });

  it('offers the payment link only once staff mark the service performed, on the page and by e-mail', async () => {
    const { id } = (await (await submit(signed('en'))).json()) as { id: string };
    const token = await tokenOf(id);
    await root.collection(COLLECTION).update(id, { cancelDeadline: '2020-01-02 05:00:00.000Z' });
    for (const status of ['review', 'approved']) {
      expect((await setStatus(id, status)).status).toBe(200);
      expect(((await (await page(token)).json()) as Summary).checkoutUrl).toBe('');
    }
    const before = await root.collection('outbox').getFullList({ filter: `record = "${id}"` });
    expect((await setStatus(id, 'done')).status).toBe(200);
    const summary = (await (await page(token)).json()) as Summary;
    expect(summary.checkoutUrl).toBe(`https://checkout.formwork.test/creditrepair?client_reference_id=${COLLECTION}-${id}`);
    const after = await root.collection('outbox').getFullList({ filter: `record = "${id}"`, sort: 'created' });
    // The payment link, and the e-mail of the status change itself (service.json mail.status).
    expect(after.length).toBe(before.length + 2);
    expect(after.filter((m) => m.template === 'status-change')).toHaveLength(3); // review, approved, done
    const due = after.find((m) => m.template === 'payment-due');
    expect(due?.subject).toBe('Your payment for Credit repair application is due');
    // The job renders the body from what the e-mail was written with (lib/outbox.js), the link included.
    expect(due?.context?.checkoutUrl).toBe(summary.checkoutUrl);
  });

  it('answers a wrong or malformed token with a plain 404', async () => {
    for (const token of ['x', 'A'.repeat(40), '../../etc']) expect((await page(token)).status).toBe(404);
    expect((await fetch(`${pb.url}/api/formwork/application/loan`, { headers: { 'X-Application-Token': 'A'.repeat(40) } })).status).toBe(404);
    expect((await fetch(`${pb.url}/api/formwork/application/creditrepair`)).status).toBe(404); // no token at all
  });

  it('29.3 records where a cancellation came from (address and browser) in the status history and the audit log', async () => {
    const { id } = (await (await submit(signed('en'))).json()) as { id: string };
    const token = await tokenOf(id);
    expect((await page(token, '/cancel', { 'User-Agent': 'ProbeBrowser/29.3' })).status).toBe(200);
    const history = await root.collection(registry.historyCollection).getFullList({ filter: `record = "${id}"` });
    expect(history.map((h) => [h.to, h.byEmail, h.ip, h.userAgent])).toEqual([['cancelled', 'applicant', '127.0.0.1', 'ProbeBrowser/29.3']]);
    const audit = await root.collection(registry.auditCollection).getFullList({ filter: `record = "${id}"` });
    expect(audit.map((a) => [a.action, a.sourceCollection, a.actor, a.ip, a.userAgent])).toEqual([['cancel', COLLECTION, '', '127.0.0.1', 'ProbeBrowser/29.3']]);
  });

  it("29.3 keeps the applicant's token out of every URL PocketBase's request log keeps, after viewing and cancelling", async () => {
    const { id } = (await (await submit(signed('en'))).json()) as { id: string };
    const token = await tokenOf(id);
    expect((await page(token)).status).toBe(200);
    expect((await page(token, '/cancel')).status).toBe(200);
    // PocketBase writes its request log in batches: wait until the cancellation's line is there.
    const logs = async () => (await root.logs.getList(1, 500, { filter: `data.url ~ '/api/formwork/application/'`, sort: '-created' })).items;
    const until = Date.now() + 15_000;
    while (!(await logs()).some((l) => String(l.data.url).includes('/cancel') && l.data.method === 'POST')) {
      if (Date.now() > until) throw new Error('the cancellation never reached the request log');
      await new Promise((r) => setTimeout(r, 250));
    }
    const all = await root.logs.getList(1, 1000, { sort: '-created' });
    expect(all.items.some((l) => String(l.data.url ?? '').startsWith('/api/formwork/application/creditrepair'))).toBe(true);
    expect(JSON.stringify(all.items)).not.toContain(token);
  });
});
