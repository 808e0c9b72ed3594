/**
 * Confirmation e-mails through the outbox, against a real PocketBase and a real SMTP server on
 * loopback: the applicant's mail arrives in the language they used and holds no sensitive data, staff
 * get a notice, a mail server that is down neither slows nor fails a submission (the mail follows once
 * it is back), and one recipient gets at most one e-mail per throttle period. The servers here run without
 * the minute's job (the harness's FORMWORK_OUTBOX_CRON=off): each test sends when it flushes, so the job
 * never sends or renders an e-mail between its steps.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import ru from '../../src/generated/messages/ru.json';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { freePort, ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { flushOutbox, untilDue, untilThrottleOver, type FlushResult } from '../support/outbox.ts';
import { staffClient, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
const THROTTLE_SECONDS = 2;
const creditRepair = registry.services.find((s) => s.id === 'creditrepair')!;
const STAFF = 'office@formwork.test';

describe('e-mail outbox', () => {
  let pb: PocketBaseProcess;
  let smtp: SmtpSink | null;
  let smtpPort: number;
  let admin: PocketBase;

  const submitCreditRepair = (change: Record<string, string>) =>
    fetch(`${pb.url}${submitUrl('creditrepairnew')}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, variant: 'full', ...signed((change.locale ?? 'en') as 'en'), ...change }, { stateId: pngFile() }),
    });
  const flush = () => flushOutbox(admin);
  /** Lets the throttle period of the last e-mail sent pass, so one test's staff notice does not hold the next's. */
  const quiet = () => untilThrottleOver(admin, THROTTLE_SECONDS);
  const outboxOf = (record: string) => admin.collection('outbox').getFullList({ filter: `record = "${record}"`, sort: 'kind' });

  beforeAll(async () => {
    smtpPort = await freePort();
    smtp = await startSmtpSink(smtpPort);
    pb = await startPocketBase({
      env: {
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(smtpPort),
        FORMWORK_MAIL_STAFF: STAFF,
        FORMWORK_MAIL_FROM: 'no-reply@formwork.test',
        FORMWORK_MAIL_RETRY_SECONDS: '1',
        FORMWORK_MAIL_THROTTLE_SECONDS: String(THROTTLE_SECONDS),
        FORMWORK_PUBLIC_URL: 'https://apply.formwork.test',
      },
    });
    admin = await superuserClient(pb);
  });
  afterAll(async () => {
    await pb?.stop();
    await smtp?.close();
  });

  it('sends the applicant a confirmation in their language, without the SSN, and staff a notice', async () => {
    const res = await submitCreditRepair({ locale: 'ru', email: 'aziza@example.com', ssn: '987654321' });
    expect(res.status).toBe(200);
    const record = (await res.json()) as { id: string; reference: string };
    const queued = await outboxOf(record.id);
    expect(queued.map((q) => [q.kind, q.to, q.status])).toEqual([
      ['applicant', 'aziza@example.com', 'pending'],
      ['staff', STAFF, 'pending'],
    ]);
    // Written with the submission: the template, the subject and the values it shows; the body is rendered when it is sent.
    expect(queued.map((q) => [q.template, q.html, q.context?.reference])).toEqual([
      ['agreement', '', record.reference],
      ['staff-notice', '', record.reference],
    ]);
    expect(queued[0]?.subject).toBe('Ваш подписанный договор и право на отмену: Заявка на восстановление кредитной истории');
    // The documents as signed, by hash in the applicant's language: their texts are rendered from the archive when sent.
    expect(queued[0]?.context?.agreements).toEqual(creditRepair.agreements!.documents.map((d) => ({ id: d.id, hash: d.hashes.ru })));
    expect(JSON.stringify(queued[0]?.context).length).toBeLessThan(4000);
    // Each e-mail's context holds what its template reads, no more: the staff notice shows no documents,
    // deadline or status link, and the signed copy no list of the answers.
    expect(Object.keys(queued[1]!.context).sort()).toEqual(['form', 'language', 'listUrl', 'name', 'reference', 'service', 'submittedAt', 'fields'].sort());
    expect(queued[0]!.context).not.toHaveProperty('fields');
    expect(queued[0]!.context).toHaveProperty('statusUrl');

    expect(await flush()).toMatchObject({ sent: 2 });
    const mails = await smtp!.waitFor(2);
    const applicant = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.text === 'aziza@example.com');
    // Credit repair has agreements: the applicant's e-mail is the signed copy with the right to cancel.
    expect(applicant?.subject).toBe('Ваш подписанный договор и право на отмену: Заявка на восстановление кредитной истории');
    expect(applicant?.text).toContain('Здравствуйте!');
    // What the visitor typed stays out of the e-mail to the address they gave, but for the typed name in the
    // signature block, printed because it passes the strict name rule (pb_hooks/lib/signedName.js).
    expect(String(applicant?.text).split('Aziza')).toHaveLength(2);
    expect(applicant?.text).toContain('Подписал(а): Aziza Karimova');
    expect(applicant?.text).toContain(record.reference); // the reference the applicant was shown, not the record's id
    expect(applicant?.text).not.toContain(record.id);
    expect(applicant?.html).toContain('<strong>«Заявка на восстановление кредитной истории»</strong>');
    expect(applicant?.html).toContain('<div lang="ru"'); // a mail client's screen reader reads it as Russian
    // The last day in the language's long format, as the pages say it (pb_hooks/lib/outbox.js longDay).
    expect(applicant?.text).toMatch(
      /ВАШЕ ПРАВО НА ОТМЕНУ: .* до полуночи в конце дня \d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4} г\. \(по времени America\/Chicago\)/,
    );
    expect(applicant?.text).toMatch(/https:\/\/apply\.formwork\.test\/application\/creditrepair#[A-Za-z0-9]{40}/);
    for (const doc of creditRepair.agreements!.documents) {
      expect(applicant?.text).toContain((ru as Record<string, string>)[`service.creditrepair.agreements.${doc.id}.title`]);
      const archived = await admin.collection(registry.agreementTextCollection).getFirstListItem(`hash = "${doc.hashes.ru}"`);
      // The whole text as signed (its first and last paragraphs; the text e-mail wraps nothing), read as the
      // HTML shows it: without the markdown's "#" and "**" (pb_hooks/lib/agreementTexts.js plainText).
      const asRead = (paragraph: string) => paragraph.replace(/^#+\s+/gm, '').replace(/\*\*/g, '');
      const paragraphs = String(archived.text).split('\n\n');
      expect(applicant?.text).toContain(asRead(paragraphs[0]!));
      expect(applicant?.text).toContain(asRead(paragraphs[paragraphs.length - 1]!));
    }
    expect(applicant?.text).not.toContain('**');
    expect(applicant?.text).not.toMatch(/^#/m);
    const staff = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.text === STAFF);
    expect(staff?.subject).toBe('New submission: Credit repair application from Aziza Karimova');
    expect(staff?.html).toContain('<div lang="en"');
    expect(staff?.text).toContain('https://apply.formwork.test/creditapps');
    // The applicant's answer ("reply to this e-mail") reaches the company; staff answer the sender.
    expect(applicant?.replyTo?.text).toBe(registry.site.company.email);
    expect(staff?.replyTo).toBeUndefined();
    for (const mail of mails) {
      const all = `${mail.subject}\n${mail.text}\n${String(mail.html)}`;
      expect(all).not.toContain('987654321'); // SSN
      expect(all).not.toMatch(/\.png|\/api\/files\//); // document links
    }
    const sent = await outboxOf(record.id);
    expect(sent.every((q) => q.status === 'sent' && q.sentAt)).toBe(true);
    // The rendered e-mail is kept as sent (a resend sends it again as it is); its context is dropped.
    expect(sent.map((q) => [q.text.includes(record.reference), q.html !== '', q.context])).toEqual([
      [true, true, null],
      [true, true, null],
    ]);
  });

  it('takes the submission at once while the mail server is down, and delivers once it is back', async () => {
    await quiet();
    await smtp!.close();
    smtp = null;
    const started = Date.now();
    const res = await submitCreditRepair({ locale: 'uz', email: 'bobur@example.com' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000); // no SMTP in the request path (a generous bound, not a benchmark)
    const record = (await res.json()) as { id: string };

    expect(await flush()).toMatchObject({ sent: 0, retrying: 2 });
    const failedOnce = await outboxOf(record.id);
    expect(failedOnce.every((q) => q.status === 'pending' && q.attempts === 1 && q.lastError !== '')).toBe(true);

    smtp = await startSmtpSink(smtpPort);
    await untilDue(admin, `record = "${record.id}"`); // the retry delay (FORMWORK_MAIL_RETRY_SECONDS=1)
    expect(await flush()).toMatchObject({ sent: 2 });
    const mails = await smtp.waitFor(2);
    expect(mails.find((m) => m.subject?.startsWith('Imzolangan shartnomangiz va bekor qilish huquqingiz'))).toBeDefined();
    expect((await outboxOf(record.id)).every((q) => q.status === 'sent')).toBe(true);
  });

  it('holds a second e-mail to the same address until the throttle period has passed', async () => {
    await quiet();
    const before = smtp!.messages.length;
    const first = (await (await submitCreditRepair({ locale: 'en', email: 'twice@example.com' })).json()) as { id: string };
    const second = (await (await submitCreditRepair({ locale: 'en', email: 'twice@example.com' })).json()) as { id: string };
    const result = await flush();
    expect(result.deferred).toBeGreaterThanOrEqual(1); // the second mail to twice@ (staff notices share one address too)
    const held = (await outboxOf(second.id)).find((q) => q.kind === 'applicant');
    expect(held?.status).toBe('pending');
    const sentFirst = (await outboxOf(first.id)).find((q) => q.kind === 'applicant');
    expect(sentFirst?.status).toBe('sent');
    expect(new Date(held!.nextAttemptAt).getTime() - new Date(sentFirst!.sentAt).getTime()).toBeGreaterThanOrEqual(THROTTLE_SECONDS * 1000 - 5);

    await untilDue(admin, `id = "${held!.id}"`);
    await flush();
    expect((await outboxOf(second.id)).find((q) => q.kind === 'applicant')?.status).toBe('sent');
    const toTwice = smtp!.messages.slice(before).filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'twice@example.com');
    expect(toTwice).toHaveLength(2);
    expect(toTwice[1]!.date!.getTime() - toTwice[0]!.date!.getTime()).toBeGreaterThanOrEqual((THROTTLE_SECONDS - 1) * 1000);
  });

  it('sends the staff notices due together to one address as one e-mail (the staff digest), each marked sent with its own copy', async () => {
    await quiet();
    const before = smtp!.messages.length;
    const names = ['Dilnoza', 'Jasur', 'Malika'];
    const ids: string[] = [];
    const references: Record<string, string> = {};
    for (const name of names) {
      // The street as an applicant might type it: an applicant's text stays text inside the digest too.
      const res = await submitCreditRepair({ locale: 'en', email: `${name.toLowerCase()}@example.com`, firstName: name, street: '1 <b>Market</b> St' });
      expect(res.status).toBe(200);
      const ack = (await res.json()) as { id: string; reference: string };
      ids.push(ack.id);
      references[ack.id] = ack.reference;
    }
    // Three applicants' e-mails and three notices marked sent; the notices went as one e-mail, none deferred.
    expect(await flush()).toMatchObject({ sent: 6, digests: 1, deferred: 0 });
    const toStaff = smtp!.messages.slice(before).filter((m) => m.to && !Array.isArray(m.to) && m.to.text === STAFF);
    expect(toStaff).toHaveLength(1);
    const [digest] = toStaff;
    expect(digest!.subject).toBe('New submissions: 3');
    expect(digest!.text).toContain('3 new submissions arrived since the last notice; each one follows.');
    const html = String(digest!.html);
    for (const [i, id] of ids.entries()) {
      expect(digest!.text).toContain(`New submission: Credit repair application from ${names[i]} Karimova`);
      expect(digest!.text).toContain(`Reference: ${references[id]}.`);
      expect(html).toContain(`reference ${references[id]}.`);
    }
    expect(html.match(/<table/g)).toHaveLength(3); // each notice's own HTML, in as it is
    expect(html).toContain('1 &lt;b&gt;Market&lt;/b&gt; St'); // escaped when the notice was rendered, and not again
    expect(html).not.toContain('<b>Market</b>');
    for (const id of ids) {
      const notice = (await outboxOf(id)).find((q) => q.kind === 'staff')!;
      expect(notice).toMatchObject({ status: 'sent', lastError: '', context: null });
      expect(notice.text).toContain(`Reference: ${references[id]}.`); // a resend sends this notice alone
    }
  });

  it('holds an e-mail whose signed text is not in the archive, rather than send another text', async () => {
    const res = await submitCreditRepair({ locale: 'en', email: 'archive@example.com' });
    const { id } = (await res.json()) as { id: string };
    const queued = (await outboxOf(id)).find((q) => q.kind === 'applicant')!;
    // As if the e-mail named a text this server never presented (the archive is only ever added to).
    const unknown = { id: 'contract', hash: 'f'.repeat(64) };
    const held = await admin
      .collection('outbox')
      .create({
        ...pick(queued, ['sourceCollection', 'record', 'kind', 'locale', 'template', 'subject']),
        to: 'unarchived@example.com',
        context: { ...queued.context, agreements: [unknown] },
        status: 'pending',
        attempts: 0,
        nextAttemptAt: queued.nextAttemptAt,
      });
    const notice = (await outboxOf(id)).find((q) => q.kind === 'staff')!;
    expect(notice.status).toBe('pending');
    await admin.collection('outbox').update(notice.id, { context: { ...notice.context, agreements: [unknown] } });
    await quiet();
    await flush();
    const after = await admin.collection('outbox').getOne(held.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 1, html: '' });
    expect(after.lastError).toContain(`The signed text ${unknown.hash} of the agreement "contract" is not in the archive.`);
    expect(after.context.agreements).toEqual([unknown]); // kept for the next attempt
    expect(smtp!.messages.some((m) => m.to && !Array.isArray(m.to) && m.to.text === 'unarchived@example.com')).toBe(false);
    // The staff notice of the same application, naming the same unknown text, shows no documents: it never
    // looks them up, and went.
    expect(await admin.collection('outbox').getOne(notice.id)).toMatchObject({ status: 'sent', lastError: '', attempts: 0 });
  });

  it("sends an e-mail queued with its documents' texts (before the archive) as it was written", async () => {
    const before = smtp!.messages.length;
    const res = await submitCreditRepair({ locale: 'en', email: 'earlier@example.com' });
    const { id } = (await res.json()) as { id: string };
    const queued = (await outboxOf(id)).find((q) => q.kind === 'applicant')!;
    await admin
      .collection('outbox')
      .update(queued.id, { context: { ...queued.context, agreements: [{ title: 'Contract as queued', text: 'The text this e-mail was queued with.' }] } });
    await quiet();
    await flush();
    const mail = smtp!.messages.slice(before).find((m) => m.to && !Array.isArray(m.to) && m.to.text === 'earlier@example.com');
    expect(mail?.text).toContain('Contract as queued');
    expect(mail?.text).toContain('The text this e-mail was queued with.');
  });

  it('sends each e-mail once when several flushes start together (one sender at a time)', async () => {
    const addresses = ['once-1@example.com', 'once-2@example.com', 'once-3@example.com'];
    for (const email of addresses) expect((await submitCreditRepair({ locale: 'en', email })).status).toBe(200);
    await quiet();
    const before = smtp!.messages.length;
    const results = (await Promise.all(Array.from({ length: 6 }, () => admin.send('/api/formwork/outbox/flush', { method: 'POST' })))) as FlushResult[];
    await flush(); // whatever a skipped one left
    const to = (address: string) => smtp!.messages.slice(before).filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address).length;
    expect(addresses.map(to)).toEqual([1, 1, 1]);
    expect(to(STAFF)).toBe(1); // the three notices, in one digest
    expect(results.filter((r) => !r.skipped).length).toBeGreaterThanOrEqual(1);
  });

  it("29.3 keeps the applicant's status-link token out of the outbox staff read, before and after sending, and e-mails a working link, on a resend too", async () => {
    await quiet();
    const res = await submitCreditRepair({ locale: 'en', email: 'status-link@example.com' });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const token = String((await admin.collection('creditrepairnew').getOne(id)).accessToken);
    expect(token).toMatch(/^[A-Za-z0-9]{40}$/);
    const viewer = await staffClient(pb, 'viewer');
    /** Everything a viewer gets of this application's e-mails: the list (as the API and the card read it) and each record. */
    const viewerSees = async () => {
      const list = await viewer.collection('outbox').getFullList({ filter: `record = "${id}"` });
      const each = await Promise.all(list.map((item) => viewer.collection('outbox').getOne(item.id)));
      const raw = await (await fetch(`${pb.url}/api/collections/outbox/records?perPage=500`, { headers: { Authorization: viewer.authStore.token } })).text();
      expect(list.length).toBeGreaterThanOrEqual(2);
      return JSON.stringify([list, each]) + raw;
    };
    expect(await viewerSees()).not.toContain(token);
    // Nor the application itself: the column is hidden, and staff cannot even filter on it.
    expect(await viewer.collection('creditrepairnew').getOne(id)).not.toHaveProperty('accessToken');
    const probe = await fetch(`${pb.url}/api/collections/creditrepairnew/records?filter=${encodeURIComponent(`accessToken = "${token}"`)}`, {
      headers: { Authorization: viewer.authStore.token },
    });
    expect(probe.status === 400 || ((await probe.json()) as { items: unknown[] }).items.length === 0).toBe(true);

    const before = smtp!.messages.length;
    expect((await flush()).sent).toBeGreaterThanOrEqual(2);
    expect(await viewerSees()).not.toContain(token);
    const toApplicant = () => smtp!.messages.slice(before).filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'status-link@example.com');
    const [mail] = toApplicant();
    const link = `https://apply.formwork.test/application/creditrepair#${token}`;
    expect(mail?.text).toContain(link);
    expect(String(mail?.html)).toContain(`href="${link}"`);
    // The link works: its page asks the API with the token from the fragment.
    const summary = await fetch(`${pb.url}/api/formwork/application/creditrepair`, { headers: { 'X-Application-Token': mail!.text!.match(/#([A-Za-z0-9]{40})/)![1]! } });
    expect(summary.status).toBe(200);
    // The page names the application by the reference the applicant quotes, as the submit's answer did.
    expect(await summary.json()).toMatchObject({ reference: (await viewer.collection('creditrepairnew').getOne(id)).reference, status: 'new' });

    // "Send again" sends the stored e-mail, with the token put in again.
    const item = (await outboxOf(id)).find((q) => q.kind === 'applicant')!;
    await quiet();
    await admin.send(`/api/formwork/outbox/${item.id}/resend`, { method: 'POST' });
    await smtp!.waitFor(before + 3);
    const again = toApplicant();
    expect(again).toHaveLength(2);
    expect(again[1]?.text).toContain(link);
    expect(await viewerSees()).not.toContain(token);
  });

  it('29.10 sends the applicant nothing a visitor typed and links only to the company: a contact message and a name with a URL and markup', async () => {
    await quiet();
    const evil = 'http://evil.example/login';
    const markup = `<a href="${evil}">Verify your account</a>`;
    const before = smtp!.messages.length;
    const contact = await fetch(`${pb.url}${submitUrl('aloqacorpcontacts')}`, {
      method: 'POST',
      body: formData({ fname: `Bank ${markup}`, lname: evil, email: 'victim@example.com', phone: '+1 415 555 0100', message: `Your account is locked. Log in at ${evil} now. ${markup}`, locale: 'en', variant: 'full' }),
    });
    expect(contact.status, await contact.clone().text()).toBe(200);
    const repair = await submitCreditRepair({ locale: 'uz', email: 'victim2@example.com', firstName: `${evil} ${markup}`, lastName: evil });
    expect(repair.status).toBe(200);
    await flush();
    await smtp!.waitFor(before + 3);
    const mails = smtp!.messages.slice(before);
    for (const to of ['victim@example.com', 'victim2@example.com']) {
      const mail = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.text === to);
      expect(mail, to).toBeDefined();
      const all = `${mail!.subject}\n${mail!.text}\n${String(mail!.html)}`;
      expect(all).not.toContain('evil.example');
      expect(all).not.toMatch(/Verify your account|Your account is locked/);
      // Every link is the company's: its site, its phone, its e-mail.
      const hrefs = [...String(mail!.html).matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
      const urls = [...hrefs, ...(mail!.text!.match(/[a-z][a-z0-9+.-]*:\/\/[^\s)]+/gi) ?? [])];
      for (const url of urls) expect([url.startsWith('https://apply.formwork.test/'), /^tel:[\d+]+$/.test(url), url === `mailto:${registry.site.company.email}`], url).toContain(true);
      for (const url of urls.filter((u) => /^https?:/.test(u))) expect(new URL(url).host).toBe('apply.formwork.test');
    }
    // Staff notices keep the visitor's text, as text: escaped, never made a link.
    const notice = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.text === STAFF);
    expect(notice).toBeDefined();
    const html = String(notice!.html);
    expect(html).toContain('Log in at http://evil.example/login now.');
    expect(html).not.toContain('<a href="http://evil.example');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).every((h) => h?.startsWith('https://apply.formwork.test/'))).toBe(true);
  });

  it('lets only staff admins flush or resend', async () => {
    const anonymous = await fetch(`${pb.url}/api/formwork/outbox/flush`, { method: 'POST' });
    expect(anonymous.status).toBe(403);
  });
});

describe('e-mails stored with the status-link token before issue 29.3', () => {
  const SCRUB = '1795805990_outbox_status_links_without_tokens.js';

  it('29.3 lose the token on upgrade (outbox html, text and context), and a resend still delivers a working link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-scrub-'));
    const before = mkdtempSync(join(tmpdir(), 'formwork-scrub-migrations-'));
    cpSync(join(ROOT, 'pb_migrations'), before, { recursive: true, filter: (src) => !src.endsWith(SCRUB) });
    const smtp = await startSmtpSink();
    const env = { FORMWORK_SMTP_HOST: '127.0.0.1', FORMWORK_SMTP_PORT: String(smtp.port), FORMWORK_PUBLIC_URL: 'https://apply.formwork.test', FORMWORK_MAIL_THROTTLE_SECONDS: '0' };
    const servers: PocketBaseProcess[] = [];
    try {
      const old = await startPocketBase({ dataDir, migrationsDir: before, env });
      servers.push(old);
      const root = await superuserClient(old);
      const res = await fetch(`${old.url}${submitUrl('creditrepairnew')}`, {
        method: 'POST',
        body: formData({ ...validCreditRepair, variant: 'full', ...signed('en'), locale: 'en', email: 'earlier@example.com' }, { stateId: pngFile() }),
      });
      const { id } = (await res.json()) as { id: string };
      const token = String((await root.collection('creditrepairnew').getOne(id)).accessToken);
      // The applicant's e-mail as the server stored it before the fix: the token in the link's path.
      const link = `https://apply.formwork.test/application/creditrepair/${token}`;
      const item = (await root.collection('outbox').getFullList({ filter: `record = "${id}" && kind = "applicant"` }))[0]!;
      await root.collection('outbox').update(item.id, {
        html: `<p><a href="${link}">Open your application page</a></p>`,
        text: `Your application page: ${link}`,
        context: { ...item.context, statusUrl: link },
        status: 'sent',
      });
      await old.stop();

      const upgraded = await startPocketBase({ dataDir, env });
      servers.push(upgraded);
      const admin = await superuserClient(upgraded);
      const stored = await admin.collection('outbox').getOne(item.id);
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored.text).toBe('Your application page: https://apply.formwork.test/application/creditrepair#{application-token}');
      expect(stored.context.statusUrl).toBe('https://apply.formwork.test/application/creditrepair#{application-token}');
      await admin.send(`/api/formwork/outbox/${item.id}/resend`, { method: 'POST' });
      const [mail] = await smtp.waitFor(1);
      expect(mail?.text).toContain(`https://apply.formwork.test/application/creditrepair#${token}`);
      expect(String(mail?.html)).toContain(`href="https://apply.formwork.test/application/creditrepair#${token}"`);
    } finally {
      for (const server of servers) await server.stop(); // a second stop of the first does nothing
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(before, { recursive: true, force: true });
    }
  });
});

describe('e-mail outbox, when a mail server never answers', () => {
  let pb: PocketBaseProcess;

  beforeAll(async () => {
    const nobody = await freePort(); // nothing listens here
    pb = await startPocketBase({
      env: { FORMWORK_SMTP_HOST: '127.0.0.1', FORMWORK_SMTP_PORT: String(nobody), FORMWORK_MAIL_RETRY_SECONDS: '1', FORMWORK_MAIL_MAX_ATTEMPTS: '2' },
    });
  });
  afterAll(async () => pb?.stop());

  it('marks the e-mail failed after the last attempt, keeps the submission, and staff can queue it again', async () => {
    const admin = await superuserClient(pb);
    const res = await fetch(`${pb.url}${submitUrl('creditrepairnew')}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', email: 'lost@example.com' }, { stateId: pngFile() }),
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const flush = () => flushOutbox(admin);
    expect(await flush()).toMatchObject({ retrying: 1 });
    await untilDue(admin, `record = "${id}"`); // the retry delay (FORMWORK_MAIL_RETRY_SECONDS=1)
    expect(await flush()).toMatchObject({ failed: 1 });
    const item = await admin.collection('outbox').getFirstListItem(`record = "${id}"`);
    expect(item).toMatchObject({ status: 'failed', attempts: 2 });
    expect(item.lastError).not.toBe('');
    expect((await admin.collection('creditrepairnew').getOne(id)).email).toBe('lost@example.com');

    await admin.send(`/api/formwork/outbox/${item.id}/resend`, { method: 'POST' });
    expect(await admin.collection('outbox').getOne(item.id)).toMatchObject({ attempts: 1, status: 'pending' }); // queued again, tried once more
  });
});

describe("the outbox job's schedule (FORMWORK_OUTBOX_CRON)", () => {
  /** The server's scheduled jobs, as its superuser API lists them. */
  const jobsOf = async (env: Record<string, string>) => {
    const pb = await startPocketBase({ env });
    try {
      const jobs = await (await superuserClient(pb)).crons.getFullList();
      return Object.fromEntries(jobs.map((j) => [j.id, j.expression]));
    } finally {
      await pb.stop();
    }
  };

  it('sends every minute by default, on the schedule given, and not at all when off', async () => {
    expect((await jobsOf({ FORMWORK_OUTBOX_CRON: '' }))['formwork-outbox']).toBe('* * * * *');
    expect((await jobsOf({ FORMWORK_OUTBOX_CRON: '*/5 * * * *' }))['formwork-outbox']).toBe('*/5 * * * *');
    const off = await jobsOf({ FORMWORK_OUTBOX_CRON: 'off' });
    expect(off['formwork-outbox']).toBeUndefined();
    expect(off['formwork-trash-purge']).toBe('17 4 * * *'); // the server's other jobs are there
  });
});
