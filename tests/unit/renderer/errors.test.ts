/**
 * Errors, wherever they come from, in one vocabulary: the browser's schema check, the file widget and
 * the server; and when the applicant sees them (once a field was left, or after a submit).
 */
import type { RJSFValidationError } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { fieldOf, problemOf } from '../../../src/engine/problems.ts';
import { keywordOf, refusalReason, serverProblems } from '../../../src/engine/serverErrors.ts';
import { fieldErrors, inFormOrder, schemaMessages } from '../../../src/engine/validation.ts';

describe('server answers', () => {
  it.each([
    ['required', 'required'],
    ['maxLength', 'maxLength'],
    ['additionalProperties', 'additionalProperties'],
    ['validation_required', 'required'],
    ['validation_invalid_mime_type', 'fileType'],
    ['validation_file_size_limit', 'fileSize'],
    ['validation_max_text_constraint', 'maxLength'],
    ['validation_something_new', 'invalid'],
  ])('read code %s as the rule %s', (code, rule) => {
    expect(keywordOf(code)).toBe(rule);
  });

  it("turn a 400 body's field errors into problems, with the limit as a message argument", () => {
    const body = {
      message: 'Failed to create record.',
      data: {
        stateId: { code: 'required', message: 'Missing required value.' },
        city: { code: 'validation_max_text_constraint', message: 'Must be less than 100 character(s).', params: { max: 100 } },
        zip: { code: 'maxLength', message: 'x', params: { limit: 10 } },
        junk: 'not an error object',
      },
    };
    expect(serverProblems(body)).toEqual({
      stateId: { rule: 'required', values: {} },
      city: { rule: 'maxLength', values: { limit: 100 } },
      zip: { rule: 'maxLength', values: { limit: 10 } },
    });
  });

  it('find no field problems in answers that are not a validation failure', () => {
    expect(serverProblems(null)).toEqual({});
    expect(serverProblems({ message: 'Something went wrong.', data: {} })).toEqual({});
    expect(serverProblems('<html>Bad gateway</html>')).toEqual({});
  });
});

describe("the browser's schema check", () => {
  const schema = {
    type: 'object' as const,
    required: ['name', 'terms'],
    properties: {
      name: { type: 'string' as const, maxLength: 3 },
      email: { type: 'string' as const, format: 'email' },
      terms: { type: 'boolean' as const, const: true },
    },
  };
  const errorsOf = (data: object) => validator.validateFormData(data, schema).errors;

  it('says which field an error is about and which rule it broke, with its arguments', () => {
    const [tooLong] = errorsOf({ name: 'Abcd', terms: true });
    expect(fieldOf(tooLong as RJSFValidationError)).toBe('name');
    expect(problemOf(tooLong as RJSFValidationError)).toEqual({ rule: 'maxLength', values: { limit: 3 } });
    const [missing] = errorsOf({ terms: true });
    expect(fieldOf(missing as RJSFValidationError)).toBe('name');
    expect(problemOf(missing as RJSFValidationError).rule).toBe('required');
    const [badEmail] = errorsOf({ name: 'A', email: 'nope', terms: true });
    expect(problemOf(badEmail as RJSFValidationError)).toEqual({ rule: 'format', values: { format: 'email' } });
  });

  it('keeps the first error of each field, translated only where the applicant sees it', () => {
    const described: string[] = [];
    const describe = (field: string, problem: { rule: string }) => {
      described.push(field);
      return `${field}:${problem.rule}`;
    };
    const { errors } = validator.validateFormData({ name: 'Abcd', email: 'x' }, schema);
    expect(schemaMessages(errors, describe, () => true)).toEqual({ name: 'name:maxLength', email: 'email:format', terms: 'terms:required' });
    described.length = 0;
    // Every field with an error is there (it blocks a submit); only the shown one costs a translation.
    expect(schemaMessages(errors, describe, (field) => field === 'email')).toEqual({ name: '', email: 'email:format', terms: '' });
    expect(described).toEqual(['email']);
  });
});

describe('which errors the applicant sees', () => {
  const order = ['name', 'email', 'stateId', 'terms'];
  const schema = { terms: 'Tick the box', name: 'Required' };

  it('shows a schema error only once its field was left (or after a submit), but always blocks the submit', () => {
    const { shown, blocking } = fieldErrors({ order, schema, local: {}, server: {}, isShown: (f) => f === 'name' });
    expect(shown).toEqual({ name: { __errors: ['Required'] } });
    expect(blocking).toEqual(['name', 'terms']); // in form order, for the focus
  });

  it("shows what the server or a widget said at once, the server's word winning", () => {
    const { shown, blocking } = fieldErrors({
      order,
      schema: {},
      local: { stateId: 'Extension not allowed', email: 'local' },
      server: { email: 'Please enter a valid e-mail address.' },
      isShown: () => false,
    });
    expect(shown).toEqual({ stateId: { __errors: ['Extension not allowed'] }, email: { __errors: ['Please enter a valid e-mail address.'] } });
    expect(blocking).toEqual([]); // the applicant may resend: the server checks again
  });

  it('orders fields the form does not list last', () => {
    expect(inFormOrder(['zzz', 'terms', 'name'], order)).toEqual(['name', 'terms', 'zzz']);
  });
});

describe('a refusal that names no field', () => {
  it('29.4, 29.7: tells a body too large (413) and too many sends from the address (429) from any other refusal', () => {
    expect(refusalReason(413, { message: 'The form is larger than this form allows.' })).toBe('tooLarge');
    expect(refusalReason(429, { message: 'Too many applications from your address.' })).toBe('tooMany');
    expect(refusalReason(400, { data: { proof: { code: 'expired' } } })).toBe('proofOfWork');
    expect(refusalReason(400, { data: {} })).toBe('server');
    expect(refusalReason(500, null)).toBe('server');
  });
});
