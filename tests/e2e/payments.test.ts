/**
 * The connected-account pages end to end, in Debian's chromium against the built site, a real
 * PocketBase and stripe-mock. Stripe's Connect.js cannot be fetched here (and must not be bundled), so
 * the browser is given either nothing (the page must say so, translated) or a stand-in with the same
 * two calls the page makes (init, create), which lets us see the client secret our server obtained.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, label, launchBrowser, watchConsole } from '../support/browser.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { createStaff, staffClient } from '../support/staff.ts';
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
  /** The address of a link an admin issued for `account` (POST /api/formwork/account-links): its path and query. */
  /** An issued link to `account` opened in `lang`: the language in the query, the proof in the fragment. */
  let linkTo: (account: string, lang: string) => Promise<string>;

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
    const admin = await staffClient(site, 'admin');
    linkTo = async (account, lang) => {
      const issued = await admin.send<{ url: string }>('/api/formwork/account-links', { method: 'POST', body: { accountId: account } });
      const url = new URL(issued.url);
      return `${url.pathname}?lang=${lang}${url.hash}`;
    };
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
    await page.goto(`${site.url}${await linkTo('acct_1Formwork', 'en')}`);
    await page.getByRole('heading', { name: 'Your payments account', level: 1 }).waitFor();
    const component = page.locator('[data-component=payments]');
    await expect.poll(() => component.textContent()).toMatch(/^session accs_secret_/);
    expect(await component.getAttribute('data-pk')).toBe('pk_test_formwork');
    await ctx.close();
  });

  it('says, in the reader’s language, that the provider’s script did not load, and offers to try again', async () => {
    const ctx = await context('missing');
    const page = await ctx.newPage();
    await page.goto(`${site.url}${await linkTo('acct_1Formwork', 'ru')}`);
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

  it('29.2 says, in the reader’s language, that a link without its signature, or an altered one, no longer opens the account', async () => {
    const ctx = await context('stand-in');
    const page = await ctx.newPage();
    // The account id alone: the page says so without asking our server.
    await page.goto(`${site.url}/account/acct_1Formwork?lang=uz`);
    const error = page.getByTestId('connect-error');
    await error.getByText('Bu havola yoʻq, toʻliq emas yoki muddati tugagan', { exact: false }).waitFor();
    expect(await error.getByRole('button').count()).toBe(0); // trying again cannot mend the address
    // A real link whose expiry was pushed back: our server refuses it (403), and the page says so.
    const altered = (await linkTo('acct_1Formwork', 'ru')).replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 86400}`);
    await page.goto(`${site.url}${altered}`);
    await page.getByTestId('connect-error').getByText('Ссылка отсутствует, неполная или её срок истёк', { exact: false }).waitFor();
    expect(await page.locator('[data-component]').count()).toBe(0);
    await ctx.close();
  });

  it('29.2 lets an admin make the link on the staff home, which then opens the account; a viewer is not offered it', async () => {
    const signedIn = async (role: 'admin' | 'viewer') => {
      const staff = await createStaff(site, role, `links-${role}-${Date.now()}@formwork.test`);
      const ctx = await context('stand-in');
      const page = await ctx.newPage();
      watchConsole(page, problems);
      await page.goto(`${site.url}/admin`);
      await page.waitForURL(/\/staff\/sign-in\?next=/);
      await page.getByLabel(label('E-mail')).fill(staff.email);
      await page.getByLabel(label('Password')).fill(staff.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByTestId('dashboard-service').first().waitFor();
      return { ctx, page };
    };
    const viewer = await signedIn('viewer');
    expect(await viewer.page.getByTestId('account-link').count()).toBe(0);
    await viewer.ctx.close();

    const { ctx, page } = await signedIn('admin');
    const card = page.getByTestId('account-link');
    await card.getByLabel(label('Connected account ID')).fill('acct_1Formwork');
    await card.getByRole('button', { name: 'Create link' }).click();
    const made = card.getByTestId('account-link-url');
    await made.waitFor();
    const url = new URL(await made.inputValue());
    expect(url.pathname).toBe('/account/acct_1Formwork');
    expect(url.search).toBe('');
    await page.goto(`${site.url}${url.pathname}?lang=en${url.hash}`);
    await expect.poll(() => page.locator('[data-component=payments]').textContent()).toMatch(/^session accs_secret_/);
    await ctx.close();
  });

  it('confirms a finished onboarding, and restarts an expired one from the refresh link', async () => {
    const ctx = await context('stand-in');
    const page = await ctx.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/onboarding-success?lang=en`);
    expect(await page.getByTestId('page-alert').textContent()).toContain('You have successfully finished onboarding process. Your account is active now');
    await page.goto(`${site.url}${(await linkTo('acct_1Formwork', 'en')).replace(/^\/account\/(acct_\w+)\?/, '/onboarding-refresh?account=$1&')}`);
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
