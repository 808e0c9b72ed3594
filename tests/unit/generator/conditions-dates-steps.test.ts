/**
 * Conditions, date limits, steps and the strict form.ui.json (issue 31), on the tax-return fixture: what
 * the generator refuses (file, pointer, plain message), what it emits for each variant, and what the
 * server's and the browser's validators then decide.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type GenerateResult } from '../../../generator/pipeline.ts';
import { formatProblem } from '../../../generator/errors.ts';
import { dateAtOffset, dateOutOfLimits, resolveDateLimit, clampOffset } from '../../../shared/dateLimits.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const SVC = 'services/taxreturn';
const AT = `schemas/${SVC}`;

async function run(change: (s: SchemasCopy) => void = () => {}): Promise<{ problems: string[]; result?: GenerateResult }> {
  const copy = copySchemas({ fixtures: ['taxreturn'] });
  change(copy);
  const { problems, result } = await generateCopy(copy);
  return { problems: problems.map(formatProblem), result };
}

describe('date limits (shared/dateLimits.ts)', () => {
  it.each([
    { given: 'today', from: '2024-05-10', want: '2024-05-10' },
    { given: 'today+90d', from: '2024-12-15', want: '2025-03-15' },
    { given: 'today-1d', from: '2024-03-01', want: '2024-02-29' },
    { given: 'today-18y', from: '2024-02-29', want: '2006-02-28' },
    { given: 'today+1m', from: '2024-01-31', want: '2024-02-29' },
    { given: 'today-13m', from: '2024-01-15', want: '2022-12-15' },
  ])('resolves $given from $from to $want', ({ given, from, want }) => {
    expect(resolveDateLimit(given, from)).toBe(want);
  });

  it.each([
    { given: '2006-02-28 with max today-18y', value: '2006-02-28', min: null, max: 'today-18y', want: null },
    { given: '2006-03-01 with max today-18y', value: '2006-03-01', min: null, max: 'today-18y', want: { limit: 'max', date: '2006-02-28' } },
    { given: 'yesterday with min today', value: '2024-02-28', min: 'today', max: null, want: { limit: 'min', date: '2024-02-29' } },
    { given: 'text that is no date (format refuses it)', value: '2024-02-30', min: 'today', max: null, want: null },
  ])('$given: $want', ({ value, min, max, want }) => {
    expect(dateOutOfLimits(value, min, max, '2024-02-29')).toEqual(want);
  });

  it.each([
    { given: 'UTC−5 (300)', offset: 300, want: '2024-03-01' },
    { given: 'UTC+14 (−840)', offset: -840, want: '2024-03-02' },
    { given: 'UTC', offset: 0, want: '2024-03-01' },
  ])("counts today at 23:00 UTC in $given as $want", ({ offset, want }) => {
    expect(dateAtOffset(Date.UTC(2024, 2, 1, 23), offset)).toBe(want);
  });

  it.each([
    { given: '300', want: 300 },
    { given: -900, want: -840 },
    { given: 'not a number', want: 0 },
    { given: undefined, want: 0 },
    { given: ['60', '120'], want: 0 },
  ])('takes a sent offset $given as $want', ({ given, want }) => {
    expect(clampOffset(given)).toBe(want);
  });
});

describe('the tax-return fixture as generated', () => {
  let result: GenerateResult;
  let server: Record<string, ((d: unknown) => boolean) & { errors?: { keyword: string; instancePath: string; params: Record<string, unknown> }[] | null }> & {
    dateLimits: { setToday(d: string | undefined): void };
  };
  beforeAll(async () => {
    const r = await run();
    expect(r.problems).toEqual([]);
    result = r.result!;
    const module = { exports: {} as typeof server };
    new Function('module', 'exports', result.files.get('pb_hooks/generated/validators.js')!)(module, module.exports);
    server = module.exports;
  });
  const service = () => result.model.services.find((s) => s.id === 'taxreturn')!;
  const valid = { fullName: 'Dilshod Karimov', email: 'd@example.com', birthDate: '1988-04-12', filingStatus: 'single', w2: ['w2.pdf'], appointment: '2024-03-10', terms: true };

  it('makes the branch field a conditional field of the model, with a column that never requires it', () => {
    const spouse = service().fields.find((f) => f.name === 'spouseName');
    expect(spouse).toMatchObject({ conditional: true, requiredEverywhere: false, categories: ['A'] });
    const migration = result.migrations.find((m) => m.content.includes('"taxreturns"'))?.content ?? '';
    expect(migration).toMatch(/"name": "spouseName",[\s\S]*?"required": false/);
  });

  it('normalises the conditions in the variant schema: allOf if/then, dependencies, propertyNames instead of additionalProperties', () => {
    const schema = service().variants[0]!.schema;
    expect(schema.additionalProperties).toBeUndefined();
    expect(schema.propertyNames).toEqual({ enum: expect.arrayContaining(['spouseName', 'filingStatus']) });
    expect(Object.keys(schema.properties ?? {})).not.toContain('spouseName');
    expect(schema.allOf).toEqual([{ if: { properties: { filingStatus: { const: 'married' } }, required: ['filingStatus'] }, then: { properties: { spouseName: expect.any(Object) }, required: ['spouseName'] } }]);
    expect(schema.dependencies).toEqual({ previousPreparer: ['previousPreparerPhone'] });
  });

  it('gives the form module its steps, titled by namespaced keys', () => {
    const module = result.files.get('src/generated/forms/taxreturn.main.ts') ?? '';
    expect(service().variants[0]!.steps?.map((s) => [s.id, s.title, s.fields.length])).toEqual([
      ['about', 'service.taxreturn.steps.about', 5],
      ['family', 'service.taxreturn.steps.family', 1],
      ['documents', 'service.taxreturn.steps.documents', 3],
      ['finish', 'service.taxreturn.steps.finish', 2],
    ]);
    expect(module).toContain('"title": "service.taxreturn.steps.about"');
    expect(module).toContain('"x-date"');
  });

  it.each([
    { given: 'the valid answers', change: {}, want: [] },
    { given: 'a spouse while single (hidden)', change: { spouseName: 'Aziza' }, want: [['false schema', '/spouseName']] },
    { given: 'married without a spouse', change: { filingStatus: 'married' }, want: [['required', '']] },
    { given: 'married with a spouse', change: { filingStatus: 'married', spouseName: 'Aziza' }, want: [] },
    { given: 'a preparer without a phone', change: { previousPreparer: 'Bob' }, want: [['dependencies', '']] },
    { given: 'a birth date 17 years ago', change: { birthDate: '2007-03-01' }, want: [['x-date', '/birthDate']] },
    { given: 'a birth date before 1900', change: { birthDate: '1899-12-31' }, want: [['formatMinimum', '/birthDate']] },
    { given: 'an appointment yesterday', change: { appointment: '2024-02-28' }, want: [['x-date', '/appointment']] },
    { given: 'an appointment in 91 days', change: { appointment: '2024-05-30' }, want: [['x-date', '/appointment']] },
    { given: 'a key the form does not have', change: { nickname: 'D' }, want: [['enum', ''], ['propertyNames', '']] },
  ])('the server validator, today 2024-02-29, on $given: $want', ({ change, want }) => {
    server.dateLimits.setToday('2024-02-29');
    const validate = server['taxreturn/main']!;
    validate({ ...valid, ...change });
    expect((validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => [e.keyword, e.instancePath])).toEqual(want);
    server.dateLimits.setToday(undefined);
  });

  it("the server's x-date error says which limit and which day", () => {
    server.dateLimits.setToday('2024-02-29');
    const validate = server['taxreturn/main']!;
    validate({ ...valid, birthDate: '2007-03-01' });
    expect(validate.errors?.[0]?.params).toEqual({ limit: 'max', date: '2006-02-28' });
    server.dateLimits.setToday(undefined);
  });

  it('the browser validators: the same conditions and limits, counted from the local date', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'formwork-h1-')), 'validate.mjs');
    writeFileSync(file, result.files.get('src/generated/forms/taxreturn.main.validate.ts')!);
    const validators = ((await import(pathToFileURL(file).href)) as { default: Record<string, ((d: unknown) => boolean) & { errors?: { keyword: string; params: unknown }[] }> }).default;
    const validate = validators.form_taxreturn_main!;
    const today = dateAtOffset(Date.now(), new Date().getTimezoneOffset());
    expect(validate({ ...valid, appointment: today })).toBe(true);
    expect(validate({ ...valid, appointment: today, filingStatus: 'married' })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toContain('required');
    expect(validate({ ...valid, appointment: resolveDateLimit('today-1d', today) })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'x-date', params: { limit: 'min', date: today } });
  });
});

describe('schema problems of conditions, dates, steps and form.ui.json', () => {
  it.each<{ given: string; change: (s: SchemasCopy) => void; want: string }>([
    // Steps.
    {
      given: 'ui:order beside ui:steps',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:order'] = ['fullName'])),
      want: `${AT}/form.ui.json#/ui:order: ui:order and ui:steps together: the steps are the order, remove ui:order`,
    },
    {
      given: 'two steps with one id',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:steps'][1].id = 'about')),
      want: `${AT}/form.ui.json#/ui:steps/1/id: step "about" is already used: step ids are unique`,
    },
    {
      given: 'a step naming a field the form does not have',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => j['ui:steps'][1].fields.push('pets')),
      want: `${AT}/form.ui.json#/ui:steps/1/fields/1: "pets" is not a property of the form`,
    },
    {
      given: 'a field in two steps',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => j['ui:steps'][1].fields.push('email')),
      want: `${AT}/form.ui.json#/ui:steps/1/fields/1: "email" is already in step "about": a field is in one step only`,
    },
    {
      given: 'a shown field in no step',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:steps'][0].fields = j['ui:steps'][0].fields.filter((f: string) => f !== 'spouseName'))),
      want: `${AT}/form.ui.json#/ui:steps: "spouseName" is in no step, but variant "main" shows it: put it in one step`,
    },
    {
      given: 'a step id that is not a lower-case word',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:steps'][0].id = 'About')),
      want: `${AT}/form.ui.json#/ui:steps/0/id: "About" is not an id of lower-case letters, digits and hyphens that starts with a letter (like tax-return)`,
    },
    {
      given: "a step's title missing in English",
      change: (s) => {
        for (const l of ['en', 'uz', 'ru']) s.edit(`${SVC}/i18n/${l}.json`, (j) => delete j['steps.family']);
      },
      want: `${AT}/form.ui.json#: no English text for message "service.taxreturn.steps.family"`,
    },
    // Strict form.ui.json.
    {
      given: "a field's ui:hidden",
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j.email['ui:hidden'] = true)),
      want: `${AT}/form.ui.json#/email/ui:hidden: not supported here: ui:hidden (supported: ui:autocomplete, items)`,
    },
    {
      given: 'a rule language at the root (ui:rule)',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:rule'] = { effect: 'HIDE' })),
      want: `${AT}/form.ui.json#/ui:rule: not supported here: ui:rule (supported: ui:order, ui:steps, ui:sections, ui:blocks, ui:variants, field names)`,
    },
    {
      given: 'a ui:placeholder (texts come from i18n)',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j.fullName['ui:placeholder'] = 'Your name')),
      want: `${AT}/form.ui.json#/fullName/ui:placeholder: not supported here: ui:placeholder (supported: ui:autocomplete, items)`,
    },
    {
      given: 'an entry for a field the form does not have',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j.nickname = { 'ui:autocomplete': 'nickname' })),
      want: `${AT}/form.ui.json#/nickname: "nickname" is not a property of the form`,
    },
    // Conditions.
    {
      given: 'a branch field also declared at the root',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.allOf[0].then.properties.email = { type: 'string', 'x-category': 'A' })),
      want: `${AT}/form.schema.json#/allOf/0/then/properties/email: "email" is declared both here and at /properties/email: a field is declared in one place only`,
    },
    {
      given: 'a field declared in two branches',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.allOf[0].else = { properties: { spouseName: { type: 'string', 'x-category': 'A' } } })),
      want: `${AT}/form.schema.json#/allOf/0/else/properties/spouseName: "spouseName" is declared both here and at /allOf/0/then/properties/spouseName: a field is declared in one branch only`,
    },
    {
      given: 'a condition testing a field of a branch',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => j.allOf.push({ if: { properties: { spouseName: { const: 'x' } } }, then: { required: ['email'] } })),
      want: `${AT}/form.schema.json#/allOf/1/if/properties/spouseName: "spouseName" is not a field at the root of the form: a condition tests root fields only`,
    },
    {
      given: 'a branch requiring a field of another branch',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => j.allOf.push({ if: { required: ['email'] }, then: { required: ['spouseName'] } })),
      want: `${AT}/form.schema.json#/allOf/1/then/required/0: "spouseName" is neither a root field nor a field of this branch`,
    },
    {
      given: 'a condition with neither then nor else',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => j.allOf.push({ if: { required: ['email'] } })),
      want: `${AT}/form.schema.json#/allOf/1: a condition needs a "then" or an "else": the fields it shows or requires`,
    },
    {
      given: 'dependentRequired naming an unknown field',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.dependentRequired.previousPreparer = ['previousPreparerFax'])),
      want: `${AT}/form.schema.json#/dependentRequired/previousPreparer/0: "previousPreparerFax" is not a property of the form`,
    },
    {
      given: 'a branch field without x-category',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.allOf[0].then.properties.spouseName = { type: 'string', maxLength: 100 })),
      want: `${AT}/form.schema.json#/allOf/0/then/properties/spouseName: no x-category: say which category of the privacy policy the field holds (A identifiers, B customer records, D commercial, I professional, J education, L sensitive); its retention depends on it`,
    },
    {
      given: 'a test by anything but const or enum',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.allOf[0].if.properties.filingStatus = { pattern: '^m' })),
      want: `${AT}/form.schema.json#/allOf/0/if/properties/filingStatus/pattern: not supported here: pattern (supported: const, enum)`,
    },
    // Dates.
    {
      given: 'x-date on a field that is not a date',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.previousPreparer['x-date'] = { max: 'today' })),
      want: `${AT}/form.schema.json#/properties/previousPreparer/x-date: x-date limits a date: the field needs "format": "date"`,
    },
    {
      given: 'a relative limit in weeks',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.appointment['x-date'].max = 'today+2w')),
      want: `${AT}/form.schema.json#/properties/appointment/x-date/max: "today+2w" is not today, or today+N / today-N with d (days), m (months) or y (years), like today-18y`,
    },
    {
      given: 'an absolute limit that is no date',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.birthDate.formatMinimum = '1900-02-30')),
      want: `${AT}/form.schema.json#/properties/birthDate/formatMinimum: "1900-02-30" is not a date (YYYY-MM-DD)`,
    },
    {
      given: 'an absolute range with no day in it',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.birthDate.formatMaximum = '1899-01-01')),
      want: `${AT}/form.schema.json#/properties/birthDate/formatMaximum: formatMaximum 1899-01-01 is before formatMinimum 1900-01-01: no date could be given`,
    },
  ])('reports $given', async ({ change, want }) => {
    expect((await run(change)).problems).toContain(want);
  });
});
