/**
 * The form filler (tests/support/fillForm.ts) on services the repo does not have, so that what it claims
 * (any service in schemas/ is filled without a line of test code) is shown on the constructs today's
 * services do not use: the tax-return fixture (steps, a condition, a dependent field pair, a repeating
 * group, several files in one field, dates with relative limits) and the petition fixture given a
 * repeating group with a number and a field of several photos on one page. A throw-away copy of the
 * project is generated and built with them, served by a real PocketBase, and each is filled in chromium
 * from its own generated registry and form module; the stored record holds every answer.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Registry } from '../../src/engine/types.ts';
import { launchBrowser, watchConsole } from '../support/browser.ts';
import { fillForm, submitProblems } from '../support/fillForm.ts';
import { addSignersAndPhotos } from '../support/groupsFiles.ts';
import { startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { buildSiteIn, copyProject, generateIn, type ProjectCopy } from '../support/project-copy.ts';
import { superuserClient } from '../support/staff.ts';

const FIXTURES = ['taxreturn', 'petition'];

describe('the form filler on services with conditions, groups, several files and dates', () => {
  let tree: ProjectCopy;
  let site: PocketBaseProcess;
  let browser: Browser;
  let registry: Registry;

  beforeAll(async () => {
    tree = copyProject({ fixtures: FIXTURES });
    addSignersAndPhotos(tree);
    generateIn(tree.root);
    buildSiteIn(tree.root);
    // The tree's own registry: its services, forms and their modules, as the tree's site has them.
    registry = ((await import(join(tree.root, 'src/generated/registry.ts'))) as { registry: Registry }).registry;
    site = await startPocketBase({ migrationsDir: tree.migrationsDir, hooksDir: join(tree.root, 'pb_hooks'), publicDir: join(tree.root, 'dist'), env: { FORMWORK_POW: 'on' } });
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    tree?.remove();
  });

  it.each(FIXTURES)('fills %s in Russian and stores every answer', async (id) => {
    const service = registry.services.find((s) => s.id === id)!;
    const variant = service.forms[0]!;
    const form = await variant.load();
    // One answer chosen for the test: the tax return's "married", so the condition shows the spouse's name.
    const values: Record<string, string> = 'filingStatus' in (form.schema.properties ?? {}) ? { filingStatus: 'married' } : {};
    const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    watchConsole(page, problems);
    const filled = await fillForm(page, site.url, service, variant, { locale: 'ru', values, root: tree.root });
    await expect
      .poll(async () => ((await submitProblems(page)).join('; ') || (await page.getByTestId('form-success').count())) as string | number, { timeout: 60_000 })
      .toBe(1);

    const admin = await superuserClient(site);
    const [stored, ...more] = await admin.collection(service.collection).getFullList();
    expect(more).toEqual([]);
    // Every field the form has was asked and answered (a conditional one because the answers showed it).
    expect(Object.keys(filled.values).sort()).toEqual(Object.keys(form.schema.properties ?? {}).filter((f) => !form.traits[f]?.routeParam).concat('spouseName' in filled.values ? ['spouseName'] : []).sort());
    for (const [field, value] of Object.entries(filled.values)) {
      const kept = stored![field];
      const traits = form.traits[field] ?? {};
      if (traits.file) expect([kept].flat().length, `${field}: its files`).toBe([value].flat().length);
      else if (traits.group) expect((kept as unknown[]).length, `${field}: its rows`).toBe(1);
      else if (typeof kept === 'boolean') expect(String(kept), field).toBe(value);
      else if (typeof kept === 'number') expect(kept, field).toBe(Number(value));
      else expect(String(kept), field).toContain(String(value)); // a date is stored with its time
    }
    if (id === 'taxreturn') expect(stored!.spouseName, 'the field the condition showed').toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });
});
