/**
 * The foundation end to end, in Debian's chromium against the built site and a real PocketBase:
 * an applicant applies in Uzbek with an ID image and lands on the success page with the checkout open;
 * staff sign in, see the application first, copy a field, delete it, and it is in the trash.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { pngOnDisk } from '../support/fixtures.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { createStaff, superuserClient } from '../support/staff.ts';

describe('credit repair, applicant to staff', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext;
  const problems: string[] = [];

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    // The payment provider's hosted checkout, answered locally: no request leaves the machine.
    await context.route('https://checkout.formwork.invalid/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Checkout</h1>' }));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('refuses a submit without the ID image with "ID is missing" and saves nothing', async () => {
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/creditrepair`);
    await page.getByRole('tab', { name: /EN/ }).waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('Please correct the fields marked in red.');
    expect(await page.locator('[data-field=stateId] [data-status=error]').textContent()).toBe('ID is missing');
    const admin = await superuserClient(site);
    expect((await admin.collection('creditrepairnew').getList(1, 1)).totalItems).toBe(0);
    await page.close();
  });

  it('lets an applicant apply in Uzbek, opens the checkout and shows the success page', async () => {
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/creditrepair`);
    await page.getByRole('tab', { name: /UZ/ }).click();
    await page.getByRole('heading', { name: 'Kredit tarixini tiklash uchun ariza' }).waitFor();
    expect(page.url()).toContain('lang=uz');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uz');
    expect(await page.getByTestId('price-summary').textContent()).toContain('/oy');

    await page.getByLabel(label('Ism')).fill('Aziza');
    await page.getByLabel(label('Familiya')).fill('Karimova');
    await page.getByLabel(label('Elektron pochta')).fill('aziza@example.com');
    await page.getByLabel(label('Familiya')).focus();
    await page.getByLabel(label('Telefon raqami')).fill('+1 415 555 0100');
    await page.locator('input[type=file]').first().setInputFiles(pngOnDisk());
    await page.getByLabel(label('Koʻcha manzili')).fill('1 Market St');
    await page.getByLabel(label('Shahar')).fill('San Francisco');
    await page.getByLabel(label('Shtat')).first().click(); // the input; its option list shares the label
    await page.getByRole('option', { name: 'Kaliforniya' }).click();
    await page.getByLabel(label('Pochta indeksi (ZIP)')).fill('94105');
    await page.getByLabel(label('Ijtimoiy sugʻurta raqami (SSN)')).fill('123-45-6789');
    await page.getByRole('checkbox').check();
    expect(await page.getByText('Yaxshi!').count()).toBeGreaterThan(0); // 'Looks good!' on a field left valid

    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Davom etish' }).click();
    const checkout = await popup;
    await page.waitForURL(/\/credit-repair-success\?lang=uz/);
    await page.getByText('Arizangiz muvaffaqiyatli yuborildi', { exact: false }).waitFor();
    await expect.poll(() => checkout.url()).toContain('checkout.formwork.invalid/creditrepair');
    await checkout.close();

    const admin = await superuserClient(site);
    const stored = (await admin.collection('creditrepairnew').getList(1, 1)).items[0];
    // Stored sealed, answered masked (even to a superuser); the clear value only through the audited reveal.
    expect(stored).toMatchObject({ firstName: 'Aziza', state: 'CA', ssn: '•••••6789', locale: 'uz', variant: 'full', terms: true, status: 'new' });
    expect(stored?.stateId).toMatch(/\.png$/);
    await page.close();
  });

  it('offers "Continue to payment" when the browser blocks the checkout window (self-service form, Russian)', async () => {
    const blocked = await browser.newContext({ viewport: { width: 420, height: 900 } });
    await blocked.addInitScript(() => {
      window.open = () => null; // what a popup blocker does
    });
    const page = await blocked.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/credit-repair-self-service?lang=ru`);
    await page.getByRole('heading', { name: 'Восстановление кредитной истории: самостоятельно' }).waitFor();
    expect(await page.getByLabel(label('Адрес (улица, дом, квартира)')).count()).toBe(0); // the short variant
    await page.getByLabel(label('Имя')).fill('Иван');
    await page.getByLabel(label('Фамилия')).fill('Петров');
    await page.getByLabel(label('Электронная почта')).fill('ivan@example.com');
    await page.getByLabel(label('Телефон')).fill('+1 212 555 0101');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.waitForURL(/\/credit-repair-success\?lang=ru/);
    const pay = page.getByRole('link', { name: 'Перейти к оплате' });
    await pay.waitFor();
    expect(await pay.getAttribute('href')).toMatch(/^https:\/\/checkout\.formwork\.invalid\/creditrepair\?client_reference_id=creditrepairnew-\w{15}$/);
    expect(await page.getByText('Браузер заблокировал окно оплаты', { exact: false }).count()).toBe(1);
    const admin = await superuserClient(site);
    const stored = await admin.collection('creditrepairnew').getFirstListItem('variant = "self-service"');
    expect(stored).toMatchObject({ firstName: 'Иван', locale: 'ru', street: '', ssn: '' });
    await blocked.close();
  });

  it('lets staff sign in, copy a field and move the application to the trash', async () => {
    const staff = await createStaff(site, 'admin', 'e2e-staff@formwork.test');
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/creditapps?lang=en`);
    await page.waitForURL(/\/staff\/sign-in\?next=/);
    await page.getByLabel(label('E-mail')).fill(staff.email);
    await page.getByLabel(label('Password')).fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/creditapps/);

    await page.getByTestId('record-card').first().waitFor();
    expect(await page.getByTestId('record-card').first().textContent()).toContain('Иван'); // newest first
    const card = page.getByTestId('record-card').filter({ hasText: 'Aziza' });
    expect(await card.textContent()).toContain('•••••6789'); // SSN masked in the list
    await card.getByRole('button', { name: 'Copy First name' }).click();
    await page.getByRole('tooltip', { name: 'Copied' }).waitFor(); // seen
    expect(await card.getByRole('status').filter({ hasText: 'Copied' }).count()).toBe(1); // heard
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Aziza');

    const id = await card.getAttribute('data-record-id');
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('Deleted successfully').waitFor();
    expect(await page.getByTestId('record-card').filter({ hasText: 'Aziza' }).count()).toBe(0);
    expect(await page.getByTestId('record-card').count()).toBe(1);

    const admin = await superuserClient(site);
    const trashed = await admin.collection('helpuztrash').getFirstListItem(`key = "${id}"`);
    expect(trashed).toMatchObject({ topic: 'creditrepair', sourceCollection: 'creditrepairnew' });
    await page.close();
  });

  it('logged no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
