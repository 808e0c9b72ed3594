/**
 * Staff frames (routes.tsx framedPaths, src/prerender/entry.tsx renderFrame, pb_hooks/lib/prerendered.js)
 * against the built site and a real PocketBase:
 * - signing in writes the formwork.staff cookie (the role, for as long as the session's token), and
 *   signing out removes it;
 * - the server answers a staff screen's address with the frame of the role the cookie names, in the
 *   language the browser will show: the navigation of that role and the list's title, no records; and
 *   with the shell when there is no such cookie, a role it has no frame for, or a query of the list's own;
 * - the browser takes the frame over (hydrates it: the frame's own elements stay) and shows the list in
 *   it, with no console error; a frame for another role than the session's is rendered over instead;
 * - a cookie left without a session (cleared storage) ends at sign-in, and the cookie goes with it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { createStaff, superuserClient } from '../support/staff.ts';

const messages = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'src/generated/messages', `${lang}.json`), 'utf8')) as Record<string, string>;
const LIST_TITLE = { en: messages('en')['service.creditrepair.admin.title']!, ru: messages('ru')['service.creditrepair.admin.title']! };
const AUDIT = messages('en')['staff.nav.audit']!;
const NO_MATCH = messages('en')['staff.filters.none']!;
const ADMINS_ONLY = messages('en')['staff.audit.adminsOnly']!;
const mark = (html: string) => /<div id="root" data-prerendered="([^"]*)"/.exec(html)?.[1] ?? null;

describe('staff frames', () => {
  let site: PocketBaseProcess;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    const admin = await superuserClient(site);
    await admin
      .collection('creditrepairnew')
      .create(formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en', email: 'frame@example.test' }, { stateId: pngFile() }));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const get = async (path: string, cookie?: string) => {
    const response = await fetch(`${site.url}${path}`, { headers: cookie ? { cookie } : {} });
    expect(response.status).toBe(path === '/no-such-screen' ? 404 : 200); // the shell all the same
    return response.text();
  };

  /** A fresh browser profile signed in as a new staff member of `role`, parked on the dashboard. */
  const signedIn = async (role: 'admin' | 'viewer'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> => {
    const staff = await createStaff(site, role, `frame-${role}-${Date.now()}@formwork.test`);
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    watchConsole(page, problems);
    await page.goto(`${site.url}/staff/sign-in`);
    await page.getByLabel(label('E-mail')).fill(staff.email);
    await page.getByLabel(label('Password')).fill(staff.password);
    // The screen after sign-in has the new session checked by the server (RequireStaff's authRefresh),
    // which stores the session and its cookie again when it answers. What a test then changes in them
    // must come after that answer, or the answer can undo it: on a busy machine the check starts late
    // (the screen's code is still loading), and "left without a session" once stayed signed in.
    const verified = page.waitForEvent('requestfinished', (r) => r.url().includes('/auth-refresh'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname !== '/staff/sign-in');
    await verified;
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50))); // the page's handling of it
    return { context, page, problems };
  };
  const staffCookie = async (context: BrowserContext) => (await context.cookies(site.url)).find((c) => c.name === 'formwork.staff');

  it('are named by a cookie that signing in writes and signing out removes', async () => {
    for (const role of ['viewer', 'admin'] as const) {
      const { context, page, problems } = await signedIn(role);
      const cookie = await staffCookie(context);
      expect(cookie?.value).toBe(role);
      // As long as the session's token: hours for staff (generator/transform/collections.ts), not a year.
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth')!).token as string);
      const exp = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
      expect(Math.abs(cookie!.expires - exp)).toBeLessThanOrEqual(1);
      expect(cookie!.httpOnly).toBe(false);
      expect(cookie!.sameSite).toBe('Lax');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((u) => u.pathname === '/staff/sign-in');
      expect(await staffCookie(context)).toBeUndefined();
      // Signing out ended the session on the server too: a copy of the token is worth nothing (issue 29).
      expect((await fetch(`${site.url}/api/formwork/dashboard`, { headers: { Authorization: token } })).status).toBe(401);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('29 sign out in the browser even when the server cannot be reached', async () => {
    const { context, page, problems } = await signedIn('viewer');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth')!).token as string);
    await page.route('**/api/formwork/staff/sign-out', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/staff/sign-in');
    expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
    expect(await staffCookie(context)).toBeUndefined();
    // The request never left the browser: the token lives on until its hours are up.
    expect((await fetch(`${site.url}/api/formwork/dashboard`, { headers: { Authorization: token } })).status).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("are served for a staff list to the cookie's role, in the browser's language, and only there", async () => {
    const viewer = await get('/creditapps', 'formwork.staff=viewer');
    expect(mark(viewer)).toBe('frame viewer en /creditapps');
    expect(viewer).toContain(`>${LIST_TITLE.en}</h1>`);
    expect(viewer).not.toContain(AUDIT); // the navigation of a viewer
    expect(viewer).not.toContain('frame@example.test'); // no record: the frame is built before any exists
    expect(viewer).not.toMatch(/<script(?![^>]*type="module"[^>]*src=)/); // no inline script (the CSP forbids them)

    const admin = await get('/creditapps', 'formwork.staff=admin');
    expect(mark(admin)).toBe('frame admin en /creditapps');
    expect(admin).toContain(AUDIT);

    // Every staff screen has its frames, each as the role sees it.
    expect(mark(await get('/admin', 'formwork.staff=viewer'))).toBe('frame viewer en /admin');
    expect(await get('/admin/audit', 'formwork.staff=viewer')).toContain(ADMINS_ONLY);
    expect(await get('/admin/audit', 'formwork.staff=admin')).not.toContain(ADMINS_ONLY);

    expect(mark(await get('/creditapps?lang=ru', 'formwork.staff=viewer'))).toBe('frame viewer ru /creditapps');
    expect(await get('/creditapps', 'formwork.staff=viewer; formwork.lang=ru')).toContain(`>${LIST_TITLE.ru}</h1>`);

    // The shell: no cookie, a role with no frames, an address with a query of the list's own, no screen.
    for (const [path, cookie] of [
      ['/creditapps', undefined],
      ['/creditapps', 'formwork.staff=owner'],
      ['/creditapps', 'formwork.staff=../../en'], // not a way out of the frames' folder
      ['/creditapps?q=smith', 'formwork.staff=viewer'],
      ['/creditapps?page=2&lang=en', 'formwork.staff=viewer'],
      ['/no-such-screen', 'formwork.staff=viewer'],
    ] as const) {
      expect(mark(await get(path, cookie)), `${path} with ${cookie}`).toBeNull();
    }
    // A public page is the same page for staff.
    expect(mark(await get('/creditrepair', 'formwork.staff=admin'))).toBe('en /creditrepair');
  });

  /** Keeps the frame's <h1> as the document's parser made it, to tell later whether React kept or replaced it. */
  const keepFrameTitle = (page: Page) =>
    page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { frameTitle: Element | null }).frameTitle = document.querySelector('#root h1');
      });
    });
  const frameTitleKept = (page: Page) =>
    page.evaluate(() => {
      const title = (window as unknown as { frameTitle: Element | null }).frameTitle;
      return title !== null && title.isConnected;
    });

  it('are taken over by the list itself once the script has loaded', async () => {
    const { context, page, problems } = await signedIn('admin');
    // From the document's start: once the frame's title is on screen, it stays (no loader in between).
    await page.addInitScript(() => {
      const w = window as unknown as { titleGone: boolean };
      w.titleGone = false;
      let seen = false;
      new MutationObserver(() => {
        const title = document.querySelector('#root h1');
        if (title) seen = true;
        else if (seen) w.titleGone = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await keepFrameTitle(page);
    const response = await page.goto(`${site.url}/creditapps`);
    expect(mark(await response!.text())).toBe('frame admin en /creditapps');
    await page.getByTestId('record-card').first().waitFor();
    await expect(page.getByTestId('record-card').first().textContent()).resolves.toContain('frame@example.test');
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([LIST_TITLE.en]);
    expect(await page.evaluate(() => (window as unknown as { titleGone: boolean }).titleGone)).toBe(false);
    // Hydrated, not rendered afresh: the frame's own title element is the one on screen.
    expect(await frameTitleKept(page)).toBe(true);
    // The list works: a search is applied and kept in the address.
    await page.getByLabel(label('Search')).fill('nobody-matches-this');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/q=nobody-matches-this/);
    await page.getByText(NO_MATCH).waitFor();
    await expect(page.getByTestId('record-card').count()).resolves.toBe(0);
    expect(problems).toEqual([]); // a hydration mismatch would be reported here
    await context.close();
  });

  it("of another role than the session's are rendered over, not taken over", async () => {
    const { context, page, problems } = await signedIn('admin');
    // The cookie says viewer (as if the role had changed since it was written): the server sends the
    // viewer's frame, and the browser, seeing the session is an admin's, renders the admin's screen over it.
    await context.addCookies([{ name: 'formwork.staff', value: 'viewer', url: site.url }]);
    await keepFrameTitle(page);
    const response = await page.goto(`${site.url}/creditapps`);
    expect(mark(await response!.text())).toBe('frame viewer en /creditapps');
    await page.getByTestId('record-card').first().waitFor();
    await page.getByRole('link', { name: AUDIT }).waitFor(); // the admin's navigation
    expect(await frameTitleKept(page)).toBe(false);
    expect((await staffCookie(context))?.value).toBe('admin');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('left without a session end at sign-in, and the cookie goes', async () => {
    const { context, page } = await signedIn('viewer');
    await page.evaluate(() => localStorage.clear());
    expect((await staffCookie(context))?.value).toBe('viewer');
    await page.goto(`${site.url}/creditapps`);
    await page.waitForURL((u) => u.pathname === '/staff/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await staffCookie(context)).toBeUndefined();
    await context.close();
  });
});
