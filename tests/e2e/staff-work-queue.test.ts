/**
 * Issue 33's journey through the staff work queue, by keyboard alone once signed in (Tab, Enter, the
 * arrows and the list's own keys; no mouse, no click), in Debian's chromium against the built site, a
 * real PocketBase and a real SMTP server on loopback. An admin sorts the credit-repair list from a
 * column's header, keeps only the unassigned applications, moves with j/k and opens one with Enter, takes
 * it, writes an internal note, replies to the applicant with a canned reply (the e-mail arrives), moves
 * it to a status its workflow allows now, goes back to the list, selects two others with x, moves them to
 * the trash from the bulk bar and undoes it. Every step is checked on the server too, through the
 * superuser client. A viewer gets no action control on the list or on an application's page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { violations, withAxe } from '../support/axe.ts';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { flushOutbox } from '../support/outbox.ts';
import { ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { solvedProof } from '../support/proofOfWork.ts';
import { startSite } from '../support/site.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { createStaff, superuserClient } from '../support/staff.ts';
import { chooseByKeys, focused, tabTo } from '../support/keyboard.ts';

const COLLECTION = 'creditrepairnew';
const service = registry.services.find((s) => s.collection === COLLECTION)!;
const LIST = service.admin.route;
const en = JSON.parse(readFileSync(join(ROOT, 'src/generated/messages/en.json'), 'utf8')) as Record<string, string>;
/** An English text as the site shows it, its ICU arguments filled in. */
const t = (key: string, values: Record<string, string | number> = {}): string => {
  if (en[key] === undefined) throw new Error(`no English message ${key}`);
  return String(new IntlMessageFormat(en[key], 'en').format(values));
};

describe('the staff work queue by keyboard', () => {
  let site: PocketBaseProcess;
  let smtp: SmtpSink;
  let browser: Browser;
  let root: PocketBase;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  /** The seeded applications by first name, and their references. */
  const ids: Record<string, string> = {};
  const references: Record<string, string> = {};

  const submit = async (firstName: string, lastName: string) => {
    const res = await fetch(`${site.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData(
        {
          ...validCreditRepair,
          ...signed('en', 'creditrepair', `${firstName} ${lastName}`),
          firstName,
          lastName,
          email: `${firstName.toLowerCase()}@example.com`,
          variant: 'full',
          locale: 'en',
          proof: await solvedProof(site.url, COLLECTION),
        },
        { stateId: pngFile() },
      ),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };

  /** A new staff member of `role` (named `name`) signed in through the sign-in form, arriving at `path`. */
  const signedIn = async (role: 'admin' | 'viewer', name: string, path: string) => {
    const staff = await createStaff(site, role, `work-queue-${role}-${Math.random().toString(36).slice(2, 8)}@formwork.test`);
    const account = await root.collection('staff').getFirstListItem(root.filter('email = {:e}', { e: staff.email }));
    await root.collection('staff').update(account.id, { name });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await withAxe(context);
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}${path}`);
    await page.waitForURL(/\/staff\/sign-in\?next=/);
    await page.getByLabel(label(t('staff.signIn.email'))).fill(staff.email);
    await page.getByLabel(label(t('staff.signIn.password'))).fill(staff.password);
    await page.getByRole('button', { name: t('staff.signIn.submit') }).click();
    await page.waitForURL((url) => url.pathname === path);
    return { page, id: account.id, email: staff.email };
  };

  const table = (page: Page) => page.getByTestId('staff-table');
  const rows = (page: Page) => table(page).locator('tbody tr[data-record-id]');
  const rowIds = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-record-id') ?? ''));
  const activeRow = (page: Page) => table(page).locator('tbody tr[aria-selected=true]').getAttribute('data-record-id');
  /** The ids the server lists for `filter`, in the order of `sort`, as a superuser reads them. */
  const serverOrder = async (filter: string, sort: string) =>
    (await root.collection(COLLECTION).getFullList({ filter, sort, fields: 'id' })).map((r) => r.id);
  const exists = (id: string) =>
    root
      .collection(COLLECTION)
      .getOne(id)
      .then(
        () => true,
        () => false,
      );

  beforeAll(async () => {
    smtp = await startSmtpSink();
    site = await startSite({ FORMWORK_SMTP_HOST: '127.0.0.1', FORMWORK_SMTP_PORT: String(smtp.port), FORMWORK_MAIL_THROTTLE_SECONDS: '0' });
    browser = await launchBrowser();
    root = await superuserClient(site);
    for (const [first, last] of [
      ['Karina', 'Olimova'],
      ['Timur', 'Nazarov'],
      ['Lola', 'Saidova'],
      ['Rustam', 'Qodirov'],
      ['Sevara', 'Ergasheva'],
    ] as const) {
      ids[first] = await submit(first, last);
      // Each one's right to cancel is over, so the work on it may start (new → review is allowed).
      const record = await root.collection(COLLECTION).update(ids[first]!, { cancelDeadline: '2020-01-02 05:00:00.000Z' });
      references[first] = String(record.reference);
    }
    // Karina is a colleague's already: the unassigned ones are the other four.
    const colleague = await createStaff(site, 'admin', 'work-queue-colleague@formwork.test');
    const colleagueId = (await root.collection('staff').getFirstListItem(root.filter('email = {:e}', { e: colleague.email }))).id;
    await root.collection(COLLECTION).update(ids.Karina!, { assignee: colleagueId });
    // The submissions' own e-mails go out now: what arrives later is the reply.
    await flushOutbox(root);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await site?.stop();
    await smtp?.close();
  });

  it('takes an admin through the queue by keyboard: sort, filter, j/k and Enter, assign, note, reply, status, back, x, trash and undo', async () => {
    const { page, id: me, email } = await signedIn('admin', 'Nodira Work', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(5);

    // Sorted by reference from its column's header (Tab to the header's sort button, Enter).
    const header = table(page).getByRole('button', { name: new RegExp(`^${t('staff.column.reference')}`) });
    await tabTo(page, header);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'reference');
    await expect.poll(() => header.textContent()).toContain(t('staff.table.sorted.asc'));
    await expect.poll(() => rowIds(page)).toEqual(await serverOrder('', 'reference'));

    // Only the unassigned ones; the address holds the filter and the order.
    const filters = page.getByTestId('list-filters');
    const assignee = filters.getByLabel(t('staff.filters.assignee'));
    await tabTo(page, assignee, { back: true });
    await chooseByKeys(page, assignee, 'unassigned');
    await tabTo(page, filters.getByRole('button', { name: t('staff.filters.apply') }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('assignee') === 'unassigned' && url.searchParams.get('sort') === 'reference');
    const unassigned = await serverOrder(`assignee = ''`, 'reference');
    expect(unassigned).toHaveLength(4);
    expect(unassigned).not.toContain(ids.Karina);
    await expect.poll(() => rowIds(page)).toEqual(unassigned);

    // j/k move the active row (marked, focused); Enter opens it.
    await page.keyboard.press('j');
    await expect.poll(() => activeRow(page)).toBe(unassigned[0]);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => activeRow(page)).toBe(unassigned[2]);
    await page.keyboard.press('k');
    await expect.poll(() => activeRow(page)).toBe(unassigned[1]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-record-id'))).toBe(unassigned[1]);
    const opened = unassigned[1]!;
    const reference = String((await root.collection(COLLECTION).getOne(opened)).reference);
    const firstName = Object.keys(ids).find((name) => ids[name] === opened)!;
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `${LIST}/${opened}` && url.searchParams.get('assignee') === 'unassigned');
    await page.getByTestId('application-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(reference);

    // Taken: "Assign to me".
    await tabTo(page, page.getByTestId('assign-me'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('assignee').getAttribute('data-assignee')).toBe(me);
    await page.getByTestId('assignee').getByText(t('staff.assignee.saved', { name: t('staff.assignee.me', { name: 'Nodira Work' }) })).waitFor();
    expect((await root.collection(COLLECTION).getOne(opened)).assignee).toBe(me);

    // An internal note: in the thread with its author, and kept on the server.
    const noteText = `Called ${firstName}: the bank statements come on Monday.`;
    await tabTo(page, page.getByTestId('note-input'));
    await page.keyboard.type(noteText);
    await tabTo(page, page.getByTestId('note-add'));
    await page.keyboard.press('Enter');
    const note = page.getByTestId('notes').getByTestId('note').filter({ hasText: noteText });
    await expect.poll(() => note.getAttribute('data-kind')).toBe('note');
    expect(await note.textContent()).toContain('Nodira Work');
    const notes = () => root.collection(registry.noteCollection).getFullList({ filter: root.filter('record = {:r}', { r: opened }), sort: 'created' });
    expect((await notes()).map((n) => [n.kind, n.author, n.body])).toEqual([['note', me, noteText]]);

    // A reply to the applicant: a canned one, filled for this application, with a line of our own.
    const template = page.getByTestId('reply-template');
    await tabTo(page, template);
    await chooseByKeys(page, template, 'documents-missing');
    const text = page.getByTestId('reply-text');
    await expect.poll(() => text.inputValue()).toContain(`Hello ${firstName}`);
    expect(await text.inputValue()).toContain(`reference ${reference}`);
    await tabTo(page, text);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\nA photo of each page is fine.');
    await tabTo(page, page.getByTestId('reply-send'));
    const mailedBefore = smtp.messages.length;
    await page.keyboard.press('Enter');
    await page.getByTestId('reply-sent').waitFor();
    const reply = page.getByTestId('notes').getByTestId('note').filter({ hasText: 'A photo of each page is fine.' });
    await expect.poll(() => reply.getAttribute('data-kind')).toBe('reply');
    const replies = (await notes()).filter((n) => n.kind === 'reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.author).toBe(me);
    expect(replies[0]!.mail).toMatch(/^[a-z0-9]{15}$/);
    // The e-mail through the outbox to the applicant, about this application.
    await flushOutbox(root);
    await smtp.waitFor(mailedBefore + 1, 15_000);
    const mail = smtp.messages[mailedBefore]!;
    expect((Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value.map((v) => v.address) ?? [])).toEqual([`${firstName.toLowerCase()}@example.com`]);
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain(`Hello ${firstName}`);
    expect(mail.text).toContain(`reference ${reference}`);
    expect(mail.text).toContain('A photo of each page is fine.');

    // A status its workflow allows from "new" now that the cancellation window is over: review.
    const status = page.getByTestId('status');
    const next = status.getByLabel(t('staff.status.change.label'));
    expect(await next.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))).toEqual(['', ...service.workflow.transitions.new!]);
    await tabTo(page, next);
    await chooseByKeys(page, next, 'review');
    await tabTo(page, status.getByLabel(t('staff.status.note')));
    await page.keyboard.type('Documents asked for');
    await tabTo(page, status.getByRole('button', { name: t('staff.status.save') }));
    await page.keyboard.press('Enter');
    await expect.poll(() => status.getAttribute('data-status')).toBe('review');
    expect((await root.collection(COLLECTION).getOne(opened)).status).toBe('review');
    const history = await root.collection(registry.historyCollection).getFullList({ filter: root.filter('record = {:r}', { r: opened }) });
    expect(history.map((h) => [h.from, h.to, h.byEmail, h.note])).toEqual([['new', 'review', email, 'Documents asked for']]);
    const audited = await root.collection(registry.auditCollection).getFullList({ filter: root.filter('record = {:r} && actor = {:me}', { r: opened, me }) });
    expect(audited.map((a) => a.action).sort()).toEqual(['assign', 'note', 'reply', 'status']);

    // Back to the list as it was left (sorted, unassigned only): the opened one is no longer in it.
    await tabTo(page, page.getByTestId('back-to-list'), { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === LIST && url.searchParams.get('assignee') === 'unassigned' && url.searchParams.get('sort') === 'reference');
    const left = unassigned.filter((id) => id !== opened);
    await expect.poll(() => rowIds(page)).toEqual(left);
    expect(await serverOrder(`assignee = ''`, 'reference')).toEqual(left);

    // Two others selected with j and x, moved to the trash from the bulk bar, and back with Undo.
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    const bar = page.getByTestId('bulk-actions');
    await bar.getByText(t('staff.bulk.selected', { count: 2 })).waitFor();
    const chosen = left.slice(0, 2);
    for (const id of chosen)
      expect(await page.getByRole('checkbox', { name: t('staff.table.select', { reference: references[Object.keys(ids).find((n) => ids[n] === id)!]! }) }).isChecked()).toBe(true);
    await tabTo(page, bar.getByRole('button', { name: t('staff.bulk.trash') }), { back: true });
    await page.keyboard.press('Enter');
    const outcome = page.getByTestId('bulk-outcome');
    await outcome.getByText(t('staff.bulk.done.trash', { count: 2 })).waitFor();
    await expect.poll(() => rowIds(page)).toEqual(left.slice(2));
    for (const id of chosen) {
      expect(await exists(id), id).toBe(false);
      expect((await root.collection(registry.trashCollection).getFullList({ filter: root.filter('key = {:id}', { id }) })).length, id).toBe(1);
    }
    // The bar left with the selection: the focus is on Undo, and Enter brings both back.
    await expect.poll(() => focused(outcome.getByRole('button', { name: t('staff.bulk.undo') }))).toBe(true);
    await page.keyboard.press('Enter');
    await outcome.getByText(t('staff.bulk.done.restore', { count: 2 })).waitFor();
    await expect.poll(() => rowIds(page)).toEqual(left);
    for (const id of chosen) {
      expect(await exists(id), id).toBe(true);
      expect((await root.collection(registry.trashCollection).getFullList({ filter: root.filter('key = {:id}', { id }) })).length, id).toBe(0);
    }
    expect(await serverOrder(`assignee = ''`, 'reference')).toEqual(left);
    // The pointer never moved: axe judges the screen as a keyboard user leaves it.
    expect(await violations(page), 'axe-core at the end of the journey').toEqual([]);
  });

  it('gives a viewer no action control on the list or on an application', async () => {
    const { page } = await signedIn('viewer', 'Viewer Work', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(5);
    expect(await table(page).getByRole('checkbox').count()).toBe(0);
    // The keys move and open, but select nothing: no bulk bar.
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect.poll(() => activeRow(page)).toBe((await rowIds(page))[0]);
    expect(await page.getByTestId('bulk-actions').count()).toBe(0);
    const id = (await rowIds(page))[0]!;
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `${LIST}/${id}`);
    const app = page.getByTestId('application-page');
    await page.getByTestId('status').waitFor();
    await page.getByTestId('assignee').waitFor();
    await page.getByTestId('notes').waitFor();
    await page.getByTestId('mail-status').waitFor();
    // The status, assignee and notes are there to read; nothing to change, assign, write or send.
    expect(await app.locator('input, select, textarea').count()).toBe(0);
    expect(await page.getByTestId('status').getByRole('button', { name: t('staff.status.save') }).count()).toBe(0);
    for (const control of ['assign-me', 'unassign', 'note-input', 'note-add', 'reply', 'reply-template', 'reply-text', 'reply-send'])
      expect(await page.getByTestId(control).count(), control).toBe(0);
  });

  it('left nothing in the console', () => {
    expect(problems).toEqual([]);
  });
});
