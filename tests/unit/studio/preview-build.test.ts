/**
 * studio/server/preview.ts on the tax-return fixture (steps, a condition, a repeating group, several files,
 * dates, three languages) and on the contact service (its e-mails): what the preview iframe gets is what
 * the generator makes for the site — the form module, validators that run (the x-date keyword included),
 * the messages as the browser gets them, the staff card's sample record from `examples`, the e-mails
 * rendered by the module PocketBase runs — and a text changed in the schemas shows in the next payload.
 */
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyse, type Analysis } from '../../../generator/pipeline.ts';
import { buildPreview } from '../../../studio/server/preview.ts';
import type { PreviewPayload } from '../../../studio/preview/payload.ts';
import { copySchemas, type SchemasCopy } from '../../support/schemas-copy.ts';

const analysed = (copy: SchemasCopy) => analyse({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir });

/** The message's text when it is plain (a literal, as labels and options are). */
const plain = (payload: PreviewPayload, key: string) => (payload.messages[key] ?? []).map((part) => ('value' in part ? String(part.value) : '')).join('');

/** The validators module, imported as the iframe imports it (as an ES module of its own). */
async function importValidators(source: string): Promise<ValidatorFunctions> {
  const file = join(mkdtempSync(join(tmpdir(), 'preview-validators-')), 'validators.mjs');
  writeFileSync(file, source);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: ValidatorFunctions }).default;
}

describe('buildPreview', () => {
  let copy: SchemasCopy;
  let analysis: Analysis;
  beforeAll(async () => {
    copy = copySchemas({ fixtures: ['taxreturn'] });
    analysis = await analysed(copy);
  });

  it('gives the tax-return form module the site would get, with its steps, traits and sample answers', () => {
    const payload = buildPreview(analysis, 'taxreturn', 'en');
    expect(payload.serviceId).toBe('taxreturn');
    expect(payload.service.collection).toBe('taxreturns');
    const [form] = payload.service.forms;
    expect(form?.route).toBe('/tax-return');
    expect(form?.path).toBe('/tax-return');
    expect(form?.module.schema.$id).toBe('form_taxreturn_main');
    // x- keywords are traits for the browser, not schema (x-date stays: the validator's keyword).
    expect(JSON.stringify(form?.module.schema)).not.toContain('x-category');
    expect(form?.module.traits.w2?.file?.maxFiles).toBeGreaterThan(1);
    expect(Object.keys(form?.module.traits.dependents?.group?.items ?? {})).toEqual(['name', 'birthDate', 'relationship']);
    expect(form?.module.steps?.length).toBeGreaterThan(1);
    expect(form?.module.steps?.flatMap((s) => s.fields)).toContain('spouseName');
    expect(form?.sample).toMatchObject({ birthDate: '1988-04-12', dependents: [{ name: 'Malika Karimova', birthDate: '2015-09-01' }] });
    expect(form?.sample).not.toHaveProperty('w2'); // files cannot be made up in a page
  });

  it('ships validators that run in the browser as they run on the site, relative date limits included', async () => {
    const payload = buildPreview(analysis, 'taxreturn', 'en');
    const form = payload.service.forms[0]!;
    const validator = createPrecompiledValidator(await importValidators(form.validators), form.module.schema);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const answers = { ...form.sample, filingStatus: 'single', dependents: [{ name: 'Malika Karimova', birthDate: '2015-09-01', relationship: 'child' }], w2: ['a.pdf'], appointment: day(10), terms: true };
    const errorsOf = (data: object) => validator.validateFormData(data, form.module.schema).errors.map((e) => `${e.property} ${e.name}`);
    expect(errorsOf(answers)).toEqual([]);
    // x-date max today-18y: a child cannot file.
    expect(errorsOf({ ...answers, birthDate: day(-5 * 365) })).toEqual(['.birthDate x-date']);
    expect(errorsOf({ ...answers, filingStatus: 'widowed' })).toContain('.filingStatus enum');
  });

  it('gives the messages in the chosen language, compiled, without other services’ texts', () => {
    const ru = buildPreview(analysis, 'taxreturn', 'ru');
    expect(ru.locale).toBe('ru');
    expect(plain(ru, 'service.taxreturn.title')).toBe('Подготовка налоговой декларации');
    expect(plain(ru, 'service.taxreturn.fields.filingStatus.options.married')).toBe('В браке, совместная подача');
    expect(Object.keys(ru.messages).some((k) => k.startsWith('service.contact.'))).toBe(false);
    expect(Object.keys(ru.messages).some((k) => k.startsWith('page.'))).toBe(false);
    // The staff card's texts and the form's (errors, buttons) come along.
    expect(Object.keys(ru.messages).some((k) => k.startsWith('staff.'))).toBe(true);
    expect(ru.messages['form.steps.next']).toBeDefined();
    const uz = buildPreview(analysis, 'taxreturn', 'uz');
    expect(plain(uz, 'service.taxreturn.title')).not.toBe(plain(ru, 'service.taxreturn.title'));
  });

  it('fills the staff card from the fields’ examples, in the card’s order', () => {
    const payload = buildPreview(analysis, 'taxreturn', 'en');
    expect(payload.service.admin.fields.map((f) => f.name)).toEqual([
      'fullName', 'email', 'birthDate', 'filingStatus', 'spouseName', 'dependents', 'w2', 'previousPreparer', 'previousPreparerPhone', 'appointment',
    ]);
    expect(payload.service.admin.fields.find((f) => f.name === 'spouseName')?.conditional).toBe(true);
    expect(payload.record).toMatchObject({
      reference: 'TX-7K3M9Q',
      birthDate: '1988-04-12',
      filingStatus: 'single', // no example: its first option
      dependents: [{ name: 'Malika Karimova', birthDate: '2015-09-01', relationship: 'child' }],
    });
    expect(payload.record.w2).toHaveLength(2);
    // A free-text field without an example stays empty: nothing is made up.
    expect(payload.record).not.toHaveProperty('previousPreparer');
    expect(payload.mails).toEqual([]); // the fixture sends no e-mail
  });

  it('shows a text changed in the schemas in the next payload', async () => {
    copy.edit('services/taxreturn/i18n/ru.json', (texts) => {
      texts['fields.filingStatus.options.married'] = 'Женат или замужем';
    });
    const payload = buildPreview(await analysed(copy), 'taxreturn', 'ru');
    expect(plain(payload, 'service.taxreturn.fields.filingStatus.options.married')).toBe('Женат или замужем');
  });

  it('renders the service’s e-mails in the language, with only the closed fields to the applicant', () => {
    const payload = buildPreview(analysis, 'contact', 'ru');
    const applicant = payload.mails.find((m) => m.to === 'applicant');
    const staff = payload.mails.find((m) => m.to === 'staff');
    expect(applicant).toMatchObject({ template: 'acknowledgement', when: 'submitted', locale: 'ru' });
    expect(applicant?.subject).toMatch(/[А-Яа-я]/);
    expect(applicant?.html).toContain('<');
    // The staff notice goes in the site's default language, with the applicant's name and their message.
    expect(staff).toMatchObject({ when: 'submitted', locale: 'en' });
    const message = String(payload.record.message);
    expect(message.length).toBeGreaterThan(0);
    expect(staff?.text).toContain(message);
    expect(`${applicant?.subject}${applicant?.html}${applicant?.text}`).not.toContain(message);
    expect(() => buildPreview(analysis, 'nosuch', 'en')).toThrow(/no service "nosuch"/);
  });
});
