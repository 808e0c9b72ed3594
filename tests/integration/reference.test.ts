/**
 * What an applicant is told after the button, against a real PocketBase: every application gets a short
 * reference from the server (its service's prefix, no look-alike characters, never two alike, never the
 * browser's choice), the submit's answer carries it with what comes next (an e-mail on its way, the private
 * application page, the last day to cancel), a form learns before the click whether its submit opens a
 * checkout (never one whose link is not configured), and the migration that adds the column gives every
 * record stored before it a reference of its own, keeping the tickets' typed "which application" text.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitUrl } from '../../src/engine/submit.ts';
import { checkoutOfferUrl } from '../../src/features/forms/checkout.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { PB_BIN, ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { superuserClient } from '../support/staff.ts';

const REFERENCE = (prefix: string) => new RegExp(`^${prefix}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$`);
/** A configured payment link for the claim (the schema's own is a placeholder under .invalid). */
const CLAIM_LINK = 'https://checkout.formwork.test/claim';

interface Ack {
  id: string;
  collectionName: string;
  reference: string;
  mailed: boolean;
  checkoutUrl?: string;
  applicationUrl?: string;
  cancelUntil?: { day: string; timeZone: string };
}

describe('the reference and the answer to a submit', () => {
  let pb: PocketBaseProcess;
  const post = async (collection: string, fields: Record<string, string>, files: Record<string, File> = {}) => {
    const res = await fetch(`${pb.url}${submitUrl(collection)}`, { method: 'POST', body: formData({ variant: 'full', locale: 'uz', ...fields }, files) });
    return { status: res.status, body: (await res.json()) as Ack & { data?: Record<string, unknown> } };
  };
  const contact = (fields: Record<string, string> = {}) => post('aloqacorpcontacts', { fname: 'Dilnoza', lname: 'Yusupova', email: 'dilnoza@example.com', message: 'Salom', ...fields });

  beforeAll(async () => {
    pb = await startPocketBase({ env: { FORMWORK_CHECKOUT_CLAIM: CLAIM_LINK, FORMWORK_PUBLIC_URL: 'https://formwork.example' } });
  });
  afterAll(async () => {
    await pb?.stop();
  });

  it("gives every application its service's reference, stored with it, never two alike", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => contact({ message: `Salom ${i}` })));
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body.reference).toMatch(REFERENCE('CT'));
      expect(body.mailed).toBe(true); // the contact form e-mails the applicant a confirmation
    }
    expect(new Set(answers.map((a) => a.body.reference)).size).toBe(answers.length);
    const admin = await superuserClient(pb);
    const stored = await admin.collection('aloqacorpcontacts').getOne(answers[0]!.body.id);
    expect(stored.reference).toBe(answers[0]!.body.reference);
    // The staff list finds it by the reference the applicant quotes.
    const found = await admin.collection('aloqacorpcontacts').getList(1, 5, { filter: `reference ~ "${answers[0]!.body.reference}"` });
    expect(found.items.map((r) => r.id)).toEqual([answers[0]!.body.id]);

    const ticket = await post('tickets', { name: 'Aziza Karimova', email: 'aziza@example.com', topic: 'status', subject: 'Holat haqida', message: 'Arizam qayerda?', application: answers[0]!.body.reference });
    expect(ticket.status).toBe(200);
    expect(ticket.body.reference).toMatch(REFERENCE('TK'));
    expect((await admin.collection('tickets').getOne(ticket.body.id)).application).toBe(answers[0]!.body.reference);
  });

  it('answers a retry with the same reference, and refuses a reference the browser chose', async () => {
    const key = 'retry-0123456789abcdef';
    const first = await contact({ idempotencyKey: key });
    const again = await contact({ idempotencyKey: key });
    expect(again.body).toEqual(first.body);
    const forged = await contact({ reference: 'CT-22222222' });
    expect(forged.status).toBe(400);
    expect(Object.keys(forged.body.data ?? {})).toEqual(['reference']);
  });

  it('says when no e-mail went to the applicant (the claim e-mails nobody but staff)', async () => {
    const res = await post('claim', { firstName: 'Bobur', lastName: 'Aliyev', email: 'bobur@example.com', phone: '+1 312 555 0102', amount: 'Uber', message: 'Drove 3 years', terms: 'true' }, { stateId: pngFile() });
    expect(res.status).toBe(200);
    expect(res.body.reference).toMatch(REFERENCE('CL'));
    const mailedToApplicant = await (await superuserClient(pb)).collection('outbox').getList(1, 1, { filter: `record = "${res.body.id}" && kind = "applicant"` });
    expect(res.body.mailed).toBe(mailedToApplicant.totalItems > 0);
  });

  it('gives a credit repair applicant the private page with its token and the last day to cancel, as that page says', async () => {
    const res = await post('creditrepairnew', { ...validCreditRepair, ...signed('uz') }, { stateId: pngFile() });
    expect(res.status).toBe(200);
    const ack = res.body;
    expect(ack.reference).toMatch(REFERENCE('CR'));
    expect(ack.mailed).toBe(true); // the signed contract
    expect(ack.checkoutUrl).toBeUndefined(); // paid once the service is performed
    const url = new URL(String(ack.applicationUrl));
    expect(`${url.origin}${url.pathname}`).toBe('https://formwork.example/application/creditrepair');
    const token = url.hash.slice(1);
    expect(token).toMatch(/^[A-Za-z0-9]{40}$/);
    const page = await fetch(`${pb.url}/api/formwork/application/creditrepair`, { headers: { 'X-Application-Token': token } });
    const summary = (await page.json()) as { reference: string; cancelLastDay: string; timeZone: string };
    expect(summary.reference).toBe(ack.reference);
    expect(ack.cancelUntil).toEqual({ day: summary.cancelLastDay, timeZone: 'America/Chicago' });
    expect(summary.timeZone).toBe('America/Chicago');
  });

  it('tells a form before the click whether its submit opens a checkout, and offers none that is not configured', async () => {
    const offer = async (collection: string, variant: string) => {
      const res = await fetch(`${pb.url}${checkoutOfferUrl(collection, variant)}`);
      return { status: res.status, body: res.status === 200 ? await res.json() : null, cache: res.headers.get('cache-control') };
    };
    expect(await offer('claim', 'full')).toEqual({ status: 200, body: { opens: true }, cache: 'no-store' });
    // The Amazon Flex landing's link is the schema's placeholder: no window, and no link on the record.
    expect((await offer('claim', 'flex')).body).toEqual({ opens: false });
    expect((await offer('creditrepairnew', 'full')).body).toEqual({ opens: false }); // paid after the service
    expect((await offer('aloqacorpcontacts', 'full')).body).toEqual({ opens: false }); // takes no payment
    expect((await offer('claim', 'nope')).status).toBe(404);
    expect((await offer('nope', 'full')).status).toBe(404);

    const flex = await post('claim', { variant: 'flex', firstName: 'Bobur', lastName: 'Aliyev', email: 'bobur@example.com', phone: '+1 312 555 0102', amount: '2 months', terms: 'true' }, { stateId: pngFile() });
    expect(flex.status).toBe(200);
    expect(flex.body.checkoutUrl).toBeUndefined();
    expect(await (await superuserClient(pb)).collection('claim').getOne(flex.body.id)).toMatchObject({ checkoutUrl: '', paymentStatus: '' });
    const full = await post('claim', { firstName: 'Bobur', lastName: 'Aliyev', email: 'bobur@example.com', phone: '+1 312 555 0102', amount: 'Uber', message: 'Drove', terms: 'true' }, { stateId: pngFile() });
    expect(full.body.checkoutUrl).toBe(`${CLAIM_LINK}?client_reference_id=claim-${full.body.id}`);
  });
});

describe('the migration that adds the reference', () => {
  it('gives every record stored before it its own reference, and keeps the tickets\u2019 typed text as "application"', async () => {
    const all = readdirSync(join(ROOT, 'pb_migrations')).filter((f) => f.endsWith('.js')).sort();
    // The first migration that fills a column for the records already stored is the reference's.
    const adding = all.findIndex((f) => readFileSync(join(ROOT, 'pb_migrations', f), 'utf8').includes('randomStringByRegex'));
    expect(adding).toBeGreaterThan(0);
    const before = mkdtempSync(join(tmpdir(), 'formwork-refmig-'));
    for (const f of all.slice(0, adding)) cpSync(join(ROOT, 'pb_migrations', f), join(before, f));
    const noHooks = mkdtempSync(join(tmpdir(), 'formwork-nohooks-'));
    mkdirSync(noHooks, { recursive: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-refdata-'));

    // Records as the site stored them before: written through the record API as a superuser, no hooks.
    let pb = await startPocketBase({ dataDir, migrationsDir: before, hooksDir: noHooks });
    const typed = ['Credit repair, applied 3 May', 'my loan', 'Kredit tarixini tiklash, 3-may'];
    try {
      const admin = await superuserClient(pb);
      for (const text of typed) {
        await admin.collection('tickets').create({ name: 'Aziza Karimova', email: 'aziza@example.com', topic: 'status', reference: text, subject: 'Where is it', message: 'Hello', variant: 'full', locale: 'en', status: 'new' });
      }
      for (const amount of ['499', '995']) await admin.collection('orders').create({ amount, email: 'shop@example.com', message: 'A shop', variant: 'full', locale: 'ru', status: 'new' });
    } finally {
      await pb.stop();
    }

    const out = execFileSync(PB_BIN, ['migrate', 'up', '--dir', dataDir, '--migrationsDir', join(ROOT, 'pb_migrations')], { encoding: 'utf8', cwd: ROOT });
    expect(out).not.toMatch(/^Error:/m);
    pb = await startPocketBase({ dataDir, hooksDir: noHooks, migrate: false });
    try {
      const admin = await superuserClient(pb);
      const tickets = await admin.collection('tickets').getFullList({ sort: 'created' });
      expect(tickets.map((t) => t.application)).toEqual(typed);
      for (const t of tickets) expect(t.reference).toMatch(REFERENCE('TK'));
      const orders = await admin.collection('orders').getFullList();
      for (const o of orders) expect(o.reference).toMatch(REFERENCE('OR'));
      expect(new Set([...tickets, ...orders].map((r) => r.reference)).size).toBe(tickets.length + orders.length);
      // The column is required and unique from now on: a reference taken is refused.
      await expect(
        admin.collection('orders').create({ amount: '349', email: 'b@example.com', message: 'x', variant: 'full', locale: 'en', reference: orders[0]!.reference }),
      ).rejects.toMatchObject({ status: 400 });
      const fresh = await admin.collection('orders').create({ amount: '349', email: 'b@example.com', message: 'x', variant: 'full', locale: 'en' });
      expect(fresh.reference).toMatch(REFERENCE('OR'));
    } finally {
      await pb.stop();
    }
  });
});
