/** The renderer's rules, without a browser: which widget, which message, which error. */
import { describe, expect, it } from 'vitest';
import { errorKey, labelKey, optionKey } from '../../../src/engine/messages.ts';
import { widgetFor } from '../../../src/engine/widgets.ts';
import { fieldErrorsOf, keywordOf } from '../../../src/engine/serverErrors.ts';
import { localizeForm } from '../../../src/engine/localizeForm.ts';
import { placeBlocks } from '../../../src/engine/blocks.ts';
import { toFormData } from '../../../src/engine/submit.ts';
import creditRepair from '../../../src/generated/forms/creditrepair.full.ts';
import en from '../../../src/generated/messages/en.json';

const has = (key: string) => key in en;
const t = (key: string, values?: Record<string, string | number>) =>
  ((en as Record<string, string>)[key] ?? `!${key}`).replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? ''));

describe('widgetFor', () => {
  it.each([
    ['an upload', { schema: { type: 'string' }, traits: { file: { accept: ['image/png'], maxSize: 1, maxFiles: 1 } } }, 'FileWidget'],
    ['a masked SSN (even though it is a string with a pattern)', { schema: { type: 'string' }, traits: { mask: 'ssn' as const } }, 'SsnWidget'],
    ['an enum', { schema: { type: 'string', enum: ['a'] }, traits: {} }, 'select'],
    ['free text marked multiline', { schema: { type: 'string' }, traits: { multiline: true } }, 'textarea'],
    ['a boolean', { schema: { type: 'boolean' }, traits: {} }, 'checkbox'],
    ['an e-mail', { schema: { type: 'string', format: 'email' }, traits: {} }, 'email'],
    ['plain text', { schema: { type: 'string' }, traits: {} }, 'text'],
  ])('gives %s the %s', (_what, facts, want) => {
    expect(widgetFor(facts)).toBe(want);
  });
});

describe('message keys', () => {
  it('prefers the service text over the shared one', () => {
    expect(labelKey('service.creditrepair', 'stateId', has)).toBe('fields.stateId.label');
    expect(errorKey('service.creditrepair', 'stateId', 'required', has)).toBe('fields.stateId.errors.required');
    expect(t(errorKey('service.creditrepair', 'stateId', 'required', has))).toBe('ID is missing');
    expect(labelKey('service.creditrepair', 'amount', has)).toBe('service.creditrepair.fields.amount.label');
  });
  it('falls back from a format-specific error to the general one, then to "invalid"', () => {
    expect(errorKey('service.x', 'email', 'format', has, 'email')).toBe('errors.format.email');
    expect(errorKey('service.x', 'zip', 'format', has, 'date')).toBe('errors.format');
    expect(errorKey('service.x', 'zip', 'nonsense', has)).toBe('errors.invalid');
  });
  it('labels options from a shared set or from the service', () => {
    expect(optionKey('service.x', 'state', 'CA', 'options.usStates')).toBe('options.usStates.CA');
    expect(optionKey('service.claim', 'amount', 'Uber', undefined)).toBe('service.claim.fields.amount.options.Uber');
  });
});

describe('server errors', () => {
  it('maps our keywords and PocketBase codes onto one vocabulary', () => {
    expect(keywordOf('maxLength')).toBe('maxLength');
    expect(keywordOf('validation_invalid_mime_type')).toBe('fileType');
    expect(keywordOf('validation_file_size_limit')).toBe('fileSize');
    expect(keywordOf('something_new')).toBe('invalid');
  });
  it('reads the field errors of a 400 body and ignores junk', () => {
    expect(fieldErrorsOf({ message: 'x', data: { stateId: { code: 'required', message: 'm' }, zip: 'bad' } })).toEqual({ stateId: 'required' });
    expect(fieldErrorsOf(null)).toEqual({});
  });
});

describe('localizeForm', () => {
  const { schema, uiSchema } = localizeForm(creditRepair, 'service.creditrepair', t, has);
  const props = schema.properties as Record<string, { title?: string }>;
  it('titles every field in the current language', () => {
    expect(props.firstName?.title).toBe('First name');
    expect(props.stateId?.title).toBe("Driver's licence or state ID (photo)");
  });
  it('chooses widgets from traits and labels enum options', () => {
    expect(uiSchema.stateId?.['ui:widget']).toBe('FileWidget');
    expect(uiSchema.stateId?.['ui:options']?.file).toMatchObject({ maxFiles: 1 });
    expect(uiSchema.ssn?.['ui:widget']).toBe('SsnWidget');
    expect((uiSchema.state?.['ui:enumNames'] as string[]).slice(0, 2)).toEqual(['Alabama', 'Alaska']);
    expect(uiSchema.ssn?.['ui:help']).toBe('9 digits, numbers only.');
  });
  it('never shows the server-owned amount or any card field', () => {
    expect(Object.keys(props)).not.toContain('amount');
    expect(Object.keys(props).filter((k) => /card|cvv|expire/i.test(k))).toEqual([]);
  });
});

describe('blocks and submit body', () => {
  it('places blocks before a field', () => {
    const placed = placeBlocks(creditRepair.blocks);
    expect(placed.before('terms').map((b) => b.type)).toEqual(['price']);
    expect(placed.top.map((b) => b.type)).toEqual(['text', 'list', 'heading']);
    expect(placed.after('terms')).toEqual([]);
  });
  it('sends values, files and the variant and language in one multipart body', () => {
    const file = new File([new Uint8Array([1])], 'id.png', { type: 'image/png' });
    const body = toFormData({ firstName: 'A', terms: true, stateId: 'id.png', zip: '' }, new Map([['stateId', file]]), { variant: 'full', locale: 'ru' });
    expect([...body.keys()]).toEqual(['firstName', 'terms', 'stateId', 'variant', 'locale']);
    expect(body.get('terms')).toBe('true');
    expect((body.get('stateId') as File).name).toBe('id.png');
  });
});
