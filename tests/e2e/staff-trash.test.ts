/**
 * The trash and the audit log end to end, in Debian's chromium against the built site and a real
 * PocketBase: an admin deletes an application (with its ID image and SSN) from its list, finds it in
 * the trash with the SSN masked, restores it (back in its list, file link working), deletes it again
 * and purges it; the audit log shows the delete, restore and purge under the admin's e-mail. A viewer
 * reads the trash without any action and is told the audit log is for admins. axe-core finds no
 * WCAG A/AA violation on either screen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { violations, withAxe } from '../support/axe.ts';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { formData, pngFile, PNG_BYTES, signed, validCreditRepair } from '../support/fixtures.ts';
import { ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { createStaff, superuserClient } from '../support/staff.ts';
import { solvedProof } from '../support/proofOfWork.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const COLLECTION = 'creditrepairnew';
const service = registry.services.find((s) => s.collection === COLLECTION)!;
const en = JSON.parse(readFileSync(join(ROOT, 'src/generated/messages/en.json'), 'utf8')) as Record<string, string>;
/** An English message, its {arguments} filled in. */
const t = (key: string, values: Record<string, string> = {}): string => {
  const text = en[key];
  if (text === undefined) throw new Error(`no English message ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
};
const LIST = t(service.admin.title);

/** Waits until the screen has settled: no loader left. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('main')?.childElementCount ?? 0) > 0 && !document.querySelector('.mantine-Loader-root, [aria-busy="true"]'));
}

describe('trash and audit log', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  const problems: string[] = [];
  const admin = { email: 'trash-admin@formwork.test', password: '' };
  const viewer = { email: 'trash-viewer@formwork.test', password: '' };

  const submit = async (fields: Record<string, string>) => {
    const res = await fetch(`${site.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData(
        { ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', proof: await solvedProof(site.url, COLLECTION), ...fields },
        { stateId: pngFile('licence.png') },
      ),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };

  /** A signed-in context (through the sign-in page) with axe-core in every document. */
  async function signedIn(who: { email: string; password: string }): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    await context.route(
      (url) => url.origin !== site.url,
      (route) => route.abort(),
    );
    await withAxe(context);
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/staff/sign-in?lang=en&next=${encodeURIComponent('/admin/trash')}`);
    await page.getByLabel(label(t('staff.signIn.email'))).fill(who.email);
    await page.getByLabel(label(t('staff.signIn.password'))).fill(who.password);
    await page.getByRole('button', { name: t('staff.signIn.submit') }).click();
    await page.waitForURL((u) => u.pathname === '/admin/trash');
    await page.close();
    return context;
  }

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    admin.password = (await createStaff(site, 'admin', admin.email)).password;
    viewer.password = (await createStaff(site, 'viewer', viewer.email)).password;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  let adminContext: BrowserContext;
  let id: string;

  /** Selects the application on its list and moves it to the trash from the bulk bar. */
  async function trashFromList(page: Page) {
    await page.goto(`${site.url}${service.admin.route}?lang=en`);
    const row = page.locator(`[data-testid=staff-table] tbody tr[data-record-id="${id}"]`);
    await row.waitFor();
    const reference = (await row.locator('td a').first().textContent()) ?? '';
    await page.getByRole('checkbox', { name: `Select ${reference}` }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: t('staff.bulk.trash') }).click();
    await page.getByText('1 application was moved to the trash.').waitFor();
    await expect.poll(() => row.count()).toBe(0);
  }

  it('lets an admin delete an application from its list and find it in the trash, SSN masked', async () => {
    id = await submit({ firstName: 'Trashed', ssn: '123456789' });
    adminContext = await signedIn(admin);
    const page = await adminContext.newPage();
    watchConsole(page, problems);
    await trashFromList(page);

    await page.goto(`${site.url}/admin/trash?lang=en`);
    await page.getByRole('heading', { level: 1, name: t('staff.nav.trash') }).waitFor();
    const entry = page.locator(`[data-testid=trash-entry][data-key="${id}"]`);
    await entry.waitFor();
    const text = await entry.textContent();
    expect(text).toContain(t('staff.trash.from', { list: LIST }));
    expect(text).toContain('Trashed');
    expect(text).toContain('•••••6789');
    expect(text).not.toContain('123456789');
    expect(await page.getByText(t('staff.trash.retention')).count()).toBe(1);
    // The ID image opens from the trash too (through a file token).
    const link = entry.locator('[data-field=stateId] a');
    await expect.poll(() => link.count()).toBe(1);
    const file = await fetch((await link.getAttribute('href'))!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    // Filtering by another list hides it; by its own list shows it.
    const other = registry.services.find((s) => s.collection !== COLLECTION)!;
    await page.getByLabel(t('staff.trash.filter'), { exact: true }).selectOption(other.collection);
    await page.getByText(t('staff.trash.empty')).waitFor();
    expect(await entry.count()).toBe(0);
    await page.getByLabel(t('staff.trash.filter'), { exact: true }).selectOption(COLLECTION);
    await entry.waitFor();
    expect(new URL(page.url()).searchParams.get('list')).toBe(COLLECTION);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');

    expect(await violations(page), 'axe-core on the trash').toEqual([]);
    await page.close();
  });

  it('restores it to its list, where its file link works', async () => {
    const page = await adminContext.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/admin/trash?lang=en`);
    const entry = page.locator(`[data-testid=trash-entry][data-key="${id}"]`);
    await entry.getByRole('button', { name: t('staff.trash.restore') }).click();
    const status = page.getByRole('status').filter({ hasText: t('staff.trash.restored', { list: LIST }) });
    await status.waitFor();
    await expect.poll(() => entry.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { message: 'focus on the screen\'s title, not lost with the removed entry' }).toBe('H1');
    await status.getByRole('link', { name: t('staff.trash.openList', { list: LIST }) }).click();
    await page.waitForURL((u) => u.pathname === service.admin.route);

    await page.locator(`[data-testid=staff-table] tbody tr[data-record-id="${id}"]`).waitFor();
    await page.goto(`${site.url}${service.admin.route}/${id}?lang=en`);
    const card = page.getByTestId('application-page');
    await card.locator('[data-field=ssn]').waitFor();
    expect(await card.locator('[data-field=ssn]').textContent()).toContain('•••••6789');
    const link = card.locator('[data-field=stateId] a');
    await expect.poll(() => link.count()).toBe(1);
    const file = await fetch((await link.getAttribute('href'))!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    await page.close();
  });

  it('deletes it again and purges it for good after a confirm', async () => {
    const page = await adminContext.newPage();
    watchConsole(page, problems);
    await trashFromList(page);

    await page.goto(`${site.url}/admin/trash?lang=en`);
    const entry = page.locator(`[data-testid=trash-entry][data-key="${id}"]`);
    await entry.getByRole('button', { name: t('staff.trash.purge') }).click();
    const dialog = page.getByRole('dialog', { name: t('staff.trash.purge') });
    await dialog.getByText(t('staff.trash.confirmPurge')).waitFor();
    expect(await violations(page), 'axe-core on the confirm').toEqual([]);
    await dialog.getByRole('button', { name: t('staff.trash.purge') }).click();
    await page.getByRole('status').filter({ hasText: t('staff.trash.purged') }).waitFor();
    await expect.poll(() => entry.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { message: 'focus on the screen\'s title, not lost with the removed entry' }).toBe('H1');

    const root = await superuserClient(site);
    expect((await root.collection(registry.trashCollection).getList(1, 1, { filter: `key = "${id}"` })).totalItems).toBe(0);
    expect((await root.collection(COLLECTION).getList(1, 1, { filter: `id = "${id}"` })).totalItems).toBe(0);
    await page.close();
  });

  it('shows the delete, restore and purge in the audit log under the admin', async () => {
    const page = await adminContext.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/admin/audit?lang=en`);
    await page.getByRole('heading', { level: 1, name: t('staff.nav.audit') }).waitFor();
    const table = page.getByRole('table', { name: t('staff.audit.caption') });
    await table.waitFor();
    const rows = table.locator(`[data-testid=audit-entry][data-record="${id}"]`);
    await expect.poll(() => rows.count()).toBe(4);
    // Newest first: purge, delete, restore, delete.
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-action')))).toEqual(['purge', 'delete', 'restore', 'delete']);
    for (const text of await rows.allTextContents()) {
      expect(text).toContain(admin.email);
      expect(text).toContain(LIST);
      expect(text).toContain(t('staff.audit.record', { id }));
    }
    const actions = await rows.locator('td:nth-child(3)').allTextContents();
    expect(actions).toEqual(['purge', 'delete', 'restore', 'delete'].map((a) => t(`staff.audit.action.${a}`)));

    await page.getByLabel(t('staff.audit.filter'), { exact: true }).selectOption('restore');
    await expect.poll(() => table.locator('[data-testid=audit-entry]').evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getAttribute('data-action')))])).toEqual(['restore']);
    await settled(page);
    expect(await violations(page), 'axe-core on the audit log').toEqual([]);
    await page.close();
  });

  it('shows a viewer the trash without any action, and tells them the audit log is for admins', async () => {
    const other = await submit({ firstName: 'Viewed' });
    const root = await superuserClient(site);
    await root.collection(COLLECTION).delete(other);

    const context = await signedIn(viewer);
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/admin/trash?lang=en`);
    const entry = page.locator(`[data-testid=trash-entry][data-key="${other}"]`);
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Viewed');
    await settled(page);
    expect(await page.getByRole('button', { name: t('staff.trash.restore') }).count()).toBe(0);
    expect(await page.getByRole('button', { name: t('staff.trash.purge') }).count()).toBe(0);
    expect(await violations(page), 'axe-core on the viewer trash').toEqual([]);
    expect(await page.getByRole('link', { name: t('staff.nav.audit') }).count()).toBe(0);

    await page.goto(`${site.url}/admin/audit?lang=en`);
    await page.getByText(t('staff.audit.adminsOnly')).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await violations(page), 'axe-core on the viewer audit').toEqual([]);
    await context.close();
  });

  it('logged no console errors on the way', async () => {
    await adminContext?.close();
    expect(problems).toEqual([]);
  });
});
