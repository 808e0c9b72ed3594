/**
 * The staff console end to end, in Debian's chromium against the built site and a real PocketBase:
 * the dashboard's counts, search and date/status filters kept in the URL, a new submission arriving
 * without a reload, and the CSV export of the filtered list (masked for viewers, in clear for an admin
 * who confirms) on the table; on an application's own page, a status change with its history, an
 * admin's reveal of an SSN written to the audit log, the card's values at 320 px, and a refusal shown
 * on the application it concerns. (The table's sort, keyboard and bulk actions: staff-table.test.ts;
 * the page's previews, signature and previous/next: staff-application.test.ts.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, withAxe } from '../support/axe.ts';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { createStaff, staffClient, superuserClient } from '../support/staff.ts';
import { solvedProof } from '../support/proofOfWork.ts';
import { widerThanScreen } from '../support/reflow.ts';
import { submitUrl } from '../../src/engine/submit.ts';

describe('staff console', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const problems: string[] = [];

  const submit = async (fields: Record<string, string>) => {
    const res = await fetch(`${site.url}${submitUrl('creditrepairnew')}`, {
      method: 'POST',
      body: formData(
        { ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', proof: await solvedProof(site.url, 'creditrepairnew'), ...fields },
        { stateId: pngFile() },
      ),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };

  /** A fresh browser session (its own storage) signed in as a new staff member of `role`, at `path`. */
  /**
   * `prepare`: runs on the new page before it opens anything (routes to hold or fail requests). The list's
   * code comes after the sign-in, so a test's first wait for its cards allows for a slow network (10 s).
   */
  const signedIn = async (role: 'admin' | 'viewer', path: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> => {
    const staff = await createStaff(site, role, `console-${role}-${Date.now()}@formwork.test`);
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1000, height: 900 }, acceptDownloads: true });
    await withAxe(context);
    const page = await context.newPage();
    watchConsole(page, problems);
    await prepare?.(page);
    await page.goto(`${site.url}${path}`);
    await page.waitForURL(/\/staff\/sign-in\?next=/);
    await page.getByLabel(label('E-mail')).fill(staff.email);
    await page.getByLabel(label('Password')).fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === path.split('?')[0]);
    return page;
  };

  const rows = (page: Page) => page.getByTestId('staff-table').locator('tbody tr[data-record-id]');
  /** An application's own page, signed in as a new staff member of `role`. */
  const pageOf = async (role: 'admin' | 'viewer', firstName: string): Promise<Page> => {
    const root = await superuserClient(site);
    const record = await root.collection('creditrepairnew').getFirstListItem(root.filter('firstName = {:firstName}', { firstName }));
    const page = await signedIn(role, `/creditapps/${record.id}`);
    await page.getByTestId('application-page').waitFor({ timeout: 10_000 });
    return page;
  };

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    await submit({ firstName: 'Dilnoza', lastName: 'Rashidova', ssn: '123451111' });
    await submit({ firstName: 'Bekzod', lastName: 'Aliyev', ssn: '123452222' });
    await submit({ firstName: 'Malika', lastName: 'Yusupova', ssn: '123453333' });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('opens on the overview with counts per service', async () => {
    const page = await signedIn('viewer', '/admin');
    const credit = page.locator('[data-testid=dashboard-service][data-collection=creditrepairnew]');
    await expect.poll(() => credit.textContent()).toContain('3 applications');
    expect(await credit.getByTestId('dashboard-new').textContent()).toBe('3 new');
    const nav = page.getByRole('navigation', { name: 'Staff' });
    await nav.getByRole('link', { name: 'Overview' }).waitFor();
    expect(await violations(page), 'axe-core on the overview').toEqual([]);
    const current = () => nav.locator('a[aria-current=page]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(await current()).toEqual(['/admin']);
    await nav.getByRole('link', { name: /^Credit repair applications/ }).click();
    await page.waitForURL((url) => url.pathname === '/creditapps');
    await expect.poll(current).toEqual(['/creditapps']);
    await page.close();
  });

  it('searches, filters by date and status in the URL, and shows a new submission as it arrives', async () => {
    const page = await signedIn('viewer', '/creditapps');
    await expect.poll(() => page.getByTestId('list-total').textContent(), { timeout: 10_000 }).toBe('3 applications');

    await page.getByLabel('Search').fill('bekzod');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/q=bekzod/);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).textContent()).toContain('Aliyev');
    // The viewer reads: no selection, no bulk actions.
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByTestId('bulk-actions').count()).toBe(0);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.getByLabel('Submitted from').fill('2001-01-01');
    await page.getByLabel('Submitted to').fill('2001-12-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No applications match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);

    await submit({ firstName: 'Realtime', lastName: 'Arrival' });
    await page.getByTestId('arrivals').getByText('1 new application has arrived.').waitFor();
    await page.getByTestId('arrivals').getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await rows(page).first().textContent()).toContain('Realtime');
    // Another arrival, then the list loads again for another reason: a search keeps the notice (the new
    // one is not in what it shows), the newest records unfiltered end it (the new one is on screen).
    await submit({ firstName: 'Second', lastName: 'Arrival' });
    await page.getByTestId('arrivals').getByText('1 new application has arrived.').waitFor();
    await page.getByLabel('Search').fill('bekzod');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.getByTestId('arrivals').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await rows(page).first().textContent()).toContain('Second');
    expect(await page.getByTestId('arrivals').count()).toBe(0);
    await page.close();
  });

  it("shows only the newest search's answer, even when an older one comes back after it", async () => {
    let holdOlder = () => {};
    const older = new Promise<void>((resolve) => (holdOlder = resolve));
    const page = await signedIn('viewer', '/creditapps', (p) =>
      p.route('**/api/collections/creditrepairnew/records?*', async (route) => {
        if (/bekzod/i.test(decodeURIComponent(route.request().url()))) await older; // the slow one
        await route.continue();
      }),
    );
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await page.getByLabel('Search').fill('bekzod');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByLabel('Search').fill('malika');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/q=malika/);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).textContent()).toContain('Malika');
    const answered = page.waitForResponse((r) => /bekzod/i.test(decodeURIComponent(r.url())));
    holdOlder();
    await answered;
    await page.waitForTimeout(300); // time for a late answer to render, had it been taken
    expect(await rows(page).count()).toBe(1);
    expect(await rows(page).textContent()).toContain('Malika');
    await page.close();
  });

  it('keeps search text typed and not yet applied when the page changes, and the page when a filter is applied', async () => {
    const root = await superuserClient(site);
    for (let i = 0; i < 26; i++) await root.collection('aloqacorpcontacts').create({ fname: `Pager${i}`, lname: 'Contact', email: `pager${i}@example.com`, message: 'A question.', variant: 'full', locale: 'en' });
    const page = await signedIn('viewer', '/contacts');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(25);
    await page.getByLabel('Search').fill('pager1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('q')).toBeNull(); // not applied
    expect(await page.getByLabel('Search').inputValue()).toBe('pager1'); // and not lost
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/q=pager1/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull(); // a new filter starts at its first page
    await expect.poll(() => rows(page).count()).toBe(11); // Pager1, Pager10–19
    await page.close();
  });

  it('says when the file links could not be renewed, keeps the page, and stops saying it once they are', async () => {
    // A token request that never reaches the server (a network failure, not a lost session).
    const root = await superuserClient(site);
    const dilnoza = await root.collection('creditrepairnew').getFirstListItem('firstName = "Dilnoza"');
    const page = await signedIn('admin', `/creditapps/${dilnoza.id}`, (p) => p.route('**/api/files/token', (route) => route.abort()));
    await page.getByText('The links to the files could not be renewed. Reload the page to open them.').waitFor({ timeout: 10_000 });
    expect(page.url()).toContain(`/creditapps/${dilnoza.id}`); // not sent back to sign-in
    await page.getByTestId('application-page').waitFor();
    await page.unroute('**/api/files/token');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))); // the tab comes back: a renewal
    await page.getByText('The links to the files could not be renewed. Reload the page to open them.').waitFor({ state: 'detached' });
    await page.close();
  });

  it('lets an admin change a status with a note on the application page and shows the history', async () => {
    // Credit repair may not start while the applicant can still cancel: here that period is over.
    const root = await superuserClient(site);
    const dilnoza = await root.collection('creditrepairnew').getFirstListItem('firstName = "Dilnoza"');
    await root.collection('creditrepairnew').update(dilnoza.id, { cancelDeadline: '2020-01-02 05:00:00.000Z' });
    const page = await pageOf('admin', 'Dilnoza');
    const status = page.getByTestId('status');
    await status.getByLabel('New status').selectOption('review');
    await status.getByLabel('Note (optional)').fill('Waiting for bank statements');
    await status.getByRole('button', { name: 'Change status' }).click();
    await expect.poll(() => status.getAttribute('data-status')).toBe('review');
    await expect.poll(() => status.getByRole('list', { name: 'Status history' }).textContent()).toMatch(/New → In review by console-admin-.*Waiting for bank statements/);
    await page.mouse.move(0, 0); // judged at rest, not under the pointer's hover
    expect(await violations(page), 'axe-core on an admin application page').toEqual([]);

    await page.goto(`${site.url}/creditapps?status=review`);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    expect(await rows(page).textContent()).toContain('Dilnoza');
    await page.close();
  });

  it("shows an application's labels, values and their links in one text size, the theme's small one", async () => {
    const page = await pageOf('admin', 'Malika');
    const email = page.locator('[data-field=email]');
    const sizes = await email.evaluate((row) => {
      const small = document.createElement('span');
      small.style.fontSize = 'var(--mantine-font-size-sm)';
      row.append(small);
      const px = (el: Element | null) => (el ? getComputedStyle(el).fontSize : 'missing');
      const out = { label: px(row.querySelector('dt')), value: px(row.querySelector('dd')), link: px(row.querySelector('a[href^="mailto:"]')), small: px(small) };
      small.remove();
      return out;
    });
    expect(sizes).toEqual({ label: sizes.small, value: sizes.small, link: sizes.small, small: sizes.small });
    expect(sizes.small).not.toBe('missing');
    await page.close();
  });

  it('fits an application with long values on a 320 px screen (WCAG 1.4.10), breaking an e-mail address that has nowhere to break', async () => {
    await submit({ firstName: 'Gulnoraxon', lastName: 'Abdurakhmonova-Karimova', email: 'gulnoraxonabdurakhmonovakarimovafamilyandfriendsaccount@exampleconsultingservices.com', street: '12345 Extraordinarilylongstreetname Boulevard, Apartment 1024' });
    const page = await pageOf('admin', 'Gulnoraxon');
    await page.setViewportSize({ width: 320, height: 640 });
    await page.getByText('Abdurakhmonova-Karimova', { exact: false }).first().waitFor({ timeout: 10_000 });
    expect(await widerThanScreen(page)).toEqual([]);
  });

  it('reveals an SSN only on an admin click, and the audit log records it', async () => {
    const page = await pageOf('admin', 'Malika');
    const ssn = page.locator('[data-field=ssn]');
    expect(await ssn.textContent()).toContain('•••••3333');
    await ssn.getByRole('button', { name: /^Show Social Security number/ }).click();
    await ssn.locator('[data-revealed]').waitFor();
    expect(await ssn.locator('[data-revealed]').textContent()).toBe('123453333');
    const id = new URL(page.url()).pathname.split('/').pop();
    const root = await superuserClient(site);
    const log = await root.collection('auditlog').getFullList({ filter: `record = "${id}" && action = "reveal"` });
    expect(log.map((l) => [l.action, l.field, String(l.actorEmail).startsWith('console-admin-')])).toEqual([['reveal', 'ssn', true]]);
    const viewer = await pageOf('viewer', 'Malika');
    expect(await viewer.locator('[data-field=ssn]').textContent()).toContain('•••••3333');
    expect(await viewer.getByRole('button', { name: /^Show Social Security number/ }).count()).toBe(0);
    await viewer.close();
  });

  it('exports the filtered list as CSV: masked by default, in clear only after an admin confirms', async () => {
    const page = await signedIn('admin', '/creditapps?q=Yusupova');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    const [masked] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
    expect(masked.suggestedFilename()).toMatch(/^creditrepairnew-\d{4}-\d{2}-\d{2}\.csv$/);
    const maskedText = await streamText(await masked.createReadStream());
    expect(maskedText.trim().split('\r\n')).toHaveLength(2); // header + the one record on screen
    expect(maskedText).toContain('•••••3333');
    expect(maskedText).not.toContain('123453333');

    await page.getByRole('button', { name: 'Export CSV with SSNs' }).click();
    await page.getByRole('dialog').getByText('The file will contain full Social Security numbers.', { exact: false }).waitFor();
    expect(await violations(page), 'axe-core on the export confirmation').toEqual([]);
    const [clear] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export with SSNs' }).click()]);
    expect(await streamText(await clear.createReadStream())).toContain('123453333');
    const root = await superuserClient(site);
    const exports = await root.collection('auditlog').getFullList({ filter: 'action = "export"', sort: 'created' });
    expect(exports.map((e) => String(e.detail).split(';')[0])).toEqual(['masked', 'unmasked: ssn']);
    await page.close();
  });

  it("fetches the copy tooltip's code when the pointer first reaches a copy button, not with the page", async () => {
    const page = await pageOf('viewer', 'Bekzod');
    const tooltipFetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/CopiedTooltip-[\w-]+\.js$/.test(e.name)));
    const copy = page.locator('[data-field]').getByRole('button', { name: /^Copy / }).first();
    await copy.waitFor();
    expect(await tooltipFetched(), 'with the page').toBe(false);
    await copy.hover();
    await expect.poll(tooltipFetched, { timeout: 10_000 }).toBe(true);
    await page.close(); // the tooltip itself, shown on a copy: creditrepair.test.ts
  });

  it("has a confirmation's code in before the first press, and gives focus back when it is dismissed", async () => {
    const page = await signedIn('admin', '/creditapps');
    // performance's resource entries: everything this document fetched, also before this line.
    const modalFetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/ConfirmModal-[\w-]+\.js$/.test(e.name)));
    const clear = page.getByRole('button', { name: 'Export CSV with SSNs', exact: true });
    await clear.waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Its own chunk, fetched once the list has shown (src/app/lazyScreen.ts usePreload), not at the press.
    await expect.poll(modalFetched, { timeout: 10_000 }).toBe(true);
    let downloads = 0;
    page.on('download', () => void downloads++);

    await clear.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Export CSV with SSNs' });
    await dialog.getByRole('button', { name: 'Export with SSNs' }).waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true); // focus is trapped in it
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => clear.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(downloads).toBe(0); // nothing exported
    await page.close();
  });

  it('says a refused status change on the application it concerns, when another admin changed it meanwhile', async () => {
    const page = await pageOf('admin', 'Bekzod');
    const status = page.getByTestId('status');
    await status.getByLabel('New status').selectOption('rejected');
    // Another admin rejects it while this page is open: the save then finds it already rejected.
    const other = await staffClient(site, 'admin');
    const bekzod = await other.collection('creditrepairnew').getFirstListItem('firstName = "Bekzod"');
    await other.send(`/api/formwork/status/creditrepairnew/${bekzod.id}`, { method: 'POST', body: { status: 'rejected' } });
    await status.getByRole('button', { name: 'Change status' }).click();
    await status.getByRole('alert').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 10_000 }).toBe('rejected');
    const offered = await page.getByTestId('status').getByLabel('New status').locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    expect(offered).not.toContain('rejected');
    await page.close();
  });

  it('offers no status change for a cancelled application, and never "cancelled" itself (only the applicant cancels)', async () => {
    const root = await superuserClient(site);
    const malika = await root.collection('creditrepairnew').getFirstListItem('firstName = "Malika"');
    expect(
      (await fetch(`${site.url}/api/formwork/application/creditrepair/cancel`, { method: 'POST', headers: { 'X-Application-Token': String(malika.accessToken) } })).status,
    ).toBe(200);
    const page = await pageOf('admin', 'Malika');
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status')).toBe('cancelled');
    expect(await page.getByTestId('status').getByLabel('New status').count()).toBe(0);
    const open = await pageOf('admin', 'Realtime');
    const options = await open.getByTestId('status').getByLabel('New status').locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    expect(options).toContain('rejected');
    expect(options).not.toContain('cancelled');
    await open.close();
  });

  it('logged no console errors on the way (other than the refusal it asked for)', () => {
    expect(problems.filter((p) => !/status of 400 .*\/api\/formwork\/status\//.test(p))).toEqual([]);
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
