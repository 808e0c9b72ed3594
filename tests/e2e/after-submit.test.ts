/**
 * What an applicant sees after the button, in Debian's chromium against the built site and a real
 * PocketBase, in Uzbek and Russian: the short reference to quote (copied exactly), what happens next and
 * when, and, for credit repair, that the contract was e-mailed, the last day to cancel with its time zone
 * and the private application page, reached from the success page's own link. A page opened without a
 * submit shows its texts and no reference; a ticket shows its own reference in place of the form; axe
 * finds nothing on either screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, withAxe } from '../support/axe.ts';
import { hydrated, label, launchBrowser, watchConsole } from '../support/browser.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { superuserClient } from '../support/staff.ts';

const REFERENCE = (prefix: string) => new RegExp(`^${prefix}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$`);

describe('after the submit', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext;
  const problems: string[] = [];
  const open = async (path: string): Promise<Page> => {
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}${path}`);
    return page;
  };

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    await withAxe(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('signs up for credit repair in Uzbek and is told the reference, the e-mailed contract, the deadline with its zone and the private page', async () => {
    const page = await open('/credit-repair-self-service?lang=uz');
    await hydrated(page);
    await page.getByLabel(label('Ism')).fill('Aziza');
    await page.getByLabel(label('Familiya')).fill('Karimova');
    await page.getByLabel(label('Elektron pochta')).fill('aziza.self@example.com');
    await page.getByLabel(label('Telefon raqami')).fill('+1 415 555 0100');
    await page.locator('#root_terms').check();
    await page.getByLabel(label('Toʻliq ismingiz (imzo)')).fill('Aziza Karimova');
    await page.getByLabel('Yuqoridagi hujjatlarni oʻqidim va shartnomani imzolayman.').check();
    await page.getByRole('button', { name: /^(Davom etish|Imzolash va yuborish)$/ }).click();

    await page.waitForURL(/\/credit-repair-success\?lang=uz/);
    await page.getByRole('heading', { name: 'Shartnomangiz imzolandi va arizangiz qabul qilindi', level: 1 }).waitFor();
    const reference = String(await page.getByTestId('reference').textContent());
    expect(reference).toMatch(REFERENCE('CR'));
    await page.getByRole('button', { name: 'Raqamdan nusxa olish' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    expect(await page.getByTestId('success-reference').textContent()).toContain('ushbu ariza boʻyicha biz bilan bogʻlanganingizda');
    expect(await page.getByTestId('success-mailed').textContent()).toContain('Imzolangan shartnomangiz');
    const deadline = String(await page.getByTestId('success-cancellation').textContent());
    expect(await page.getByRole('heading', { name: 'Keyin nima boʻladi' }).count()).toBe(1);
    expect(await page.getByText('Hozir hech narsa undirilmaydi', { exact: false }).count()).toBe(1);
    // No way back to the empty form; the other services instead.
    expect(await page.getByRole('link', { name: 'Kredit tarixini tiklash' }).count()).toBe(0);
    expect(await violations(page), 'axe-core on the success page').toEqual([]);

    const stored = await (await superuserClient(site)).collection('creditrepairnew').getFirstListItem('email = "aziza.self@example.com"');
    expect(stored.reference).toBe(reference);
    // The last day in the site's one long date format (common i18n date.long, Uzbek: "2026-yil 2-dekabr"),
    // in the zone the deadline is midnight in (as the e-mail names it).
    const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: String(stored.timeZone) })
      .format(new Date(Date.parse(String(stored.cancelDeadline).replace(' ', 'T')) - 1))
      .split('-')
      .map(Number);
    const months = ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'];
    const lastDay = `${year}-yil ${day}-${months[month! - 1]}`;
    expect(deadline).toBe(`Siz ${lastDay} kuni tugaydigan yarim tungacha (${String(stored.timeZone)} vaqti bilan) hech qanday jarima yoki majburiyatsiz bekor qilishingiz mumkin.`);

    // The private page, from the success page's link: the token only in the fragment, the same reference.
    await page.getByRole('link', { name: 'Ariza sahifangizni ochish' }).click();
    await page.waitForURL((url) => url.pathname === '/application/creditrepair' && url.hash === `#${String(stored.accessToken)}`);
    await expect.poll(() => page.getByTestId('application-summary').textContent()).toContain(reference);
    await page.getByTestId('cancel-window').waitFor();

    // Opened by its address, with no submit behind it: the page's texts, no reference, no deadline.
    await page.goto(`${site.url}/credit-repair-success?lang=uz`);
    await page.getByRole('heading', { name: 'Shartnomangiz imzolandi va arizangiz qabul qilindi', level: 1 }).waitFor();
    expect(await page.getByTestId('success-reference').count()).toBe(0);
    expect(await page.getByTestId('success-cancellation').count()).toBe(0);
    expect(await page.getByTestId('success-application-link').count()).toBe(0);
    await page.close();
  });

  it('opens a ticket in Russian and shows its reference in place of the form', async () => {
    const page = await open('/ticket?lang=ru');
    await hydrated(page);
    await page.getByLabel(label('Полное имя')).fill('Иван Петров');
    await page.getByLabel(label('Электронная почта')).fill('ivan.ticket@example.com');
    await page.getByLabel(label('Кратко о проблеме')).fill('Не пришло письмо');
    await page.getByLabel(label('Опишите проблему')).fill('Подал заявку вчера, письма нет.');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    const received = page.getByTestId('form-success');
    await received.getByRole('heading', { name: 'Ваше обращение принято', level: 1 }).waitFor();
    const reference = String(await received.getByTestId('reference').textContent());
    expect(reference).toMatch(REFERENCE('TK'));
    expect(await received.textContent()).toContain('в течение двух рабочих дней');
    expect(await received.getByTestId('success-mailed').textContent()).toBe('Мы отправили вам на электронную почту подтверждение с номером обращения.');
    expect(await page.getByRole('button', { name: 'Продолжить' }).count()).toBe(0);
    expect(await violations(page), 'axe-core on the ticket received').toEqual([]);
    const stored = await (await superuserClient(site)).collection('tickets').getFirstListItem('email = "ivan.ticket@example.com"');
    expect(stored.reference).toBe(reference);
    await page.close();
  });

  it('logged no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
