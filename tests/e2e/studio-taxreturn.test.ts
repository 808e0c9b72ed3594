/**
 * Issue 35's "done means": an editor builds the tax-return service (tests/fixtures/services/taxreturn/) in
 * the studio, in chromium, by clicks and typing alone — the service, every field with its kind and rules,
 * the condition (spouse's name when married), the dependent pair, the repeating group and its row, the
 * several-files field, the date limits, the steps, the staff card, every text in English, Uzbek and
 * Russian — and saves it. The files the studio writes into a copy of the project that has no tax-return
 * service are byte for byte the checked-in fixture, and the generator accepts them.
 *
 * The order of the edits is studio/model/taxreturnSteps.ts's (its unit test replays it on the model), so a
 * difference here is the UI's, not the model's. One step takes the UI's own way to the same files: the
 * group's help, add-row and row-title texts are typed in its editor (optional texts have no row in the
 * Texts table yet).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { ROOT } from '../support/pocketbase.ts';
import { copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { checked, journey, startStudioOn, type StudioProcess } from '../support/studio.ts';

const FIXTURE = join(ROOT, 'tests/fixtures/services/taxreturn');
const FILES = ['service.json', 'form.schema.json', 'form.ui.json', 'admin.ui.json', 'i18n/en.json', 'i18n/uz.json', 'i18n/ru.json'];
const fixtureTexts = (locale: string) => JSON.parse(readFileSync(join(FIXTURE, `i18n/${locale}.json`), 'utf8')) as Record<string, string>;

const KIND: Record<string, string> = {
  text: 'Text', email: 'E-mail', phone: 'Phone', number: 'Number', choice: 'Choice', yesno: 'Yes / no', date: 'Date',
  file: 'File', files: 'Several files', group: 'Repeating group',
};
const kindText = (kind: string) => (kind.startsWith('shared:') ? `Shared: ${kind.slice('shared:'.length)}` : KIND[kind]!);

describe('the studio builds the tax-return service by clicks and typing', () => {
  let copy: ProjectCopy;
  let studio: StudioProcess;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    copy = copyProject();
    expect(existsSync(join(copy.schemasDir, 'services/taxreturn'))).toBe(false);
    studio = await startStudioOn(copy.root);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  journey(() => page);
  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
    copy?.remove();
  });

  const tab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
  const fieldEditor = (ref: string) => page.getByRole('group', { name: `Field ${ref}`, exact: true });

  /** The field's editor, opened with its "Edit" toggle unless it is open already (one is open at a time). */
  async function edit(ref: string): Promise<Locator> {
    const group = ref.includes('.') ? ref.split('.')[0]! : undefined;
    if (group) await edit(group);
    const editor = fieldEditor(ref);
    if (!(await editor.isVisible())) await page.getByRole('button', { name: `Edit ${ref}`, exact: true }).click();
    await editor.waitFor();
    return editor;
  }

  /** "Add field" (or a group's "Add field to <group>"): kind, name, English label, "Add"; its editor opens. */
  async function addField(kind: string, name: string, label?: string, group?: string): Promise<Locator> {
    if (group) await (await edit(group)).getByRole('button', { name: `Add field to ${group}` }).click();
    else await page.getByRole('button', { name: 'Add field', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: group ? `Add field to ${group}` : 'Add field' });
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: kindText(kind) });
    await dialog.getByRole('textbox', { name: 'Field name' }).fill(name);
    if (label !== undefined) await dialog.getByRole('textbox', { name: 'Label (English)' }).fill(label);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    return edit(group ? `${group}.${name}` : name);
  }

  const required = async (editor: Locator) => editor.getByRole('checkbox', { name: 'Required', exact: true }).check();
  const fill = async (editor: Locator, name: string, value: string) => editor.getByRole('textbox', { name, exact: true }).fill(value);
  const select = async (editor: Locator, name: string, value: string) => void (await editor.getByRole('combobox', { name, exact: true }).selectOption(value));
  /** The privacy category is `letter` alone: a shared field comes with its definition's ticked, which then goes. */
  async function category(editor: Locator, letter: string) {
    const group = editor.getByRole('group', { name: 'Privacy category' });
    await group.getByRole('checkbox', { name: new RegExp(`^${letter} \\(`) }).check();
    for (const box of await group.getByRole('checkbox').all()) if ((await box.getAttribute('value')) !== letter && (await box.isChecked())) await box.uncheck();
  }
  async function option(editor: Locator, value: string, text: string) {
    const options = editor.getByRole('group', { name: 'Options', exact: true });
    await options.getByRole('textbox', { name: 'Option value' }).fill(value);
    await options.getByRole('textbox', { name: 'Option text (English)' }).fill(text);
    await options.getByRole('button', { name: 'Add option' }).click();
    await options.getByRole('button', { name: `Remove option ${value}` }).waitFor();
  }

  it('creates the service from the blank template', async () => {
    await page.goto(studio.url);
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'New service' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service' });
    await dialog.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Blank' });
    await dialog.getByRole('textbox', { name: 'Service id' }).fill('taxreturn');
    await dialog.getByRole('textbox', { name: 'Collection' }).fill('taxreturns');
    await dialog.getByRole('textbox', { name: 'Reference prefix' }).fill('TX');
    await dialog.getByRole('textbox', { name: 'Form address' }).fill('/tax-return');
    await dialog.getByRole('textbox', { name: 'Staff list address' }).fill('/taxreturns');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'taxreturn', level: 1 }).waitFor();
    expect(page.url()).toBe(`${studio.url}services/taxreturn`);
  });

  it('adds the applicant\'s fields: shared ones, a date with limits, a choice', async () => {
    await tab('Fields');
    let e = await addField('shared:fullName', 'fullName');
    await required(e);
    await select(e, 'Autocomplete', 'name');
    await e.getByRole('checkbox', { name: 'Copy button' }).check();

    e = await addField('shared:email', 'email');
    await required(e);
    await select(e, 'Autocomplete', 'email');
    await select(e, 'Show as', 'email');

    e = await addField('date', 'birthDate', 'Date of birth');
    await required(e);
    await fill(e, 'Earliest date', '1900-01-01');
    await fill(e, 'Latest date', 'today-18y');
    await fill(e, 'Example', '1988-04-12');
    await category(e, 'A');
    await select(e, 'Autocomplete', 'bday');

    e = await addField('choice', 'filingStatus', 'Filing status');
    await option(e, 'single', 'Single');
    await option(e, 'married', 'Married filing jointly');
    await option(e, 'headOfHousehold', 'Head of household');
    await required(e);
    await category(e, 'D');
  });

  it('adds the spouse\'s name, shown only when the filing status is married, and the dependent pair', async () => {
    let e = await addField('shared:fullName', 'spouseName', "Spouse's full name");
    await select(e, 'Show only when', 'filingStatus');
    await select(e, 'equals', '=married');
    await required(e);

    e = await addField('text', 'previousPreparer', "Last year's tax preparer (if any)");
    await fill(e, 'Maximum length', '100');
    await category(e, 'D');

    e = await addField('shared:phone', 'previousPreparerPhone', 'Their phone number');
    await category(e, 'D');
    await select(e, 'Show as', 'phone');

    e = await edit('previousPreparer');
    await e.getByRole('group', { name: 'When answered, also require' }).getByRole('checkbox', { name: 'previousPreparerPhone', exact: true }).check();
  });

  it('adds the repeating group of dependents with its row\'s fields', async () => {
    let e = await addField('group', 'dependents', 'Dependents');
    await category(e, 'A');
    // Optional texts have no row in the Texts table until they exist: the group's editor asks for them.
    await fill(e, 'Help (English)', 'Children or relatives you support, up to 10.');
    await fill(e, 'Add-row button (English)', 'Add a dependent');
    await fill(e, 'Row title (English)', 'Dependent {number}');

    e = await addField('text', 'name', 'Full name', 'dependents');
    await required(e);
    await fill(e, 'Minimum length', '1');
    await fill(e, 'Maximum length', '100');
    await fill(e, 'Example', 'Malika Karimova');

    e = await addField('date', 'birthDate', 'Date of birth', 'dependents');
    await required(e);
    await fill(e, 'Latest date', 'today');
    await fill(e, 'Example', '2015-09-01');

    e = await addField('choice', 'relationship', 'Relationship', 'dependents');
    await option(e, 'child', 'Child');
    await option(e, 'parent', 'Parent');
    await option(e, 'other', 'Other relative');
    await required(e);
  });

  it('adds the W-2 files, the appointment date and the terms', async () => {
    let e = await addField('files', 'w2', 'W-2 forms');
    await required(e);
    await fill(e, 'Total size (MB)', '20');
    await category(e, 'D');

    e = await addField('date', 'appointment', 'Preferred appointment date');
    await required(e);
    await fill(e, 'Earliest date', 'today');
    await fill(e, 'Latest date', 'today+90d');
    await fill(e, 'Example', '2030-01-15');
    await category(e, 'D');

    e = await addField('shared:terms', 'terms');
    await required(e);
    await e.getByRole('checkbox', { name: 'Show on the staff card' }).uncheck();

    const rows = page.getByRole('list', { name: 'Fields', exact: true }).locator(':scope > [role=listitem]');
    await expect(rows.locator('code').allTextContents()).resolves.toEqual(['fullName', 'email', 'birthDate', 'filingStatus', 'spouseName', 'previousPreparer', 'previousPreparerPhone', 'dependents', 'w2', 'appointment', 'terms']);
  });

  it('puts the introduction above the form', async () => {
    await tab('Settings');
    await page.getByRole('switch', { name: 'Introduction text above the form' }).check();
  });

  it('puts the form in four steps', async () => {
    await tab('Steps');
    await page.getByRole('switch', { name: 'Show the form in steps' }).check();
    const steps = page.getByRole('list', { name: 'Steps', exact: true });
    await steps.getByRole('listitem').first().waitFor();
    // Every field starts on one step, "main": renamed "about", it keeps them.
    const addStep = async (id: string, title: string) => {
      await page.getByRole('textbox', { name: 'Step id', exact: true }).fill(id);
      await page.getByRole('textbox', { name: 'Title (English)', exact: true }).fill(title);
      await page.getByRole('button', { name: 'Add step' }).click();
      await page.getByRole('textbox', { name: `Title of ${id} (English)` }).waitFor();
    };
    await page.getByRole('textbox', { name: 'Id of step main', exact: true }).fill('about');
    await page.getByRole('textbox', { name: 'Id of step main', exact: true }).press('Enter');
    await page.getByRole('textbox', { name: 'Title of about (English)' }).fill('About you');
    await addStep('family', 'Dependents');
    await addStep('documents', 'Documents');
    await addStep('finish', 'Appointment');
    for (const [field, step] of [['dependents', 'family'], ['w2', 'documents'], ['previousPreparer', 'documents'], ['previousPreparerPhone', 'documents'], ['appointment', 'finish'], ['terms', 'finish']] as const) {
      await page.getByRole('combobox', { name: `Step of ${field}`, exact: true }).selectOption(step);
    }
    await expect(steps.getByRole('listitem').allTextContents()).resolves.toHaveLength(4);
  });

  it('fills in every text in English, Uzbek and Russian in the Texts table', async () => {
    await tab('Texts');
    await page.getByRole('table', { name: 'Texts of taxreturn' }).waitFor();
    const cell = (key: string, language: string) => page.getByRole('textbox', { name: `${key} (${language})`, exact: true });
    // What the fields' dialogs did not ask for.
    const english = fixtureTexts('en');
    for (const key of ['title', 'intro', 'admin.title', 'received']) {
      await cell(key, 'English').fill(english[key]!);
    }
    for (const [locale, language] of [['uz', 'Uzbek'], ['ru', 'Russian']] as const) {
      for (const [key, value] of Object.entries(fixtureTexts(locale))) {
        const input = cell(key, language);
        if ((await input.inputValue()) !== value) await input.fill(value);
      }
    }
    // Nothing is left missing or untranslated.
    await page.getByRole('switch', { name: "Only what's missing" }).check();
    await expect(page.getByRole('table', { name: 'Texts of taxreturn' }).getByRole('textbox').count()).resolves.toBe(0);
    await page.getByRole('switch', { name: "Only what's missing" }).uncheck();
  });

  it('saves after showing the files and the new collection\'s migration', async () => {
    await checked(page);
    await expect(page.getByRole('button', { name: 'No problems' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save changes' });
    for (const file of FILES) await dialog.getByRole('region', { name: `schemas/services/taxreturn/${file}`, exact: true }).waitFor();
    await expect(dialog.getByRole('region', { name: 'schemas/services/taxreturn/form.schema.json' }).textContent()).resolves.toContain('"spouseName"');
    await expect(dialog.getByText('Database changes').isVisible()).resolves.toBe(true);
    await expect(dialog.textContent()).resolves.toContain('taxreturns');
    await dialog.getByRole('button', { name: 'Save files' }).click();
    await dialog.getByRole('status').filter({ hasText: /^Saved: \d+ files?/ }).waitFor({ timeout: 120_000 });
    expect(pageErrors).toEqual([]);
  });

  it('wrote the checked-in fixture, byte for byte', () => {
    const dir = join(copy.schemasDir, 'services/taxreturn');
    const written = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
    expect(written).toEqual([...FILES].sort());
    for (const file of FILES) expect(readFileSync(join(dir, file), 'utf8'), file).toBe(readFileSync(join(FIXTURE, file), 'utf8'));
  });

  it('is accepted by the generator', () => {
    // The CLI exits non-zero on any problem, and execFileSync throws with what it printed.
    generateIn(copy.root);
    expect(readdirSync(copy.migrationsDir).some((f) => readFileSync(join(copy.migrationsDir, f), 'utf8').includes('"taxreturns"'))).toBe(true);
  });
});
