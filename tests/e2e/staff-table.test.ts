/**
 * The staff list as a work queue, in Debian's chromium against the built site and a real PocketBase: the
 * staff screens' own full-width layout (no public header, footer or language tabs; a navigation with the
 * count of new applications per list; the list's name as the page's title), the table sorted by a column
 * from its header by keyboard, the "unassigned" filter in the address, the keyboard's j/k/Enter opening
 * an application's page, a viewer without checkboxes, an admin's selection, and axe on every state.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, withAxe } from '../support/axe.ts';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { solvedProof } from '../support/proofOfWork.ts';
import { startSite } from '../support/site.ts';
import { createStaff, superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const LIST = '/creditapps';
const COLLECTION = 'creditrepairnew';

describe('the staff table', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const problems: string[] = [];
  const ids: string[] = [];

  const submit = async (fields: Record<string, string>) => {
    const res = await fetch(`${site.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData(
        { ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', proof: await solvedProof(site.url, COLLECTION), ...fields },
        { stateId: pngFile() },
      ),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };

  /** A fresh browser session signed in as a new staff member of `role`, at `path`. */
  const signedIn = async (role: 'admin' | 'viewer', path: string, viewport = { width: 1280, height: 900 }): Promise<Page> => {
    const staff = await createStaff(site, role, `table-${role}-${Date.now()}@formwork.test`);
    await context?.close();
    context = await browser.newContext({ viewport, acceptDownloads: true });
    await withAxe(context);
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}${path}`);
    await page.waitForURL(/\/staff\/sign-in\?next=/);
    await page.getByLabel(label('E-mail')).fill(staff.email);
    await page.getByLabel(label('Password')).fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === path.split('?')[0]);
    return page;
  };

  const table = (page: Page) => page.getByTestId('staff-table');
  const rows = (page: Page) => table(page).locator('tbody tr[data-record-id]');
  const references = (page: Page) => rows(page).locator('td a').allTextContents();

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    ids.push(await submit({ firstName: 'Dilnoza', lastName: 'Rashidova' }));
    ids.push(await submit({ firstName: 'Bekzod', lastName: 'Aliyev' }));
    ids.push(await submit({ firstName: 'Malika', lastName: 'Yusupova' }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.stop();
    expect(problems).toEqual([]);
  });

  it('shows staff screens in their own layout, with new items counted per list and the list named in the title', async () => {
    const page = await signedIn('viewer', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    // Not the public site's frame: no logo link home, no main menu, no language tabs, no footer.
    expect(await page.getByTestId('site-logo').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    // Its own: the product's name, the staff navigation, one main landmark the skip link leads to.
    await page.getByRole('banner').getByText('Aloqa Corp').waitFor();
    expect(await page.locator('main#main-content').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main-content');
    const nav = page.getByRole('navigation', { name: 'Staff' });
    const credit = nav.getByRole('link', { name: /^Credit repair applications/ });
    expect(await credit.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => credit.getByTestId('nav-new').textContent()).toBe('3 new applications');
    expect(await page.title()).toBe('Credit repair applications');
    // Viewers get no admin screens in the navigation.
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await page.mouse.move(0, 0);
    expect(await violations(page), 'axe-core on a viewer list').toEqual([]);

    // Across screens the frame stays (no reload) and marks the screen shown.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await nav.getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect.poll(() => nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await violations(page), 'axe-core on the overview').toEqual([]);
  });

  it("shows staff screens in the staff member's own language, saved with their account", async () => {
    const page = await signedIn('viewer', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Заявки на восстановление кредитной истории');
    expect(await page.title()).toBe('Заявки на восстановление кредитной истории');
    const root = await superuserClient(site);
    const email = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { record?: { email?: string } }).record?.email ?? '',
    );
    await expect.poll(async () => (await root.collection('staff').getFirstListItem(root.filter('email = {:email}', { email }))).language).toBe('ru');
    // Without the browser's own memory of the language, the account's setting still decides.
    await context!.clearCookies();
    await page.evaluate(() => localStorage.removeItem('formwork.lang'));
    await page.goto(`${site.url}${LIST}`);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('Заявки на восстановление кредитной истории');
    await page.getByRole('navigation', { name: /./ }).getByRole('link', { name: 'Обзор' }).waitFor();
  });

  it('folds the navigation behind a burger on a narrow screen', async () => {
    const page = await signedIn('viewer', LIST, { width: 480, height: 800 });
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    const nav = page.getByRole('navigation', { name: 'Staff' });
    const burger = page.getByRole('button', { name: 'Open the navigation' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Overview' }).isVisible()).toBe(false);
    await burger.click();
    await nav.getByRole('link', { name: 'Overview' }).waitFor({ state: 'visible' });
    await nav.getByRole('link', { name: 'Trash' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/trash');
    await expect.poll(() => nav.getByRole('link', { name: 'Overview' }).isVisible()).toBe(false); // folded again on the way
    // Folded, its links are out of the Tab order: from the burger, Tab goes on to the header's controls.
    await burger.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('nav'))).toBe(false);
  });

  it('sorts by a column from its header, by keyboard, kept in the address', async () => {
    const page = await signedIn('viewer', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    const header = table(page).getByRole('button', { name: /^Reference/ });
    await header.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=reference/);
    await expect.poll(() => header.textContent()).toContain('sorted ascending');
    const inOrder = async (desc: boolean) => {
      const shown = await references(page);
      const sorted = [...shown].sort();
      return shown.length === 3 && shown.join() === (desc ? sorted.reverse() : sorted).join();
    };
    await expect.poll(() => inOrder(false)).toBe(true);
    await header.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=-reference/);
    await expect.poll(() => header.textContent()).toContain('sorted descending');
    await expect.poll(() => inOrder(true)).toBe(true);
    // The address is the view: opened afresh, it shows the same order.
    await page.goto(page.url());
    await expect.poll(() => inOrder(true), { timeout: 10_000 }).toBe(true);
  });

  it('filters the unassigned ones, in the address, and opens an application by j/k and Enter', async () => {
    const root = await superuserClient(site);
    const someone = await root.collection('staff').getFirstListItem('email ~ "table-"');
    await root.collection(COLLECTION).update(ids[0]!, { assignee: someone.id });
    const page = await signedIn('viewer', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    await page.getByTestId('list-filters').getByLabel('Assignee').selectOption('unassigned');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/assignee=unassigned/);
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-record-id')))).not.toContain(ids[0]);

    // The keyboard: j moves down, k up; the active row is marked, focused and in view; Enter opens it.
    await page.locator('h1').focus();
    await page.keyboard.press('j');
    await expect.poll(() => rows(page).nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('j');
    await expect.poll(() => rows(page).nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await rows(page).nth(0).getAttribute('aria-selected')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-record-id'))).toBe(await rows(page).nth(1).getAttribute('data-record-id'));
    await page.keyboard.press('k');
    await expect.poll(() => rows(page).nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => rows(page).nth(1).getAttribute('aria-selected')).toBe('true');
    const id = await rows(page).nth(1).getAttribute('data-record-id');
    await page.keyboard.press('Enter');
    // The application's page, with the list's view carried along (its way back, its previous and next).
    await page.waitForURL((url) => url.pathname === `${LIST}/${id}` && url.searchParams.get('assignee') === 'unassigned');
  });

  it('gives a viewer no checkboxes, and an admin a checkbox per row, x to select and the bulk actions', async () => {
    const viewer = await signedIn('viewer', LIST);
    await expect.poll(() => rows(viewer).count(), { timeout: 10_000 }).toBe(3);
    expect(await table(viewer).getByRole('checkbox').count()).toBe(0);
    await viewer.locator('h1').focus();
    await viewer.keyboard.press('j');
    await viewer.keyboard.press('x');
    expect(await viewer.getByTestId('bulk-actions').count()).toBe(0);

    const page = await signedIn('admin', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    const first = (await references(page))[0]!;
    await page.getByRole('checkbox', { name: `Select ${first}` }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Select all on this page' }).count()).toBe(1);
    await page.locator('h1').focus();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.getByTestId('bulk-actions').getByText('1 selected').waitFor();
    expect(await page.getByRole('checkbox', { name: `Select ${first}` }).isChecked()).toBe(true);
    await page.mouse.move(0, 0);
    expect(await violations(page), 'axe-core on an admin list with a selection').toEqual([]);
    await page.keyboard.press('x');
    await page.getByTestId('bulk-actions').waitFor({ state: 'detached' });
  });
  it("acts on an admin's selection: a refused status said per record, assign, move to trash and undo", async () => {
    const page = await signedIn('admin', LIST);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    const [first, second] = await references(page);
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    const bar = page.getByTestId('bulk-actions');
    await bar.getByText('2 selected').waitFor();

    // New → approved skips the review: the server refuses it for each, and the list says which and why.
    await bar.getByLabel('New status').selectOption('approved');
    await bar.getByRole('button', { name: 'Set status' }).click();
    const outcome = page.getByTestId('bulk-outcome');
    await outcome.getByText('No status was changed.').waitFor();
    expect(await page.getByTestId('bulk-failures').locator('li').allTextContents()).toEqual([
      `${first}: its current status does not allow this one`,
      `${second}: its current status does not allow this one`,
    ]);
    await bar.getByText('2 selected').waitFor(); // what failed stays selected

    // The selection alone as CSV: its two rows under the header.
    const download = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Export selected' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(3);
    for (const reference of [first!, second!])
      expect(
        csv.some((line) => line.includes(reference)),
        reference,
      ).toBe(true);

    await bar.getByLabel('Assign to').selectOption({ label: 'Me' });
    await bar.getByRole('button', { name: 'Assign' }).click();
    await outcome.getByText('2 applications were assigned.').waitFor();
    await expect.poll(() => rows(page).filter({ hasText: 'Test admin' }).count()).toBe(2);

    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    await bar.getByRole('button', { name: 'Move to trash' }).click();
    await outcome.getByText('2 applications were moved to the trash.').waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    // The focus is on Undo (the bar is gone with the selection): Enter brings both back.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Undo');
    await page.mouse.move(0, 0);
    expect(await violations(page), 'axe-core with a bulk outcome').toEqual([]);
    await page.keyboard.press('Enter');
    await outcome.getByText('2 applications are back from the trash.').waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
  });
  it('marks a submission that arrives while the list is open, and lists it on Show', async () => {
    const page = await signedIn('viewer', LIST);
    // Announced once the list's realtime subscription is set (the SDK's POST after the stream opens).
    const subscribed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/realtime' && r.request().method() === 'POST' && r.ok());
    await page.reload();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
    await subscribed;
    await submit({ firstName: 'Realtime', lastName: 'Arrival' });
    const marker = page.getByTestId('arrivals');
    await marker.getByText('1 new application has arrived.').waitFor();
    await marker.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await rows(page).first().textContent()).toContain('Realtime Arrival');
    expect(await marker.count()).toBe(0);
  });
});
