/**
 * Drafts end to end, in chromium against the built site, a real PocketBase and a real SMTP server: the
 * answers come back after a reload (at the step the address names, with the notice, and "Start again"
 * empties the form); leaving with a typed SSN asks first; "Save and continue later" e-mails a link, read
 * from the SMTP sink, that opens the form filled in another browser, once; a used or expired link gets
 * its translated page. axe finds no violation on the notice, the dialogs and the "link no longer works" page.
 */
import type PocketBase from 'pocketbase';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/generated/messages/en.json';
import ru from '../../src/generated/messages/ru.json';
import uz from '../../src/generated/messages/uz.json';
import { contract } from '../../src/generated/contract.ts';
import { violations, withAxe } from '../support/axe.ts';
import { hydrated, launchBrowser, watchConsole } from '../support/browser.ts';
import { flushOutbox } from '../support/outbox.ts';
import { freePort, type PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp.ts';
import { superuserClient } from '../support/staff.ts';

const DRAFTS = 'drafts'; // site.json draftCollection (the server's alone)

describe('drafts in the browser', () => {
  let site: PocketBaseProcess;
  let smtp: SmtpSink;
  let browser: Browser;
  let admin: PocketBase;
  const problems: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const port = await freePort();
    site = await startSite(
      {
        FORMWORK_SMTP_HOST: '127.0.0.1',
        FORMWORK_SMTP_PORT: String(smtp.port),
        FORMWORK_MAIL_FROM: 'no-reply@drafts.test',
        FORMWORK_MAIL_THROTTLE_SECONDS: '0',
        // The resume link in the e-mail points at this very site.
        FORMWORK_PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      port,
    );
    browser = await launchBrowser();
    admin = await superuserClient(site);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await smtp?.close();
  });

  /** A page in a browser context of its own (its own storage: another device, as far as drafts go). */
  async function freshPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    await withAxe(context);
    const page = await context.newPage();
    watchConsole(page, problems);
    return page;
  }
  const value = (page: Page, id: string) => page.locator(`#${id}`).inputValue();

  it('gives the answers back after a reload, at the step in the address, and "Start again" empties the form (Uzbek)', async () => {
    const page = await freshPage();
    await page.goto(`${site.url}/student?lang=uz`);
    await hydrated(page);
    await page.locator('#root_firstName').fill('Aziza');
    await page.locator('#root_lastName').fill('Karimova');
    await page.locator('#root_email').fill('aziza@example.com');
    await page.locator('#root_phone').fill('2125550123');
    await page.getByTestId('form-submit').click();
    await page.locator('#root_city').fill('Brooklyn');
    expect(new URL(page.url()).searchParams.get('step')).toBe('address');
    expect(await page.getByTestId('draft-notice').count()).toBe(0);

    // Nothing here that a draft does not keep: the reload asks nothing.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.reload();
    await hydrated(page);
    const notice = page.getByTestId('draft-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.getAttribute('data-from')).toBe('browser');
    expect(await notice.textContent()).toContain(uz['drafts.restored.title']);
    // Still on the step the address names, its answer back.
    expect(new URL(page.url()).searchParams.get('step')).toBe('address');
    expect(await value(page, 'root_city')).toBe('Brooklyn');
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: uz['form.steps.back'] }).click();
    expect(await value(page, 'root_firstName')).toBe('Aziza');
    expect(dialogs).toEqual([]);

    await notice.getByRole('button', { name: uz['drafts.startAgain'] }).click();
    await expect.poll(() => value(page, 'root_firstName')).toBe('');
    expect(await page.getByTestId('draft-notice').count()).toBe(0);
    await page.reload();
    await hydrated(page);
    expect(await value(page, 'root_firstName')).toBe('');
    expect(await page.getByTestId('draft-notice').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('asks before leaving with a typed SSN, which no draft keeps', async () => {
    const page = await freshPage();
    await page.goto(`${site.url}/loan?lang=en`);
    await hydrated(page);
    await page.locator('#root_firstName').fill('Bobur');
    await page.locator('#root_lastName').fill('Aliev');
    await page.locator('#root_email').fill('bobur@example.com');
    await page.locator('#root_phone').fill('2125550123');
    await page.getByTestId('form-submit').click();
    await page.locator('#root_ssn').pressSequentially('123456789');

    // A link to another screen: our question, Stay keeps everything.
    const away = page.locator('header a[href]').first();
    await away.click();
    const dialog = page.getByRole('dialog', { name: en['drafts.leave.title'] });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: en['drafts.leave.stay'] }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/loan');
    expect(await page.locator('#root_ssn').inputValue()).not.toBe('');

    // A reload: the browser's own question (declined, the page stays as it is).
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(asked).toEqual(['beforeunload']);
    expect(await page.locator('#root_ssn').inputValue()).not.toBe('');

    // Leave: we go where the link leads.
    const target = new URL((await away.getAttribute('href'))!, site.url).pathname;
    await away.click();
    await dialog.getByRole('button', { name: en['drafts.leave.go'] }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(target);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('e-mails a link that opens the form filled on another device, once; a used or expired link is refused (Russian)', async () => {
    const page = await freshPage();
    await page.goto(`${site.url}/student?lang=ru`);
    await hydrated(page);
    await page.locator('#root_firstName').fill('Dilnoza');
    await page.locator('#root_lastName').fill('Rashidova');
    await page.locator('#root_email').fill('dilnoza@example.com');
    await page.locator('#root_phone').fill('2125550123');
    await page.getByTestId('form-submit').click();
    await page.locator('#root_city').fill('Queens');

    // By keyboard: the button, the address (the form's e-mail answer offered), Enter.
    const save = page.getByTestId('save-for-later');
    expect(await save.textContent()).toBe(ru['drafts.save.button']);
    await save.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: ru['drafts.save.title'] });
    const email = dialog.getByTestId('draft-email');
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await email.inputValue()).toBe('dilnoza@example.com');
    expect(await violations(page)).toEqual([]);
    const before = smtp.messages.length;
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByTestId('draft-sent').isVisible()).toBe(true);
    expect(await dialog.getByTestId('draft-sent').textContent()).toContain('dilnoza@example.com');
    expect(await violations(page)).toEqual([]);

    await flushOutbox(admin);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.subject).toContain('Продолжите заполнение заявки');
    const link = new RegExp(`${site.url}${contract.drafts.resumePage}\\?lang=ru#[A-Za-z0-9]{40}`).exec(mail?.text ?? '')?.[0];
    expect(link).toBeTruthy();

    // Another device: the link opens the form at the step it was saved on, filled.
    const other = await freshPage();
    await other.goto(link!);
    await expect.poll(() => new URL(other.url()).pathname).toBe('/student');
    expect(new URL(other.url()).searchParams.get('step')).toBe('address');
    expect(new URL(other.url()).searchParams.get('lang')).toBe('ru');
    expect(new URL(other.url()).hash).toBe('');
    const notice = other.getByTestId('draft-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.getAttribute('data-from')).toBe('link');
    expect(await value(other, 'root_city')).toBe('Queens');
    expect(await violations(other)).toEqual([]);
    await other.context().close();

    // The same link again: used.
    const again = await freshPage();
    await again.goto(link!);
    await expect.poll(() => again.getByTestId('draft-gone').isVisible()).toBe(true);
    expect(await again.getByRole('heading', { level: 1 }).textContent()).toBe(ru['drafts.resume.goneTitle']);
    expect(await violations(again)).toEqual([]);
    await again.context().close();

    // An expired link: refused the same way.
    await page.getByRole('button', { name: ru['drafts.save.close'] }).first().click();
    await save.click();
    await dialog.getByTestId('draft-send').click();
    await expect.poll(() => dialog.getByTestId('draft-sent').isVisible()).toBe(true);
    const [draft] = await admin.collection(DRAFTS).getFullList({ filter: 'email = "dilnoza@example.com"' });
    await admin.collection(DRAFTS).update(draft!.id, { expiresAt: new Date(Date.now() - 1000).toISOString().replace('T', ' ') });
    const expired = await freshPage();
    await expired.goto(`${site.url}${contract.drafts.resumePage}?lang=ru#${draft!.accessToken as string}`);
    await expect.poll(() => expired.getByTestId('draft-gone').isVisible()).toBe(true);
    expect(await expired.getByRole('heading', { level: 1 }).textContent()).toBe(ru['drafts.resume.goneTitle']);
    await expired.context().close();
    // The refusals of the used and the expired link are answered 404, which the browser logs: those two only.
    const refused = `Failed to load resource: the server responded with a status of 404 (Not Found) (${site.url}${contract.drafts.resumeRoute})`;
    expect(problems).toEqual([refused, refused]);
    problems.length = 0;
    await page.context().close();
  });
});
