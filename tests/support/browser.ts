/** Debian's chromium driven by playwright-core: never a downloaded browser. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * FORMWORK_E2E_SLOW_SCRIPTS=<ms> holds back each of the site's scripts that long in every page the tests
 * open: a slow phone's network. A test that acts before the page is ready, and passes only because the
 * scripts came first here, fails under it. Not set in CI (README, Layout).
 */
const SLOW_SCRIPTS_MS = Number(process.env.FORMWORK_E2E_SLOW_SCRIPTS ?? 0);

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  return SLOW_SCRIPTS_MS > 0 ? withSlowScripts(browser, SLOW_SCRIPTS_MS) : browser;
}

function withSlowScripts(browser: Browser, ms: number): Browser {
  // fallback(), not continue(): a test's own route for a script (registered later, so asked first) still decides.
  const slow = (target: BrowserContext | Page) =>
    target.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.fallback();
    });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await slow(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await slow(page);
    return page;
  };
  return browser;
}

/** A field's label as screen readers hear it: the text, plus " *" when required. */
export const label = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/**
 * Waits until the page's script has taken over a prerendered page (src/components/UntilHydrated.tsx):
 * until then its controls are disabled, so Tab would skip them (clicks and fills wait by themselves).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('fieldset[aria-busy="true"]'));
}

/** Console errors and uncaught exceptions are collected, to fail the test (an untranslated key logs one). */
export function watchConsole(page: Page, problems: string[]): void {
  page.on('console', (m) => {
    // A failed load names no address in its text: the location says which one.
    const where = m.text().startsWith('Failed to load resource') ? ` (${m.location().url})` : '';
    if (m.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|net::ERR/.test(m.text())) problems.push(m.text() + where);
  });
  page.on('pageerror', (e) => problems.push(e.message));
}
