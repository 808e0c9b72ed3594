/**
 * The staff application page end to end, in Debian's chromium against the built site and a real
 * PocketBase: credit-repair applications submitted through the submit route (an ID image, a PDF, the
 * signed agreement), opened by their link with a list's query in the address. The page shows the
 * answers, an image and a PDF preview, the signature evidence with the document's version, the e-mails
 * and the payment state; previous/next move within the filtered list; a viewer gets no action control;
 * axe finds nothing; it reflows at 320 px; the print view keeps the SSN masked.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, withAxe } from '../support/axe.ts';
import { label, launchBrowser, watchConsole } from '../support/browser.ts';
import { formData, PDF_BYTES, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import type { PocketBaseProcess } from '../support/pocketbase.ts';
import { startSite } from '../support/site.ts';
import { createStaff, superuserClient } from '../support/staff.ts';
import { solvedProof } from '../support/proofOfWork.ts';
import { widerThanScreen } from '../support/reflow.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { registry } from '../../src/generated/registry.ts';

const COLLECTION = 'creditrepairnew';
const ROUTE = '/creditapps';

describe('staff application page', () => {
  let site: PocketBaseProcess;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const problems: string[] = [];
  const ids: Record<string, string> = {};

  /** One application through the public submit route, as the form sends it: an ID image and a PDF statement. */
  const submit = async (fields: Record<string, string>) => {
    const res = await fetch(`${site.url}${submitUrl(COLLECTION)}`, {
      method: 'POST',
      body: formData(
        { ...validCreditRepair, ...signed('en', 'creditrepair', `${fields.firstName} ${fields.lastName}`), variant: 'full', locale: 'en', proof: await solvedProof(site.url, COLLECTION), ...fields },
        { stateId: pngFile(), bankStatements: new File([PDF_BYTES], 'statement.pdf', { type: 'application/pdf' }) },
      ),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };

  /** A fresh browser session signed in as a new staff member of `role`, at `path`. */
  const signedIn = async (role: 'admin' | 'viewer', path: string, viewport = { width: 1200, height: 900 }): Promise<Page> => {
    const staff = await createStaff(site, role, `application-${role}-${Date.now()}@formwork.test`);
    await context?.close();
    context = await browser.newContext({ viewport });
    await withAxe(context);
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site.url}${path}`);
    await page.waitForURL(/\/staff\/sign-in\?next=/);
    await page.getByLabel(label('E-mail')).fill(staff.email);
    await page.getByLabel(label('Password')).fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === path.split('?')[0]);
    await page.getByTestId('application-page').waitFor({ timeout: 10_000 });
    return page;
  };

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    // Oldest first; the list shows newest first, so a search for "Karimova" lists Dina, Aziza, Zarina.
    ids.zarina = await submit({ firstName: 'Zarina', lastName: 'Karimova', ssn: '123451111' });
    ids.bekzod = await submit({ firstName: 'Bekzod', lastName: 'Aliyev', ssn: '123452222' });
    ids.aziza = await submit({ firstName: 'Aziza', lastName: 'Karimova', ssn: '123456789' });
    ids.dina = await submit({ firstName: 'Dina', lastName: 'Karimova', ssn: '123453333' });
    // Paid, as the payment provider's webhook records it.
    const root = await superuserClient(site);
    await root.collection(COLLECTION).update(ids.aziza as string, { paymentStatus: 'paid', paidAt: '2026-05-04 15:30:00.000Z' });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('shows an application by its link: answers, previews, signature evidence, e-mails, payment, and moves within the filtered list', async () => {
    const page = await signedIn('admin', `${ROUTE}/${ids.aziza}?q=karimova`);
    const app = page.getByTestId('application-page');
    const root = await superuserClient(site);
    const aziza = await root.collection(COLLECTION).getOne(ids.aziza as string);

    // The heading is the reference; the answers are there, the SSN masked.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(aziza.reference);
    expect(await app.locator('[data-field=firstName]').textContent()).toContain('Aziza');
    expect(await app.locator('[data-field=ssn]').textContent()).toContain('•••••6789');
    expect(await app.locator('[data-field=ssn]').textContent()).not.toContain('123456789');
    await expect.poll(() => page.title()).toBe(`${aziza.reference} · Credit repair applications`);

    // The ID image inline, the statement framed as a PDF, each with its links.
    const image = page.getByTestId('image-preview');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const pdf = page.getByTestId('pdf-preview');
    await pdf.waitFor();
    expect(await pdf.getAttribute('src')).toMatch(/^blob:/);
    expect(await pdf.getAttribute('title')).toMatch(/^Preview of .*statement.*\.pdf$/);
    const files = page.getByTestId('application-files');
    expect(await files.getByRole('link', { name: /^Download statement.*\.pdf$/ }).count()).toBe(1);
    const open = await files.getByRole('link', { name: /^Open statement.*\.pdf in a new tab$/ }).getAttribute('href');
    expect((await fetch(new URL(open as string, site.url))).status).toBe(200);

    // The signature: the typed name, the document's version and hash, the language, the time with its zone.
    const signature = page.getByTestId('signature-evidence');
    const contract = registry.services.find((s) => s.id === 'creditrepair')?.agreements?.documents.find((d) => d.id === 'contract');
    const signedDoc = signature.locator('[data-document=contract]');
    expect(await signedDoc.getAttribute('data-signed')).toBe('true');
    expect(await signedDoc.locator('[data-evidence=signed]').textContent()).toContain('Aziza Karimova');
    expect(await signedDoc.locator('[data-evidence=version]').textContent()).toContain(contract?.version);
    expect(await signedDoc.locator('[data-evidence=hash]').textContent()).toContain(contract?.hashes.en);
    expect(await signedDoc.locator('[data-evidence=language]').textContent()).toContain('English');
    expect(await signedDoc.locator('[data-evidence=at]').textContent()).toMatch(/CST|CDT/);
    expect(await signature.locator('[data-document=disclosure]').getAttribute('data-signed')).toBe('false');

    // The e-mails of the submission, and what the payment provider said.
    const mail = page.getByTestId('mail-status');
    await expect.poll(() => mail.textContent()).toContain('Confirmation to aziza@example.com');
    expect(await page.getByTestId('payment-status').getAttribute('data-status')).toBe('paid');
    expect(await page.getByTestId('payment-status').textContent()).toBe('Paid');

    // The work on it: its status, its assignee, the notes thread and (an admin) the reply to the applicant.
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('new');
    await page.getByTestId('assignee').waitFor();
    await page.getByTestId('notes').waitFor();
    await page.getByTestId('reply').waitFor();

    expect(await violations(page), 'axe-core on the application page').toEqual([]);

    // Previous and next within "karimova", newest first: Dina, Aziza, Zarina (Bekzod is not in it).
    const prev = page.locator('a[rel=prev]');
    const next = page.locator('a[rel=next]');
    await expect.poll(() => prev.getAttribute('href')).toBe(`${ROUTE}/${ids.dina}?q=karimova`);
    expect(await next.getAttribute('href')).toBe(`${ROUTE}/${ids.zarina}?q=karimova`);
    await next.click();
    await page.waitForURL((url) => url.pathname === `${ROUTE}/${ids.zarina}`);
    await expect.poll(() => page.getByTestId('application-page').getAttribute('data-record-id')).toBe(ids.zarina);
    await expect.poll(() => prev.getAttribute('href')).toBe(`${ROUTE}/${ids.aziza}?q=karimova`);
    expect(await next.count()).toBe(0); // the last of the list
    // Oldest first, the same list the other way round.
    await page.goto(`${site.url}${ROUTE}/${ids.zarina}?q=karimova&sort=created`);
    await expect.poll(() => next.getAttribute('href')).toBe(`${ROUTE}/${ids.aziza}?q=karimova&sort=created`);
    expect(await prev.count()).toBe(0);
    // Back to the list, its query kept.
    expect(await page.getByTestId('back-to-list').getAttribute('href')).toBe(`${ROUTE}?q=karimova&sort=created`);
    await page.close();
  });

  it('gives a viewer no action control', async () => {
    const page = await signedIn('viewer', `${ROUTE}/${ids.aziza}?q=karimova`);
    const app = page.getByTestId('application-page');
    await page.getByTestId('mail-status').waitFor();
    await page.locator('a[rel=next]').waitFor();
    await page.getByTestId('assignee').waitFor();
    await page.getByTestId('notes').waitFor();
    expect(await page.getByTestId('reply').count()).toBe(0);
    // Nothing to fill in or choose (status change, assignee, note, reply), nothing to reveal or send.
    expect(await app.locator('input, select, textarea').count()).toBe(0);
    expect(await app.getByRole('button', { name: /^Show Social Security number/ }).count()).toBe(0);
    expect(await app.getByRole('button', { name: 'Send again' }).count()).toBe(0);
    expect(await app.getByRole('button', { name: 'Download PDF with SSNs' }).count()).toBe(0);
    expect(await violations(page), 'axe-core on the application page for a viewer').toEqual([]);
    await page.close();
  });

  it('reflows at 320 px wide', async () => {
    const page = await signedIn('admin', `${ROUTE}/${ids.aziza}`, { width: 320, height: 800 });
    await page.getByTestId('pdf-preview').waitFor();
    await page.getByTestId('signature-evidence').waitFor();
    expect(await widerThanScreen(page)).toEqual([]);
    await page.close();
  });

  it('prints with the SSN masked, from the print view', async () => {
    const page = await signedIn('admin', `${ROUTE}/${ids.aziza}?q=karimova`);
    await page.getByTestId('print-view').click();
    await page.waitForURL((url) => url.pathname === `${ROUTE}/${ids.aziza}/print`);
    const print = page.getByTestId('application-print');
    await print.waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('karimova');
    expect(await print.locator('[data-field=ssn]').textContent()).toContain('•••••6789');
    expect(await print.textContent()).not.toContain('123456789');
    await print.getByTestId('signature-evidence').waitFor();
    // As on paper: what is marked for the screen only is left out, the masked SSN stays.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print').isVisible()).toBe(false);
    expect(await print.locator('[data-field=ssn]').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(await violations(page), 'axe-core on the print view').toEqual([]);
    // The print button opens the browser's print dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByTestId('print').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.close();
  });

  it('left nothing in the console', () => {
    expect(problems).toEqual([]);
  });
});
