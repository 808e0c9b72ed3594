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
 * - a visitor whose stored language the HTML does not match gets the page rendered afresh in theirs;
 * - a file dropped on a form's file field is chosen for it, and a drop anywhere never replaces the page;
 * - /services lists, in each language, every service its service.json lists (registry.listing).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, label, launchBrowser, watchConsole } from '../support/browser.ts';
import { ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { listingPriceText } from '../../src/engine/price.ts';
import { registry } from '../../src/generated/registry.ts';

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
    // Never confirmed from a browser's copy: every language's page has the same date.
    const copy = await fetch(`${site.url}/creditrepair`, { headers: { cookie: 'formwork.lang=ru', 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() } });
    expect(copy.status).toBe(200);
    expect(mark(decode(await copy.text()))).toBe('ru /creditrepair');

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

  it('list every service its service.json lists on /services, with its title, one line and price, in each language', async () => {
    expect(registry.listing.length).toBeGreaterThan(0);
    for (const lang of ['en', 'uz', 'ru'] as const) {
      const texts = messages(lang);
      const t = (id: string, values: Record<string, string> = {}) => (texts[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
      const html = decode(await (await fetch(`${site.url}/services?lang=${lang}`)).text());
      expect(mark(html)).toBe(`${lang} /services`);
      for (const entry of registry.listing) {
        const item = html.slice(html.indexOf(`data-service="${entry.service}" data-form="${entry.form}"`));
        const shown = item.slice(0, item.indexOf('</li>'));
        expect(shown, `${entry.service}/${entry.form} (${lang})`).toContain(`href="${entry.route}">${t(entry.title)}</a>`);
        expect(shown).toContain(`>${t(entry.summary)}</p>`);
        const price = listingPriceText(entry, lang, t);
        if (price) expect(shown).toContain(`>${price}</span>`);
      }
    }
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

  it("hydrate a form's page only once the form's own code is in: nothing looks usable before it is", async () => {
    const page = await browser.newPage();
    const { asked, release } = await holdBack(page, '**/assets/ServiceFormPage-*.js');
    await page.goto(`${site.url}/ticket?lang=en`);
    await expect.poll(asked).toBe(1);
    const name = page.getByLabel(label('Full name'));
    expect(await name.isDisabled()).toBe(true);
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: /UZ/ }).isDisabled()).toBe(true); // the page around it waits too
    release();
    await hydrated(page);
    // What the page preloads as it mounts (the Save for later dialog) is in before the applicant starts.
    await page.waitForLoadState('networkidle');
    // From then on the form is whole: its first use fetches no code of it (the proof of work's worker aside).
    const scripts: string[] = [];
    page.on('request', (r) => /\.js$/.test(new URL(r.url()).pathname) && scripts.push(new URL(r.url()).pathname));
    await name.pressSequentially('Nodira');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('form-error').waitFor(); // the form's own check answers the first press
    expect(await name.inputValue()).toBe('Nodira');
    expect(await page.locator('[data-field=name] [data-status=error]').count()).toBe(0); // what was typed is in the form's state
    expect(scripts.filter((path) => !path.includes('proofOfWork'))).toEqual([]);
    await page.close();
  });

  it('take a file dropped on a field, and never let a drop replace the page', async () => {
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
    const page = await browser.newPage();
    await page.goto(`${site.url}/personal?lang=en`);
    await hydrated(page);
    const picker = page.locator('#root_stateId');
    // On the field's label: marked while dragged over, and taken.
    expect(await drop(page, 'label[for=root_stateId]', 'dropped.png')).toEqual({ overTaken: true, dropTaken: true, marked: 'root_stateId', after: 0 });
    await expect.poll(() => picker.textContent()).toBe('dropped.png');
    // Anywhere else: no field marked, and the browser does not open the file in place of the form.
    expect(await drop(page, 'h1', 'elsewhere.png')).toEqual({ overTaken: true, dropTaken: true, marked: null, after: 0 });
    // A file of a type the field does not take is refused as a picked one would be…
    await drop(page, '#root_stateId', 'statement.pdf', 'application/pdf');
    await expect.poll(() => page.locator('[data-field=stateId] [data-status=error]').count()).toBe(1);
    // …and so are several files at once (none taken, rather than one in silence)…
    await drop(page, '#root_stateId', 'two.png', 'image/png', 2);
    await expect.poll(() => page.locator('[data-field=stateId] [data-status=error]').textContent()).toBe('Only one file fits here. Drop or choose a single file.');
    expect(await picker.textContent()).not.toContain('two.png');
    // …and an image is taken.
    await drop(page, '#root_stateId', 'dropped-again.png');
    await expect.poll(() => picker.textContent()).toBe('dropped-again.png');
    expect(await page.locator('[data-field=stateId] [data-status=error]').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/personal');
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
