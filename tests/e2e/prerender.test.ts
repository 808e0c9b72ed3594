/**
 * Prerendered pages (scripts/build-site.mjs, pb_hooks/static.pb.js, src/main.tsx) against the built site
 * and a real PocketBase:
 * - the server answers a form's address with the form already in the HTML, in the language the browser
 *   will show (?lang=, else the formwork.lang cookie the site keeps, else the default), and an address
 *   the build did not render with the plain shell;
 * - without JavaScript the form is readable and its controls are disabled (nothing typed can be lost);
 * - with it, React takes over the same DOM (nothing in #root is replaced), with no console error (a
 *   hydration mismatch logs one), and the form then works; the app's script is fetched only after the
 *   page's first paint (src/prerender/afterPaint.ts); a lazily loaded part stays disabled until it is
 *   hydrated itself (React hydrates Suspense boundaries after the page around them);
 * - a visitor whose stored language the HTML does not match gets the page rendered afresh in theirs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, label, launchBrowser, watchConsole } from '../support/browser.ts';
import { pngOnDisk } from '../support/fixtures.ts';
import { ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { superuserClient } from '../support/staff.ts';

const messages = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'src/generated/messages', `${lang}.json`), 'utf8')) as Record<string, string>;
const TITLE = {
  en: messages('en')['service.creditrepair.title']!,
  uz: messages('uz')['service.creditrepair.title']!,
  ru: messages('ru')['service.creditrepair.title']!,
};
const FIRST_NAME = messages('en')['fields.firstName.label']!;

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const mark = (html: string) => /<div id="root" data-prerendered="([^"]*)"/.exec(html)?.[1] ?? null;

/** Counts nodes removed from #root from the document's start: a fresh render replaces them, hydration keeps them. */
async function watchRoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { removedFromRoot: number };
    w.removedFromRoot = 0;
    new MutationObserver((records) => {
      for (const r of records) if ((r.target as Element).id === 'root') w.removedFromRoot += r.removedNodes.length;
    }).observe(document, { subtree: true, childList: true });
  });
}
/** Holds back the answers to requests for `pattern` until `release()`; `asked` counts the requests. */
async function holdBack(page: Page, pattern: string): Promise<{ asked: () => number; release: () => void }> {
  let asked = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release: () => release() };
}
const removedFromRoot = (page: Page) => page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot);

describe('prerendered pages', () => {
  let site: PocketBaseProcess;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /**
   * `path` as a visitor finds it before the form's code has come: the code held back until `release()`
   * (`asked` counts its requests), the page around the form hydrated. `prepare` runs before the page loads.
   */
  async function heldForm(path: string, prepare?: (page: Page) => Promise<unknown>) {
    const page = await browser.newPage();
    // File choosers are intercepted from the start: Playwright turns that on when a listener is added,
    // without waiting, and a press right after can open the browser's own (unseen, never answered) instead.
    page.on('filechooser', () => {});
    await prepare?.(page);
    const held = await holdBack(page, '**/assets/ApplicationForm-*.js');
    await page.goto(`${site.url}${path}`);
    await page.getByRole('tab', { name: /UZ/ }).and(page.locator(':enabled')).waitFor();
    return { page, ...held };
  }

  it('are served in the language the browser will show, and only for addresses the build rendered', async () => {
    const get = async (path: string, cookie?: string, status = 200) => {
      const response = await fetch(`${site.url}${path}`, { headers: cookie ? { cookie } : {} });
      expect(response.status, path).toBe(status);
      return { html: decode(await response.text()), vary: response.headers.get('vary') ?? '', setCookie: response.headers.get('set-cookie') };
    };
    const plain = await get('/creditrepair');
    expect(mark(plain.html)).toBe('en /creditrepair');
    expect(plain.html).toContain('<html lang="en"');
    expect(plain.html).toContain(`<title>${TITLE.en}</title>`);
    expect(plain.html).toContain(`>${TITLE.en}</h1>`);
    expect(plain.html).toContain(FIRST_NAME);
    expect(plain.html).not.toMatch(/<script(?![^>]*type="module"[^>]*src=)/); // no inline script (the CSP forbids them)
    expect(plain.vary).toMatch(/Cookie/);

    expect(plain.setCookie).toBeNull();

    const asked = await get('/creditrepair?lang=uz', 'formwork.lang=ru');
    expect(mark(asked.html)).toBe('uz /creditrepair');
    expect(asked.html).toContain(`>${TITLE.uz}</h1>`);
    expect(asked.setCookie).toBe('formwork.lang=uz; Path=/; Max-Age=31536000; SameSite=Lax'); // as the script writes it
    expect((await get('/creditrepair?lang=uz', 'formwork.lang=uz')).setCookie).toBeNull(); // already remembered
    expect((await get('/creditrepair?lang=xx')).setCookie).toBeNull();
    const remembered = await get('/creditrepair', 'formwork.lang=ru');
    expect(mark(remembered.html)).toBe('ru /creditrepair');
    expect(remembered.html).toContain('<html lang="ru"');
    expect(remembered.html).toContain(`>${TITLE.ru}</h1>`);
    expect(mark((await get('/creditrepair?lang=xx', 'formwork.lang=../../etc')).html)).toBe('en /creditrepair');

    for (const path of ['/no-such-page', '/application/creditrepair/abc', '/creditrepair/', '/prerendered/en/creditrepair']) {
      // No screen at the first and the last (a build's file is named with .html): the shell all the same, with 404.
      const shell = await get(path, undefined, path === '/no-such-page' || path.startsWith('/prerendered/') ? 404 : 200);
      expect(shell.html, path).toContain('<div id="root"></div>');
    }
  });

  it('answer an address the site has no screen for with 404, and another method than GET with 405', async () => {
    const status = async (path: string, method = 'GET') => (await fetch(`${site.url}${path}`, { method, redirect: 'manual' })).status;
    // A screen of the site, as react-router matches it (letter case, a trailing slash, a parameter): 200.
    for (const path of ['/creditrepair', '/CreditRepair/', '/success/499', '/account/acct_1', '/application/creditrepair/abc', '/creditapps', '/staff/sign-in', '/'])
      expect(await status(path), path).toBe(200);
    // Nothing there: the shell, which shows "not found", with the status that says so.
    for (const path of ['/no-such-page', '/creditrepair/extra', '/success/499/more', '/assets/missing.js', '/assets/', '/prerendered/en/'])
      expect(await status(path), path).toBe(404);
    // A ".." sent encoded (the router keeps it) says nothing of the server's files: one that exists and one
    // that does not get the same answer.
    for (const path of ['/..%2f..%2f..%2fetc%2fpasswd', '/..%2f..%2f..%2fetc%2fno-such-file', '/..%2fpackage.json']) expect(await status(path), path).toBe(404);
    const page = await browser.newPage();
    await page.goto(`${site.url}/no-such-page?lang=uz`);
    await page.getByRole('heading', { level: 1, name: messages('uz')['route.notFound.title'] }).waitFor();
    await page.close();
    // An unknown API address keeps PocketBase's own answer.
    const api = await fetch(`${site.url}/api/no-such-route`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: 404 });
    // A page is only read: any other method is refused, saying which are allowed; the API is not affected.
    const posted = await fetch(`${site.url}/creditrepair`, { method: 'POST', body: 'firstName=Ada' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect(await status('/contact', 'DELETE')).toBe(405);
    expect(await status('/no-such-page', 'POST')).toBe(404); // no page there to allow anything
    expect(await status('/api/no-such-route', 'POST')).toBe(404);
    expect(await status('/api/health', 'GET')).toBe(200);
  });

  it('show the form without JavaScript, with its controls disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/creditrepair?lang=ru`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(TITLE.ru);
    const first = page.locator('#root_firstName');
    expect(await first.isDisabled()).toBe(true);
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
    await context.close();
  });

  it('are taken over by the script without being rendered again, and then work', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    watchConsole(page, problems);
    await watchRoot(page);
    await page.goto(`${site.url}/creditrepair`);
    await hydrated(page);
    const name = page.getByLabel(label(FIRST_NAME));
    await name.fill('Ada');
    expect(await name.inputValue()).toBe('Ada');
    // Submitting with the rest empty shows the form's own error summary: React handles the submit.
    await page.locator('button[type=submit]').click();
    await page.getByTestId('form-error').waitFor();
    expect(await removedFromRoot(page)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keep the language asked for when a link is followed before the script has run', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false }); // the script never runs: the server alone remembers
    const page = await context.newPage();
    await page.goto(`${site.url}/creditrepair?lang=ru`);
    await page.locator('footer a[href="/privacy"]').click();
    await page.waitForURL(/\/privacy$/);
    expect(mark(await page.content())).toBe('ru /privacy');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await context.close();
  });

  it('fetch the app only after the first paint, and then hydrate', async () => {
    const html = await (await fetch(`${site.url}/loan`)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toHaveLength(1); // the after-paint script, naming the app's entry
    const app = /data-app="([^"]+)"/.exec(scripts[0]!)?.[1];
    expect(app).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(html).not.toContain('rel="modulepreload"'); // nothing of the app is fetched while the page paints

    const page = await browser.newPage();
    const problems: string[] = [];
    watchConsole(page, problems);
    await page.goto(`${site.url}/loan`);
    await hydrated(page);
    const started = await page.evaluate((entry) => {
      const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const request = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === entry)?.startTime;
      return { firstPaint, request };
    }, app!);
    expect(started.firstPaint).toBeGreaterThan(0);
    expect(started.request).toBeGreaterThanOrEqual(started.firstPaint!);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keep each lazily loaded part disabled until React has taken it over, not only the page around it', async () => {
    // React hydrates what is inside a Suspense boundary after the page around it; the plan picker of
    // /money-transfer is such a part, and its code is held back here so the gap is wide.
    const page = await browser.newPage();
    const { release } = await holdBack(page, '**/assets/ProductCheckout-*.js');
    await page.goto(`${site.url}/money-transfer?lang=en`);
    await page.getByRole('tab', { name: /UZ/ }).and(page.locator(':enabled')).waitFor(); // the page around it is hydrated
    const plans = page.getByTestId('product-checkout').locator('input[type=radio]');
    expect(await plans.count()).toBe(2);
    expect(await plans.first().isDisabled()).toBe(true); // a plan chosen now would show while the other was charged
    release();
    await hydrated(page);
    expect(await plans.first().isDisabled()).toBe(false);
    await page.getByTestId('product-checkout').getByText('Monthly').click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('Total: $30.00/month');
    await page.close();
  });

  it("load a form's own code only at the visitor's first focus, tap or key, and keep what was typed, chosen and ticked before it came", async () => {
    const problems: string[] = [];
    const { page, asked, release } = await heldForm('/ticket?lang=en', (p) => (watchConsole(p, problems), watchRoot(p)));
    await page.waitForTimeout(500);
    expect(asked()).toBe(0); // a visit that does not use the form never loads its code
    const send = page.locator('button[type=submit]');
    expect(await send.isDisabled()).toBe(false); // in the tab order: a keyboard user does not skip it (its press waits for the code)

    // Used before its code: the fields take text, the select a choice, natively (the first focus asks for the code).
    await page.getByLabel(label('Full name')).fill('Nodira Yusupova');
    await page.getByLabel(label('E-mail')).fill('nodira@example.com');
    await page.getByLabel(label('Topic')).selectOption({ label: 'Uploading documents' });
    await page.getByLabel(label('Describe the problem')).fill('The upload stops at 90 %.');
    // Still typing when the code comes, the caret in the middle of the word.
    await page.getByLabel(label('Subject')).pressSequentially('Uload');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    // Enter in a field neither sends the HTML form (a GET with the answers in the address) nor, later, the form.
    await page.keyboard.press('Enter');
    await expect.poll(asked).toBe(1);
    await page.waitForTimeout(300); // a navigation the browser started would be under way
    expect(await page.locator('[data-awaiting-code]').count()).toBe(1);
    expect(new URL(page.url()).search).toBe('?lang=en');

    release();
    await page.locator('[data-awaiting-code]').waitFor({ state: 'detached' });
    // The caret goes back where it was once React's render of the text is done.
    await expect.poll(() => page.getByLabel(label('Subject')).evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(1);
    // The early Enter was not kept as a send: the form was neither sent nor checked.
    expect(await page.getByTestId('form-success').count()).toBe(0);
    expect(await page.getByTestId('form-error').count()).toBe(0);
    await page.keyboard.type('p');
    await page.keyboard.press('End');
    await page.keyboard.type(' fails');
    expect(await send.isDisabled()).toBe(false);
    // The form's state holds what was typed before: the renders of that typing put nothing back.
    expect(await page.getByLabel(label('Full name')).inputValue()).toBe('Nodira Yusupova');
    expect(await page.getByLabel(label('Topic')).inputValue()).toBe('documents');
    await send.click();
    await page.getByTestId('form-success').waitFor({ timeout: 30_000 });

    const admin = await superuserClient(site);
    const [ticket] = (await admin.collection('tickets').getList(1, 1, { sort: '-created' })).items;
    expect(ticket).toMatchObject({ name: 'Nodira Yusupova', email: 'nodira@example.com', topic: 'documents', subject: 'Upload fails', message: 'The upload stops at 90 %.' });
    expect(await removedFromRoot(page)).toBe(0); // taken over where it stood, never rendered again
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keep what was typed before the form's code came when an extension's change to the HTML makes React render the form afresh", async () => {
    const { page, release } = await heldForm('/ticket?lang=en');
    await page.getByLabel(label('Full name')).fill('Timur Rashidov');
    await page.getByLabel(label('Topic')).selectOption({ label: 'Payment or refund' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('#root_attachment').click()]);
    await chooser.setFiles(pngOnDisk('receipt.png'));
    await page.getByLabel(label('Subject')).fill('Refund');
    // What a password manager or a translator does: an element of its own inside the form's HTML.
    await page.evaluate(() => document.querySelector('#root_name')!.insertAdjacentElement('afterend', document.createElement('extension-icon')));
    release();
    await page.locator('[data-awaiting-code]').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('extension-icon').count()).toBe(0); // React rendered the form afresh
    await expect.poll(() => page.getByLabel(label('Full name')).inputValue()).toBe('Timur Rashidov');
    expect(await page.getByLabel(label('Topic')).inputValue()).toBe('payment');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_subject'); // still where the visitor was typing
    await page.getByLabel(label('E-mail')).fill('timur@example.com');
    await page.getByLabel(label('Describe the problem')).fill('Charged twice.');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('form-success').waitFor({ timeout: 30_000 });
    const admin = await superuserClient(site);
    const [ticket] = (await admin.collection('tickets').getList(1, 1, { sort: '-created' })).items;
    expect(ticket).toMatchObject({ name: 'Timur Rashidov', topic: 'payment', subject: 'Refund', message: 'Charged twice.' });
    expect(ticket?.attachment).toMatch(/\.png$/); // chosen before the code, in an input React then replaced
    await page.close();
  });

  it("try the form's code again when its first fetch fails, keeping what was typed", async () => {
    const page = await browser.newPage();
    let fetches = 0;
    await page.route('**/assets/ApplicationForm-*.js', (route) => (++fetches === 1 ? route.abort() : route.continue())); // a dropped connection, once
    await page.goto(`${site.url}/ticket?lang=en`);
    await page.getByRole('tab', { name: /UZ/ }).and(page.locator(':enabled')).waitFor();
    await page.getByLabel(label('Full name')).fill('Kamola Ergasheva');
    await page.locator('[data-awaiting-code]').waitFor({ state: 'detached', timeout: 15_000 });
    expect(fetches).toBe(2);
    expect(await page.getByLabel(label('Full name')).inputValue()).toBe('Kamola Ergasheva');
    await page.getByLabel(label('E-mail')).fill('kamola@example.com'); // a render: the name is in the form's state
    expect(await page.getByLabel(label('Full name')).inputValue()).toBe('Kamola Ergasheva');
    await page.close();
  });

  it("carry out a send pressed before the form's code came once it has come, and keep the unready controls in the tab order", async () => {
    const { page, release } = await heldForm('/ticket?lang=en');
    await page.getByLabel(label('Full name')).fill('Sardor Karimov');
    await page.getByLabel(label('E-mail')).fill('sardor@example.com');
    await page.getByLabel(label('Topic')).selectOption({ label: 'Uploading documents' });
    await page.getByLabel(label('Subject')).fill('Sent early');
    await page.getByLabel(label('Describe the problem')).fill('Pressed send at once.');
    // By keyboard alone: Tab from the last text field reaches the file picker (it works before the code
    // too), then the send, and Enter presses it.
    const focused = () => page.evaluate(() => ({ id: document.activeElement?.id, type: (document.activeElement as HTMLButtonElement | null)?.type, unavailable: document.activeElement?.getAttribute('aria-disabled') }));
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ id: 'root_attachment', type: 'button', unavailable: null });
    await page.keyboard.press('Tab');
    expect((await focused()).type).toBe('submit');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('?lang=en'); // the browser did not send the HTML form
    expect(await page.locator('[data-awaiting-code]').count()).toBe(1);
    // The press waits, and the page says so (a status, which screen readers announce).
    const waiting = page.getByRole('status').filter({ hasText: 'Your answers will be sent as soon as the page has finished loading' });
    await waiting.waitFor();
    expect(await waiting.isVisible()).toBe(true);
    release();
    await page.getByTestId('form-success').waitFor({ timeout: 30_000 });
    expect(await page.locator('#formwork-send-waiting').count()).toBe(0); // said no more once carried out
    const admin = await superuserClient(site);
    const [ticket] = (await admin.collection('tickets').getList(1, 1, { sort: '-created' })).items;
    expect(ticket).toMatchObject({ name: 'Sardor Karimov', subject: 'Sent early', message: 'Pressed send at once.', topic: 'documents' });
    await page.close();
  });

  it("forget a send pressed before the form's code came when the visitor leaves the page, and say so no more", async () => {
    const { page } = await heldForm('/ticket?lang=en');
    await page.getByLabel(label('Full name')).fill('Left Early');
    await page.locator('button[type=submit]').evaluate((button: HTMLButtonElement) => button.click());
    await page.locator('#formwork-send-waiting').waitFor();
    await page.getByRole('link', { name: messages('en')['nav.services']! }).first().click();
    await page.waitForURL((url) => url.pathname === '/services');
    await expect.poll(() => page.locator('#formwork-send-waiting').count()).toBe(0);
    await page.close();
  });

  it("keep a press of the send a screen reader made with the focus in a field, and forget one the visitor edited after", async () => {
    const admin = await superuserClient(site);
    const latest = async () => (await admin.collection('tickets').getList(1, 1, { sort: '-created' })).items[0];
    /** A ticket filled before the form's code (held back), with the focus left in its last field. */
    const filled = async (name: string) => {
      const { page, release } = await heldForm('/ticket?lang=en');
      await page.getByLabel(label('Full name')).fill(name);
      await page.getByLabel(label('E-mail')).fill('laylo@example.com');
      await page.getByLabel(label('Topic')).selectOption({ label: 'Uploading documents' });
      await page.getByLabel(label('Subject')).fill('Screen reader');
      await page.getByLabel(label('Describe the problem')).fill('Pressed');
      // A screen reader's press: the button is clicked, the focus stays in the field.
      const press = () => page.locator('button[type=submit]').evaluate((button: HTMLButtonElement) => button.click());
      return { page, release, press };
    };

    const kept = await filled('Laylo Saidova');
    await kept.press();
    kept.release();
    await kept.page.getByTestId('form-success').waitFor({ timeout: 30_000 });
    expect(await latest()).toMatchObject({ name: 'Laylo Saidova', message: 'Pressed' });
    await kept.page.close();

    const edited = await filled('Laylo Saidova-Karimova');
    await edited.press();
    await edited.page.locator('#formwork-send-waiting').waitFor();
    await edited.page.getByLabel(label('Describe the problem')).pressSequentially(' twice.'); // still at it
    expect(await edited.page.locator('#formwork-send-waiting').count()).toBe(0); // the press is forgotten, and the status with it
    edited.release();
    await edited.page.locator('[data-awaiting-code]').waitFor({ state: 'detached' });
    await edited.page.waitForTimeout(300);
    expect(await edited.page.getByTestId('form-success').count()).toBe(0); // not sent half-edited…
    expect(await edited.page.getByTestId('form-error').count()).toBe(0); // …nor checked
    expect(await edited.page.evaluate(() => document.activeElement?.id)).toBe('root_message');
    await edited.press(); // pressed again when done
    await edited.page.getByTestId('form-success').waitFor({ timeout: 30_000 });
    expect(await latest()).toMatchObject({ name: 'Laylo Saidova-Karimova', message: 'Pressed twice.' });
    await edited.page.close();
  });

  it("hand a bot's honeypot entry made before the form's code came to the server, which refuses it", async () => {
    // Not watched for console errors: the browser logs the refusal (a 400) it is meant to get here.
    const { page, release } = await heldForm('/contact?lang=en');
    await page.getByLabel(label('First name')).fill('Early');
    await page.getByLabel(label('Last name')).fill('Bot');
    await page.getByLabel(label('Message')).fill('Buy now');
    await page.locator('input[name=homepage]').fill('http://cheap-pills.example', { force: true }); // it has a name, no id
    release();
    await page.locator('[data-awaiting-code]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Something went wrong. Try again later.');
    const admin = await superuserClient(site);
    expect((await admin.collection('aloqacorpcontacts').getList(1, 1, { filter: 'fname = "Early"' })).totalItems).toBe(0);
    await page.close();
  });

  it("keep a box ticked and a file chosen before the form's code came; the SSN's show/hide says it waits for the code", async () => {
    const { page, release } = await heldForm('/creditrepair?lang=en');
    await page.locator('#root_terms').check();
    await page.getByLabel(label(FIRST_NAME)).fill('Ada');
    // The file picker opens the browser's own chooser (the page's code does that), by keyboard too.
    const picker = page.locator('#root_stateId');
    expect(await picker.getAttribute('aria-disabled')).toBeNull();
    await picker.focus();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    await chooser.setFiles(pngOnDisk());
    expect(await page.locator('[data-awaiting-code]').count()).toBe(1); // still before the code
    // The SSN's show/hide is a button the code runs: said to be unavailable until it has come…
    const showSsn = page.locator('button[aria-label^="Show Social Security number"]');
    expect(await showSsn.getAttribute('aria-disabled')).toBe('true');
    expect(await showSsn.evaluate((element: HTMLButtonElement) => !element.disabled && element.tabIndex >= 0)).toBe(true); // …but not skipped by Tab
    release();
    await page.locator('[data-awaiting-code]').waitFor({ state: 'detached' });
    expect(await showSsn.getAttribute('aria-disabled')).toBeNull();
    expect(await showSsn.isDisabled()).toBe(false);
    await expect.poll(() => picker.textContent()).toBe('driver-licence.png'); // the field has the file chosen before
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('form-error').waitFor();
    // The rest is refused as empty; what was given before the code came is not.
    expect(await page.locator('[data-field=lastName] [data-status=error]').count()).toBe(1);
    for (const field of ['terms', 'stateId', 'firstName']) expect(await page.locator(`[data-field=${field}] [data-status=error]`).count(), field).toBe(0);
    expect(await page.locator('#root_terms').isChecked()).toBe(true);
    await page.close();
  });

  it('take a file dropped on a field, before the form\'s code came and after, and never let a drop replace the page', async () => {
    /** Drags `count` files, the first named `name` (PNGs unless given), over `selector` and drops them: whether the page took both, and the field it marked meanwhile. */
    const drop = (page: Page, selector: string, name: string, type = 'image/png', count = 1) =>
      page.evaluate(
        ([selector, name, type, count]) => {
          const transfer = new DataTransfer();
          const bytes = type === 'image/png' ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] : [0x25, 0x50, 0x44, 0x46, 0x2d];
          for (let i = 0; i < count; i++) transfer.items.add(new File([new Uint8Array(bytes)], i === 0 ? name : `${i}-${name}`, { type }));
          const target = document.querySelector(selector)!;
          const over = new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true });
          target.dispatchEvent(over);
          const marked = document.querySelector('[data-dragging]')?.getAttribute('data-file-drop') ?? null;
          const dropped = new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true });
          target.dispatchEvent(dropped);
          return { overTaken: over.defaultPrevented, dropTaken: dropped.defaultPrevented, marked, after: document.querySelectorAll('[data-dragging]').length };
        },
        [selector, name, type, count] as const,
      );
    const { page, release } = await heldForm('/creditrepair?lang=en');
    // Before the code: on the field's label, kept for the field.
    expect(await drop(page, 'label[for=root_stateId]', 'dropped-early.png')).toEqual({ overTaken: true, dropTaken: true, marked: 'root_stateId', after: 0 });
    // Anywhere else: no field marked, and the browser does not open the file in place of the form.
    expect(await drop(page, 'h1', 'elsewhere.png')).toEqual({ overTaken: true, dropTaken: true, marked: null, after: 0 });
    release();
    await page.locator('[data-awaiting-code]').waitFor({ state: 'detached' });
    const picker = page.locator('#root_stateId');
    await expect.poll(() => picker.textContent()).toBe('dropped-early.png');
    // After the code: a file of a type the field does not take is refused as a picked one would be…
    await drop(page, '#root_stateId', 'statement.pdf', 'application/pdf');
    await expect.poll(() => page.locator('[data-field=stateId] [data-status=error]').count()).toBe(1);
    // …and so are several files at once (none taken, rather than one in silence)…
    await drop(page, '#root_stateId', 'two.png', 'image/png', 2);
    await expect.poll(() => page.locator('[data-field=stateId] [data-status=error]').textContent()).toBe('Only one file fits here. Drop or choose a single file.');
    expect(await picker.textContent()).not.toContain('two.png');
    // …and an image is taken.
    await drop(page, '#root_stateId', 'dropped-late.png');
    await expect.poll(() => picker.textContent()).toBe('dropped-late.png');
    expect(await page.locator('[data-field=stateId] [data-status=error]').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/creditrepair');
    await page.close();
  });

  it('are rendered afresh when the stored language is not the one the HTML has', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    watchConsole(page, problems);
    await page.addInitScript(() => {
      if (!document.cookie.includes('formwork.lang')) localStorage.setItem('formwork.lang', 'uz'); // a choice made before the cookie existed
    });
    await watchRoot(page);
    await page.goto(`${site.url}/creditrepair`);
    await page.getByRole('heading', { level: 1, name: TITLE.uz }).waitFor();
    expect(await removedFromRoot(page)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uz');
    // The site now keeps the choice in the cookie too, so the next visit gets the Uzbek page itself.
    const again = await page.context().request.get(`${site.url}/creditrepair`);
    expect(mark(await again.text())).toBe('uz /creditrepair');
    expect(problems).toEqual([]);
    await page.close();
  });
});
