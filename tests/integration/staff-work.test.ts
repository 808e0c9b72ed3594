/**
 * Staff's work on applications against a real PocketBase and a real SMTP server on loopback: the staff
 * directory, assigning (audited per application), internal notes (audited, read by staff), replies to
 * the applicant (in their language, through the outbox, Reply-To the company, kept in the notes,
 * rate-limited), a staff member's own language, and a forgotten password (the reset e-mail in the staff
 * member's language, its link's token accepted by PocketBase's own confirmPasswordReset).
 */
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitUrl } from '../../src/engine/submit.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { flushOutbox, untilThrottleOver } from '../support/outbox.ts';
import { freePort, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { createStaff, staffClient, superuserClient } from '../support/staff.ts';

const COLLECTION = 'creditrepairnew';
const PUBLIC_URL = 'https://apply.formwork.test';
const COMPANY_EMAIL = 'info@aloqacorp.example';
const THROTTLE_SECONDS = 1;
/** Replies one application may get within an hour on this server (FORMWORK_RATE_LIMIT_REPLIES_APPLICATION). */
const REPLIES_PER_APPLICATION = 2;

describe('staff work on applications', () => {
  let pb: PocketBaseProcess;
  let smtp: SmtpSink;
  let admin: PocketBase;
  let viewer: PocketBase;
  let root: PocketBase;

  const submit = async (locale: 'en' | 'uz' | 'ru', fields: Record<string, string> = {}) => {
    const res = await fetch(`${pb.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, ...signed(locale), variant: 'full', locale, ...fields }, { stateId: pngFile() }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const call = (client: PocketBase | null, path: string, body?: unknown) =>
    fetch(`${pb.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(client ? { Authorization: client.authStore.token } : {}), 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const auditOf = (record: string, action: string) => root.collection('auditlog').getFullList({ filter: root.filter('record = {:r} && action = {:a}', { r: record, a: action }), sort: 'created' });

  beforeAll(async () => {
    smtp = await startSmtpSink(await freePort());
    pb = await startPocketBase({
      env: {
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(smtp.port),
        FORMWORK_MAIL_FROM: 'no-reply@formwork.test',
        FORMWORK_MAIL_THROTTLE_SECONDS: String(THROTTLE_SECONDS),
        FORMWORK_PUBLIC_URL: PUBLIC_URL,
        // The reply limits are limits like the others (FORMWORK_RATE_LIMITS); the per-address ones are
        // set out of this suite's way.
        FORMWORK_RATE_LIMITS: 'on',
        FORMWORK_RATE_LIMIT_AUTH: '500',
        FORMWORK_RATE_LIMIT_CREATE: '500',
        FORMWORK_RATE_LIMIT_REPLIES_APPLICATION: String(REPLIES_PER_APPLICATION),
      },
    });
    admin = await staffClient(pb, 'admin');
    viewer = await staffClient(pb, 'viewer');
    root = await superuserClient(pb);
  });
  afterAll(async () => {
    await pb?.stop();
    await smtp?.close();
  });

  it('refuses every act to viewers and everything to visitors, while viewers read', async () => {
    const id = await submit('en');
    const acts: [string, unknown][] = [
      [`/api/formwork/assign/${COLLECTION}`, { ids: [id], assignee: viewer.authStore.record!.id }],
      [`/api/formwork/notes/${COLLECTION}/${id}`, { body: 'A viewer note' }],
      [`/api/formwork/reply/${COLLECTION}/${id}`, { text: 'A viewer reply' }],
    ];
    for (const [path, body] of acts) {
      expect((await call(viewer, path, body)).status, path).toBe(403);
      expect((await call(null, path, body)).status, path).toBe(401);
    }
    for (const path of ['/api/formwork/staff/directory', `/api/formwork/replies/${COLLECTION}/${id}`]) {
      expect((await call(viewer, path)).status, path).toBe(200);
      expect((await call(null, path)).status, path).toBe(401);
    }
    expect((await call(null, '/api/formwork/staff/me', { language: 'uz' })).status).toBe(401);
    // Nothing was changed, written or queued.
    expect((await root.collection(COLLECTION).getOne(id)).assignee).toBe('');
    expect(await root.collection('staffnotes').getFullList({ filter: `record = "${id}"` })).toEqual([]);
    expect(await root.collection('outbox').getFullList({ filter: `record = "${id}" && kind = "reply"` })).toEqual([]);
  });

  it('lists the enabled staff accounts to any staff member', async () => {
    const gone = await createStaff(pb, 'viewer', 'gone@formwork.test');
    const goneRecord = await root.collection('staff').getFirstListItem(`email = "${gone.email}"`);
    await root.collection('staff').update(goneRecord.id, { disabled: true });
    const { staff } = (await (await call(viewer, '/api/formwork/staff/directory')).json()) as { staff: { id: string; name: string; email: string; role: string }[] };
    expect(staff).toContainEqual({ id: admin.authStore.record!.id, name: 'Test admin', email: admin.authStore.record!.email, role: 'admin' });
    expect(staff.map((s) => s.email)).toContain(viewer.authStore.record!.email);
    expect(staff.map((s) => s.id)).not.toContain(goneRecord.id);
  });

  it('assigns and unassigns applications, each audited, and refuses unknown staff and ids', async () => {
    const [a, b] = [await submit('en'), await submit('en')];
    const missing = 'abcdefghijklmno';
    const to = viewer.authStore.record!.id;
    const res = await call(admin, `/api/formwork/assign/${COLLECTION}`, { ids: [a, b, missing], assignee: to });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { id: string; ok: boolean; code?: string }[] };
    expect(results.map(({ id, ok, code }) => ({ id, ok, code }))).toEqual([
      { id: a, ok: true, code: undefined },
      { id: b, ok: true, code: undefined },
      { id: missing, ok: false, code: 'not_found' },
    ]);
    expect((await root.collection(COLLECTION).getOne(a)).assignee).toBe(to);
    expect((await root.collection(COLLECTION).getOne(b)).assignee).toBe(to);
    const audited = await auditOf(a, 'assign');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor: admin.authStore.record!.id, sourceCollection: COLLECTION, field: 'assignee', detail: `assigned to ${viewer.authStore.record!.email}` });

    expect((await call(admin, `/api/formwork/assign/${COLLECTION}`, { ids: [a], assignee: '' })).status).toBe(200);
    expect((await root.collection(COLLECTION).getOne(a)).assignee).toBe('');
    expect((await auditOf(a, 'assign')).map((e) => e.detail)).toEqual([`assigned to ${viewer.authStore.record!.email}`, 'unassigned']);

    const refused = async (body: unknown, field: string) => {
      const r = await call(admin, `/api/formwork/assign/${COLLECTION}`, body);
      expect(r.status).toBe(400);
      return ((await r.json()) as { data: Record<string, { code: string }> }).data[field]?.code;
    };
    expect(await refused({ ids: [a], assignee: missing }, 'assignee')).toBe('assignee');
    expect(await refused({ ids: [], assignee: '' }, 'ids')).toBe('ids');
    expect(await refused({ ids: Array.from({ length: 101 }, () => a), assignee: '' }, 'ids')).toBe('ids');
    expect(await refused({ ids: ['../../x'], assignee: '' }, 'ids')).toBe('ids');
    expect((await call(admin, '/api/formwork/assign/nosuchlist', { ids: [a], assignee: '' })).status).toBe(404);
    // The record API still refuses staff a direct write.
    await expect(admin.collection(COLLECTION).update(b, { assignee: '' })).rejects.toMatchObject({ status: 403 });
  });

  it('keeps internal notes, trimmed and audited, readable by staff and written only through the route', async () => {
    const id = await submit('en');
    const res = await call(admin, `/api/formwork/notes/${COLLECTION}/${id}`, { body: '  Called the applicant.\nThey send the ID tomorrow.  ' });
    expect(res.status).toBe(200);
    const note = (await res.json()) as { id: string; body: string; kind: string; author: string; authorEmail: string };
    expect(note).toMatchObject({ body: 'Called the applicant.\nThey send the ID tomorrow.', kind: 'note', author: admin.authStore.record!.id, authorEmail: admin.authStore.record!.email });
    const read = await viewer.collection('staffnotes').getFullList({ filter: viewer.filter('sourceCollection = {:c} && record = {:r}', { c: COLLECTION, r: id }), sort: 'created' });
    expect(read.map((n) => n.id)).toEqual([note.id]);
    expect((await auditOf(id, 'note')).map((e) => e.detail)).toEqual([`note ${note.id}`]);

    for (const [body, code] of [
      ['   ', 'required'],
      ['x'.repeat(5001), 'max'],
    ] as const) {
      const r = await call(admin, `/api/formwork/notes/${COLLECTION}/${id}`, { body });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { data: { body: { code: string } } }).data.body.code).toBe(code);
    }
    expect((await call(admin, `/api/formwork/notes/${COLLECTION}/abcdefghijklmno`, { body: 'Lost' })).status).toBe(404);
    await expect(admin.collection('staffnotes').create({ sourceCollection: COLLECTION, record: id, kind: 'note', body: 'Direct' })).rejects.toMatchObject({ status: 403 });
    expect(await root.collection('staffnotes').getFullList({ filter: `record = "${id}"` })).toHaveLength(1);
    // Visitors get none of them.
    expect(((await (await fetch(`${pb.url}/api/collections/staffnotes/records`)).json()) as { items: unknown[] }).items).toEqual([]);
    expect((await fetch(`${pb.url}/api/collections/staffnotes/records/${note.id}`)).status).toBe(404);
  });

  it('sends a reply in the applicant’s language, Reply-To the company, keeps it in the thread, and limits how many go out', async () => {
    const id = await submit('ru', { firstName: 'Бобур', lastName: 'Алиев', email: 'bobur.reply@example.com' });
    const reference = (await root.collection(COLLECTION).getOne(id)).reference as string;

    // The canned replies: titles in the staff member's language, bodies filled in the applicant's.
    const form = (await (await call(admin, `/api/formwork/replies/${COLLECTION}/${id}?lang=uz`)).json()) as {
      to: string;
      language: string;
      replyTo: string;
      templates: { id: string; title: string; body: string }[];
    };
    expect(form).toMatchObject({ to: 'b****@example.com', language: 'ru', replyTo: COMPANY_EMAIL });
    expect(form.templates.map((t) => t.id)).toEqual(['documents-missing', 'in-progress', 'completed']);
    expect(form.templates[0]!.title).toBe('Hujjatlar yetishmayapti');
    expect(form.templates[0]!.body).toMatch(/^Здравствуйте, Бобур Алиев!\n\n/);
    expect(form.templates[0]!.body).toContain(`(номер ${reference})`);
    expect(form.templates[0]!.body).not.toMatch(/\{\w+\}/);

    const text = `${form.templates[1]!.body}\n\nP.S. Проверим документы до пятницы.`;
    const res = await call(admin, `/api/formwork/reply/${COLLECTION}/${id}`, { text, template: 'in-progress' });
    expect(res.status).toBe(200);
    const sent = (await res.json()) as { note: { id: string; kind: string; body: string; mail: string; template: string }; mail: { id: string; to: string } };
    expect(sent.note).toMatchObject({ kind: 'reply', body: text, mail: sent.mail.id, template: 'in-progress' });
    expect(sent.mail.to).toBe('b****@example.com');
    const item = await root.collection('outbox').getOne(sent.mail.id);
    expect(item).toMatchObject({ kind: 'reply', to: 'bobur.reply@example.com', locale: 'ru', template: 'staff-reply', status: 'pending' });
    expect((await auditOf(id, 'reply')).map((e) => e.detail)).toEqual([`reply ${sent.note.id} (e-mail ${sent.mail.id})`]);

    // The applicant's confirmation goes to the same address first; the reply follows after the throttle period.
    const isReply = (m: (typeof smtp.messages)[number]) => m.subject?.includes(reference) && m.replyTo;
    await expect
      .poll(
        async () => {
          await untilThrottleOver(root, THROTTLE_SECONDS);
          await flushOutbox(root);
          return (await root.collection('outbox').getOne(sent.mail.id)).status;
        },
        { timeout: 20_000 },
      )
      .toBe('sent');
    await expect.poll(() => smtp.messages.find(isReply), { timeout: 10_000 }).toBeDefined();
    const mail = smtp.messages.find(isReply)!;
    expect(mail.replyTo?.text).toBe(COMPANY_EMAIL);
    expect(mail.subject).toMatch(/сообщение по вашей заявке/);
    expect(mail.text).toContain('Мы работаем над вашей заявкой');
    expect(mail.text).toContain('P.S. Проверим документы до пятницы.');
    expect(String(mail.html)).toContain('<div lang="ru"');
    expect(String(mail.html)).toContain('<p style="white-space: pre-line">P.S. Проверим документы до пятницы.</p>');

    // In the thread, after the notes written before it.
    const thread = await viewer.collection('staffnotes').getFullList({ filter: `record = "${id}"`, sort: 'created' });
    expect(thread.map((n) => [n.kind, n.mail])).toEqual([['reply', sent.mail.id]]);

    // Refusals: empty, an unknown canned reply, and past the limit per application.
    const refusal = async (body: unknown) => {
      const r = await call(admin, `/api/formwork/reply/${COLLECTION}/${id}`, body);
      const json = (await r.json()) as { data: Record<string, { code: string }> };
      return [r.status, Object.values(json.data)[0]?.code];
    };
    expect(await refusal({ text: '  ' })).toEqual([400, 'required']);
    expect(await refusal({ text: 'Hi', template: 'nonsense' })).toEqual([400, 'template']);
    expect((await call(admin, `/api/formwork/reply/${COLLECTION}/${id}`, { text: 'Second reply.' })).status).toBe(200);
    expect(await refusal({ text: 'Third reply.' })).toEqual([429, 'rate_limited']);
    // Refused replies left nothing behind.
    expect(await root.collection('outbox').getFullList({ filter: `record = "${id}" && kind = "reply"` })).toHaveLength(REPLIES_PER_APPLICATION);
    expect(await root.collection('staffnotes').getFullList({ filter: `record = "${id}"` })).toHaveLength(REPLIES_PER_APPLICATION);
  });

  it('keeps a staff member’s own language, and nobody else’s', async () => {
    const res = await call(viewer, '/api/formwork/staff/me', { language: 'uz' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string; language: string }).language).toBe('uz');
    expect((await root.collection('staff').getOne(viewer.authStore.record!.id)).language).toBe('uz');
    expect((await call(viewer, '/api/formwork/staff/me', { language: 'xx' })).status).toBe(400);
    expect((await call(viewer, '/api/formwork/staff/me', { language: '' })).status).toBe(200);
    expect((await root.collection('staff').getOne(viewer.authStore.record!.id)).language).toBe('');
  });

  it('e-mails a forgotten password’s reset link in the staff member’s language; its token sets a new password', async () => {
    const { email } = await createStaff(pb, 'viewer', 'forgetful@formwork.test');
    const account = await root.collection('staff').getFirstListItem(`email = "${email}"`);
    await root.collection('staff').update(account.id, { language: 'ru' });
    const client = new PocketBase(pb.url);
    client.autoCancellation(false);
    const before = smtp.messages.length;
    await client.collection('staff').requestPasswordReset(email);
    // An unknown address gets the same answer (and no e-mail).
    await client.collection('staff').requestPasswordReset('nobody@formwork.test');
    await expect.poll(() => smtp.messages.slice(before).find((m) => m.to && !Array.isArray(m.to) && m.to.text === email), { timeout: 10_000 }).toBeDefined();
    const mail = smtp.messages.slice(before).find((m) => m.to && !Array.isArray(m.to) && m.to.text === email)!;
    expect(mail.subject).toBe('Aloqa Corp: установите новый пароль для панели сотрудников');
    expect(mail.text).toContain('Здравствуйте!');
    const link = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/staff/reset-password#([^\\s"<]+)`).exec(mail.text ?? '');
    expect(link).not.toBeNull();
    expect(String(mail.html)).toContain(`href="${PUBLIC_URL}/staff/reset-password#`);
    const token = decodeURIComponent(link![1]!);

    await client.collection('staff').confirmPasswordReset(token, 'a-new-password-9', 'a-new-password-9');
    await client.collection('staff').authWithPassword(email, 'a-new-password-9');
    expect(client.authStore.record?.email).toBe(email);
    // A token works once.
    await expect(client.collection('staff').confirmPasswordReset(token, 'another-password-9', 'another-password-9')).rejects.toMatchObject({ status: 400 });
    expect(smtp.messages.slice(before).some((m) => m.to && !Array.isArray(m.to) && m.to.text === 'nobody@formwork.test')).toBe(false);
  });
});
