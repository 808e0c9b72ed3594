/**
 * The foundation end to end, in Debian's chromium against the built site and a real PocketBase:
 * an applicant goes through the form's steps (a blocked Next, Back, the browser's Back, a link to a later
 * step), applies in Uzbek with an ID image, reads and signs the agreement on the last step, checks the
 * answers and changes one, lands on the success page
 * with no payment asked (credit repair is paid once performed) and cancels from their own page; a claim,
 * paid upfront, offers the payment link when the browser blocks the checkout window;
 * staff sign in, see the application first, copy a field, delete it, and it is in the trash.
 */
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, withAxe } from '../support/axe.ts';
import { hydrated, label, launchBrowser, watchConsole } from '../support/browser.ts';
import { pngOnDisk } from '../support/fixtures.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { createStaff, superuserClient } from '../support/staff.ts';

/** The texts an element's aria-describedby names: its accessible description, as a screen reader reads it. */
const described = (el: Locator) =>
  el.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      // What a screen reader reads: the text, but what is aria-hidden in it.
      .map((id) => {
        const copy = document.getElementById(id)?.cloneNode(true) as Element | undefined;
        copy?.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
        return copy?.textContent ?? '';
      })
      .join(' '),
  );

describe('credit repair, applicant to staff', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext;
  const problems: string[] = [];

  beforeAll(async () => {
    // The claim's payment link as a deployment configures it (the schema's is a placeholder that opens nothing).
    site = await startSite({ FORMWORK_CHECKOUT_CLAIM: 'https://checkout.formwork.test/claim' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    await withAxe(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    // The payment provider's hosted checkout, answered locally: no request leaves the machine.
    await context.route('https://checkout.formwork.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Checkout</h1>' }));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('goes step by step: a blocked Next, Back keeps the answers, the address holds the step, "ID is missing", nothing saved', async () => {
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/creditrepair?lang=en`);
    const heading = page.getByTestId('step-heading');
    await expect.poll(() => heading.textContent()).toBe('Step 1 of 4 About you');
    expect(await page.locator('#root_street').count()).toBe(0); // only this step's fields
    await hydrated(page);

    // Next with nothing filled: this step's errors only, the first field takes the focus, the step stays.
    await page.locator('#root_firstName').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('form-error-message').textContent()).toBe('Please correct the fields below; each one says what to fix.');
    expect(await page.getByTestId('form-error-links').getByRole('link').allTextContents()).toEqual([
      'First name: Enter your first name.',
      'Last name: Enter your last name.',
      'E-mail: Enter your e-mail address.',
      'Phone: Enter your phone number.',
    ]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_firstName');
    expect(new URL(page.url()).searchParams.get('step')).toBeNull();
    // With the keyboard: type, Tab, and Enter is this step's Next.
    await page.keyboard.type('Aziza');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Karimova');
    await page.keyboard.press('Tab');
    await page.keyboard.type('aziza@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('+1 415 555 0100');
    await page.keyboard.press('Enter');
    await page.waitForURL(/step=address/);
    // The new step is announced: its heading has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('step-heading');
    expect(await heading.textContent()).toBe('Step 2 of 4 Address');
    // The address is offered to the browser's autofill, the state too (WCAG 1.3.5).
    expect(await page.locator('#root_street').getAttribute('autocomplete')).toBe('address-line1');
    expect(await page.locator('#root_state').getAttribute('autocomplete')).toBe('address-level1');
    await page.getByLabel(label('Street address')).fill('1 Market St');
    await page.getByLabel(label('City')).fill('San Francisco');
    await page.locator('#root_state').selectOption('CA');
    await page.locator('#root_zip').fill('94105');
    await page.locator('#root_ssn').fill('12');
    await page.getByRole('button', { name: 'Continue' }).click();
    // A blocked Next: the SSN is invalid and has its hint, heard beyond colour.
    const ssn = page.locator('#root_ssn');
    await expect.poll(() => ssn.getAttribute('aria-invalid')).toBe('true');
    expect(await described(ssn)).toContain('9 digits, numbers only.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_ssn');
    expect(page.url()).toContain('step=address');

    // Back keeps every answer; the browser's Back and Forward go from step to step.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.searchParams.get('step') === 'about');
    expect(await page.locator('#root_firstName').inputValue()).toBe('Aziza');
    await page.goBack();
    await page.waitForURL(/step=address/);
    expect(await page.locator('#root_street').inputValue()).toBe('1 Market St');
    expect(await ssn.inputValue()).toBe('12');
    await ssn.fill('123-45-6789');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/step=documents/);

    // No ID image: "ID is missing", and the upload (a button) says it is required.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('[data-field=stateId] [data-status=error]').textContent()).toBe('ID is missing');
    expect(await described(page.locator('#root_stateId'))).toBe('ID is missing required. One image (JPEG, PNG, WebP, HEIC or GIF), up to 10 MB.');

    // A link to a later step starts at the first step with a blocking error before it: in another tab of
    // this browser the answers kept in its draft come back (features/forms/drafts), all but the SSN, whose step it is.
    const other = await context.newPage();
    watchConsole(other, problems);
    await other.goto(`${site.url}/creditrepair?lang=en&step=review`);
    await other.waitForURL((url) => url.searchParams.get('step') === 'address');
    await expect.poll(() => other.getByTestId('step-heading').textContent()).toBe('Step 2 of 4 Address');
    expect(await other.locator('#root_firstName').count()).toBe(0);
    await other.close();

    const admin = await superuserClient(site);
    expect((await admin.collection('creditrepairnew').getList(1, 1)).totalItems).toBe(0);
    // The answers stay in this browser's draft; the next applicant in this browser starts afresh.
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it('lets an applicant answer in Uzbek, sign on the last step, check the answers, change one, and shows the success page', async () => {
    const page = await context.newPage();
    watchConsole(page, problems);
    let popups = 0;
    context.on('page', () => popups++);
    await page.goto(`${site.url}/creditrepair`);
    await page.getByRole('tab', { name: /UZ/ }).click();
    await page.getByRole('heading', { name: 'Kredit tarixini tiklash uchun ariza' }).waitFor();
    expect(page.url()).toContain('lang=uz');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uz');
    await expect.poll(() => page.getByTestId('step-heading').textContent()).toBe('4 ta qadamdan 1-qadam Siz haqingizda');

    await page.getByLabel(label('Ism')).fill('Aziza');
    await page.getByLabel(label('Familiya')).fill('Karimova');
    await page.getByLabel(label('Elektron pochta')).fill('aziza@example.com');
    await page.getByLabel(label('Familiya')).focus();
    await page.getByLabel(label('Telefon raqami')).fill('+1 415 555 0100');
    expect(await page.getByText('Yaxshi!').count()).toBeGreaterThan(0); // 'Looks good!' on a field left valid
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.waitForURL(/step=address/);
    await page.getByLabel(label('Koʻcha manzili')).fill('1 Market St');
    await page.getByLabel(label('Shahar')).fill('San Francisco');
    await page.getByLabel(label('Shtat')).selectOption({ label: 'Kaliforniya' }); // a native select: the phone's own picker
    await page.getByLabel(label('Pochta indeksi (ZIP)')).fill('94105');
    await page.getByLabel(label('Ijtimoiy sugʻurta raqami (SSN)')).fill('123-45-6789');
    // The show/hide toggle keeps its name; whether the number is shown is its pressed state.
    const toggle = page.getByRole('button', { name: 'Koʻrsatish: Ijtimoiy sugʻurta raqami (SSN)' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#root_ssn').getAttribute('type')).toBe('text');
    await toggle.click();
    expect(await page.locator('#root_ssn').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.waitForURL(/step=documents/);
    await page.locator('input[type=file]').first().setInputFiles(pngOnDisk());
    await expect.poll(() => described(page.locator('#root_stateId'))).toMatch(/Tanlangan: \S+\.png$/); // the name, heard
    const clear = await page.getByRole('button', { name: 'Tozalash' }).first().boundingBox();
    expect(Math.min(clear?.width ?? 0, clear?.height ?? 0)).toBeGreaterThanOrEqual(24); // WCAG 2.5.8 target size
    await page.getByRole('button', { name: 'Davom etish' }).click();
    await page.waitForURL(/step=agreement/);

    // The last step: the price, the terms, the documents and the signature.
    expect(await page.getByTestId('price-summary').textContent()).toContain('/oy');
    await page.locator('#root_terms').check();
    for (const doc of ['disclosure', 'contract', 'notice']) {
      // Each text in full at the form's width (no small box to scroll), its PDF linked beside its title.
      expect(await page.getByTestId(`agreement-pdf-${doc}`).getAttribute('href')).toBe(`/api/formwork/agreement-pdf/creditrepair/${doc}/uz`);
      const shown = await page.locator(`[data-agreement=${doc}]`).evaluate((el) => {
        const form = el.closest('form') ?? el.parentElement!;
        const scrolls = [el, ...el.querySelectorAll('*')].some((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY));
        return { scrolls, width: Math.round(el.getBoundingClientRect().width), formWidth: Math.round(form.getBoundingClientRect().width) };
      });
      expect(shown.scrolls).toBe(false);
      expect(shown.width).toBeGreaterThanOrEqual(shown.formWidth - 2);
    }
    expect(await page.getByTestId('cancel-statement').textContent()).toContain('3-ish kunining yarim tunigacha');
    // Unsigned: refused here, with the signature's own messages.
    await page.getByRole('button', { name: 'Davom etish' }).click();
    // Said at the field and linked from the summary above the form.
    await page.getByTestId('form-error-links').getByText('Imzolash uchun toʻliq ismingizni yozing.', { exact: false }).waitFor();
    expect(await page.getByText('Imzolash uchun toʻliq ismingizni yozing.', { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_signatureName');
    await page.getByLabel(label('Toʻliq ismingiz (imzo)')).fill('Aziza Karimova');
    await page.getByLabel('Yuqoridagi hujjatlarni oʻqidim va shartnomani imzolayman.').check();
    await page.getByRole('button', { name: 'Davom etish' }).click();

    // Check your answers: every answer in the applicant's words, the SSN still masked.
    await page.waitForURL(/step=review/);
    await expect.poll(() => page.getByTestId('step-heading').textContent()).toBe('Javoblaringizni tekshiring');
    const review = page.getByTestId('review');
    expect(await review.locator('[data-review=state]').textContent()).toContain('Kaliforniya');
    expect(await review.locator('[data-review=ssn]').textContent()).toContain('•••••6789');
    expect(await review.locator('[data-review=stateId]').textContent()).toMatch(/\.png/);
    // Change the city: to its step (its heading takes the focus), then the browser's Back to the review,
    // every answer still there.
    await review.getByRole('link', { name: 'Oʻzgartirish: Shahar' }).click();
    await page.waitForURL(/step=address/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('step-heading');
    await page.getByLabel(label('Shahar')).fill('Oakland');
    await page.goBack();
    await page.waitForURL(/step=review/);
    await expect.poll(() => review.locator('[data-review=city]').textContent()).toContain('Oakland');
    expect(await review.locator('[data-review=firstName]').textContent()).toContain('Aziza');

    await page.getByRole('button', { name: 'Imzolash va yuborish' }).click();
    await page.waitForURL(/\/credit-repair-success\?lang=uz/);
    await page.getByRole('heading', { name: 'Shartnomangiz imzolandi va arizangiz qabul qilindi', level: 1 }).waitFor();
    // The new screen is announced: focus is on its heading, not lost on <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    // What the applicant needs next, in Uzbek: the reference to quote (copied exactly), that the contract
    // was e-mailed, the last day to cancel in the page's one date format with its zone, their private page.
    const reference = String(await page.getByTestId('reference').textContent());
    expect(reference).toMatch(/^CR-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    await page.getByRole('button', { name: 'Raqamdan nusxa olish' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    expect(await page.getByTestId('success-mailed').textContent()).toContain('Imzolangan shartnomangiz');
    const deadline = String(await page.getByTestId('success-cancellation').textContent());
    expect(deadline).toMatch(/^Siz .+ kuni tugaydigan yarim tungacha \(America\/[A-Za-z_]+ vaqti bilan\)/);
    expect(await page.getByText('Keyin nima boʻladi').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Kredit tarixini tiklash' }).count()).toBe(0); // no way back to the empty form
    expect(await violations(page), 'axe-core on the success page').toEqual([]);
    expect(popups).toBe(0); // credit repair is paid once performed: no checkout now
    expect(await page.getByRole('link', { name: 'Toʻlovga oʻtish' }).count()).toBe(0);

    const admin = await superuserClient(site);
    const stored = (await admin.collection('creditrepairnew').getList(1, 1)).items[0];
    // Stored sealed, answered masked (even to a superuser); the clear value only through the audited reveal.
    expect(stored).toMatchObject({ firstName: 'Aziza', city: 'Oakland', state: 'CA', ssn: '•••••6789', locale: 'uz', variant: 'full', terms: true, status: 'new', checkoutUrl: '' });
    expect(stored?.stateId).toMatch(/\.png$/);
    const signatures = await admin.collection('signatures').getFullList({ filter: `record = "${stored?.id}"` });
    expect(signatures.filter((s) => s.signed).map((s) => [s.document, s.signedName, s.language])).toEqual([['contract', 'Aziza Karimova', 'uz']]);
    expect(stored?.reference).toBe(reference);
    expect(deadline).toContain(`(${String(stored?.timeZone)} vaqti bilan)`); // the zone the deadline is midnight in

    // The applicant's own page (the link in their e-mail, its token in the fragment): the deadline, and cancelling within it.
    // No request of the page carries the token in its URL or its Referer (servers log both); the API gets it in a header.
    const token = String(stored?.accessToken);
    const carried: string[] = [];
    page.on('request', (request) => {
      if (`${request.url()} ${request.headers()['referer'] ?? ''}`.includes(token)) carried.push(request.url());
    });
    // From the success page's own link: the same page, the token only in the fragment.
    await page.getByRole('link', { name: 'Ariza sahifangizni ochish' }).click();
    await page.waitForURL((url) => url.pathname === '/application/creditrepair' && url.hash === `#${token}`);
    await page.getByTestId('cancel-window').waitFor();
    expect(await page.getByTestId('application-summary').textContent()).toContain(reference);
    expect(carried).toEqual([]);
    expect(await violations(page), 'axe-core on the application page').toEqual([]);
    expect(await page.getByTestId('payment-later').textContent()).toContain('Xizmat koʻrsatilmaguncha');
    await page.getByRole('button', { name: 'Arizamni bekor qilish' }).click();
    await page.getByRole('button', { name: 'Ha, bekor qilish' }).click();
    await expect.poll(() => page.getByTestId('application-summary').getAttribute('data-status')).toBe('cancelled');
    expect((await admin.collection('creditrepairnew').getOne(String(stored?.id))).status).toBe('cancelled');
    expect(carried).toEqual([]);
    // A link e-mailed before the token moved to the fragment still opens the page: the token is moved out of the path.
    await page.goto(`${site.url}/application/creditrepair/${token}?lang=uz`);
    await expect.poll(() => page.getByTestId('application-summary').getAttribute('data-status')).toBe('cancelled');
    expect(new URL(page.url()).pathname).toBe('/application/creditrepair');
    expect(new URL(page.url()).hash).toBe(`#${token}`);
    await page.close();
  });

  it('offers "Continue to payment" when the browser blocks the checkout window (a claim, paid upfront, in Russian)', async () => {
    const blocked = await browser.newContext({ viewport: { width: 420, height: 900 } });
    await blocked.addInitScript(() => {
      window.open = () => null; // what a popup blocker does
    });
    const page = await blocked.newPage();
    watchConsole(page, problems);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/claim?lang=ru`);
    await page.getByRole('heading', { name: 'Заявление о компенсации работнику' }).waitFor();
    await page.getByLabel(label('Имя')).fill('Иван');
    await page.getByLabel(label('Фамилия')).fill('Петров');
    await page.getByLabel(label('Электронная почта')).fill('ivan@example.com');
    await page.getByLabel(label('Телефон')).fill('+1 212 555 0101');
    await hydrated(page); // the page is React's before a file is set on its input (a fill waits for that by itself)
    await page.locator('input[type=file]').first().setInputFiles(pngOnDisk());
    await page.locator('#root_amount').click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const company = await page.locator('#root_amount').inputValue();
    expect(company).not.toBe('');
    await page.getByLabel(label('Расскажите о своей работе')).fill('Доставка с 2021 года');
    await page.locator('#root_terms').check();
    // The success page's accordion is code of its own, fetched for the page that shows it.
    expect(fetched.filter((path) => path.includes('/AccordionBlock-'))).toEqual([]);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.waitForURL(/\/success\?lang=ru/);
    const pay = page.getByRole('link', { name: 'Перейти к оплате' });
    await pay.waitFor();
    expect(await page.getByTestId('reference').textContent()).toMatch(/^CL-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    // It shows with the page, its first section open, and opens the next one.
    expect(await page.getByRole('button', { name: 'Заявка получена: что дальше' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Другие наши услуги' }).click();
    await page.getByRole('link', { name: 'Беспроцентный кредит' }).waitFor();
    expect(fetched.filter((path) => path.includes('/AccordionBlock-'))).toHaveLength(1);
    expect(await pay.getAttribute('href')).toMatch(/^https:\/\/checkout\.formwork\.test\/claim\?client_reference_id=claim-\w{15}$/);
    expect(await page.getByText('Браузер заблокировал окно оплаты', { exact: false }).count()).toBe(1);
    const admin = await superuserClient(site);
    const stored = await admin.collection('claim').getFirstListItem('firstName = "Иван"');
    expect(stored).toMatchObject({ lastName: 'Петров', locale: 'ru', amount: company, paymentStatus: 'unpaid' });
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

    const rows = page.getByTestId('staff-table').locator('tbody tr[data-record-id]');
    const row = rows.filter({ hasText: 'Aziza' });
    await row.waitFor();
    const reference = (await row.locator('td a').first().textContent()) ?? '';
    expect(reference).toMatch(/^CR-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    const id = await row.getAttribute('data-record-id');
    // The application's page, by the reference's link: the SSN masked, the cancellation, a copy button.
    await row.getByRole('link', { name: reference }).click();
    await page.waitForURL((url) => url.pathname === `/creditapps/${id}`);
    const card = page.getByTestId('application-page');
    await card.locator('[data-field=ssn]').waitFor();
    expect(await card.locator('[data-field=ssn]').textContent()).toContain('•••••6789');
    expect(await card.getByTestId('cancel-deadline').textContent()).toMatch(/^Cancelled by the applicant on /);
    await card.getByRole('button', { name: 'Copy First name' }).click();
    await page.getByRole('tooltip', { name: 'Copied' }).waitFor(); // seen
    expect(await card.getByRole('status').filter({ hasText: 'Copied' }).count()).toBe(1); // heard
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Aziza');

    // Back on the list, selected and moved to the trash from the bulk bar.
    await page.goBack();
    await row.waitFor();
    await page.getByRole('checkbox', { name: `Select ${reference}` }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('1 application was moved to the trash.').waitFor();
    await expect.poll(() => rows.filter({ hasText: 'Aziza' }).count()).toBe(0);

    const admin = await superuserClient(site);
    const trashed = await admin.collection('helpuztrash').getFirstListItem(`key = "${id}"`);
    expect(trashed).toMatchObject({ topic: 'creditrepair', sourceCollection: 'creditrepairnew' });
    await page.close();
  });

  it('logged no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
