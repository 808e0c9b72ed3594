/** The widget of a field follows from its schema and traits, by rank (JSON Forms style testers). */
import { describe, expect, it } from 'vitest';
import { isBooleanField, isEnumField, isFileField, isMaskedSsn, widgetFor, type FieldFacts } from '../../../src/engine/widgets.ts';

const upload = { accept: ['image/png'], maxSize: 1024, maxFiles: 1 };

describe('widgetFor', () => {
  it.each<[string, FieldFacts, string]>([
    ['an upload', { schema: { type: 'string' }, traits: { file: upload } }, 'FileWidget'],
    ['a masked SSN (though a string with a pattern)', { schema: { type: 'string' }, traits: { mask: 'ssn' } }, 'SsnWidget'],
    ['an enum', { schema: { type: 'string', enum: ['a', 'b'] }, traits: {} }, 'select'],
    ['free text marked multiline', { schema: { type: 'string' }, traits: { multiline: true } }, 'textarea'],
    ['a boolean (the terms box)', { schema: { type: 'boolean' }, traits: {} }, 'checkbox'],
    ['an e-mail', { schema: { type: 'string', format: 'email' }, traits: {} }, 'email'],
    ['plain text', { schema: { type: 'string' }, traits: {} }, 'text'],
  ])('gives %s the %s widget', (_what, facts, want) => {
    expect(widgetFor(facts)).toBe(want);
  });

  it('lets the higher rank win when several testers match', () => {
    expect(widgetFor({ schema: { type: 'string', enum: ['x'] }, traits: { file: upload } })).toBe('FileWidget');
    expect(widgetFor({ schema: { type: 'string', enum: ['x'] }, traits: { mask: 'ssn' } })).toBe('SsnWidget');
    expect(widgetFor({ schema: { type: 'string', format: 'email', enum: ['a@b.c'] }, traits: {} })).toBe('select');
  });

  it('has testers that read like rules', () => {
    expect(isFileField({ schema: {}, traits: { file: upload } })).toBe(true);
    expect(isMaskedSsn({ schema: {}, traits: { sensitive: true } })).toBe(false); // sensitive alone is not a mask
    expect(isEnumField({ schema: { enum: [] }, traits: {} })).toBe(true);
    expect(isBooleanField({ schema: { type: 'string' }, traits: {} })).toBe(false);
  });
});
