/**
 * Errors and inputs as an applicant meets them, in Russian, in Debian's chromium against the built site
 * and a real PocketBase: each input brings up the right keyboard and autofill; every control the keyboard
 * reaches shows a 2 px focus ring; Tab through a form says nothing about fields never filled, and "Looks
 * good!" comes only under a valid entry the applicant made; a field left wrong says what to enter; a
 * failed submit lists each error as a link that takes the focus to its field (axe: no violations); and
 * the button says what the send is doing.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, withAxe } from '../support/axe.ts';
import { hydrated, launchBrowser, watchConsole } from '../support/browser.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { superuserClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** The focused control and the ring it shows: the SSN's ring is drawn by its wrapper (focusRing.css). */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const holder = el.closest<HTMLElement>('.mantine-PasswordInput-input') ?? el;
    const style = getComputedStyle(holder);
    return { id: el.id || el.getAttribute('name') || el.tagName.toLowerCase(), style: style.outlineStyle, width: parseFloat(style.outlineWidth), testid: el.dataset.testid ?? '' };
  });

describe('errors and inputs, in Russian', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext;
  const problems: string[] = [];

  const open = async (path: string): Promise<Page> => {
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}${path}`);
    await hydrated(page);
    return page;
  };

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    await withAxe(context);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('brings up the right keyboard and autofill for each kind of input', async () => {
    const page = await open('/personal?lang=ru');
    const attrs = (id: string) =>
      page.locator(`#${id}`).evaluate((el) => ({ type: el.getAttribute('type'), inputmode: el.getAttribute('inputmode'), autocomplete: el.getAttribute('autocomplete') }));
    expect(await attrs('root_firstName')).toMatchObject({ autocomplete: 'given-name' });
    expect(await attrs('root_lastName')).toMatchObject({ autocomplete: 'family-name' });
    expect(await attrs('root_email')).toEqual({ type: 'email', inputmode: 'email', autocomplete: 'email' });
    expect(await attrs('root_phone')).toMatchObject({ inputmode: 'tel', autocomplete: 'tel' });
    expect(await attrs('root_street')).toMatchObject({ autocomplete: 'address-line1' });
    expect(await attrs('root_city')).toMatchObject({ autocomplete: 'address-level2' });
    expect(await attrs('root_state')).toMatchObject({ autocomplete: 'address-level1' });
    expect(await attrs('root_zip')).toMatchObject({ inputmode: 'numeric', autocomplete: 'postal-code' });
    expect(await attrs('root_ssn')).toMatchObject({ inputmode: 'numeric', autocomplete: 'off' }); // never offered to autofill
    await page.close();
  });

  it('says nothing under fields passed by Tab, shows a 2 px ring on each, and "Looks good!" only under a valid entry', async () => {
    const page = await open('/personal?lang=ru');
    await page.locator('#root_firstName').focus();
    const rings: Awaited<ReturnType<typeof focusRing>>[] = [await focusRing(page)];
    // Through every control of the form, to the submit button.
    for (let i = 0; i < 40 && rings[rings.length - 1]?.testid !== 'form-submit'; i++) {
      await page.keyboard.press('Tab');
      rings.push(await focusRing(page));
    }
    expect(rings.map((r) => r.id)).toEqual(expect.arrayContaining(['root_firstName', 'root_email', 'root_zip', 'root_ssn', 'root_terms']));
    expect(rings[rings.length - 1]?.testid).toBe('form-submit');
    for (const ring of rings) {
      expect(ring.style, ring.id).toBe('solid');
      expect(ring.width, ring.id).toBeGreaterThanOrEqual(2);
    }
    // Every field was passed, none was filled: no error yet, and no "Looks good!".
    expect(await page.locator('[data-status=error]').count()).toBe(0);
    expect(await page.locator('[data-status=good]').count()).toBe(0);

    // A wrong ZIP code, left: it says what to enter; corrected and left: "Отлично!".
    const zip = page.locator('[data-field=zip] [data-status]');
    await page.locator('#root_zip').fill('941');
    await page.keyboard.press('Tab');
    await expect.poll(() => zip.textContent()).toBe('Введите ZIP-код из 5 цифр, например 94105.');
    expect(await page.locator('#root_zip').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#root_zip').fill('94105');
    await page.keyboard.press('Tab');
    await expect.poll(() => zip.getAttribute('data-status')).toBe('good');
    expect(await zip.textContent()).toBe('Отлично!');
    // Still only the field the applicant filled says anything.
    expect(await page.locator('[data-status=error]').count()).toBe(0);
    expect(await page.locator('[data-status=good]').count()).toBe(1);
    await page.close();
  });

  it('lists each error of a failed submit as a link that takes the focus to its field', async () => {
    const page = await open('/personal?lang=ru');
    await page.locator('#root_firstName').fill('Азиза');
    await page.locator('#root_phone').fill('позвоните мне');
    await page.getByTestId('form-submit').click();

    const summary = page.getByTestId('form-error');
    await expect.poll(() => page.getByTestId('form-error-message').textContent()).toBe('Исправьте поля ниже: у каждого написано, что нужно исправить.');
    expect(await summary.getAttribute('role')).toBe('alert');
    const links = summary.getByRole('link');
    expect(await links.allTextContents()).toEqual([
      'Электронная почта: Введите адрес электронной почты.',
      'Телефон: Введите номер телефона в виде +1 415 555 0100: только цифры, пробелы и знаки + ( ) -.',
      'Водительские права или удостоверение личности штата (фото): ID не загружен',
      'Номер социального страхования (SSN): Введите номер социального страхования (SSN).',
      'Я принимаю Условия использования и Политику конфиденциальности: Отметьте пункт, чтобы принять Условия использования и Политику конфиденциальности.',
    ]);
    // Each link names an error shown at its field; the first field has the focus.
    expect(await page.locator('[data-status=error]').count()).toBe(5);
    await expect.poll(() => activeId(page)).toBe('root_email');
    // After the submit "Looks good!" is still only for what the applicant entered: the first name.
    expect(await page.locator('[data-status=good]').count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    // A click on a link, and Enter on another: the focus goes to the field, which is in view.
    await links.filter({ hasText: 'SSN' }).click();
    await expect.poll(() => activeId(page)).toBe('root_ssn');
    expect(await page.locator('#root_ssn').evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    await links.filter({ hasText: 'Телефон' }).focus();
    expect((await focusRing(page)).width).toBeGreaterThanOrEqual(2); // the summary's links show the ring too
    await page.keyboard.press('Enter');
    await expect.poll(() => activeId(page)).toBe('root_phone');
    expect(new URL(page.url()).hash).toBe(''); // the focus moved; the address did not jump

    // Fixing a field takes it off the list.
    await page.locator('#root_phone').fill('+7 712 555 01 00');
    await expect.poll(() => links.count()).toBe(4);
    const admin = await superuserClient(site);
    expect((await admin.collection('personal').getList(1, 1)).totalItems).toBe(0);
    await page.close();
  });

  it('says on its button what the send is doing, not a bare spinner', async () => {
    const page = await open('/contact?lang=ru');
    await page.locator('#root_fname').fill('Малика');
    await page.locator('#root_lname').fill('Рахимова');
    await page.locator('#root_email').fill('malika@example.com');
    await page.locator('#root_message').fill('Перезвоните мне завтра, пожалуйста.');
    // The answer is held back, so the page stays in its sending state long enough to read.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const sends = `**${submitUrl('aloqacorpcontacts')}`;
    await page.route(sends, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('form-submit').click();
    const button = page.getByTestId('form-submit');
    await expect.poll(() => button.textContent()).toMatch(/^(Готовим отправку…|Отправляем ваши ответы… \d+%|Сохраняем ваши ответы…)$/);
    await expect.poll(() => button.textContent(), { timeout: 30_000 }).toMatch(/^(Отправляем ваши ответы… \d+%|Сохраняем ваши ответы…)$/);
    expect(await button.isDisabled()).toBe(true);
    release();
    await page.getByTestId('form-success').waitFor();
    await page.unroute(sends);
    await page.close();
  });

  it('logged no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
