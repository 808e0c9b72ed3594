/**
 * The staff status page (/admin/status) in Debian's chromium against the built site and a real PocketBase:
 * an admin finds it in the navigation and sees the figures of GET /api/formwork/status, the warnings in
 * words (no backup yet), which go once a backup is taken; a submission shows in its list's last hour. A
 * viewer has no link to it and is told it is for admins. axe-core finds no WCAG A/AA violation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/generated/registry.ts';
import { violations, withAxe } from '../support/axe.ts';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { solvedProof } from '../support/proofOfWork.ts';
import { startSite } from '../support/site.ts';
import { createStaff, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const COLLECTION = 'creditrepairnew';
const service = registry.services.find((s) => s.collection === COLLECTION)!;
const en = JSON.parse(readFileSync(join(ROOT, 'src/generated/messages/en.json'), 'utf8')) as Record<string, string>;
const t = (key: string): string => {
  const text = en[key];
  if (text === undefined) throw new Error(`no English message ${key}`);
  return text;
};

describe('the staff status page', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  const problems: string[] = [];
  const admin = { email: 'status-admin@formwork.test', password: '' };
  const viewer = { email: 'status-viewer@formwork.test', password: '' };

  async function signedIn(who: { email: string; password: string }): Promise<Page> {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    await context.route(
      (url) => url.origin !== site.url,
      (route) => route.abort(),
    );
    await withAxe(context);
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/staff/sign-in?lang=en&next=${encodeURIComponent('/admin')}`);
    await page.getByLabel(label(t('staff.signIn.email'))).fill(who.email);
    await page.getByLabel(label(t('staff.signIn.password'))).fill(who.password);
    await page.getByRole('button', { name: t('staff.signIn.submit') }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    return page;
  }

  beforeAll(async () => {
    site = await startSite({ FORMWORK_BACKUP_CRON: 'off', FORMWORK_BACKUP_S3_BUCKET: '', FORMWORK_LITESTREAM_PATH: '' });
    browser = await launchBrowser();
    admin.password = (await createStaff(site, 'admin', admin.email)).password;
    viewer.password = (await createStaff(site, 'viewer', viewer.email)).password;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('shows an admin the figures and the warnings in words, and a backup clears its warning', async () => {
    const res = await fetch(`${site.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', proof: await solvedProof(site.url, COLLECTION) }, { stateId: pngFile() }),
    });
    expect(res.status).toBe(200);

    const page = await signedIn(admin);
    await page.getByRole('navigation').getByRole('link', { name: t('staff.nav.status') }).click();
    await page.waitForURL((u) => u.pathname === '/admin/status');
    await page.getByRole('heading', { level: 1, name: t('staff.nav.status') }).waitFor();
    const warnings = page.getByTestId('status-warnings');
    const backupWarning = warnings.locator('[data-kind="backup_stale"]');
    await backupWarning.waitFor();
    // In words, with its title, not by colour alone.
    expect(await backupWarning.textContent()).toContain(t('staff.status.warning'));
    expect(await backupWarning.textContent()).toContain('No backup in the last 24 hours (newest: never).');
    const row = page.getByTestId('status-submissions').locator(`tr[data-collection="${COLLECTION}"]`);
    expect(await row.locator('th').textContent()).toBe(t(service.admin.title));
    expect(await row.locator('td').first().textContent()).toBe('1');
    expect(await page.getByTestId('status-mail').textContent()).toMatch(/Waiting to be sent: [1-9]/);
    expect(await page.getByTestId('status-data').textContent()).toContain(t('staff.status.replicationOff'));
    expect(await violations(page), 'axe-core on the status page').toEqual([]);

    await (await superuserClient(site)).backups.create('status-page.zip');
    await page.getByRole('button', { name: t('staff.status.refresh') }).click();
    await expect.poll(() => backupWarning.count()).toBe(0);
    expect(await warnings.textContent()).toBe(t('staff.status.noWarnings'));
    expect(await page.getByTestId('status-data').textContent()).not.toContain('Last backup: never');
    expect(await violations(page), 'axe-core without warnings').toEqual([]);
    await page.context().close();
  });

  it('has no link for a viewer, and tells a viewer who opens it that it is for admins', async () => {
    const page = await signedIn(viewer);
    expect(await page.getByRole('navigation').getByRole('link', { name: t('staff.nav.status') }).count()).toBe(0);
    await page.goto(`${site.url}/admin/status?lang=en`);
    await page.getByTestId('status-admins-only').waitFor();
    expect(await page.getByTestId('status-warnings').count()).toBe(0);
    expect(await violations(page), 'axe-core on the viewer\'s page').toEqual([]);
    await page.context().close();
    expect(problems).toEqual([]);
  });
});
