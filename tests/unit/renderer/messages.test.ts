/** Which message names a label, an option, an error or a title: the lookup rules, without a browser. */
import { describe, expect, it } from 'vitest';
import { errorKey, helpKey, labelKey, optionKey, variantTitleKey } from '../../../src/engine/messages.ts';
import { describeProblem } from '../../../src/engine/problems.ts';

const catalogue = (keys: string[]) => (key: string) => keys.includes(key);

describe('labels and help', () => {
  const has = catalogue(['service.loan.fields.amount.label', 'fields.amount.label', 'fields.email.label', 'fields.ssn.help']);
  it("prefer the service's own label, then the shared one", () => {
    expect(labelKey('service.loan', 'amount', has)).toBe('service.loan.fields.amount.label');
    expect(labelKey('service.loan', 'email', has)).toBe('fields.email.label');
  });
  it('fall back to the shared key, so a missing label is a visible missing-message error', () => {
    expect(labelKey('service.loan', 'nickname', has)).toBe('fields.nickname.label');
  });
  it('have no help unless a catalogue has one', () => {
    expect(helpKey('service.loan', 'ssn', has)).toBe('fields.ssn.help');
    expect(helpKey('service.loan', 'email', has)).toBeUndefined();
  });
});

describe('option labels', () => {
  it('come from a shared option set when the field names one (x-options)', () => {
    expect(optionKey('service.x', 'state', 'CA', 'options.usStates')).toBe('options.usStates.CA');
  });
  it("otherwise from the service's field", () => {
    expect(optionKey('service.claim', 'company', 'Uber', undefined)).toBe('service.claim.fields.company.options.Uber');
  });
});

describe('variant titles', () => {
  it("use the variant's own title, else the service's", () => {
    const has = catalogue(['service.s.title', 'service.s.forms.short.title']);
    expect(variantTitleKey('service.s', 'short', has)).toBe('service.s.forms.short.title');
    expect(variantTitleKey('service.s', 'full', has)).toBe('service.s.title');
  });
});

describe('error messages', () => {
  const has = catalogue([
    'service.s.fields.zip.errors.pattern',
    'fields.stateId.errors.required',
    'errors.required',
    'errors.format',
    'errors.format.email',
    'errors.maxLength',
    'errors.invalid',
  ]);
  it.each([
    ['a service text for the field and rule', 'zip', 'pattern', undefined, 'service.s.fields.zip.errors.pattern'],
    ['a shared text for the field and rule ("ID is missing")', 'stateId', 'required', undefined, 'fields.stateId.errors.required'],
    ['the text for the format', 'email', 'format', 'email', 'errors.format.email'],
    ['the rule when the format has no text', 'birthday', 'format', 'date', 'errors.format'],
    ['the rule', 'firstName', 'required', undefined, 'errors.required'],
    ['"invalid" for a rule without a text', 'zip', 'multipleOf', undefined, 'errors.invalid'],
  ])('chooses %s', (_what, field, rule, format, want) => {
    expect(errorKey('service.s', field, rule, has, format)).toBe(want);
  });

  it('gives every argument a shared message may use a value, so formatting never fails', () => {
    const message = describeProblem('service.s', 'city', { rule: 'maxLength', values: { limit: 100 } }, has);
    expect(message).toEqual({ id: 'errors.maxLength', values: { limit: 100, format: '', types: '', size: '', date: '', name: 'city' } });
  });
});
