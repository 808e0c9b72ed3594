/**
 * Every route the site has, in every language, in Debian's chromium against the built site and a real
 * PocketBase. The routes come from the generated registry (form variants, staff lists and their aliases,
 * pages, the staff sign-in, and an unknown path for the 404 screen), so a new service or page is covered
 * without a line here. A route parameter (/success/:amount) takes the first value the form accepts for it.
 *
 * On each screen: no console error or uncaught exception, no raw message key in the text (react-intl's
 * production build, which is what dist/ is, says nothing in the console about a missing message: the
 * key simply shows), `<html lang>` is the language, exactly one non-empty <h1>, and in
 * Uzbek and Russian that heading differs from the English one unless English is meant in every language
 * (a brand or name: schemas/common/i18n/same-in-all-languages.json). Staff lists are visited signed in.
 * And axe-core finds no WCAG 2.x A/AA violation on the settled screen, and at 320 CSS px wide nothing
 * sticks out sideways (WCAG 1.4.10).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FormModule, Locale } from '../../src/engine/types.ts';
import { registry } from '../../src/generated/registry.ts';
import { violations, withAxe } from '../support/axe.ts';
import { launchBrowser, watchConsole } from '../support/browser.ts';
import { ROOT, type PocketBaseProcess } from '../support/pocketbase.ts';
import { widerThanScreen } from '../support/reflow.ts';
import { startSite } from '../support/site.ts';
import { createStaff } from '../support/staff.ts';

const SIGN_IN = '/staff/sign-in';
const UNKNOWN = '/no-such-page';

type Kind = 'form' | 'staff' | 'page' | 'home' | 'sign-in' | 'not-found';
interface RouteCase {
  /** The path visited (parameters filled in). */
  path: string;
  /** The registry's route, as declared. */
  route: string;
  kind: Kind;
  /** The message key the <h1> must show, where the screen's heading is fixed by the registry. */
  heading?: string;
}

/** A value for each parameter of a form's route: the first option of the field that takes it. */
async function fillParams(route: string, load: () => Promise<FormModule>): Promise<string> {
  const names = [...route.matchAll(/:([A-Za-z0-9_]+)\??/g)].map((m) => m[1]!);
  if (names.length === 0) return route;
  const form = await load();
  let path = route;
  for (const name of names) {
    const field = Object.entries(form.traits).find(([, t]) => t.routeParam === name)?.[0];
    if (!field) throw new Error(`${route}: no field of the form has routeParam "${name}"`);
    const values = (form.schema.properties?.[field] as { enum?: unknown[] } | undefined)?.enum;
    if (!values?.length) throw new Error(`${route}: field "${field}" (routeParam "${name}") has no enum to take a value from`);
    path = path.replace(new RegExp(`:${name}\\??`), encodeURIComponent(String(values[0])));
  }
  return path;
}

async function routeCases(): Promise<RouteCase[]> {
  const cases: RouteCase[] = [];
  for (const service of registry.services) {
    for (const variant of service.forms) cases.push({ path: await fillParams(variant.route, variant.load), route: variant.route, kind: 'form' });
    for (const route of [service.admin.route, ...service.admin.aliases]) cases.push({ path: route, route, kind: 'staff', heading: service.admin.title });
  }
  for (const page of registry.pages) cases.push({ path: page.route, route: page.route, kind: 'page', heading: page.title });
  // src/app/routes.tsx: the services index at "/" when no form or page has it.
  if (!cases.some((c) => c.route === '/')) cases.push({ path: '/', route: '/', kind: 'home', heading: 'nav.services' });
  cases.push({ path: SIGN_IN, route: SIGN_IN, kind: 'sign-in', heading: 'staff.signIn.title' });
  if (cases.some((c) => c.route === UNKNOWN)) throw new Error(`${UNKNOWN} is a real route now; pick another unknown path`);
  cases.push({ path: UNKNOWN, route: '*', kind: 'not-found', heading: 'route.notFound.title' });
  return cases;
}

const ROUTES = await routeCases();
const LANGUAGES = registry.languages as Locale[];
const MESSAGES = Object.fromEntries(
  LANGUAGES.map((l) => [l, JSON.parse(readFileSync(join(ROOT, 'src/generated/messages', `${l}.json`), 'utf8')) as Record<string, string>]),
) as Record<Locale, Record<string, string>>;

/** English texts that are meant to be the same in every language (brands, names). */
const SAME_EVERYWHERE: Set<string> = (() => {
  const { keys } = JSON.parse(readFileSync(join(ROOT, 'schemas/common/i18n/same-in-all-languages.json'), 'utf8')) as { keys: string[] };
  const patterns = keys.map((k) => new RegExp(`^${k.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));
  const en = MESSAGES[registry.defaultLanguage];
  const texts = Object.entries(en)
    .filter(([key]) => patterns.some((p) => p.test(key)))
    .map(([, text]) => text.trim());
  return new Set([...texts, registry.site.company.name]);
})();

/** What a missing message looks like on screen: its key, e.g. "service.claim.title". */
const RAW_KEY = /\b(service|page|fields|errors|form|admin|nav|footer|options|route|lang|staff|payment|blocks|alert)\.[A-Za-z0-9_.-]+\b/;

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The promise's value, or undefined if it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  const timeout = new Promise<undefined>((r) => {
    const timer = setTimeout(r, ms);
    void promise.finally(() => clearTimeout(timer));
  });
  return Promise.race([promise, timeout]);
}

/** Every message key there is: shown as it is, any of them is a missing message (app.*, site.* too). */
const KEYS = [...new Set(LANGUAGES.flatMap((l) => Object.keys(MESSAGES[l])))];

interface Screen {
  url: string;
  lang: string;
  title: string;
  h1: string[];
  /** Raw message keys found, with where they were found. */
  rawKeys: string[];
  /** Headings that go more than one level deeper than the one before them ("h1 → h3: Basic"). */
  skippedLevels: string[];
}

/** Waits for the screen to settle (language loaded, lazy chunk, form module or list fetched), then reads it. */
async function readScreen(page: Page): Promise<Screen> {
  // The screen is in <main> once the language is loaded; a lazy chunk, a form module or a list still
  // coming shows a loader. (Not waiting for an <h1>: a screen without one is a finding, not a hang.)
  await page.waitForFunction(() => (document.querySelector('main')?.childElementCount ?? 0) > 0 && !document.querySelector('.mantine-Loader-root, [aria-busy="true"]'), null, {
    timeout: 20_000,
  });
  // Two frames, for effects that run right after the last render (document.title, <html lang>).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(([source, keys]) => {
    const rawKey = new RegExp(source);
    const known = new Set(keys);
    // E-mail addresses and web addresses are not message keys, whatever their dots look like.
    const clean = (s: string) => s.replace(/[^\s@]+@[^\s@]+/g, ' ').replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ');
    const rawKeys: string[] = [];
    const check = (text: string | null | undefined, where: string) => {
      if (!text) return;
      const hit = clean(text).match(rawKey)?.[0] ?? text.split(/\s+/).find((word) => known.has(word));
      if (hit) rawKeys.push(`${hit} (${where}: "${text.trim().slice(0, 120)}")`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement?.closest('script, style, noscript, template') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let n = walker.nextNode(); n; n = walker.nextNode()) check(n.textContent, `text in <${n.parentElement?.tagName.toLowerCase()}>`);
    // What screen readers and hovering read out is text too (hrefs are not: they are addresses).
    for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
      for (const el of document.body.querySelectorAll(`[${attr}]`)) check(el.getAttribute(attr), `${attr} of <${el.tagName.toLowerCase()}>`);
    }
    check(document.title, 'document title');
    return {
      url: location.pathname + location.search,
      lang: document.documentElement.lang,
      title: document.title,
      h1: [...document.querySelectorAll('h1')].map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim()),
      rawKeys,
      skippedLevels: (() => {
        // The outline a screen reader's heading list shows: a level may go up any number, down by one.
        const skipped: string[] = [];
        let previous = 0;
        for (const h of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
          const level = Number(h.tagName[1]);
          if (level > previous + 1) skipped.push(`h${previous} → h${level}: ${(h.textContent ?? '').trim().slice(0, 40)}`);
          previous = level;
        }
        return skipped;
      })(),
    };
  }, [RAW_KEY.source, KEYS] as const);
}

describe('every route in every language', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  const contexts = new Map<Locale, BrowserContext>();

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    const staff = await createStaff(site, 'admin', 'every-route@formwork.test');
    const firstStaffRoute = ROUTES.find((r) => r.kind === 'staff');

    // Sign in once, through the sign-in page; the other languages' contexts start from that session.
    const signIn = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await signIn.newPage();
    const signInProblems: string[] = [];
    watchConsole(page, signInProblems);
    const next = firstStaffRoute?.path ?? '/';
    await page.goto(`${site.url}${SIGN_IN}?lang=${registry.defaultLanguage}&next=${encodeURIComponent(next)}`);
    await page.locator('input[type=email]').fill(staff.email);
    await page.locator('input[type=password]').fill(staff.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((u) => u.pathname === next);
    if (signInProblems.length) throw new Error(`signing in logged errors: ${signInProblems.join('\n')}`);
    const session = await signIn.storageState();
    await signIn.close();

    for (const lang of LANGUAGES) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 800 }, storageState: session });
      // Nothing leaves the machine: a request to anywhere but the site is refused.
      await context.route(
        (url) => url.origin !== site.url,
        (route) => route.abort(),
      );
      await withAxe(context);
      contexts.set(lang, context);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  // English first: its headings are what Uzbek and Russian must differ from. The languages run side by
  // side, each through its routes one after another on one page (a warm renderer is what keeps this
  // fast; more pages at once only fight over two cores). A translation waits for its English heading.
  const ordered = [registry.defaultLanguage, ...LANGUAGES.filter((l) => l !== registry.defaultLanguage)];
  const english = new Map(ROUTES.map((r) => [r.path, deferred<string | undefined>()]));
  describe.concurrent.each(ordered)('%s', (lang) => {
    let page: Page;
    const seen: string[] = [];
    beforeAll(async () => {
      page = await contexts.get(lang)!.newPage();
      watchConsole(page, seen);
    });

    it.sequential.for(ROUTES.map((r) => [r.path === r.route ? r.path : `${r.path} (${r.route})`, r] as const))('%s', async ([, route], { expect }) => {
      let heading: string | undefined;
      try {
        seen.length = 0;
        const address = `${site.url}${route.path}?lang=${lang}`;
        const response = await page.goto(address);
        // The unknown address is answered 404 (the shell still shows "not found"), which the browser logs.
        expect(response?.status(), 'the status').toBe(route.kind === 'not-found' ? 404 : 200);
        const ownStatus = `Failed to load resource: the server responded with a status of 404 (Not Found) (${address})`;
        if (route.kind === 'not-found') await expect.poll(() => seen.includes(ownStatus)).toBe(true);
        const screen = await readScreen(page);
        const messages = MESSAGES[lang];
        heading = screen.h1.length === 1 ? screen.h1[0] : undefined;
        // Soft: reported alongside whatever the checks below find, not hidden behind them.
        expect.soft(await violations(page), 'axe-core WCAG A/AA violations').toEqual([]);

        if (route.kind === 'staff') {
          // The list itself, not the sign-in page it sends strangers to.
          expect(screen.url, 'a staff list visited signed in').not.toContain(SIGN_IN);
          expect(new URL(page.url()).pathname).toBe(route.path);
          expect(await page.getByText(messages['admin.loadFailed']!, { exact: true }).count(), 'the list loaded').toBe(0);
        }
        expect(screen.lang, '<html lang>').toBe(lang);
        expect(
          seen.filter((message) => route.kind !== 'not-found' || message !== ownStatus),
          'console errors and uncaught exceptions',
        ).toEqual([]);
        expect(screen.rawKeys, 'raw message keys on the screen').toEqual([]);
        expect(screen.h1, 'exactly one <h1>').toHaveLength(1);
        expect(screen.skippedLevels, 'headings that skip a level').toEqual([]);
        expect(heading, 'the <h1> has text').not.toBe('');
        // (A message with {placeholders} is formatted on screen; its text is not compared.)
        const expected = route.heading && messages[route.heading];
        if (route.heading) expect(expected, `${route.heading} is a ${lang} message`).toBeTypeOf('string');
        if (expected && !expected.includes('{')) expect(heading, `the <h1> is ${route.heading}`).toBe(expected);

        // WCAG 1.4.10 Reflow: at 320 CSS px wide (a 1280 px screen zoomed to 400 %), nothing needs
        // scrolling sideways. Soft: the elements that stick out are named alongside the other findings.
        await page.setViewportSize({ width: 320, height: 640 });
        try {
          expect.soft(await widerThanScreen(page), 'wider than a 320 px screen (WCAG 1.4.10)').toEqual([]);
        } finally {
          await page.setViewportSize({ width: 1024, height: 800 }); // the next routes share the page
        }

        if (lang !== registry.defaultLanguage) {
          // (Not forever: should English never get to this route, there is nothing to compare with.)
          const en = await within(english.get(route.path)!.promise, 60_000);
          if (en !== undefined && !SAME_EVERYWHERE.has(en)) expect(heading, `the ${lang} <h1> is not the English one`).not.toBe(en);
        }
      } finally {
        if (lang === registry.defaultLanguage) english.get(route.path)!.resolve(heading);
      }
    });
  });
});
