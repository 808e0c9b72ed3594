/**
 * The pure parts of the applicant's form for issue 31's constructs, against hand-made forms in the
 * design's shapes (and RJSF's real validator): a step's Next blocked only by its own fields, links to
 * later steps, blocks per step; hidden conditional values dropped; a group row's errors nested at the
 * cell; review lines in the applicant's words; several files in one body; dates.
 */
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { allFields, dropHidden, shownFields } from '../../../src/engine/conditions.ts';
import { dateBounds, localToday, timeZoneOffset } from '../../../src/engine/dates.ts';
import { fieldId, fieldName } from '../../../src/engine/formContext.ts';
import { localizeForm } from '../../../src/engine/localizeForm.ts';
import { describeProblem, pathOf, problemOf } from '../../../src/engine/problems.ts';
import { reviewLines } from '../../../src/engine/review.ts';
import { serverProblems } from '../../../src/engine/serverErrors.ts';
import { reachableStep, stepBlocking, stepIndex, stepOfField, stepPlacement, type FormStep } from '../../../src/engine/steps.ts';
import { fileProgress, toFormData } from '../../../src/engine/submit.ts';
import { fieldErrors, schemaMessages } from '../../../src/engine/validation.ts';
import type { FormModule } from '../../../src/engine/types.ts';

const steps: FormStep[] = [
  { id: 'about', title: 'service.tax.steps.about', fields: ['fullName', 'filingStatus', 'spouseName'] },
  { id: 'family', title: 'service.tax.steps.family', fields: ['dependents'] },
  { id: 'finish', title: 'service.tax.steps.finish', fields: ['w2', 'appointment', 'terms'] },
];

/** The taxreturn fixture's shape as the generator emits it (design §1–§4), small. */
const schema: RJSFSchema = {
  type: 'object',
  required: ['fullName', 'filingStatus', 'terms'],
  properties: {
    fullName: { type: 'string', minLength: 1 },
    filingStatus: { type: 'string', enum: ['single', 'married'] },
    dependents: {
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'relationship'],
        properties: { name: { type: 'string', minLength: 1 }, relationship: { type: 'string', enum: ['child', 'parent'] } },
      },
    },
    w2: { type: 'array', items: { type: 'string' }, maxItems: 5 },
    appointment: { type: 'string', format: 'date' },
    terms: { type: 'boolean', const: true },
  },
  allOf: [
    {
      if: { properties: { filingStatus: { const: 'married' } }, required: ['filingStatus'] },
      then: { properties: { spouseName: { type: 'string', minLength: 1 } }, required: ['spouseName'] },
    },
  ],
};

const catalogue: Record<string, string> = {
  'service.tax.fields.fullName.label': 'Full name',
  'service.tax.fields.filingStatus.label': 'Filing status',
  'service.tax.fields.filingStatus.options.single': 'Single',
  'service.tax.fields.filingStatus.options.married': 'Married filing jointly',
  'service.tax.fields.spouseName.label': "Spouse's full name",
  'service.tax.fields.dependents.label': 'Dependents',
  'service.tax.fields.dependents.add': 'Add a dependent',
  'service.tax.fields.dependents.row': 'Dependent {number}',
  'service.tax.fields.dependents.items.name.label': 'Full name',
  'service.tax.fields.dependents.items.relationship.label': 'Relationship',
  'service.tax.fields.dependents.items.relationship.options.child': 'Child',
  'service.tax.fields.dependents.items.relationship.options.parent': 'Parent',
  'service.tax.fields.w2.label': 'W-2 forms',
  'service.tax.fields.appointment.label': 'Appointment',
  'service.tax.fields.terms.label': 'I agree',
  'errors.required': 'This field is required.',
  'errors.date.max': 'Enter a date on or before {date}.',
};
const has = (key: string) => key in catalogue;
const t = (key: string, values?: Record<string, string | number>) => (catalogue[key] ?? `!${key}`).replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? ''));
const file = { accept: ['application/pdf'], maxSize: 1000, maxFiles: 5 };
const form = { variant: 'full', schema, uiSchema: {}, traits: { w2: { file } }, blocks: {}, validators: {}, steps } as unknown as FormModule;

describe('steps', () => {
  const blocking = ['filingStatus', 'dependents.1.name', 'terms'];

  it("blocks a step's Next only with that step's errors", () => {
    expect(stepBlocking(steps[0]!, blocking)).toEqual(['filingStatus']);
    expect(stepBlocking(steps[1]!, blocking)).toEqual(['dependents.1.name']); // a row's cell is its group's
    expect(stepOfField(steps, 'dependents.1.name')).toBe(1);
  });

  it('starts a link to a later step (or the review) at the first step with a blocking error before it', () => {
    expect(reachableStep(steps, 2, blocking)).toBe(0);
    expect(reachableStep(steps, 2, ['terms'])).toBe(2); // its own errors do not move it
    expect(reachableStep(steps, steps.length, ['terms'])).toBe(2); // the review needs every step answered
    expect(reachableStep(steps, steps.length, [])).toBe(3);
    expect(stepIndex(steps, 'review')).toBe(3);
    expect(stepIndex(steps, 'nope')).toBe(0);
    expect(stepIndex(steps, null)).toBe(0);
  });

  it('shows top blocks on the first step, bottom ones on the last, a field’s with its field', () => {
    const b = (m: string) => [{ type: 'text', message: m }] as never;
    const placement = { top: b('intro'), 'before:terms': b('price'), 'after:dependents': b('note'), 'before:gone': b('orphan'), bottom: b('end') };
    expect(Object.keys(stepPlacement(placement, steps, 0))).toEqual(['top']);
    expect(Object.keys(stepPlacement(placement, steps, 1))).toEqual(['after:dependents']);
    expect(Object.keys(stepPlacement(placement, steps, 2))).toEqual(['before:terms', 'before:gone', 'bottom']);
  });
});

describe('conditional fields', () => {
  it('lists every field, branch ones too, and the ones the answers show', () => {
    expect(allFields(schema)).toContain('spouseName');
    expect(shownFields(validator, schema, { filingStatus: 'married' }).has('spouseName')).toBe(true);
    expect(shownFields(validator, schema, { filingStatus: 'single' }).has('spouseName')).toBe(false);
  });

  it('drops the value of a field the answers hide before it is validated or sent', () => {
    const data = { fullName: 'A', filingStatus: 'single', spouseName: 'B', terms: true };
    expect(dropHidden(validator, schema, data)).toEqual({ fullName: 'A', filingStatus: 'single', terms: true });
    const married = { ...data, filingStatus: 'married' };
    expect(dropHidden(validator, schema, married)).toBe(married);
    // Shown and empty: its condition makes it required.
    const errors = validator.validateFormData({ fullName: 'A', filingStatus: 'married', terms: true }, schema).errors;
    expect(errors.map(pathOf).filter(Boolean)).toEqual(['spouseName']); // (and the form-level "must match then")
  });

  it('translates a conditional field where it is (allOf/then) and leaves the `if` as it was', () => {
    const { schema: out } = localizeForm(form, 'service.tax', t, has);
    const branch = (out.allOf?.[0] as RJSFSchema).then as RJSFSchema;
    expect((branch.properties?.spouseName as RJSFSchema).title).toBe("Spouse's full name");
    expect((out.allOf?.[0] as RJSFSchema).if).toBe((schema.allOf?.[0] as RJSFSchema).if);
  });
});

describe('a repeating group', () => {
  const localized = localizeForm(form, 'service.tax', t, has);

  it("has translated cells, options, an Add label and each row's title", () => {
    const items = (localized.schema.properties?.dependents as RJSFSchema).items as RJSFSchema;
    expect((items.properties?.relationship as RJSFSchema).title).toBe('Relationship');
    const ui = localized.uiSchema.dependents as Record<string, unknown>;
    expect((ui.items as Record<string, Record<string, unknown>>).relationship?.['ui:enumNames']).toEqual(['Child', 'Parent']);
    expect(ui['ui:options']).toMatchObject({ addLabel: 'Add a dependent', rowTitles: ['Dependent 1', 'Dependent 2', 'Dependent 3'] });
  });

  it("puts a row's errors at the row's cell, nested as RJSF hands them down", () => {
    const data = { fullName: 'A', filingStatus: 'single', terms: true, dependents: [{ name: 'Kid', relationship: 'child' }, { relationship: 'child' }] };
    const errors = validator.validateFormData(data, schema).errors;
    expect(errors.map(pathOf)).toEqual(['dependents.1.name']);
    const describe = (path: string, problem: ReturnType<typeof problemOf>) => t(describeProblem('service.tax', path, problem, has).id);
    const messages = schemaMessages(errors, describe, () => true);
    expect(messages).toEqual({ 'dependents.1.name': 'This field is required.' });
    const { shown, blocking } = fieldErrors({ order: ['fullName', 'dependents'], schema: messages, local: {}, server: { 'dependents.0.relationship': 'server says' }, isShown: () => true });
    expect(shown).toEqual({ dependents: { 0: { relationship: { __errors: ['server says'] } }, 1: { name: { __errors: ['This field is required.'] } } } });
    expect(blocking).toEqual(['dependents.1.name']);
  });

  it("names a cell's texts by its group (fields.<g>.items.<cell>) and its RJSF id by its path", () => {
    expect(describeProblem('service.tax', 'dependents.2.name', { rule: 'required', values: {} }, (k) => k === 'service.tax.fields.dependents.items.name.errors.required').id).toBe(
      'service.tax.fields.dependents.items.name.errors.required',
    );
    expect(fieldName('root_dependents_2_name')).toBe('dependents.2.name');
    expect(fieldId('dependents.2.name')).toBe('root_dependents_2_name');
    expect(fieldName('root_email')).toBe('email');
  });

  it('reads a server error keyed by the cell, and a date limit, in the browser’s words', () => {
    const problems = serverProblems({
      data: {
        'dependents.2.name': { code: 'required', message: '' },
        dependents: { code: 'maxItems', params: { limit: 10 } },
        birthDate: { code: 'x-date', params: { limit: 'max', date: '2008-01-01' } },
        appointment: { code: 'formatMinimum', params: { comparison: '>=', limit: '2026-01-01' } },
        spouseName: { code: 'hidden', message: '' },
        w2: { code: 'fileTotal', params: { limit: 20971520 } },
      },
    });
    expect(problems).toEqual({
      'dependents.2.name': { rule: 'required', values: {} },
      dependents: { rule: 'maxItems', values: { limit: 10 } },
      birthDate: { rule: 'date.max', values: { date: '2008-01-01' } },
      appointment: { rule: 'date.min', values: { date: '2026-01-01' } },
      spouseName: { rule: 'hidden', values: {} },
      w2: { rule: 'fileTotal', values: { limit: 20971520 } },
    });
  });
});

describe('the review', () => {
  it('lists every shown answer step by step in the applicant’s words, rows cell by cell', () => {
    const localized = localizeForm(form, 'service.tax', t, has);
    const data = {
      fullName: 'Aziza',
      filingStatus: 'married',
      spouseName: 'Bobur',
      dependents: [{ name: 'Malika', relationship: 'child' }],
      w2: ['a.pdf', 'b.pdf'],
      appointment: '2030-01-15',
      terms: true,
    };
    const lines = reviewLines(localized, steps, data, shownFields(validator, localized.schema, data), { date: (d) => `[${d}]`, yes: 'Yes', no: 'No' });
    expect(lines.map((l) => [l.field, l.step])).toEqual([
      ['fullName', 0],
      ['filingStatus', 0],
      ['spouseName', 0],
      ['dependents', 1],
      ['w2', 2],
      ['appointment', 2],
      ['terms', 2],
    ]);
    expect(lines[1]).toMatchObject({ label: 'Filing status', value: { kind: 'text', text: 'Married filing jointly' } });
    expect(lines[2]?.label).toBe("Spouse's full name");
    expect(lines[3]?.value).toEqual({ kind: 'rows', rows: [{ title: 'Dependent 1', cells: [{ label: 'Full name', text: 'Malika' }, { label: 'Relationship', text: 'Child' }] }] });
    expect(lines[4]?.value).toEqual({ kind: 'list', items: ['a.pdf', 'b.pdf'] });
    expect(lines[5]?.value).toEqual({ kind: 'text', text: '[2030-01-15]' });
    expect(lines[6]?.value).toEqual({ kind: 'text', text: 'Yes' });
    // A hidden answer is no answer: single, the spouse is not listed.
    const single = reviewLines(localized, steps, { ...data, filingStatus: 'single' }, shownFields(validator, localized.schema, { filingStatus: 'single' }), { date: String, yes: 'Y', no: 'N' });
    expect(single.map((l) => l.field)).not.toContain('spouseName');
    expect(single.find((l) => l.field === 'fullName')?.value).toEqual({ kind: 'text', text: 'Aziza' });
  });
});

describe('several files', () => {
  const a = new File([new Uint8Array(300)], 'a.pdf', { type: 'application/pdf' });
  const b = new File([new Uint8Array(100)], 'b.pdf', { type: 'application/pdf' });

  it('sends each named file under its field, in order, and none the value no longer names', () => {
    const body = toFormData({ w2: ['a.pdf', 'b.pdf'], dependents: [{ name: 'M' }] }, new Map([['w2', [a, b, new File(['x'], 'gone.pdf')]]]), { variant: 'full' });
    expect((body.getAll('w2') as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(body.get('dependents')).toBe('[{"name":"M"}]'); // rows as one JSON text
  });

  it("spreads one upload's progress over the files in the order they are sent", () => {
    const files = [a, b];
    // 1024 bytes of values and extras around 400 bytes of files.
    expect(fileProgress(files, 0, 1424)).toEqual([
      { name: 'a.pdf', percent: 0 },
      { name: 'b.pdf', percent: 0 },
    ]);
    expect(fileProgress(files, 150, 1424).map((f) => f.percent)).toEqual([50, 0]);
    expect(fileProgress(files, 350, 1424).map((f) => f.percent)).toEqual([100, 50]);
    expect(fileProgress(files, 1424, 1424).map((f) => f.percent)).toEqual([100, 100]);
  });
});

describe('dates', () => {
  it("offers the tighter of the absolute and the relative limits, resolved against the applicant's today", () => {
    const birth = { type: 'string', format: 'date', formatMinimum: '1900-01-01', 'x-date': { max: 'today-18y' } } as RJSFSchema;
    expect(dateBounds(birth, '2026-03-10')).toEqual({ min: '1900-01-01', max: '2008-03-10' });
    const appointment = { type: 'string', format: 'date', 'x-date': { min: 'today', max: 'today+90d' } } as RJSFSchema;
    expect(dateBounds(appointment, '2026-03-10')).toEqual({ min: '2026-03-10', max: '2026-06-08' });
    expect(dateBounds({ type: 'string', format: 'date' }, '2026-03-10')).toEqual({});
  });

  it('knows the local day and the UTC offset the server needs', () => {
    expect(localToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Math.abs(timeZoneOffset())).toBeLessThanOrEqual(840);
  });

  it('says a date limit as one rule with the date, from AJV or from x-date', () => {
    expect(problemOf({ name: 'x-date', params: { limit: 'max', date: '2008-03-10' } } as unknown as RJSFValidationError)).toEqual({ rule: 'date.max', values: { date: '2008-03-10' } });
    expect(problemOf({ name: 'formatMinimum', params: { comparison: '>=', limit: '1900-01-01' } } as unknown as RJSFValidationError)).toEqual({
      rule: 'date.min',
      values: { date: '1900-01-01' },
    });
    expect(describeProblem('service.tax', 'birthDate', { rule: 'date.max', values: { date: 'x' } }, has).id).toBe('errors.date.max');
  });
});
