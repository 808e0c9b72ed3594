/**
 * Issue 35: an editor opens an existing service in the studio, renames a label in Russian and swaps two
 * fields — with the keyboard, on the drag handle (Space, an arrow, Space) — and saves. The diff of the
 * service's files touches only those lines: the Russian label's line, and the lines that name the two
 * fields (their properties, their place in ui:order and on the staff card); every other file and line is
 * as it was, byte for byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffLines } from 'diff';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { copyProject, type ProjectCopy } from '../support/project-copy.ts';
import { checked, journey, startStudioOn, type StudioProcess } from '../support/studio.ts';

const SERVICE = 'contact';
const FILES = ['service.json', 'form.schema.json', 'form.ui.json', 'admin.ui.json', 'i18n/en.json', 'i18n/uz.json', 'i18n/ru.json'];
const LABEL_KEY = 'fields.fname.label';
const NEW_LABEL = 'Ваше имя';
/** phone moves above email. */
const SWAPPED = ['email', 'phone'];

/** The lines a line diff removes and adds (jsdiff's, as `git diff` would show them). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const removed: string[] = [];
  const added: string[] = [];
  for (const part of diffLines(before, after)) {
    const lines = part.value.replace(/\n$/, '').split('\n');
    if (part.removed) removed.push(...lines);
    else if (part.added) added.push(...lines);
  }
  return { removed, added };
}

describe('editing an existing service in the studio', () => {
  let copy: ProjectCopy;
  let studio: StudioProcess;
  let browser: Browser;
  let page: Page;
  const before = new Map<string, string>();
  const pageErrors: string[] = [];
  const read = (file: string) => readFileSync(join(copy.schemasDir, 'services', SERVICE, file), 'utf8');

  beforeAll(async () => {
    copy = copyProject();
    for (const file of FILES) before.set(file, read(file));
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

  it('renames a Russian label, swaps two fields by keyboard and saves', async () => {
    await page.goto(studio.url);
    await page.getByRole('main').getByRole('link', { name: 'Leave us a message', exact: true }).click({ timeout: 120_000 });
    await page.getByRole('heading', { name: SERVICE, level: 1 }).waitFor();

    await page.getByRole('tab', { name: 'Texts', exact: true }).click();
    const cell = page.getByRole('textbox', { name: `${LABEL_KEY} (Russian)`, exact: true });
    await expect(cell.inputValue()).resolves.toBe('Имя');
    await cell.fill(NEW_LABEL);

    await page.getByRole('tab', { name: 'Fields', exact: true }).click();
    const list = page.getByRole('list', { name: 'Fields', exact: true });
    const order = async () => (await list.locator(':scope > [role=listitem]').locator('code').allTextContents()).map((s) => s.trim());
    await list.getByRole('listitem').first().waitFor();
    await expect(order()).resolves.toEqual(['fname', 'lname', 'email', 'phone', 'message']);
    // @hello-pangea/dnd's keyboard dragging; each step waits for what the screen reader is told.
    const told = (text: RegExp) => page.locator('[aria-live]').filter({ hasText: text }).waitFor({ state: 'attached' });
    const handle = list.getByRole('button', { name: 'Drag phone', exact: true });
    await handle.focus();
    await page.keyboard.press('Space');
    await told(/You lifted phone, in position 4 of 5/);
    await page.keyboard.press('ArrowUp');
    await told(/phone is now in position 3 of 5/);
    await page.keyboard.press('Space');
    await told(/You dropped phone: from position 4 to position 3 of 5/);
    await expect(order()).resolves.toEqual(['fname', 'lname', 'phone', 'email', 'message']);

    await checked(page);
    await page.getByRole('button', { name: 'No problems' }).waitFor();
    await page.getByRole('button', { name: 'Save…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save changes' });
    // The dialog shows the files that change, and only those.
    for (const file of ['form.schema.json', 'form.ui.json', 'admin.ui.json', 'i18n/ru.json']) {
      await dialog.getByRole('region', { name: `schemas/services/${SERVICE}/${file}`, exact: true }).waitFor();
    }
    for (const file of ['service.json', 'i18n/en.json', 'i18n/uz.json']) {
      await expect(dialog.getByRole('region', { name: `schemas/services/${SERVICE}/${file}`, exact: true }).count()).resolves.toBe(0);
    }
    await dialog.getByRole('button', { name: 'Save files' }).click();
    await dialog.getByRole('status').filter({ hasText: /^Saved: \d+ files?$/ }).waitFor({ timeout: 120_000 });
    expect(pageErrors).toEqual([]);
  });

  it('changed only the Russian label line in the texts', () => {
    for (const file of ['service.json', 'i18n/en.json', 'i18n/uz.json']) expect(read(file), file).toBe(before.get(file));
    const { removed, added } = changedLines(before.get('i18n/ru.json')!, read('i18n/ru.json'));
    expect(removed).toEqual([`  "${LABEL_KEY}": "Имя",`]);
    expect(added).toEqual([`  "${LABEL_KEY}": "${NEW_LABEL}",`]);
  });

  it('changed only the lines of the two fields in the schema, its layout and the staff card', () => {
    for (const file of ['form.schema.json', 'form.ui.json', 'admin.ui.json']) {
      const { removed, added } = changedLines(before.get(file)!, read(file));
      expect(removed.length, file).toBeGreaterThan(0);
      for (const line of [...removed, ...added]) expect(SWAPPED.some((name) => line.includes(`"${name}"`)), `${file}: ${line}`).toBe(true);
      // A reorder: the same lines, only in another order (ui:order's one line is the exception: it lists them).
      if (file !== 'form.ui.json') expect([...added].sort(), file).toEqual([...removed].sort());
    }
    const schema = JSON.parse(read('form.schema.json'));
    expect(Object.keys(schema.properties)).toEqual(['fname', 'lname', 'phone', 'email', 'message']);
    expect(JSON.parse(read('form.ui.json'))['ui:order']).toEqual(['fname', 'lname', 'phone', 'email', 'message']);
    expect(JSON.parse(read('admin.ui.json')).fields.map((f: { name: string }) => f.name)).toEqual(['fname', 'lname', 'phone', 'email', 'message']);
  });
});
