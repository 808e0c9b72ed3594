/** Debian's chromium driven by playwright-core: never a downloaded browser. */
import { chromium, type Browser, type Page } from 'playwright-core';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

/** A field's label as screen readers hear it: the text, plus " *" when required. */
export const label = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/**
 * Waits until the page's script has taken over a prerendered page (src/components/UntilHydrated.tsx):
 * until then its controls are disabled, so Tab would skip them (clicks and fills wait by themselves).
 * A prerendered form's own code comes at the visitor's first focus, tap or key (src/features/forms/
 * formCode.ts), so where one waits for it, a key no field takes (Shift) is that first engagement.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('fieldset[aria-busy="true"]'));
  if ((await page.locator('[data-awaiting-code]').count()) > 0) await page.keyboard.press('Shift');
  await page.waitForFunction(() => !document.querySelector('[data-awaiting-code]'));
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
