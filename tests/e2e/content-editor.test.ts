/**
 * "A content editor adds a service with schema files only", end to end: a throw-away copy of the
 * project whose only difference from the repo is one more schema folder (the petition fixture) is
 * generated with the real generator, built with Vite and served by a real PocketBase; in Debian's
 * chromium /services lists the petition (its service.json says so), an applicant files a petition and
 * staff see it on the petition's own staff list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, label, launchBrowser, watchConsole } from '../support/browser.ts';
import { PDF_BYTES } from '../support/fixtures.ts';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { buildSiteIn, copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { createStaff, superuserClient } from '../support/staff.ts';

const FIXTURE = join(ROOT, 'tests/fixtures/services/petition');
const fixture = (path: string) => JSON.parse(readFileSync(join(FIXTURE, path), 'utf8'));
const service = fixture('service.json') as {
  id: string;
  collection: string;
  forms: { id: string; route: string; success: unknown; listing?: { order: number; price?: string } }[];
  constants: Record<string, number>;
  admin: { route: string };
};
const en = fixture('i18n/en.json') as Record<string, string>;
const texts = { en, uz: fixture('i18n/uz.json') as Record<string, string>, ru: fixture('i18n/ru.json') as Record<string, string> };
const properties = Object.keys(fixture('form.schema.json').properties as object);
const form = service.forms[0]!;

const petition = {
  fullName: 'Aziza Karimova',
  email: 'aziza@example.com',
  topic: 'roads',
  message: 'The pothole on Navoi street has been there since spring.',
  file: 'pothole-photo-report.pdf',
};

describe('a content editor adds a service with schema files only', () => {
  let tree: ProjectCopy;
  let handWritten: Map<string, string>;
  /** The shared English texts, as the tree has them (the site's sign-in, submit button and field labels). */
  let common: Record<string, string>;
  /** A field's English label the way the generator resolves it: the service's own text, else the shared one. */
  const fieldLabel = (name: string): string => en[`fields.${name}.label`] ?? common[`fields.${name}.label`] ?? name;
  let site: PocketBaseProcess | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  const problems: string[] = [];

  beforeAll(() => {
    tree = copyProject({ fixtures: [service.id] });
    handWritten = tree.handWritten();
    common = tree.readJson('common/i18n/en.json');
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    tree?.remove();
  });

  it('generates a migration and a form module for the new service, and touches no hand-written file', () => {
    const log = generateIn(tree.root);
    const migration = tree.files().find((p) => new RegExp(`^pb_migrations/\\d+_created_${service.collection}\\.js$`).test(p));
    expect(migration, log).toBeDefined();
    expect(log).toContain(`wrote ${migration}`);
    const module = `src/generated/forms/${service.id}.${form.id}.ts`;
    expect(log).toContain(`wrote ${module}`);
    expect(readFileSync(join(tree.root, module), 'utf8')).toContain('"fullName"');
    expect(readFileSync(join(tree.root, migration!), 'utf8')).toContain(`"name": "${service.collection}"`);
    expect(readFileSync(join(tree.root, 'src/generated/registry.ts'), 'utf8')).toContain(`route: "${form.route}"`);
    expect(readFileSync(join(tree.root, 'pb_hooks/generated/services.js'), 'utf8')).toContain(service.collection);
    // Zero code changes: the hand-written code is the repo's, copied, and the generator left all of it as it was.
    expect([...handWritten.keys()]).toEqual(expect.arrayContaining(['src/main.tsx', 'pb_hooks/submissions.pb.js', 'index.html', 'vite.config.ts']));
    expect(tree.handWritten()).toEqual(handWritten);
  });

  it('builds the site from that tree and serves it with PocketBase on the tree’s migrations and hooks', async () => {
    buildSiteIn(tree.root);
    // The proof of work on, as startSite has it: the new service's form solves one like every other.
    site = await startPocketBase({
      migrationsDir: tree.migrationsDir,
      hooksDir: join(tree.root, 'pb_hooks'),
      publicDir: join(tree.root, 'dist'),
      env: { FORMWORK_POW: 'on' },
    });
    const admin = await superuserClient(site);
    expect((await admin.collections.getOne(service.collection)).name).toBe(service.collection);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 420, height: 900 } });
  });

  it('lists the petition on /services in each language, as its service.json says, with its price and a link to its form', async () => {
    expect(form.listing?.price).toBe('fee');
    const price = { en: '$15', uz: '15\u00a0US$', ru: '15\u00a0$' }; // constants.fee, whole dollars in each language's format
    expect(service.constants.fee).toBe(15);
    for (const lang of ['en', 'uz', 'ru'] as const) {
      const page = await open(`/services?lang=${lang}`);
      const item = page.locator(`[data-service="${service.id}"][data-form="${form.id}"]`);
      await item.waitFor();
      const link = item.getByRole('link', { name: texts[lang]![`listing.${form.id}.title`] });
      expect(await link.getAttribute('href')).toBe(form.route);
      await item.getByText(texts[lang]![`listing.${form.id}.summary`]!, { exact: true }).waitFor();
      expect(await item.getByTestId('service-price').textContent()).toBe(price[lang]);
      await page.close();
    }
  });

  it('lets an applicant fill every field of the petition and submit it', async () => {
    const page = await open(`${form.route}?lang=en`);
    await page.getByRole('heading', { name: en.title, level: 1 }).waitFor();
    await page.getByText(en.intro!).waitFor(); // the "top" text block
    await page.getByText(en.fee!, { exact: false }).first().waitFor(); // the fee block before the terms

    // Every field of the form, and no other: a field added to the fixture must be added here too.
    expect(properties).toEqual(['fullName', 'email', 'topic', 'message', 'attachment', 'terms']);
    await page.getByLabel(label(fieldLabel('fullName'))).fill(petition.fullName);
    await page.getByLabel(label(fieldLabel('email'))).fill(petition.email);
    await page.getByLabel(label(fieldLabel('topic'))).selectOption({ label: en['fields.topic.options.roads']! }); // a native select
    await page.getByLabel(label(fieldLabel('message'))).fill(petition.message);
    await hydrated(page); // the page is React's before a file is set on its input (a fill waits for that by itself)
    await page.locator('input[type=file]').setInputFiles({ name: petition.file, mimeType: 'application/pdf', buffer: PDF_BYTES });
    await page.getByLabel(label(fieldLabel('terms'))).check();

    await page.getByRole('button', { name: common['form.submit'] }).click();
    // The fixture thanks on the form's own page (service.json success: "instead").
    await page.getByTestId('form-success').getByRole('heading', { name: en.received, level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: common['form.submit'] }).count()).toBe(0);
    await page.close();
  });

  it('stored the petition with every value (PocketBase API, as the superuser)', async () => {
    const admin = await superuserClient(site!);
    const list = await admin.collection(service.collection).getFullList();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ fullName: petition.fullName, email: petition.email, topic: petition.topic, message: petition.message, terms: true, variant: form.id, locale: 'en' });
    expect(list[0]!.attachment).toMatch(/\.pdf$/);
  });

  it("shows the petition to staff on its own list, and its values on the application's page", async () => {
    const staff = await createStaff(site!, 'viewer', 'petitions-staff@formwork.test');
    const page = await open(`${service.admin.route}?lang=en`);
    await page.waitForURL(/\/staff\/sign-in\?next=/);
    await page.getByLabel(label(common['staff.signIn.email']!)).fill(staff.email);
    await page.getByLabel(label(common['staff.signIn.password']!)).fill(staff.password);
    await page.getByRole('button', { name: common['staff.signIn.submit'] }).click();
    await page.waitForURL((url) => url.pathname === service.admin.route);
    await page.getByRole('heading', { name: en['admin.title'] }).waitFor();
    const rows = page.getByTestId('staff-table').locator('tbody tr[data-record-id]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    const stored = (await (await superuserClient(site!)).collection(service.collection).getFullList())[0]!;
    expect(await rows.getAttribute('data-record-id')).toBe(stored.id);
    await rows.getByRole('link', { name: String(stored.reference) }).click();
    await page.waitForURL((url) => url.pathname === `${service.admin.route}/${stored.id}`);
    const card = page.getByTestId('application-page');
    await card.locator('[data-field=fullName]').waitFor();
    const value = (field: string) => card.locator(`[data-field=${field}] dd`).textContent();
    expect(await value('fullName')).toBe(petition.fullName);
    expect(await value('email')).toBe(petition.email);
    expect(await value('message')).toBe(petition.message);
    expect(await value('topic')).toBe(en['fields.topic.options.roads']); // the option's text, not the stored value
    expect(await value('attachment')).toBe(String(stored.attachment)); // the page names the whole file (admin.ui.json's tail 11 shortens it on a card)
    // The attachment is a link to the protected file, with a file token: it opens for staff.
    const link = card.locator('[data-field=attachment] a');
    await expect.poll(() => link.getAttribute('href')).toMatch(/[?&]token=[^&]+/);
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain(`/${stored.id}/${stored.attachment}`);
    const download = await page.request.get(new URL(href, site!.url).toString());
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(PDF_BYTES)).toBe(true);
    expect(await card.locator('[data-field=fullName] dt').textContent()).toBe(fieldLabel('fullName'));
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

