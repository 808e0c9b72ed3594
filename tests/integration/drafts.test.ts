/**
 * "Save and continue later" against a real PocketBase and a real SMTP server on loopback: a draft keeps the
 * answers without the SSN and files, its link arrives by e-mail (in the applicant's language, the token only
 * in the e-mail, not in the outbox), gives the answers back once, a new save replaces the old one, an expired
 * link is refused and the drafts job deletes it, and saves are rate-limited per address (the links it was sent).
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/generated/contract.ts';
import { freePort, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { flushOutbox, untilThrottleOver } from '../support/outbox.ts';
import { superuserClient } from '../support/staff.ts';

const PUBLIC_URL = 'https://apply.formwork.test';
const DRAFTS = 'drafts'; // site.json draftCollection (the server's alone, so not in the browser's registry)

const answers = { firstName: 'Aziza', lastName: 'Karimova', email: 'aziza@example.com', ssn: '987654321', stateId: 'id.png', city: 'Brooklyn', homepage: 'spam' };

async function save(url: string, body: Record<string, unknown>, collection = 'creditrepairnew') {
  return fetch(`${url}${contract.drafts.saveRoute}${collection}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}
const resume = (url: string, token: string) =>
  fetch(`${url}${contract.drafts.resumeRoute}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
/** The token of a resume link in an e-mail's text. */
const tokenIn = (text: string) => new RegExp(`${PUBLIC_URL}${contract.drafts.resumePage}\\?lang=[a-z]{2}#([A-Za-z0-9]{40})`).exec(text)?.[1] ?? '';

describe('drafts: save and continue later', () => {
  let pb: PocketBaseProcess;
  let smtp: SmtpSink;
  let admin: PocketBase;

  beforeAll(async () => {
    const smtpPort = await freePort();
    smtp = await startSmtpSink(smtpPort);
    pb = await startPocketBase({
      env: {
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(smtpPort),
        FORMWORK_MAIL_FROM: 'no-reply@formwork.test',
        FORMWORK_MAIL_THROTTLE_SECONDS: '1',
        FORMWORK_PUBLIC_URL: PUBLIC_URL,
        // The harness turns every limit off; this suite tests the drafts' own.
        FORMWORK_RATE_LIMITS: 'on',
        FORMWORK_RATE_LIMIT_DRAFTS_ADDRESS: '3',
      },
    });
    admin = await superuserClient(pb);
  });
  afterAll(async () => {
    await pb?.stop();
    await smtp?.close();
  });

  /** Sends what is due and returns the e-mails that arrived since `before`. */
  async function mailsSince(before: number, count: number) {
    await untilThrottleOver(admin, 1);
    await flushOutbox(admin);
    return (await smtp.waitFor(before + count)).slice(before);
  }

  it('keeps the answers but the SSN, files and unknown keys; e-mails the link in Uzbek; gives the answers back once', async () => {
    const before = smtp.messages.length;
    const res = await save(pb.url, { variant: 'full', email: ' Aziza@Example.com ', locale: 'uz', path: '/creditrepair', step: 'address', values: answers });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { saved: boolean; expiresAt: string };
    expect(saved.saved).toBe(true);
    const days = (new Date(saved.expiresAt.replace(' ', 'T')).getTime() - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(contract.drafts.days - 0.01);
    expect(days).toBeLessThanOrEqual(contract.drafts.days);

    const [stored] = await admin.collection(DRAFTS).getFullList();
    expect(stored?.email).toBe('aziza@example.com');
    expect(stored?.values).toEqual({ firstName: 'Aziza', lastName: 'Karimova', email: 'aziza@example.com', city: 'Brooklyn' });
    // The outbox (which staff read) holds the link without its token.
    const [queued] = await admin.collection('outbox').getFullList({ filter: `sourceCollection = "${DRAFTS}"` });
    expect(queued?.template).toBe('draft-resume');
    expect(JSON.stringify(queued)).not.toContain(stored?.accessToken);

    const [mail] = await mailsSince(before, 1);
    expect(mail?.to).toMatchObject({ text: 'aziza@example.com' });
    expect(mail?.subject).toContain('Arizangizni davom ettiring');
    expect(mail?.text).toContain(`${contract.drafts.days} kun`);
    expect(String(mail?.html)).not.toContain('Aziza');
    const token = tokenIn(mail?.text ?? '');
    expect(token).toBe(stored?.accessToken);
    const outbox = await admin.collection('outbox').getOne(queued!.id);
    expect(JSON.stringify(outbox)).not.toContain(token);

    const first = await resume(pb.url, token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      service: 'creditrepairnew',
      serviceId: 'creditrepair',
      variant: 'full',
      locale: 'uz',
      path: '/creditrepair',
      step: 'address',
      values: { firstName: 'Aziza', lastName: 'Karimova', email: 'aziza@example.com', city: 'Brooklyn' },
    });
    expect((await resume(pb.url, token)).status).toBe(404);
    expect(await admin.collection(DRAFTS).getFullList()).toHaveLength(0);
  });

  it('keeps one draft per address and form: a new save replaces the old one and its link', async () => {
    const email = 'bobur@example.com';
    const before = smtp.messages.length;
    expect((await save(pb.url, { variant: 'full', email, locale: 'en', path: '/loan', values: { firstName: 'Bobur' } }, 'loans')).status).toBe(200);
    const [first] = await mailsSince(before, 1);
    expect((await save(pb.url, { variant: 'full', email, locale: 'en', path: '/loan', values: { firstName: 'Bobur', lastName: 'Aliev' } }, 'loans')).status).toBe(200);
    // A save replacing one whose link was not sent yet: that link never goes out.
    expect((await save(pb.url, { variant: 'full', email, locale: 'en', path: '/loan', values: { firstName: 'Bobur', lastName: 'Aliyev' } }, 'loans')).status).toBe(200);
    expect(await admin.collection(DRAFTS).getFullList({ filter: `email = "${email}"` })).toHaveLength(1);
    const [second] = await mailsSince(before + 1, 1);
    await flushOutbox(admin);
    expect(smtp.messages.length).toBe(before + 2);
    expect((await resume(pb.url, tokenIn(first?.text ?? ''))).status).toBe(404);
    const res = await resume(pb.url, tokenIn(second?.text ?? ''));
    expect(((await res.json()) as { values: unknown }).values).toEqual({ firstName: 'Bobur', lastName: 'Aliyev' });
  });

  it('refuses an expired link, and the drafts job deletes the draft', async () => {
    const email = 'expired@example.com';
    expect((await save(pb.url, { variant: 'full', email, locale: 'ru', path: '/student', values: { firstName: 'Dilnoza' } }, 'students')).status).toBe(200);
    const [draft] = await admin.collection(DRAFTS).getFullList({ filter: `email = "${email}"` });
    await admin.collection(DRAFTS).update(draft!.id, { expiresAt: new Date(Date.now() - 1000).toISOString().replace('T', ' ') });
    expect((await resume(pb.url, draft!.accessToken as string)).status).toBe(404);

    expect((await save(pb.url, { variant: 'full', email, locale: 'ru', path: '/student', values: {} }, 'students')).status).toBe(200);
    const [again] = await admin.collection(DRAFTS).getFullList({ filter: `email = "${email}"` });
    await admin.collection(DRAFTS).update(again!.id, { expiresAt: new Date(Date.now() - 1000).toISOString().replace('T', ' ') });
    // PocketBase's own route runs a registered job now (superusers).
    await admin.send('/api/crons/formwork-drafts', { method: 'POST' });
    await expect.poll(async () => (await admin.collection(DRAFTS).getFullList({ filter: `email = "${email}"` })).length).toBe(0);
  });

  it('refuses a bad address with a field error, and an unknown form or variant', async () => {
    const bad = await save(pb.url, { variant: 'full', email: 'not-an-address', locale: 'en', path: '/loan', values: {} }, 'loans');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { data: Record<string, { code: string }> }).data.email?.code).toBe('validation_invalid_email');
    expect((await save(pb.url, { variant: 'nope', email: 'a@example.com', locale: 'en', path: '/loan', values: {} }, 'loans')).status).toBe(400);
    expect((await save(pb.url, { variant: 'full', email: 'a@example.com', locale: 'en', path: '/loan', values: {} }, 'nosuch')).status).toBe(404);
    expect((await resume(pb.url, 'short')).status).toBe(404);
  });

  it('limits the links one address gets in an hour', async () => {
    const email = 'many@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await save(pb.url, { variant: 'full', email, locale: 'en', path: '/personal', values: {} }, 'personal')).status);
      // Links sent count (one not sent yet is replaced by the next save, and never goes out).
      await mailsSince(smtp.messages.length, statuses.at(-1) === 200 ? 1 : 0);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address from the same sender is still within the sender's own (higher) limit.
    expect((await save(pb.url, { variant: 'full', email: 'other@example.com', locale: 'en', path: '/personal', values: {} }, 'personal')).status).toBe(200);
  });
});
