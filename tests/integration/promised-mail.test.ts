/**
 * The e-mails the pages promise (issue 32), against a real PocketBase and the real SMTP sink: a confirmation
 * of every submission whose page promises an answer by e-mail (company, SSN update, claim and student had
 * none), an e-mail on each status change the service declares (service.json mail.status) in the applicant's
 * language, the confirmation of an applicant's cancellation and the staff notice of it; and the ways to reply
 * the forms must collect (the contact form's e-mail, the SSN update's e-mail, the company's and the
 * applicant's names). Every e-mail quotes the reference and, to the applicant, nothing they typed.
 */
import type PocketBase from 'pocketbase';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormModule } from '../../src/engine/types.ts';
import { registry } from '../../src/generated/registry.ts';
import en from '../../src/generated/messages/en.json';
import ru from '../../src/generated/messages/ru.json';
import uz from '../../src/generated/messages/uz.json';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { flushOutbox } from '../support/outbox.ts';
import { freePort, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { freeTextFields, validSubmission } from '../support/samples.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { staffClient, superuserClient } from '../support/staff.ts';

const STAFF = 'office@formwork.test';
const MESSAGES = { en, uz, ru } as Record<'en' | 'uz' | 'ru', Record<string, string>>;
type Ack = { id: string; reference: string };

const serviceOf = (id: string) => registry.services.find((s) => s.id === id)!;
const formOf = async (id: string) => (await serviceOf(id).forms[0]!.load()) as FormModule;
/** Everything an e-mail says, for looking things up in it. */
const whole = (m: ParsedMail) => `${m.subject}\n${m.text}\n${String(m.html)}`;
const addressedTo = (m: ParsedMail, to: string) => !!m.to && !Array.isArray(m.to) && m.to.text === to;

describe('the e-mails the pages promise', () => {
  let pb: PocketBaseProcess;
  let smtp: SmtpSink;
  let root: PocketBase;
  let admin: PocketBase;

  /** The reference the applicant was shown, as stored: every e-mail quotes it. */
  const referenceOf = async (collection: string, ack: Ack) => {
    const reference = String((await root.collection(collection).getOne(ack.id)).reference);
    expect(reference).toMatch(/^[A-Z]{2,4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(ack.reference).toBe(reference);
    return reference;
  };
  const submit = async (id: string, locale: 'en' | 'uz' | 'ru', change: Record<string, string> = {}, drop: string[] = []) => {
    const form = await formOf(id);
    const { fields, files } = validSubmission(form);
    for (const name of drop) delete fields[name];
    return fetch(`${pb.url}${submitUrl(serviceOf(id).collection)}`, { method: 'POST', body: formData({ ...fields, variant: form.variant, locale, ...change }, files) });
  };
  const accepted = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Ack;
  };
  const outboxOf = (record: string, template: string) => root.collection('outbox').getFullList({ filter: root.filter('record = {:record} && template = {:template}', { record, template }) });
  /**
   * Sends what is due and answers the e-mails it sent: PocketBase hands each to SMTP before the flush
   * answers, and the sink keeps a message before it accepts it (staff notices to one address go as one).
   */
  const sendNow = async () => {
    const before = smtp.messages.length;
    await flushOutbox(admin);
    return smtp.messages.slice(before);
  };
  const setStatus = (collection: string, id: string, status: string, note = '') =>
    fetch(`${pb.url}/api/formwork/status/${collection}/${id}`, {
      method: 'POST',
      headers: { Authorization: admin.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status, note }),
    });

  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtpSink(port);
    pb = await startPocketBase({
      env: {
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(port),
        FORMWORK_MAIL_STAFF: STAFF,
        FORMWORK_MAIL_FROM: 'no-reply@formwork.test',
        // Every e-mail of a test goes at its flush (no throttle between two to one address).
        FORMWORK_MAIL_THROTTLE_SECONDS: '0',
        FORMWORK_PUBLIC_URL: 'https://apply.formwork.test',
      },
    });
    root = await superuserClient(pb);
    admin = await staffClient(pb, 'admin');
  });
  afterAll(async () => {
    await pb?.stop();
    await smtp?.close();
  });

  it.each([
    ['company', 'uz'],
    ['ssn', 'ru'],
    ['claim', 'en'],
    ['student', 'uz'],
  ] as const)('confirms a %s submission to the address given, in its language (%s), with its reference and nothing typed', async (id, locale) => {
    const to = `${id}-applicant@example.com`;
    const ack = await accepted(await submit(id, locale, { email: to }));
    const service = serviceOf(id);
    const [queued] = await outboxOf(ack.id, 'confirmation');
    expect(queued).toMatchObject({ kind: 'applicant', to, locale, status: 'pending' });
    const mails = await sendNow();
    const mail = mails.find((m) => addressedTo(m, to));
    const title = MESSAGES[locale][`service.${id}.title`]!;
    expect(mail?.subject).toBe(
      { en: `We received your application: ${title}`, uz: `Arizangiz qabul qilindi: ${title}`, ru: `Мы получили вашу заявку: ${title}` }[locale],
    );
    expect(mail?.text).toContain(await referenceOf(service.collection, ack));
    // The names, the company's name, the phone, the SSN: nothing the applicant typed is in their e-mail.
    const form = await formOf(id);
    const sent = validSubmission(form).fields;
    const typed = [...freeTextFields(form), 'phone', 'ssn'].filter((f) => sent[f]);
    expect(typed.length).toBeGreaterThan(1);
    for (const field of typed) expect(whole(mail!), field).not.toContain(sent[field]);
    // Staff get their notice with the name, as before.
    expect(mails.some((m) => addressedTo(m, STAFF))).toBe(true);
  });

  it.each<{ service: string; drop?: string[]; change?: Record<string, string>; field: string }>([
    { service: 'contact', drop: ['email'], field: 'email' },
    { service: 'ssn', drop: ['email'], field: 'email' },
    { service: 'company', drop: ['name'], field: 'name' },
    { service: 'company', drop: ['companyName'], field: 'companyName' },
  ])('refuses a $service submission without a way to reply ($field), saving nothing', async ({ service, drop = [], change = {}, field }) => {
    const collection = serviceOf(service).collection;
    const before = (await root.collection(collection).getList(1, 1)).totalItems;
    const res = await submit(service, 'en', change, drop);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: Record<string, { code: string; message: string }> };
    expect(Object.keys(body.data)).toEqual([field]);
    expect((await root.collection(collection).getList(1, 1)).totalItems).toBe(before);
  });

  it("e-mails the applicant each status change the service declares, in the applicant's language, and nothing for the others", async () => {
    const to = 'loan-status@example.com';
    const loan = serviceOf('loan');
    const ack = await accepted(await submit('loan', 'ru', { email: to }));
    const reference = await referenceOf(loan.collection, ack);
    await sendNow(); // the confirmation and the staff notice

    expect((await setStatus(loan.collection, ack.id, 'review', 'Called the bank about Sample')).status).toBe(200);
    const [queued] = await outboxOf(ack.id, 'status-change');
    expect(queued).toMatchObject({ kind: 'applicant', to, locale: 'ru' });
    const [mail] = (await sendNow()).filter((m) => addressedTo(m, to));
    expect(mail?.subject).toBe(`${ru['service.loan.title']}: статус вашей заявки — «${ru['status.review']}» (${reference})`);
    expect(mail?.text).toContain(`Теперь он такой: ${ru['status.review']}.`);
    expect(mail?.text).toMatch(/изменился \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)/);
    expect(mail?.text).toContain(reference);
    expect(String(mail?.html)).toContain('<div lang="ru"');
    expect(whole(mail!)).not.toContain('Called the bank'); // the staff's note is theirs
    expect(whole(mail!)).not.toMatch(/\/application\//); // a loan has no applicant page to link to

    expect((await setStatus(loan.collection, ack.id, 'approved')).status).toBe(200);
    const [approved] = (await sendNow()).filter((m) => addressedTo(m, to));
    expect(approved?.subject).toContain(`«${ru['status.approved']}»`);
    expect(await outboxOf(ack.id, 'status-change')).toHaveLength(2);

    // The contact form declares no status e-mails: its changes send nothing.
    const contact = await accepted(await submit('contact', 'en', { email: 'contact-status@example.com' }));
    expect((await setStatus(serviceOf('contact').collection, contact.id, 'answered')).status).toBe(200);
    expect(await outboxOf(contact.id, 'status-change')).toHaveLength(0);
  });

  it('confirms a cancellation to the applicant, with their own page, and tells staff', async () => {
    const creditRepair = serviceOf('creditrepair');
    const to = 'cancel-me@example.com';
    const body = formData({ ...validCreditRepair, variant: 'full', locale: 'uz', email: to, ...signed('uz') }, { stateId: pngFile() });
    const ack = await accepted(await fetch(`${pb.url}${submitUrl(creditRepair.collection)}`, { method: 'POST', body }));
    const reference = await referenceOf(creditRepair.collection, ack);
    await sendNow(); // the signed copy and the staff notice
    const token = String((await root.collection(creditRepair.collection).getOne(ack.id)).accessToken);
    const cancel = await fetch(`${pb.url}/api/formwork/application/creditrepair/cancel`, { method: 'POST', headers: { 'X-Application-Token': token } });
    expect(cancel.status, await cancel.clone().text()).toBe(200);

    expect((await outboxOf(ack.id, 'cancellation')).map((q) => [q.kind, q.to, q.locale])).toEqual([['applicant', to, 'uz']]);
    expect((await outboxOf(ack.id, 'staff-cancellation')).map((q) => [q.kind, q.to, q.locale])).toEqual([['staff', STAFF, 'en']]);
    // Cancelling is not a status change staff made: no status e-mail besides.
    expect(await outboxOf(ack.id, 'status-change')).toHaveLength(0);
    const mails = await sendNow();

    const applicant = mails.find((m) => addressedTo(m, to));
    expect(applicant?.subject).toBe(`Bekor qilganingiz tasdiqlandi: ${uz['service.creditrepair.title']} (${reference})`);
    expect(applicant?.text).toContain('hech qanday jarima va majburiyatsiz bekor qilindi');
    expect(applicant?.text).toContain(reference);
    // Their own page, with its token put in only as the e-mail goes to SMTP (never stored in the outbox).
    expect(applicant?.text).toContain(`https://apply.formwork.test/application/creditrepair#${token}`);
    expect(JSON.stringify(await outboxOf(ack.id, 'cancellation'))).not.toContain(token);
    expect(whole(applicant!)).not.toContain('Karimova');

    const staff = mails.find((m) => addressedTo(m, STAFF));
    expect(staff?.subject).toBe(`Cancelled by the applicant: ${en['service.creditrepair.title']} from Aziza Karimova (${reference})`);
    expect(staff?.text).toContain('The status is now final: do not start any work on it and take no payment for it.');
    expect(staff?.text).toContain(`https://apply.formwork.test${creditRepair.admin.route}`);
    expect(whole(staff!)).not.toContain(token);
  });
});
