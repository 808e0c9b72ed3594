/**
 * A form by keyboard alone, in Debian's chromium against the built site: Tab reaches every field in
 * order (and never the honeypot), a failed submit is announced and puts focus on the first invalid
 * field, and Enter sends the corrected form, after which focus lands on the confirmation.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, watchConsole } from '../support/browser.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { superuserClient } from '../support/staff.ts';

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
    await page.keyboard.press('Enter');

    const received = page.getByTestId('form-success');
    await received.getByRole('heading', { name: 'We received your message' }).waitFor();
    await expect.poll(() => received.evaluate((el) => el === document.activeElement)).toBe(true);
    const admin = await superuserClient(site);
    expect(await admin.collection('aloqacorpcontacts').getFirstListItem('fname = "Malika"')).toMatchObject({ lname: 'Rahimova', phone: '+1 646 555 0103' });
    await page.close();
  });

  it('logged no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
