/**
 * A form by keyboard alone, in Debian's chromium against the built site: Tab reaches every field in
 * order (and never the honeypot), a failed submit is announced and puts focus on the first invalid
 * field, a send the server never answers puts focus on the message that says so, and Enter sends the
 * corrected form, after which focus lands on the confirmation. A link to another screen puts focus on
 * that screen's heading.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, watchConsole } from '../support/browser.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

/** What has focus: its id, name and role, enough to tell fields apart. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { id: el?.id ?? '', name: el?.getAttribute('name') ?? '', tag: el?.tagName.toLowerCase() ?? '', role: el?.getAttribute('role') ?? '' };
  });

describe('a form by keyboard alone', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('fills and sends the contact form with Tab, typing and Enter only', async () => {
    const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
    watchConsole(page, problems);
    await page.goto(`${site.url}/contact?lang=en`);
    await page.getByRole('heading', { name: 'Leave us a message', level: 1 }).waitFor();
    await hydrated(page);

    // Tab from the top of the page until the first field has focus, then through every field in order.
    const visited: string[] = [];
    for (let i = 0; i < 40 && !visited.includes('root_fname'); i++) {
      await page.keyboard.press('Tab');
      visited.push((await focused(page)).id);
    }
    expect(visited).toContain('root_fname');
    const order: string[] = ['root_fname'];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push((await focused(page)).id);
    }
    expect(order).toEqual(['root_fname', 'root_lname', 'root_email', 'root_phone', 'root_message']);
    await page.keyboard.press('Tab');
    const afterFields = await focused(page);
    expect(afterFields.name).not.toBe('homepage'); // the honeypot is out of the tab order
    expect(afterFields.tag).toBe('button'); // next comes Continue

    // Enter on Continue with nothing filled: the summary is announced, focus goes to the first invalid field.
    await page.keyboard.press('Enter');
    const summary = page.getByTestId('form-error');
    await summary.waitFor();
    expect(await summary.getAttribute('role')).toBe('alert');
    await expect.poll(async () => (await focused(page)).id).toBe('root_fname');

    // Type the answers, moving with Tab, and send with Enter on Continue.
    await page.keyboard.type('Malika');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Rahimova');
    await page.keyboard.press('Tab');
    await page.keyboard.type('malika@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('+1 646 555 0103');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Can you call me tomorrow?');
    await page.keyboard.press('Tab'); // to Continue

    // No answer from the server: the message takes the focus (not the disabled button), and is read.
    const records = `**${submitUrl('aloqacorpcontacts')}`;
    await page.route(records, (route) => route.abort());
    await page.keyboard.press('Enter');
    await expect.poll(() => summary.textContent()).toBe('We could not reach the server. Your answers are kept; please try again.');
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.unroute(records);
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab'); // the five fields, then Continue
    expect((await focused(page)).tag).toBe('button');
    await page.keyboard.press('Enter');

    const received = page.getByTestId('form-success');
    await received.getByRole('heading', { name: 'We received your message' }).waitFor();
    await expect.poll(() => received.evaluate((el) => el === document.activeElement)).toBe(true);
    const admin = await superuserClient(site);
    expect(await admin.collection('aloqacorpcontacts').getFirstListItem('fname = "Malika"')).toMatchObject({ lname: 'Rahimova', phone: '+1 646 555 0103' });
    await page.close();
  });

  it('puts focus on the heading of the screen a link opens, and not on the first load', async () => {
    const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
    watchConsole(page, problems);
    await page.goto(`${site.url}/contact?lang=en`);
    await page.getByRole('heading', { name: 'Leave us a message', level: 1 }).waitFor();
    await hydrated(page);
    expect((await focused(page)).tag).toBe('body');
    // A link to another screen, followed with Enter: the new screen's <h1> has the focus.
    const link = page.locator('footer nav a[href^="/privacy"]');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/privacy');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 10_000 }).toBe('H1'); // once the screen's code has come
    expect(await page.evaluate(() => document.activeElement?.getAttribute('tabindex'))).toBe('-1');
    await page.close();
  });

  it('logged no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
