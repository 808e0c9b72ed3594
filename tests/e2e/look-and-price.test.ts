/**
 * The site's look and what its forms say about price, in Debian's chromium against the built site and a
 * real PocketBase, in Uzbek and Russian (issue 32, P6): the brand's logo and colour, the services page
 * with each service's one line and price, a long form under section headings, and the price summary
 * above the submit with the checkout notice: the amount and the provider's page where a configured
 * checkout opens (the loan form says so before its payment window), nothing promised where none is
 * configured, and "nothing is charged now" where payment comes later. axe finds no WCAG A/AA violation
 * on these screens, and at 320 CSS px wide nothing sticks out sideways.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '../../src/engine/numberFormat.ts';
import { registry } from '../../src/generated/registry.ts';
import { violations, withAxe } from '../support/axe.ts';
import { hydrated, launchBrowser, watchConsole } from '../support/browser.ts';
import { fillForm, messagesOf } from '../support/fillForm.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { widerThanScreen } from '../support/reflow.ts';
import { startSite } from '../support/site.ts';

/** Real-looking checkout links for the claim, loan and personal forms (the schemas' .invalid ones are none). */
const PAY = 'https://pay.example.test';
const uz = messagesOf('uz');
const ru = messagesOf('ru');
const service = (id: string) => registry.services.find((s) => s.id === id)!;

describe('look and price', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext;
  const problems: string[] = [];

  /** A page once the form has heard from the server whether its checkout opens (or at once, for a page without one). */
  const open = async (path: string, offer?: string): Promise<Page> => {
    const page = await context.newPage();
    watchConsole(page, problems);
    const answered = offer ? page.waitForResponse((r) => r.url().includes(`/api/formwork/checkout-offer/${offer}`)) : undefined;
    await page.goto(`${site.url}${path}`);
    await hydrated(page);
    await answered;
    return page;
  };
  /** axe's violations, then the page at 320 px: what sticks out. */
  const screenChecks = async (page: Page) => {
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await widerThanScreen(page), 'wider than a 320 px screen (WCAG 1.4.10)').toEqual([]);
    await page.setViewportSize({ width: 1024, height: 800 });
  };
  const summaryAboveButton = async (page: Page, button: string) => {
    const summary = await page.getByTestId('payment-summary').boundingBox();
    const submit = await page.getByRole('button', { name: button, exact: true }).boundingBox();
    expect(summary && submit && summary.y + summary.height <= submit.y, 'the summary is above the submit').toBe(true);
  };

  beforeAll(async () => {
    site = await startSite({ FORMWORK_CHECKOUT_CLAIM: `${PAY}/claim`, FORMWORK_CHECKOUT_LOAN: `${PAY}/loan`, FORMWORK_CHECKOUT_PERSONAL: `${PAY}/personal` });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    await withAxe(context);
    await context.route(`${PAY}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Checkout</title><h1>Checkout</h1>' }));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('shows the logo in the brand’s colour beside the name, and lists every service with its one line and price (Uzbek)', async () => {
    const page = await open('/services?lang=uz');
    const logo = page.getByTestId('site-logo');
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByRole('link', { name: new RegExp(`^${registry.site.company.name}`) }).locator('img').count()).toBe(1);
    const items = page.getByTestId('service-listing').locator('li');
    expect(await items.count()).toBe(registry.listing.length);
    const prices = await page.getByTestId('service-price').allTextContents();
    expect(prices).toHaveLength(registry.listing.length);
    expect(prices[registry.listing.findIndex((l) => l.service === 'claim' && l.form === 'full')]).toBe(formatUsd(125, 'uz', true));
    expect(prices[registry.listing.findIndex((l) => l.service === 'loan')]).toBe(uz['listing.atCheckout']);
    expect(prices[registry.listing.findIndex((l) => l.service === 'upload')]).toBe(uz['listing.free']);
    // The brand colour fills the theme's primary colour: a link is in its chosen shade.
    const { palette, primaryShade } = registry.site.brand;
    const hex = palette[primaryShade]!;
    const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(await page.getByTestId('service-listing').getByRole('link').first().evaluate((a) => getComputedStyle(a).color)).toBe(rgb);
    await screenChecks(page);
    await page.close();
  });

  it('groups the long personal form under its section headings and says the payment page opens, showing the fee (Russian)', async () => {
    const page = await open('/personal?lang=ru', 'personal/full');
    const headings = await page.locator('form section[aria-labelledby] > h2').allTextContents();
    expect(headings).toEqual(['sections.about', 'sections.documents', 'sections.address', 'sections.consent'].map((k) => ru[`service.personal.${k}`]));
    // Each section is a region named by its heading, holding its fields.
    expect(await page.getByRole('region', { name: ru['service.personal.sections.documents'] }).locator('[data-field=stateId]').count()).toBe(1);
    expect(await page.getByRole('region', { name: ru['service.personal.sections.consent'] }).locator('[data-field=terms]').count()).toBe(1);
    await page.getByTestId('checkout-notice').waitFor();
    expect(await page.getByTestId('checkout-notice').textContent()).toBe(ru['checkout.notice.opensFee']!.replace('{provider}', 'Stripe'));
    await summaryAboveButton(page, ru['form.submit']!);
    await screenChecks(page);
    await page.close();
  });

  it('states the claim fee and that Stripe’s page opens for it, and promises no window where no checkout is configured (Russian)', async () => {
    const claim = await open('/claim?lang=ru', 'claim/full');
    await claim.getByTestId('checkout-notice').waitFor();
    const summary = await claim.getByTestId('payment-summary').textContent();
    expect(summary).toContain(`${ru['service.claim.fee']} ${formatUsd(125, 'ru')}`);
    expect(await claim.getByTestId('checkout-notice').textContent()).toBe(ru['checkout.notice.opens']!.replace('{provider}', 'Stripe').replace('{amount}', formatUsd(125, 'ru')));
    await summaryAboveButton(claim, ru['form.submit']!);
    await screenChecks(claim);
    await claim.close();

    // The company's checkout has no link in this deployment: its fee stands, no window is promised.
    const company = await open('/company?lang=ru', 'company/full');
    expect(await company.getByTestId('payment-summary').textContent()).toContain(`${ru['service.company.fee']} ${formatUsd(375, 'ru')}`);
    expect(await company.getByTestId('checkout-notice').count()).toBe(0);
    await company.close();
  });

  it('says plainly that nothing is charged now on the credit repair form, beside its price (Uzbek)', async () => {
    const page = await open('/credit-repair-self-service?lang=uz');
    const summary = await page.getByTestId('payment-summary').textContent();
    expect(summary).toContain(`${uz['service.creditrepair.price.monthly']}: ${formatUsd(119.95, 'uz')}${uz['service.creditrepair.price.perMonth']}`);
    expect(await page.getByTestId('checkout-notice').textContent()).toBe(uz['checkout.notice.afterService']!.replace('{provider}', 'Stripe'));
    await summaryAboveButton(page, uz[`service.creditrepair.forms.self-service.submit`] ?? uz['form.submit']!);
    await screenChecks(page);
    await page.close();
  });

  it('tells the loan applicant about the payment window before it opens, then opens it (Uzbek)', async () => {
    const page = await context.newPage();
    watchConsole(page, problems);
    const loan = service('loan');
    await fillForm(page, site.url, loan, loan.forms[0]!, { locale: 'uz', press: false });
    // On "Check your answers", above the final button.
    await page.getByTestId('checkout-notice').waitFor();
    expect(await page.getByTestId('checkout-notice').textContent()).toBe(uz['checkout.notice.opensFee']!.replace('{provider}', 'Stripe'));
    await summaryAboveButton(page, uz['form.submit']!);
    await screenChecks(page);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: uz['form.submit'], exact: true }).click();
    const checkout = await opened;
    await checkout.waitForURL(`${PAY}/loan**`);
    await checkout.close();
    await page.close();
  });

  it('logged no console error on any of these screens', () => {
    expect(problems).toEqual([]);
  });
});
