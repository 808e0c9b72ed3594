/**
 * Fills in any form variant in the browser the way an applicant does, from nothing but the generated
 * registry and the variant's form module: each step's fields (`ui:steps`, else the form's order) in the
 * real UI, a value from the field's own schema (its `examples`, an option, a date within its limits: the
 * same samples the API suites send, tests/support/samples.ts), small real files for uploads, rows of a
 * repeating group added with the group's own button, fields a condition shows filled once they appear,
 * the consent boxes ticked, the agreements signed with a typed name and the box; Next on every step and
 * the final button ("Sign and submit", "Place order", …) at the end. A new service in schemas/ is filled
 * without a line of code here.
 *
 * Fields are found by their `[data-field=<path>]` container (src/theme/templates/FieldTemplate.tsx) and
 * the control RJSF gives the id `root_<path>`; the buttons by their translated names, as a user reads them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { allFields } from '../../src/engine/conditions.ts';
import { fieldId } from '../../src/engine/formContext.ts';
import { fieldsInOrder } from '../../src/engine/formModule.ts';
import { submitKey } from '../../src/engine/messages.ts';
import { REVIEW } from '../../src/engine/steps.ts';
import type { FieldTraits, FormModule, FormVariant, Locale, ServiceEntry } from '../../src/engine/types.ts';
import { widgetFor } from '../../src/engine/widgets.ts';
import { hydrated } from './browser.ts';
import { PDF_BYTES, PNG_BYTES } from './fixtures.ts';
import { ROOT } from './pocketbase.ts';
import { sampleValue } from './samples.ts';

type Prop = Parameters<typeof sampleValue>[0] & { readOnly?: boolean; items?: { type?: string; properties?: Record<string, Prop>; required?: string[] } };

/** A language's whole message catalogue (what the screen shows, by key), of the repo or of a tree generated elsewhere. */
export function messagesOf(locale: Locale, root = ROOT): Record<string, string> {
  return JSON.parse(readFileSync(join(root, 'src/generated/messages', `${locale}.json`), 'utf8')) as Record<string, string>;
}

/** The typed name an applicant signs with: letters and a space only, so e-mails may show it (name check). */
export const SIGNATURE_NAME = 'Aziza Karimova';

export interface FillOptions {
  locale: Locale;
  /** Values that win over the schema's samples, by field path (e.g. an e-mail address of the test's own). */
  values?: Record<string, string>;
  /** The full name typed to sign the service's agreements. */
  signatureName?: string;
  /** false: stop on the page with the final button, unpressed (to read what it says before the submit). */
  press?: boolean;
  /** The project tree the site was generated from (its messages name the buttons); the repo by default. */
  root?: string;
}

export interface Filled {
  /** The path the form was opened at (route parameters filled in), without the language. */
  path: string;
  /** Each filled field's value as typed or chosen, by path; a file field's file names. */
  values: Record<string, string | string[]>;
}

/** The form's route with each parameter taken from the first option of the field that takes it (x-route-param). */
export function formPath(variant: FormVariant, form: FormModule): string {
  return variant.route.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) => {
    const field = Object.entries(form.traits).find(([, t]) => t.routeParam === name)?.[0];
    const options = field && (form.schema.properties?.[field] as Prop | undefined)?.enum;
    if (!options?.length) throw new Error(`${variant.route}: no field with an option list takes the parameter "${name}"`);
    return encodeURIComponent(String(options[0]));
  });
}

/** Content of a kind the field accepts: a PNG where PNG is, else a PDF (what the server sniffs must match). */
function sampleFile(traits: FieldTraits, name: string, index = 0): { name: string; mimeType: string; buffer: Buffer } {
  const accept = traits.file?.accept ?? [];
  const takes = (mime: string) => accept.length === 0 || accept.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));
  if (takes('image/png')) return { name: `${name}-${index + 1}.png`, mimeType: 'image/png', buffer: PNG_BYTES };
  if (takes('application/pdf')) return { name: `${name}-${index + 1}.pdf`, mimeType: 'application/pdf', buffer: PDF_BYTES };
  throw new Error(`${name}: accepts neither PNG nor PDF (${accept.join(', ')}); add a sample of one of its types to tests/support/fixtures.ts`);
}

const isGroup = (prop: Prop | undefined): boolean => prop?.type === 'array' && prop.items?.type === 'object';

/** The field's control, by the id RJSF gives it (`root_<path>`, a row's cell `root_<group>_<row>_<cell>`). */
function control(page: Page, path: string): Locator {
  return page.locator(`#${fieldId(path).replace(/[.:]/g, '\\$&')}`);
}

const container = (page: Page, path: string): Locator => page.locator(`[data-field="${path}"]`);

/** Fills one field the way its widget takes input; returns what it entered. */
async function fillField(page: Page, path: string, prop: Prop, traits: FieldTraits, given: string | undefined): Promise<string | string[]> {
  const field = container(page, path);
  if (traits.file) {
    const count = Math.max(1, (prop as { minItems?: number }).minItems ?? 0);
    const files = Array.from({ length: count }, (_, i) => sampleFile(traits, path.replace(/\W/g, '-'), i));
    await field.locator('input[type=file]').setInputFiles(files);
    // Taken: the field names the file (a refused one is not kept, and its error shows instead).
    for (const f of files) await field.getByText(f.name, { exact: false }).first().waitFor();
    return files.map((f) => f.name);
  }
  if (isGroup(prop) || traits.group) {
    const rows = Math.max(1, (prop as { minItems?: number }).minItems ?? 0);
    const cells = (prop.items?.properties ?? {}) as Record<string, Prop>;
    const cellTraits = traits.group?.items ?? {};
    const out: string[] = [];
    for (let row = 0; row < rows; row++) {
      // The rows the group already has (a minItems default) are filled; more are added with its own button.
      if ((await container(page, `${path}.${row}.${Object.keys(cells)[0]}`).count()) === 0) await field.locator('[data-action=add]').last().click();
      for (const [cell, cellProp] of Object.entries(cells)) {
        const cellPath = `${path}.${row}.${cell}`;
        await container(page, cellPath).waitFor();
        out.push(String(await fillField(page, cellPath, cellProp, cellTraits[cell] ?? {}, undefined)));
      }
    }
    return out;
  }
  const value = given ?? sampleValue(prop);
  const input = control(page, path);
  switch (widgetFor({ schema: prop, traits })) {
    case 'select':
      await input.selectOption(value);
      break;
    case 'checkbox':
      if (value === 'true') await input.check();
      else await input.uncheck();
      break;
    default:
      // Text, e-mail, number, date (YYYY-MM-DD, as a date input takes it), the masked SSN, a textarea.
      await input.fill(value);
  }
  return value;
}

/** A field's schema: a root property, or one a condition's branch adds (if/then/else, dependentSchemas). */
function propOf(schema: FormModule['schema'], name: string): Prop | undefined {
  const node = schema as { properties?: Record<string, Prop>; allOf?: unknown[]; then?: unknown; else?: unknown; dependentSchemas?: Record<string, unknown>; dependencies?: Record<string, unknown> };
  if (node.properties?.[name]) return node.properties[name];
  const branches = [...(node.allOf ?? []), node.then, node.else, ...Object.values(node.dependentSchemas ?? {}), ...Object.values(node.dependencies ?? {})];
  for (const branch of branches) {
    const found = branch && typeof branch === 'object' && !Array.isArray(branch) ? propOf(branch as FormModule['schema'], name) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Whether a step's (or the page's) field is on screen now: shown, not a route's fixed value, not read-only. */
async function fillable(page: Page, form: FormModule, name: string): Promise<boolean> {
  const prop = propOf(form.schema, name);
  if (!prop || prop.readOnly || form.traits[name]?.routeParam) return false;
  return (await container(page, name).count()) > 0;
}

/**
 * Fills every field of `fields` that is on screen, then those a condition showed meanwhile, until no new
 * one appears. Optional fields are filled too, to send everything the form can take.
 */
async function fillFields(page: Page, form: FormModule, fields: string[], options: FillOptions, values: Filled['values']): Promise<void> {
  for (let changed = true, settled = false; changed || !settled; ) {
    // A pass that filled nothing is tried once more after two frames: a field an answer shows may render late.
    if (!changed) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    settled = !changed;
    changed = false;
    for (const name of fields) {
      if (name in values || !(await fillable(page, form, name))) continue;
      const prop = propOf(form.schema, name)!;
      values[name] = await fillField(page, name, prop, form.traits[name] ?? {}, options.values?.[name]);
      changed = true;
    }
  }
}

/** The texts of the errors on screen (the fields' status lines and the form's alert), for a refusal's message. */
async function errorsOnScreen(page: Page): Promise<string[]> {
  const fields = await page.locator('[data-field] [data-status=error]').evaluateAll((els) => els.map((e) => `${e.closest('[data-field]')?.getAttribute('data-field')}: ${e.textContent}`));
  const form = await page.getByTestId('form-error').allTextContents();
  return [...form, ...fields];
}

/** Until `reached` holds, failing with what the screen says is wrong if an error shows first. */
async function until(page: Page, what: string, reached: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await reached()) return;
    const errors = await errorsOnScreen(page);
    if (errors.length) throw new Error(`${what}: refused with ${JSON.stringify(errors)}`);
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms (at ${page.url()})`);
    await page.waitForTimeout(100);
  }
}

/** Until one of `fields` is rendered: the step (or the form) is on screen, so a field not there now is one its conditions hide. */
async function anyShown(page: Page, fields: string[]): Promise<void> {
  await page.waitForFunction((names) => names.some((n) => document.querySelector(`[data-field="${n}"]`)), fields);
}

/** Types the full name and ticks the box under the service's agreements. */
async function sign(page: Page, messages: Record<string, string>, name: string): Promise<void> {
  const exact = (key: string) => {
    const text = messages[key];
    if (!text) throw new Error(`no message ${key}`);
    return text;
  };
  await page.getByRole('textbox', { name: exact('agreements.name') }).fill(name);
  await page.getByRole('checkbox', { name: exact('agreements.accept') }).check();
}

/**
 * Opens the variant at `siteUrl` in `options.locale`, fills it step by step and presses the final button
 * (unless `press` is false). Returns once the submit is pressed: what follows (the success screen, an error) is the caller's to read.
 */
export async function fillForm(page: Page, siteUrl: string, service: ServiceEntry, variant: FormVariant, options: FillOptions): Promise<Filled> {
  const form = await variant.load();
  const messages = messagesOf(options.locale, options.root);
  const button = (key: string) => page.getByRole('button', { name: messages[key] ?? key, exact: true });
  const path = formPath(variant, form);
  await page.goto(`${siteUrl}${path}?lang=${options.locale}`);
  await hydrated(page);
  const values: Filled['values'] = {};
  const steps = form.steps?.length ? form.steps : undefined;
  const signatureName = options.signatureName ?? SIGNATURE_NAME;

  if (steps) {
    for (const [index, step] of steps.entries()) {
      await until(page, `step "${step.id}" of ${variant.route}`, () => index === 0 || new URL(page.url()).searchParams.get('step') === step.id);
      await anyShown(page, step.fields);
      await fillFields(page, form, step.fields, options, values);
      if (service.agreements && index === steps.length - 1) await sign(page, messages, signatureName);
      await button('form.steps.next').click();
    }
    await until(page, `the review of ${variant.route}`, () => new URL(page.url()).searchParams.get('step') === REVIEW);
  } else {
    const fields = [...fieldsInOrder(form), ...allFields(form.schema)];
    await anyShown(page, fields);
    await fillFields(page, form, [...new Set(fields)], options, values);
    if (service.agreements) await sign(page, messages, signatureName);
  }
  const has = (key: string) => key in messages;
  if (options.press !== false) await button(service.agreements && steps ? 'form.signAndSubmit' : submitKey(service.messages, variant.id, has)).click();
  return { path, values };
}

/** What a refused submit says, or nothing yet: for a test's message while it waits for the success screen. */
export const submitProblems = errorsOnScreen;
