/**
 * Issue 31's "prove it": a content editor adds the tax-return service (tests/fixtures/services/taxreturn)
 * with schema files only, using every construct the engine has — a condition (spouse's name when
 * married), a dependent field pair (dependentRequired), a repeating group (dependents), several files in
 * one field (W-2 forms), dates with absolute and relative limits, and steps with a review page. A
 * throw-away copy of the project is generated, built and served by a real PocketBase; in chromium an
 * applicant fills it in Russian, and staff see every answer on the card.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, label, launchBrowser, watchConsole } from '../support/browser.ts';
import { PDF_BYTES } from '../support/fixtures.ts';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { buildSiteIn, copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { createStaff, superuserClient } from '../support/staff.ts';

const FIXTURE = join(ROOT, 'tests/fixtures/services/taxreturn');
const fixture = (path: string) => JSON.parse(readFileSync(join(FIXTURE, path), 'utf8'));
const service = fixture('service.json') as { id: string; collection: string; forms: { id: string; route: string }[]; admin: { route: string } };
const ru = fixture('i18n/ru.json') as Record<string, string>;
const steps = (fixture('form.ui.json') as { 'ui:steps': { id: string; fields: string[] }[] })['ui:steps'];
const form = service.forms[0]!;

/** A date `days` from today, as a date input takes it (the applicant's local day, which is the machine's here). */
function isoDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const answers = {
  fullName: 'Азиза Каримова',
  email: 'aziza.tax@example.com',
  birthDate: '1988-04-12',
  spouseName: 'Бобур Каримов',
  dependents: [
    { name: 'Малика Каримова', birthDate: '2015-09-01', relationship: 'child' },
    { name: 'Тимур Каримов', birthDate: '2018-02-20', relationship: 'child' },
    { name: 'Гульнора Рахимова', birthDate: '1955-06-30', relationship: 'parent' },
  ],
  w2: ['w2-employer-one.pdf', 'w2-employer-two.pdf'],
  appointment: isoDay(7),
};

describe('a content editor adds the tax-return service, with conditions, a repeating group, several files, dates and steps', () => {
  let tree: ProjectCopy;
  let handWritten: Map<string, string>;
  /** The shared Russian texts of the tree (buttons, step progress, errors). */
  let common: Record<string, string>;
  const fieldLabel = (name: string): string => ru[`fields.${name}.label`] ?? common[`fields.${name}.label`] ?? name;
  let site: PocketBaseProcess | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  const problems: string[] = [];

  beforeAll(() => {
    tree = copyProject({ fixtures: [service.id] });
    handWritten = tree.handWritten();
    common = tree.readJson('common/i18n/ru.json');
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    tree?.remove();
  });

  it('generates the service with zero code changes', () => {
    const log = generateIn(tree.root);
    expect(tree.files().some((p) => new RegExp(`^pb_migrations/\\d+_created_${service.collection}\\.js$`).test(p)), log).toBe(true);
    expect(tree.handWritten()).toEqual(handWritten);
  }, 300_000);

  it('builds the site from that tree', () => {
    buildSiteIn(tree.root);
  }, 300_000);

  it('serves it with PocketBase on the tree’s migrations and hooks', async () => {
    site = await startPocketBase({ migrationsDir: tree.migrationsDir, hooksDir: join(tree.root, 'pb_hooks'), publicDir: join(tree.root, 'dist') });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 420, height: 900 }, locale: 'ru-RU' });
  });

  it('walks an applicant through the steps in Russian: condition, group, files, dates, review, change, submit', async () => {
    const page = await open(`${form.route}?lang=ru`);
    await hydrated(page);
    const next = page.getByRole('button', { name: common['form.steps.next'], exact: true });
    const progress = (n: number) => common['form.steps.progress']!.replace('{current}', String(n)).replace('{total}', String(steps.length));
    const stepHeading = (id: string) => page.getByRole('heading', { name: ru[`steps.${id}`] });
    const field = (name: string, within: Page | Locator = page) => within.getByLabel(label(fieldLabel(name)), { exact: true });

    // Step 1: about you. The spouse's name appears only when "married" is chosen.
    await stepHeading('about').waitFor();
    await page.getByText(progress(1)).waitFor();
    expect(await field('spouseName').count()).toBe(0);
    await field('fullName').fill('Азиза');
    await field('email').fill(answers.email);
    // A birth date in the future (and under 18) is refused at Next, in Russian, and the step stays.
    await field('birthDate').fill('2030-05-01');
    await field('filingStatus').selectOption({ label: ru['fields.filingStatus.options.married']! });
    await field('spouseName').fill(answers.spouseName);
    await next.click();
    // The refusal names the latest date allowed, in Russian.
    await page.getByText(common['errors.date.max']!.split('{date}')[0]!.trim()).filter({ visible: true }).first().waitFor();
    await page.getByText(progress(1)).waitFor();
    await field('birthDate').fill(answers.birthDate);
    await next.click();

    // Step 2: three dependents, added by the group's own button.
    await stepHeading('family').waitFor();
    await page.getByText(progress(2)).waitFor();
    expect(page.url()).toContain('step=family');
    for (const [i, d] of answers.dependents.entries()) {
      await page.getByRole('button', { name: ru['fields.dependents.add'] }).click();
      const row = page.getByRole('group', { name: ru['fields.dependents.row']!.replace('{number}', String(i + 1)) });
      await row.getByLabel(label(ru['fields.dependents.items.name.label']!)).fill(d.name);
      await row.getByLabel(label(ru['fields.dependents.items.birthDate.label']!)).fill(d.birthDate);
      await row.getByLabel(label(ru['fields.dependents.items.relationship.label']!)).selectOption({ label: ru[`fields.dependents.items.relationship.options.${d.relationship}`]! });
    }
    await next.click();

    // Step 3: two W-2 files in one field; Back keeps what was typed before.
    await stepHeading('documents').waitFor();
    await page.locator('input[type=file]').setInputFiles(answers.w2.map((name) => ({ name, mimeType: 'application/pdf', buffer: PDF_BYTES })));
    for (const name of answers.w2) await page.getByText(name).first().waitFor();
    await page.getByRole('button', { name: common['form.steps.back'], exact: true }).click();
    await stepHeading('family').waitFor();
    expect(await page.getByRole('group', { name: ru['fields.dependents.row']!.replace('{number}', '3') }).getByLabel(label(ru['fields.dependents.items.name.label']!)).inputValue()).toBe(
      answers.dependents[2]!.name,
    );
    await next.click();
    await stepHeading('documents').waitFor();
    for (const name of answers.w2) await page.getByText(name).first().waitFor();
    await next.click();

    // Step 4: an appointment from today on, and the terms.
    await stepHeading('finish').waitFor();
    await field('appointment').fill(answers.appointment);
    await field('terms').check();
    await next.click();

    // Check your answers: every answer, and a Change link back to its step.
    await page.getByRole('heading', { name: common['form.review.title'] }).waitFor();
    expect(page.url()).toContain('step=review');
    for (const text of [answers.email, answers.spouseName, ...answers.dependents.map((d) => d.name), ...answers.w2]) await page.getByText(text).first().waitFor();
    // The browser's own Back leaves the review for the last step, and Forward returns.
    await page.goBack();
    await stepHeading('finish').waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: common['form.review.title'] }).waitFor();
    await page.getByRole('link', { name: new RegExp(fieldLabel('fullName')) }).or(page.getByRole('button', { name: new RegExp(fieldLabel('fullName')) })).first().click();
    await stepHeading('about').waitFor();
    await field('fullName').fill(answers.fullName);
    for (let i = 0; i < steps.length && !(await page.getByRole('heading', { name: common['form.review.title'] }).isVisible()); i++) await next.click();
    await page.getByRole('heading', { name: common['form.review.title'] }).waitFor();
    await page.getByText(answers.fullName).first().waitFor();

    await page.getByRole('button', { name: common['form.submit'], exact: true }).click();
    await page.getByTestId('form-success').getByRole('heading', { name: ru.received, level: 1 }).waitFor();
    await page.close();
  });

  it('stored every answer: the condition’s field, the rows, the files in order, the dates', async () => {
    const admin = await superuserClient(site!);
    const list = await admin.collection(service.collection).getFullList();
    expect(list).toHaveLength(1);
    const stored = list[0]!;
    expect(stored).toMatchObject({
      fullName: answers.fullName,
      email: answers.email,
      filingStatus: 'married',
      spouseName: answers.spouseName,
      dependents: answers.dependents,
      terms: true,
      locale: 'ru',
      variant: form.id,
    });
    expect(String(stored.birthDate)).toContain(answers.birthDate);
    expect(String(stored.appointment)).toContain(answers.appointment);
    expect(stored.w2).toHaveLength(2);
    expect((stored.w2 as string[]).map((n) => n.replace(/_[a-z0-9]{10}\.pdf$/, '.pdf'))).toEqual(answers.w2.map((n) => n.replace(/-/g, '_')));
  });

  it("shows staff every answer on the application's page: the rows as a table, both files", async () => {
    const staff = await createStaff(site!, 'viewer', 'taxreturn-staff@formwork.test');
    const page = await open(`${service.admin.route}?lang=ru`);
    await page.waitForURL(/\/staff\/sign-in\?next=/);
    await page.getByLabel(label(common['staff.signIn.email']!)).fill(staff.email);
    await page.getByLabel(label(common['staff.signIn.password']!)).fill(staff.password);
    await page.getByRole('button', { name: common['staff.signIn.submit'] }).click();
    await page.waitForURL((url) => url.pathname === service.admin.route);
    const row = page.getByTestId('staff-table').locator('tbody tr[data-record-id]').first();
    await row.waitFor();
    await row.locator('td a').first().click();
    const card = page.getByTestId('application-page');
    const dependents = card.locator('[data-field=dependents]').getByRole('table');
    await dependents.waitFor();
    expect(await dependents.getByRole('row').count()).toBe(answers.dependents.length + 1);
    for (const d of answers.dependents) await dependents.getByText(d.name).waitFor();
    await dependents.getByText(ru['fields.dependents.items.relationship.options.parent']!).waitFor();
    expect(await card.locator('[data-field=w2] a').count()).toBe(2);
    expect(await card.locator('[data-field=spouseName] dd').textContent()).toBe(answers.spouseName);
    await page.close();
  });

  it('logged no console errors on the way', () => {
    expect(problems).toEqual([]);
  });

  async function open(path: string): Promise<Page> {
    const page = await context.newPage();
    watchConsole(page, problems);
    await page.goto(`${site!.url}${path}`);
    return page;
  }
});
