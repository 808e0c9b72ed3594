/**
 * The connected-account pages end to end, in Debian's chromium against the built site, a real
 * PocketBase and stripe-mock. Stripe's Connect.js cannot be fetched here (and must not be bundled), so
 * the browser is given either nothing (the page must say so, translated) or a stand-in with the same
 * two calls the page makes (init, create), which lets us see the client secret our server obtained.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, watchConsole } from '../support/browser.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { startStripeMock, type StripeMock } from '../support/stripe.ts';

const CONNECT_JS = 'https://connect-js.stripe.com/**';
/** Connect.js's surface as the page uses it: init({ publishableKey, fetchClientSecret }).create(name). */
const STAND_IN = `window.StripeConnect = { init: function (options) { return { create: function (name) {
  var el = document.createElement('div'); el.setAttribute('data-component', name); el.setAttribute('data-pk', options.publishableKey);
  options.fetchClientSecret().then(function (secret) { el.textContent = 'session ' + secret; });
  return el; } }; } };`;

describe('connected accounts: /account/:id and onboarding', () => {
  let stripe: StripeMock;
  let site: PocketBaseProcess;
  let browser: Browser;
  const problems: string[] = [];

  const context = async (connectJs: 'missing' | 'stand-in'): Promise<BrowserContext> => {
    const ctx = await browser.newContext({ viewport: { width: 420, height: 900 } });
    await ctx.route(CONNECT_JS, (route) =>
      connectJs === 'missing' ? route.abort('internetdisconnected') : route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }),
    );
    return ctx;
  };

  beforeAll(async () => {
    stripe = await startStripeMock();
    site = await startSite({ FORMWORK_STRIPE_SECRET_KEY: 'sk_test_formwork', FORMWORK_STRIPE_PUBLISHABLE_KEY: 'pk_test_formwork', FORMWORK_STRIPE_API_BASE: stripe.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await stripe?.stop();
  });

  it('shows the embedded payments of the account with a session our server obtained from the provider', async () => {
    const ctx = await context('stand-in');
    const page = await ctx.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/account/acct_1Formwork?lang=en`);
    await page.getByRole('heading', { name: 'Your payments account', level: 1 }).waitFor();
    const component = page.locator('[data-component=payments]');
    await expect.poll(() => component.textContent()).toMatch(/^session accs_secret_/);
    expect(await component.getAttribute('data-pk')).toBe('pk_test_formwork');
    await ctx.close();
  });

  it('says, in the reader’s language, that the provider’s script did not load, and offers to try again', async () => {
    const ctx = await context('missing');
    const page = await ctx.newPage();
    await page.goto(`${site.url}/account/acct_1Formwork?lang=ru`);
    const error = page.getByTestId('connect-error');
    await error.getByText('Не удалось загрузить Connect.js', { exact: false }).waitFor();
    expect(await error.getByRole('button', { name: 'Попробовать снова' }).count()).toBe(1);
    await ctx.close();
  });

  it('refuses an address that names no account, without asking the provider', async () => {
    const ctx = await context('stand-in');
    const page = await ctx.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/account/not-an-account?lang=uz`);
    await page.getByTestId('connect-error').getByText('Bu manzilda toʻlov hisobi koʻrsatilmagan', { exact: false }).waitFor();
    await ctx.close();
  });

  it('confirms a finished onboarding, and restarts an expired one from the refresh link', async () => {
    const ctx = await context('stand-in');
    const page = await ctx.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/onboarding-success?lang=en`);
    expect(await page.getByTestId('page-alert').textContent()).toContain('You have successfully finished onboarding process. Your account is active now');
    await page.goto(`${site.url}/onboarding-refresh?account=acct_1Formwork&lang=en`);
    await page.getByText('Your setup link has expired').waitFor();
    await expect.poll(() => page.locator('[data-component=account-onboarding]').textContent()).toMatch(/^session accs_secret_/);
    await ctx.close();
  });

  it('sells the plan through the hosted checkout, with no card field on the page', async () => {
    const ctx = await context('stand-in');
    await ctx.route('https://checkout.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));
    const page = await ctx.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/money-transfer?lang=en`);
    const summary = page.getByTestId('product-checkout');
    await summary.getByText('Basic plan').waitFor();
    await hydrated(page); // the page is prerendered: a click on a label waits for nothing by itself
    expect(await summary.textContent()).toContain('50 best-photo credits');
    expect(await page.getByTestId('checkout-total').textContent()).toBe('Total: $300.00/year');
    // The plan's summary is a lazy part of the page, hydrated in a pass of its own after the page around
    // it (its chunk loads after the page's): a click that comes first is replayed by React once it has.
    await summary.getByText('Monthly').click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('Total: $30.00/month');
    expect(await page.locator('input:not([type=radio]), textarea').count()).toBe(0); // only the billing toggle: no card field
    await summary.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
    await ctx.close();
  });

  it('logged no console errors on the way', () => {
    expect(problems).toEqual([]);
  });
});
