/**
 * The staff work queue as the issue measures it, in Debian's chromium against the built site, a real
 * PocketBase and a real SMTP server on loopback. One admin's morning, all by keyboard once signed in:
 * sort the credit-repair list by a column, filter the unassigned ones (the address holds the view), open
 * an application by its link, take it, write an internal note, reply to the applicant (the e-mail
 * arrives, Reply-To the company), move it to a status its workflow allows, go back to the list, select
 * two others, move them to the trash and undo. A viewer gets no action control on the list or the page.
 * axe-core finds no WCAG A/AA violation on any staff screen; the application page reflows at 320 px; an
 * application submitted while the list is open is announced on it.
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
import { freePort, ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { solvedProof } from '../support/proofOfWork.ts';
import { widerThanScreen } from '../support/reflow.ts';
import { startSite } from '../support/site.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { createStaff, superuserClient } from '../support/staff.ts';
import { chooseByKeys, focused, tabTo } from '../support/keyboard.ts';

const COLLECTION = 'creditrepairnew';
const service = registry.services.find((s) => s.collection === COLLECTION)!;
const LIST = service.admin.route;
const COMPANY_EMAIL = (
  JSON.parse(readFileSync(join(ROOT, 'schemas/site.json'), 'utf8')) as {
    company: { email: string };
  }
).company.email;
const en = JSON.parse(readFileSync(join(ROOT, 'src/generated/messages/en.json'), 'utf8')) as Record<string, string>;
/** An English message as the site shows it, its ICU arguments (plurals too) filled in. */
const t = (key: string, values: Record<string, string | number> = {}): string => {
  if (en[key] === undefined) throw new Error(`no English message ${key}`);
  return String(new IntlMessageFormat(en[key], 'en').format(values));
};

describe('the staff work queue', () => {
  let site: PocketBaseProcess;
  let smtp: SmtpSink;
  let browser: Browser;
  let root: PocketBase;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  /** The seeded applications, by first name. */
  const ids = {} as Record<'Karina' | 'Timur' | 'Lola' | 'Rustam' | 'Sevara', string>;

  const submit = async (fields: Record<string, string>) => {
    const res = await fetch(`${site.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData(
        {
          ...validCreditRepair,
          ...signed('en', 'creditrepair', `${fields.firstName} ${fields.lastName}`),
          variant: 'full',
          locale: 'en',
          proof: await solvedProof(site.url, COLLECTION),
          ...fields,
        },
        { stateId: pngFile() },
      ),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };

  /** A new browser session (axe in every document, only this site reachable). */
  const session = async (viewport = { width: 1280, height: 900 }): Promise<Page> => {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    await context.route(
      (url) => url.origin !== site.url,
      (route) => route.abort(),
    );
    await withAxe(context);
    const page = await context.newPage();
    watchConsole(page, problems);
    return page;
  };

  /**
   * A new staff member of `role` signed in through the sign-in form (the one step the mouse-free journey
   * does not have to take by keys), arriving at `path`.
   */
  const signedIn = async (role: 'admin' | 'viewer', path: string, viewport?: { width: number; height: number }) => {
    const staff = await createStaff(site, role, `queue-${role}-${Math.random().toString(36).slice(2, 8)}@formwork.test`);
    const page = await session(viewport);
    await page.goto(`${site.url}${path}`);
    await page.waitForURL(/\/staff\/sign-in\?next=/);
    await page.getByLabel(label(t('staff.signIn.email'))).fill(staff.email);
    await page.getByLabel(label(t('staff.signIn.password'))).fill(staff.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === path.split('?')[0]);
    const id = (await root.collection('staff').getFirstListItem(root.filter('email = {:e}', { e: staff.email }))).id;
    return { page, id, email: staff.email };
  };

  const table = (page: Page) => page.getByTestId('staff-table');
  const rows = (page: Page) => table(page).locator('tbody tr[data-record-id]');
  const rowIds = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-record-id') ?? ''));
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
    const port = await freePort();
    site = await startSite(
      {
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(smtp.port),
        FORMWORK_MAIL_FROM: 'no-reply@queue.test',
        FORMWORK_MAIL_THROTTLE_SECONDS: '0',
        FORMWORK_PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      port,
    );
    browser = await launchBrowser();
    root = await superuserClient(site);
    ids.Karina = await submit({
      firstName: 'Karina',
      lastName: 'Olimova',
      email: 'karina@example.com',
    });
    ids.Timur = await submit({
      firstName: 'Timur',
      lastName: 'Nazarov',
      email: 'timur.applicant@example.com',
    });
    ids.Lola = await submit({
      firstName: 'Lola',
      lastName: 'Saidova',
      email: 'lola@example.com',
    });
    ids.Rustam = await submit({
      firstName: 'Rustam',
      lastName: 'Qodirov',
      email: 'rustam@example.com',
    });
    ids.Sevara = await submit({
      firstName: 'Sevara',
      lastName: 'Ergasheva',
      email: 'sevara@example.com',
    });
    // Karina is a colleague's already: the unassigned ones are the other four.
    const colleague = await createStaff(site, 'admin', 'queue-colleague@formwork.test');
    const colleagueId = (await root.collection('staff').getFirstListItem(`email = "${colleague.email}"`)).id;
    await root.collection(COLLECTION).update(ids.Karina, { assignee: colleagueId });
    // Timur's right to cancel is over, so the work on it may start (a review).
    await root.collection(COLLECTION).update(ids.Timur, { cancelDeadline: '2020-01-02 05:00:00.000Z' });
    // What the submissions mailed goes out now, so the reply below is the newest e-mail to Timur.
    await flushOutbox(root);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await site?.stop();
    await smtp?.close();
  });

  it('takes an admin through the queue by keyboard: sort, filter, open, assign, note, reply, status, back, trash and undo', async () => {
    const { page, id: me, email } = await signedIn('admin', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(5);
    const references = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([name, id]) => [name, String((await root.collection(COLLECTION).getOne(id)).reference)] as const)),
    );

    // Sorted by reference, from the column's header.
    const header = table(page).getByRole('button', {
      name: new RegExp(`^${t('staff.column.reference')}`),
    });
    await tabTo(page, header);
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]sort=reference(&|$)/);
    const sorted = Object.values(references).sort();
    await expect.poll(() => rows(page).locator('td a').allTextContents()).toEqual(sorted);

    // The unassigned ones; the address holds both the order and the filter.
    const filters = page.getByTestId('list-filters');
    const assignee = filters.getByLabel(t('staff.filters.assignee'));
    await tabTo(page, assignee, { back: true });
    await chooseByKeys(page, assignee, 'unassigned');
    await tabTo(page, filters.getByRole('button', { name: t('staff.filters.apply') }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('assignee') === 'unassigned' && url.searchParams.get('sort') === 'reference');
    await expect
      .poll(() => rowIds(page))
      .toEqual(
        (['Timur', 'Lola', 'Rustam', 'Sevara'] as const)
          .map((name) => [references[name]!, ids[name]] as const)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([, id]) => id),
      );

    // Timur's application, by its reference's link; the list's view rides along in the address.
    await tabTo(page, rows(page).getByRole('link', { name: references.Timur, exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `${LIST}/${ids.Timur}` && url.searchParams.get('assignee') === 'unassigned');
    const app = page.getByTestId('application-page');
    await app.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(references.Timur);

    // Taken: "Assign to me".
    await tabTo(page, page.getByTestId('assign-me'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('assignee').getAttribute('data-assignee')).toBe(me);
    expect((await root.collection(COLLECTION).getOne(ids.Timur)).assignee).toBe(me);

    // An internal note, kept in the thread.
    await tabTo(page, page.getByTestId('note-input'));
    await page.keyboard.type('Called Timur: the bank statements come on Monday.');
    await tabTo(page, page.getByTestId('note-add'));
    await page.keyboard.press('Enter');
    const notes = page.getByTestId('notes').getByTestId('note');
    await expect.poll(() => notes.filter({ hasText: 'the bank statements come on Monday' }).getAttribute('data-kind')).toBe('note');

    // A reply to the applicant: a canned one, filled for Timur, with a line of our own.
    const template = page.getByTestId('reply-template');
    await tabTo(page, template);
    await chooseByKeys(page, template, 'documents-missing');
    const text = page.getByTestId('reply-text');
    await expect.poll(() => text.inputValue()).toContain(`Hello Timur`);
    await tabTo(page, text);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n\nP.S. A photo of each page is fine.');
    await tabTo(page, page.getByTestId('reply-send'));
    const mailedBefore = smtp.messages.length;
    await page.keyboard.press('Enter');
    await page.getByTestId('reply-sent').waitFor();
    await expect.poll(() => notes.filter({ hasText: 'A photo of each page is fine.' }).getAttribute('data-kind')).toBe('reply');
    await flushOutbox(root);
    // The one e-mail since the send: the reply, from the company, about Timur's application.
    await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBe(mailedBefore + 1);
    const mail = smtp.messages[mailedBefore]!;
    expect(mail.subject).toContain(references.Timur);
    expect((Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value.map((v) => v.address) ?? [])).toEqual(['timur.applicant@example.com']);
    expect(mail.replyTo?.text).toBe(COMPANY_EMAIL);
    expect(mail.text).toContain(`reference ${references.Timur}`);
    expect(mail.text).toContain('P.S. A photo of each page is fine.');

    // A status its workflow allows from "new": review or rejected, nothing else on offer.
    const status = page.getByTestId('status');
    const next = status.getByLabel(t('staff.status.change.label'));
    expect(await next.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))).toEqual([
      '',
      ...service.workflow.transitions.new!,
    ]);
    await tabTo(page, next);
    await chooseByKeys(page, next, 'review');
    await tabTo(page, status.getByLabel(t('staff.status.note')));
    await page.keyboard.type('Documents asked for');
    await tabTo(page, status.getByRole('button', { name: t('staff.status.save') }));
    await page.keyboard.press('Enter');
    await expect.poll(() => status.getAttribute('data-status')).toBe('review');
    await expect
      .poll(() => status.getByRole('list', { name: t('staff.status.history') }).textContent())
      .toContain(`${t('status.new')} → ${t('status.review')} by ${email} — Documents asked for`);
    expect((await root.collection(COLLECTION).getOne(ids.Timur)).status).toBe('review');
    const audited = await root.collection('auditlog').getFullList({ filter: root.filter('record = {:r}', { r: ids.Timur }) });
    expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(['assign', 'note', 'reply', 'status']));

    // Back to the list as it was left: sorted, unassigned only (Timur is no longer).
    await tabTo(page, page.getByTestId('back-to-list'), { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === LIST && url.searchParams.get('assignee') === 'unassigned' && url.searchParams.get('sort') === 'reference');
    await expect.poll(() => rowIds(page)).toHaveLength(3);
    const left = await rowIds(page);
    expect(left).not.toContain(ids.Timur);

    // The first two selected (j moves, x selects), moved to the trash from the bulk bar, and back with Undo.
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    const bar = page.getByTestId('bulk-actions');
    await bar.getByText(t('staff.bulk.selected', { count: 2 })).waitFor();
    const chosen = left.slice(0, 2);
    await tabTo(page, bar.getByRole('button', { name: t('staff.bulk.trash') }), { back: true });
    await page.keyboard.press('Enter');
    const outcome = page.getByTestId('bulk-outcome');
    await outcome.getByText(t('staff.bulk.done.trash', { count: 2 })).waitFor();
    await expect.poll(() => rowIds(page)).toEqual([left[2]]);
    for (const id of chosen) expect(await exists(id), id).toBe(false);
    // The focus is on Undo (the bar left with the selection).
    await expect.poll(() => focused(outcome.getByRole('button', { name: t('staff.bulk.undo') }))).toBe(true);
    await page.keyboard.press('Enter');
    await outcome.getByText(t('staff.bulk.done.restore', { count: 2 })).waitFor();
    await expect.poll(() => rowIds(page)).toEqual(left);
    for (const id of chosen) expect(await exists(id), id).toBe(true);
    expect(await violations(page), 'axe-core at the end of the journey').toEqual([]);
  });

  it('gives a viewer no action control on the list or on an application', async () => {
    const { page } = await signedIn('viewer', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(5);
    expect(await table(page).getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: t('staff.export.clear'), exact: true }).count()).toBe(0);
    // The keys still move and open, but select nothing.
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    expect(await page.getByTestId('bulk-actions').count()).toBe(0);
    const id = (await rowIds(page))[0]!;
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `${LIST}/${id}`);
    const app = page.getByTestId('application-page');
    await page.getByTestId('mail-status').waitFor();
    await page.getByTestId('notes').waitFor();
    await page.getByTestId('assignee').waitFor();
    expect(await app.locator('input, select, textarea').count()).toBe(0);
    for (const control of ['assign-me', 'unassign', 'note-input', 'note-add', 'reply', 'reply-send'])
      expect(await page.getByTestId(control).count(), control).toBe(0);
    expect(await app.getByRole('button', { name: t('staff.status.save') }).count()).toBe(0);
    expect(await app.getByRole('button', { name: /^Show Social Security number/ }).count()).toBe(0);
  });

  it('passes axe on every staff screen, reflows the application page at 320 px, and announces a new submission on the open list', async () => {
    // Signed out: the sign-in and reset-password pages.
    const out = await session();
    await out.goto(`${site.url}/staff/sign-in`);
    await out.getByRole('button', { name: t('staff.signIn.submit') }).waitFor();
    expect(await violations(out), 'axe-core on the sign-in page').toEqual([]);
    await out.goto(`${site.url}/staff/reset-password#a-token-from-the-e-mail`);
    await out.getByRole('heading', { level: 1, name: t('staff.reset.title') }).waitFor();
    // The prerendered page taken over without a mismatch (the console check below), then the link's form.
    await out.getByLabel(label(t('staff.reset.password'))).waitFor();
    expect(out.url()).toBe(`${site.url}/staff/reset-password`);
    expect(await violations(out), 'axe-core on the reset-password page').toEqual([]);

    const { page } = await signedIn('admin', '/admin');
    const id = ids.Sevara;
    const screens: [string, string, (p: Page) => Promise<unknown>][] = [
      ['the overview', '/admin', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
      ...registry.services.map((s): [string, string, (p: Page) => Promise<unknown>] => [`the list ${s.admin.route}`, s.admin.route, (p) => table(p).waitFor()]),
      ['an application page', `${LIST}/${id}`, (p) => p.getByTestId('mail-status').waitFor()],
      ['the print view', `${LIST}/${id}/print`, (p) => p.getByTestId('application-print').getByTestId('signature-evidence').waitFor()],
      ['the trash', '/admin/trash', (p) => p.getByRole('heading', { level: 1, name: t('staff.nav.trash') }).waitFor()],
      ['the audit log', '/admin/audit', (p) => p.getByRole('heading', { level: 1, name: t('staff.nav.audit') }).waitFor()],
      ['the staff accounts', '/admin/staff', (p) => p.getByRole('heading', { level: 1, name: t('staff.nav.staff') }).waitFor()],
      ['the data retention', '/admin/retention', (p) => p.getByRole('heading', { level: 1, name: t('staff.nav.retention') }).waitFor()],
    ];
    for (const [name, path, ready] of screens) {
      await page.goto(`${site.url}${path}`);
      await ready(page);
      // No loader left: axe judges the screen as staff read it.
      await page.waitForFunction(() => !document.querySelector('main .mantine-Loader-root'));
      await page.mouse.move(0, 0);
      expect(await violations(page), `axe-core on ${name}`).toEqual([]);
    }

    // The application page at 320 px (WCAG 1.4.10): nothing needs scrolling sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`${site.url}${LIST}/${id}`);
    await page.getByTestId('mail-status').waitFor();
    await page.getByTestId('signature-evidence').waitFor();
    expect(await widerThanScreen(page)).toEqual([]);

    // The list open, an application arrives: "1 new", and Show lists it.
    await page.setViewportSize({ width: 1280, height: 900 });
    // The list hears of new records once its realtime subscription is set (the SDK's POST after the
    // stream opens): an application sent before that would arrive unannounced.
    const subscribed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/realtime' && r.request().method() === 'POST' && r.ok());
    await page.goto(`${site.url}${LIST}`);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(5);
    await subscribed;
    const arriving = await submit({
      firstName: 'Nodira',
      lastName: 'Arrived',
      email: 'nodira@example.com',
    });
    const marker = page.getByTestId('arrivals');
    await marker.getByText(t('staff.arrived', { count: 1 })).waitFor({ timeout: 15_000 });
    await page.mouse.move(0, 0);
    expect(await violations(page), 'axe-core with the arrivals marker').toEqual([]);
    await marker.getByRole('button', { name: t('staff.arrived.show') }).click();
    await expect.poll(() => rows(page).count()).toBe(6);
    expect(await rowIds(page)).toContain(arriving);
    await marker.waitFor({ state: 'detached' });
  });

  it('left nothing in the console', () => {
    expect(problems).toEqual([]);
  });
});
