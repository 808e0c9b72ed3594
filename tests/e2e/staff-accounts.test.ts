/**
 * Staff accounts end to end, in Debian's chromium against the built site, a real PocketBase and a real
 * SMTP server on loopback: an admin creates a viewer on /admin/staff, the verification e-mail arrives
 * and its token confirms the address, the viewer signs in; the admin disables the viewer (their open
 * session ends, their next sign-in is refused with its own message); the admin turns MFA on for the
 * account, which then signs in with password and the code e-mailed to it; an account is removed after
 * a confirmation. axe-core finds nothing on the staff accounts screen or the code step.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ParsedMail } from 'mailparser';
import PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { createStaff, superuserClient } from '../support/staff.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's WCAG A/AA violations on the page, one line per offending element (as in every-route.test.ts). */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; help: string; nodes: { target: unknown[]; html: string }[] }[] }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) }));
  }, AXE_TAGS);
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${v.help} — ${JSON.stringify(n.target)} — ${n.html.replace(/\s+/g, ' ').slice(0, 160)}`));
}

/** The browser logs every refused request (a wrong password, a refused account): expected here, and only those. */
const REFUSAL = /Failed to load resource: the server responded with a status of 40[013]/;

const VIEWER = { name: 'Dilnoza Yusupova', email: 'dilnoza@formwork.test', password: 'dilnoza-password-1' };

describe('staff accounts', () => {
  let site: PocketBaseProcess;
  let smtp: SmtpSink;
  let browser: Browser;
  /** The admin's browser and the viewer's (each keeps its own session). */
  let adminContext: BrowserContext;
  let viewerContext: BrowserContext;
  let adminPage: Page;
  let admin: { email: string; password: string };
  const problems: string[] = [];

  const addressedTo = (mail: ParsedMail, to: string) => !!mail.to && !Array.isArray(mail.to) && mail.to.text === to;
  /** The newest e-mail to `to` whose subject matches, once more than `seen` of them have arrived. */
  async function mailTo(to: string, subject: RegExp, seen = 0): Promise<ParsedMail> {
    const matching = () => smtp.messages.filter((m) => addressedTo(m, to) && subject.test(m.subject ?? ''));
    await expect.poll(() => matching().length, { timeout: 10_000 }).toBeGreaterThan(seen);
    return matching().at(-1)!;
  }
  const countMail = (to: string, subject: RegExp) => smtp.messages.filter((m) => addressedTo(m, to) && subject.test(m.subject ?? '')).length;

  async function openSignIn(context: BrowserContext, next?: string): Promise<Page> {
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}/staff/sign-in?lang=en${next ? `&next=${encodeURIComponent(next)}` : ''}`);
    await page.getByRole('heading', { name: 'Staff sign-in', level: 1 }).waitFor();
    return page;
  }
  async function submitPassword(page: Page, email: string, password: string): Promise<void> {
    await page.getByLabel(label('E-mail')).fill(email);
    await page.getByLabel(label('Password')).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  const row = (page: Page, name: string) => page.getByTestId('staff-account').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  const notice = (page: Page) => page.getByTestId('staff-accounts-notice');

  beforeAll(async () => {
    smtp = await startSmtpSink();
    site = await startSite({ FORMWORK_SMTP_HOST: '127.0.0.1', FORMWORK_SMTP_PORT: String(smtp.port), FORMWORK_MAIL_THROTTLE_SECONDS: '0' });
    admin = await createStaff(site, 'admin', 'boss@formwork.test');
    browser = await launchBrowser();
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    viewerContext = await browser.newContext({ viewport: { width: 420, height: 900 } });
    for (const context of [adminContext, viewerContext]) {
      // Nothing leaves the machine; axe-core is in every document, ahead of the site's scripts (CSP stays on).
      await context.route(
        (url) => url.origin !== site.url,
        (route) => route.abort(),
      );
      await context.addInitScript({ content: AXE_SOURCE });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await smtp?.close();
  });

  it('lets an admin sign in and create a viewer, who must confirm the e-mail before signing in', async () => {
    adminPage = await openSignIn(adminContext);
    await submitPassword(adminPage, admin.email, admin.password);
    await adminPage.waitForURL((u) => u.pathname === '/admin'); // the staff home, with no `next`
    await adminPage.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Staff accounts' }).click();
    await adminPage.waitForURL((u) => u.pathname === '/admin/staff');
    await adminPage.getByRole('heading', { name: 'Staff accounts', level: 1 }).waitFor();
    await adminPage.getByRole('table', { name: '1 staff account' }).waitFor();
    expect(await adminPage.title()).toBe('Staff accounts');
    // Their own row: only MFA can change (the server refuses self-demotion, -disabling and -removal).
    const own = row(adminPage, 'Test admin');
    expect(await own.textContent()).toContain('(you)');
    expect(await own.getByRole('button').count()).toBe(0);
    expect(await own.getByRole('switch').count()).toBe(1);
    expect(await accessibilityViolations(adminPage), 'axe-core on /admin/staff').toEqual([]);

    const form = adminPage.getByTestId('staff-account-form');
    await form.getByLabel(label('Name')).fill(VIEWER.name);
    await form.getByLabel(label('E-mail')).fill(admin.email); // taken: the server says so
    await form.getByLabel(label('Role')).selectOption('viewer');
    await form.getByLabel(label('Password')).fill('short');
    await form.getByLabel(label('Repeat the password')).fill('short');
    expect(await form.getByText('At least 8 characters.').count()).toBe(1);
    await form.getByRole('button', { name: 'Create account' }).click();
    // Checked in the browser first: the short password, its field focused and described by the error.
    await form.getByText('The password needs at least 8 characters.').waitFor();
    expect(await adminPage.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    expect(await form.getByLabel(label('Password')).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('alert').textContent()).toBe('Please correct the fields below; each one says what to fix.');

    await form.getByLabel(label('Password')).fill(VIEWER.password);
    await form.getByLabel(label('Repeat the password')).fill(VIEWER.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    // The server's field error, next to its field.
    await form.getByText('There is already an account with this e-mail.').waitFor();
    expect(await form.getByLabel(label('E-mail')).getAttribute('aria-invalid')).toBe('true');
    expect(await accessibilityViolations(adminPage), 'axe-core on the form with errors').toEqual([]);

    await form.getByLabel(label('E-mail')).fill(VIEWER.email);
    await form.getByRole('button', { name: 'Create account' }).click();
    await notice(adminPage).getByText(`The account for ${VIEWER.email} was created. We sent a confirmation e-mail`, { exact: false }).waitFor();
    const created = row(adminPage, VIEWER.name);
    expect(await created.getAttribute('data-status')).toBe('unverified');
    expect(await created.textContent()).toContain('Waiting for e-mail confirmation');
    expect(await created.textContent()).toContain(VIEWER.email); // other admins see the address too
    expect(await form.getByLabel(label('Name')).inputValue()).toBe(''); // ready for the next one
    expect(await accessibilityViolations(adminPage), 'axe-core with an account waiting for confirmation').toEqual([]);

    const root = await superuserClient(site);
    const stored = await root.collection('staff').getFirstListItem(`email = "${VIEWER.email}"`);
    expect(stored).toMatchObject({ name: VIEWER.name, role: 'viewer', verified: false, disabled: false, mfa: false });

    // Not confirmed yet: refused, with its own message (not "wrong password").
    const early = await openSignIn(viewerContext);
    await submitPassword(early, VIEWER.email, VIEWER.password);
    await early.getByText('This account cannot sign in: it is disabled or its e-mail is not yet confirmed.').waitFor();
    await early.close();

    // The verification e-mail; its link goes to PocketBase's own page, whose token is what confirms.
    const mail = await mailTo(VIEWER.email, /verify/i);
    const token = /confirm-verification\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(token, 'a verification token in the e-mail').toBeTruthy();
    await new PocketBase(site.url).collection('staff').confirmVerification(token!);

    const viewerPage = await openSignIn(viewerContext);
    await submitPassword(viewerPage, VIEWER.email, VIEWER.password);
    await viewerPage.waitForURL((u) => u.pathname === '/admin');
    // A viewer is told the screen is for admins (and sees no link to it).
    expect(await viewerPage.getByRole('link', { name: 'Staff accounts' }).count()).toBe(0);
    await viewerPage.goto(`${site.url}/admin/staff?lang=en`);
    await viewerPage.getByText('Only admins manage staff accounts.').waitFor();
    expect(await viewerPage.getByRole('table').count()).toBe(0);
    await viewerPage.goto(`${site.url}/admin?lang=en`);
    await viewerPage.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  });

  it('lets the admin disable the viewer: the open session ends and signing in is refused', async () => {
    await adminPage.reload();
    const viewerRow = row(adminPage, VIEWER.name);
    await expect.poll(() => viewerRow.getAttribute('data-status')).toBe('active');
    await viewerRow.getByRole('button', { name: `Disable ${VIEWER.name}` }).click();
    await notice(adminPage).getByText(`${VIEWER.name} is disabled and signed out everywhere.`).waitFor();
    expect(await viewerRow.getAttribute('data-status')).toBe('disabled');
    expect(await viewerRow.textContent()).toContain('Disabled');
    expect(await accessibilityViolations(adminPage), 'axe-core with a disabled account').toEqual([]);
    const root = await superuserClient(site);
    expect((await root.collection('staff').getFirstListItem(`email = "${VIEWER.email}"`)).disabled).toBe(true);

    // The viewer's open session: the next screen sends them to sign-in.
    const open = viewerContext.pages().at(-1)!;
    await open.reload();
    await open.waitForURL((u) => u.pathname === '/staff/sign-in' && u.searchParams.get('expired') === '1');

    const page = await openSignIn(viewerContext);
    await submitPassword(page, VIEWER.email, VIEWER.password);
    const refused = page.getByTestId('sign-in-error');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('This account cannot sign in: it is disabled or its e-mail is not yet confirmed.');
    expect(await refused.getAttribute('role')).toBe('alert');
    // A wrong password still says so.
    await submitPassword(page, VIEWER.email, 'not-the-password');
    await expect.poll(() => refused.textContent()).toBe('Wrong e-mail or password.');
    await page.close();
  });

  it('lets the admin turn MFA on: the account then signs in with its password and a code sent by e-mail', async () => {
    const viewerRow = row(adminPage, VIEWER.name);
    await viewerRow.getByRole('button', { name: `Enable ${VIEWER.name}` }).click();
    await notice(adminPage).getByText(`${VIEWER.name} can sign in again.`).waitFor();
    const mfa = viewerRow.getByRole('switch', { name: `Code by e-mail at sign-in for ${VIEWER.name}` });
    expect(await mfa.isChecked()).toBe(false);
    await mfa.focus(); // by keyboard
    await adminPage.keyboard.press('Space');
    await notice(adminPage).getByText(`${VIEWER.name} now also enters a code sent by e-mail when signing in.`).waitFor();
    expect(await mfa.isChecked()).toBe(true);
    const root = await superuserClient(site);
    expect((await root.collection('staff').getFirstListItem(`email = "${VIEWER.email}"`)).mfa).toBe(true);

    const otp = /one-time|OTP/i;
    const before = countMail(VIEWER.email, otp);
    const page = await openSignIn(viewerContext, '/admin');
    await submitPassword(page, VIEWER.email, VIEWER.password);
    const codeField = page.getByLabel(label('Code from the e-mail'));
    await codeField.waitFor();
    await page.getByRole('status').getByText(`We sent a code to your e-mail (${VIEWER.email}).`, { exact: false }).waitFor();
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await accessibilityViolations(page), 'axe-core on the code step').toEqual([]);
    const first = /\b(\d{8})\b/.exec((await mailTo(VIEWER.email, otp, before)).text ?? '')?.[1];
    expect(first, 'an 8-digit code in the e-mail').toBeTruthy();

    // A wrong code is refused, with a message and the field marked.
    await codeField.fill(first === '00000000' ? '11111111' : '00000000');
    await page.keyboard.press('Enter');
    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Wrong or expired code. Check the e-mail or send a new code.');
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/staff/sign-in');
    expect(await accessibilityViolations(page), 'axe-core on the code step with a wrong code').toEqual([]);

    // A new code, by e-mail again; that one signs in.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByRole('status').getByText(`We sent a new code to your e-mail (${VIEWER.email}).`).waitFor();
    const code = /\b(\d{8})\b/.exec((await mailTo(VIEWER.email, otp, before + 1)).text ?? '')?.[1];
    expect(code).toBeTruthy();
    await codeField.fill(code!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').record?.email)).toBe(VIEWER.email);
  });

  it('lets the admin remove an account after confirming', async () => {
    await createStaff(site, 'viewer', 'leaving@formwork.test'); // named "Test viewer"
    await adminPage.reload();
    const leaving = row(adminPage, 'Test viewer');
    await leaving.getByRole('button', { name: 'Remove Test viewer' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Remove this staff account?' });
    await dialog.getByText('Test viewer will no longer be able to sign in.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Remove account' }).click();
    await notice(adminPage).getByText('The account of Test viewer was removed.').waitFor();
    expect(await leaving.count()).toBe(0);
    const root = await superuserClient(site);
    expect((await root.collection('staff').getList(1, 1, { filter: 'email = "leaving@formwork.test"' })).totalItems).toBe(0);
  });

  it('logged no console errors on the way (other than the refusals it asked for)', () => {
    expect(problems.filter((p) => !REFUSAL.test(p))).toEqual([]);
  });
});
