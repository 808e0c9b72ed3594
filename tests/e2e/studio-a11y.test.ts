/**
 * The studio is for everyone who edits services: axe finds no WCAG A/AA violation on any of its screens
 * (the services page, the New service dialog, each tab of the editor, the preview's staff card and e-mails,
 * the field editors of every kind, the Add field dialog, a problem and the Problems dialog, the remove
 * confirmation and the save dialog with a removed field's choices), and
 * it is usable by keyboard alone: Tab to "Add field", add a text field, give it its labels, save.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, withAxe } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { chooseByKeys, focused, tabTo } from '../support/keyboard.ts';
import { copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { checked, showOnFailure, startStudioOn, type StudioProcess } from '../support/studio.ts';

describe('the studio by keyboard and screen reader', () => {
  let copy: ProjectCopy;
  let studio: StudioProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // The tax-return fixture has every construct: a condition, a repeating group, several files, steps.
    copy = copyProject({ fixtures: ['taxreturn'] });
    // Its collection's migration too, as a checked-in service has: a removed field is then retired, not unknown.
    generateIn(copy.root);
    studio = await startStudioOn(copy.root);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    await withAxe(context);
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  showOnFailure(() => page);
  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
    copy?.remove();
  });

  const found: Record<string, string[]> = {};
  const axe = async (screen: string) => {
    found[screen] = await violations(page);
  };
  const tab = async (name: string) => {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('tabpanel', { name, exact: true }).waitFor();
  };
  const openEditor = async (ref: string) => {
    const editor = page.getByRole('group', { name: `Field ${ref}`, exact: true });
    if (!(await editor.isVisible())) await page.getByRole('button', { name: `Edit ${ref}`, exact: true }).click();
    await editor.waitFor();
  };

  it('has no axe violation on any screen', async () => {
    await page.goto(studio.url);
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor({ timeout: 120_000 });
    await axe('services page');

    await page.getByRole('button', { name: 'New service' }).click();
    const created = page.getByRole('dialog', { name: 'New service' });
    await created.waitFor();
    await axe('New service dialog');
    await created.getByRole('button', { name: 'Cancel' }).click();
    await created.waitFor({ state: 'hidden' });

    await page.getByRole('main').getByRole('link', { name: 'Leave us a message', exact: true }).click();
    await page.getByRole('heading', { name: 'contact', level: 1 }).waitFor();
    // The preview's other views, in Russian on a phone's width: the staff card and the e-mails (contact sends two).
    const preview = page.getByRole('region', { name: 'Preview' });
    const frame = page.frameLocator('iframe[title="Preview"]');
    await preview.getByRole('radiogroup', { name: 'Language' }).getByText('Русский', { exact: true }).click();
    await preview.getByRole('radiogroup', { name: 'Width' }).getByText('Phone', { exact: true }).click();
    await preview.getByRole('radiogroup', { name: 'Show' }).getByText('Staff card', { exact: true }).click();
    await frame.getByTestId('record-card').waitFor();
    await axe('preview of the staff card');
    await preview.getByRole('radiogroup', { name: 'Show' }).getByText('E-mails', { exact: true }).click();
    await frame.getByTestId('preview-mail').first().waitFor();
    await axe('preview of the e-mails');
    await preview.getByRole('radiogroup', { name: 'Show' }).getByText('Form', { exact: true }).click();

    await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'taxreturn', exact: true }).click();
    await page.getByRole('heading', { name: 'taxreturn', level: 1 }).waitFor();
    await checked(page);
    for (const name of ['Fields', 'Steps', 'Texts', 'Settings']) {
      await tab(name);
      await axe(`${name} tab`);
    }

    await tab('Fields');
    // A field editor of each kind of control: choice options, a condition, a repeating group and one of its
    // row's fields, several files, date limits.
    for (const ref of ['filingStatus', 'spouseName', 'dependents', 'dependents.relationship', 'w2', 'birthDate']) {
      if (ref.includes('.')) await openEditor(ref.split('.')[0]!);
      await openEditor(ref);
      await axe(`field editor of ${ref}`);
    }

    await page.getByRole('button', { name: 'Add field', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add field' });
    await add.waitFor();
    await axe('Add field dialog');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'hidden' });

    // A problem: shown beside its text, counted on the problems button, listed in the Problems dialog.
    await tab('Texts');
    await page.getByRole('textbox', { name: 'title (Russian)', exact: true }).fill('');
    await checked(page);
    await page.getByRole('button', { name: '1 problem', exact: true }).click();
    const problems = page.getByRole('dialog', { name: 'Problems' });
    await problems.waitFor();
    await axe('Problems dialog');
    await page.keyboard.press('Escape');
    await problems.waitFor({ state: 'hidden' });
    await axe('Texts tab with a problem');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await checked(page);
    await page.getByRole('button', { name: 'No problems' }).waitFor();
    await tab('Fields');

    // A removed field: the confirmation, then the save dialog asks what happens to its stored answers.
    await openEditor('appointment');
    await page.getByRole('button', { name: 'Remove appointment', exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Remove appointment?' });
    await remove.waitFor();
    await axe('Remove field dialog');
    await remove.getByRole('button', { name: 'Remove field' }).click();
    await remove.waitFor({ state: 'hidden' });
    await checked(page);
    await page.getByRole('button', { name: 'Save…' }).click();
    const save = page.getByRole('dialog', { name: 'Save changes' });
    await save.getByRole('radiogroup', { name: "What happens to appointment's stored answers?" }).waitFor();
    await axe('Save dialog');
    await page.keyboard.press('Escape');
    await save.waitFor({ state: 'hidden' });

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((screen) => [screen, []])));
    expect(pageErrors).toEqual([]);
  });

  it('adds a text field, its labels, and saves, by keyboard alone', async () => {
    // A fresh page on another service: nothing focused, no mouse from here on.
    await page.goto(`${studio.url}services/contact`);
    await page.getByRole('heading', { name: 'contact', level: 1 }).waitFor({ timeout: 60_000 });
    await checked(page);

    await tabTo(page, page.getByRole('button', { name: 'Add field', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add field' });
    const kind = dialog.getByRole('combobox', { name: 'Kind' });
    await kind.waitFor();
    // The dialog puts the focus on its first control.
    expect(await focused(kind)).toBe(true);
    await chooseByKeys(page, kind, 'text');
    await page.keyboard.press('Tab');
    await page.keyboard.type('company');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Company');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const editor = page.getByRole('group', { name: 'Field company', exact: true });
    await editor.waitFor();
    // Every field says which privacy category it holds (the generator refuses one without).
    await tabTo(page, editor.getByRole('checkbox', { name: 'B (customer records)' }));
    await page.keyboard.press('Space');

    // Its Uzbek and Russian labels, in the Texts tab: the tabs take the arrows (WAI-ARIA tabs).
    await tabTo(page, page.getByRole('tab', { name: 'Fields', exact: true }), { back: true });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focused(page.getByRole('tab', { name: 'Texts', exact: true }))).resolves.toBe(true);
    await page.keyboard.press('Enter');
    for (const [language, text] of [['Uzbek', 'Kompaniya'], ['Russian', 'Компания']] as const) {
      await tabTo(page, page.getByRole('textbox', { name: `fields.company.label (${language})`, exact: true }));
      await page.keyboard.type(text);
    }

    await checked(page);
    await page.getByRole('button', { name: 'No problems' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Save…' }), { back: true });
    await page.keyboard.press('Enter');
    const save = page.getByRole('dialog', { name: 'Save changes' });
    await tabTo(page, save.getByRole('button', { name: 'Save files' }));
    await page.keyboard.press('Enter');
    await save.getByRole('status').filter({ hasText: /^Saved: \d+ files?$/ }).waitFor({ timeout: 120_000 });

    const service = join(copy.schemasDir, 'services/contact');
    const schema = JSON.parse(readFileSync(join(service, 'form.schema.json'), 'utf8'));
    expect(schema.properties.company).toMatchObject({ type: 'string', 'x-category': 'B' });
    for (const [locale, text] of [['en', 'Company'], ['uz', 'Kompaniya'], ['ru', 'Компания']]) {
      expect(JSON.parse(readFileSync(join(service, `i18n/${locale}.json`), 'utf8'))['fields.company.label'], locale).toBe(text);
    }
    expect(pageErrors).toEqual([]);
  });
});
