/**
 * Errors that say what to do: a field's texts come from its schema (x-errors of the shared definitions,
 * in schemas/common/fields.json), in every language, for the browser's own check and for the server's
 * answer alike; the phone's keyboard and autofill come from the schema too; the error summary names
 * each field it links to.
 */
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { pathLabel, summaryEntries } from '../../../src/engine/errorSummary.ts';
import { localizeForm } from '../../../src/engine/localizeForm.ts';
import { errorKey } from '../../../src/engine/messages.ts';
import { describeProblem, traitsAt, type FieldProblem } from '../../../src/engine/problems.ts';
import { serverProblems } from '../../../src/engine/serverErrors.ts';
import type { FormModule } from '../../../src/engine/types.ts';
import { fieldErrors, schemaMessages } from '../../../src/engine/validation.ts';
import { registry } from '../../../src/generated/registry.ts';
import en from '../../../src/generated/messages/en.json';
import ru from '../../../src/generated/messages/ru.json';
import uz from '../../../src/generated/messages/uz.json';

const catalogues = { en, uz, ru } as Record<string, Record<string, string>>;
const t = (catalogue: Record<string, string>) => (key: string, values?: Record<string, string | number>) =>
  (catalogue[key] ?? `!${key}`).replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? ''));

const variantOf = (route: string) => {
  const service = registry.services.find((s) => s.forms.some((f) => f.route === route))!;
  return { service, variant: service.forms.find((f) => f.route === route)! };
};

/** What the form shows for a problem of a field: ApplicationForm's describe, without React. */
function say(form: FormModule, ns: string, locale: string, field: string, problem: FieldProblem): string {
  const catalogue = catalogues[locale]!;
  const message = describeProblem(ns, field, problem, (k) => k in catalogue, traitsAt(form.traits, field)?.errors);
  return t(catalogue)(message.id, message.values);
}

describe('which text a failed rule gets', () => {
  const has = (keys: string[]) => (k: string) => keys.includes(k);
  it("takes the text the field's schema names before the rule's generic one", () => {
    expect(errorKey('service.s', 'postcode', 'pattern', has(['errors.field.zip.pattern', 'errors.pattern']), undefined, 'errors.field.zip.pattern')).toBe(
      'errors.field.zip.pattern',
    );
  });
  it("leaves the service's own text, and a shared one for the field's name, before the schema's", () => {
    const keys = ['service.s.fields.zip.errors.pattern', 'fields.stateId.errors.required', 'errors.field.zip.pattern', 'errors.field.idImage.required'];
    expect(errorKey('service.s', 'zip', 'pattern', has(keys), undefined, 'errors.field.zip.pattern')).toBe('service.s.fields.zip.errors.pattern');
    expect(errorKey('service.s', 'stateId', 'required', has(keys), undefined, 'errors.field.idImage.required')).toBe('fields.stateId.errors.required');
  });
  it('falls back to the generic text when the schema names none for the rule', () => {
    expect(errorKey('service.s', 'zip', 'maxLength', has(['errors.maxLength']), undefined, undefined)).toBe('errors.maxLength');
  });
  it("finds a field's traits, and a group row cell's in its group's", () => {
    const traits = { zip: { errors: { pattern: 'z' } }, kids: { group: { items: { name: { errors: { required: 'n' } } }, maxItems: 3 } } };
    expect(traitsAt(traits, 'zip')?.errors).toEqual({ pattern: 'z' });
    expect(traitsAt(traits, 'kids.1.name')?.errors).toEqual({ required: 'n' });
    expect(traitsAt(traits, 'nothing')).toBeUndefined();
  });
});

describe('the personal form says what to enter, in each language', () => {
  const { service, variant } = variantOf('/personal');
  const bad = { firstName: 'Aziza', email: 'aziza-at-example', phone: 'call me', zip: '941', ssn: '12345' };
  const missing = { firstName: 'Aziza' };

  it.each([
    [
      'en',
      {
        email: 'Enter an e-mail address like name@example.com.',
        phone: 'Enter a phone number like +1 415 555 0100: digits, spaces and + ( ) - only.',
        zip: 'Enter a 5-digit ZIP code, like 94105.',
        ssn: 'Enter all 9 digits of your Social Security number.',
      },
      {
        email: 'Enter your e-mail address.',
        phone: 'Enter your phone number.',
        ssn: 'Enter your Social Security number.',
        stateId: 'ID is missing', // the spec's words, a shared text for the field's name, still win
        terms: 'Tick the box to agree to the Terms and Conditions and the Privacy Policy.',
      },
    ],
    [
      'ru',
      { zip: 'Введите ZIP-код из 5 цифр, например 94105.', email: 'Введите адрес электронной почты в виде name@example.com.' },
      { email: 'Введите адрес электронной почты.', phone: 'Введите номер телефона.' },
    ],
    [
      'uz',
      { zip: '5 xonali ZIP kodni kiriting, masalan 94105.', phone: expect.stringContaining('+1 415 555 0100') },
      { email: 'Elektron pochta manzilingizni kiriting.', ssn: 'Ijtimoiy xavfsizlik raqamingizni (SSN) kiriting.' },
    ],
  ])("in %s, from the browser's own check", async (locale, wrong, absent) => {
    const form = await variant.load();
    const check = (data: object) =>
      schemaMessages(validator.validateFormData(data, form.schema).errors, (field, problem) => say(form, service.messages, locale, field, problem), () => true);
    expect(check(bad)).toMatchObject(wrong);
    expect(check(missing)).toMatchObject(absent);
    const messages = { ...check(bad), ...check(missing) };
    // Nothing falls back to "check the format of this value".
    for (const message of Object.values(messages)) expect(message).not.toBe(catalogues[locale]!['errors.pattern']);
  });

  it("and the same words for the server's answer: our hooks' AJV keywords and PocketBase's own codes", async () => {
    const form = await variant.load();
    const body = {
      message: 'Failed to create record.',
      data: {
        zip: { code: 'pattern', message: 'must match pattern' },
        phone: { code: 'pattern', message: 'must match pattern' },
        email: { code: 'validation_invalid_email', message: 'Must be a valid email address.' },
        ssn: { code: 'validation_required', message: 'Cannot be blank.' },
      },
    };
    const said = Object.fromEntries(Object.entries(serverProblems(body)).map(([field, problem]) => [field, say(form, service.messages, 'ru', field, problem)]));
    expect(said).toEqual({
      zip: 'Введите ZIP-код из 5 цифр, например 94105.',
      phone: 'Введите номер телефона в виде +1 415 555 0100: только цифры, пробелы и знаки + ( ) -.',
      email: 'Введите адрес электронной почты в виде name@example.com.',
      ssn: 'Введите номер социального страхования (SSN).',
    });
  });
});

describe('every form', () => {
  const variants = registry.services.flatMap((service) => service.forms.map((variant) => ({ service, variant, name: `${service.id}/${variant.id}` })));
  it.each(variants)('$name explains each pattern it checks in its own words', async ({ service, variant }) => {
    const form = await variant.load();
    for (const [name, prop] of Object.entries((form.schema.properties ?? {}) as Record<string, { pattern?: string }>)) {
      if (!prop.pattern) continue;
      const id = describeProblem(service.messages, name, { rule: 'pattern', values: {} }, (k) => k in en, traitsAt(form.traits, name)?.errors).id;
      expect(id, name).not.toBe('errors.pattern');
      expect(en[id as keyof typeof en], name).toBeTruthy();
    }
  });
});

describe('keyboards and autofill from the schema', () => {
  const { service, variant } = variantOf('/personal');
  it('give ZIP digits, a phone the dial pad, e-mail its keyboard, and each its autofill token', async () => {
    const form = await variant.load();
    const { uiSchema } = localizeForm(form, service.messages, t(en), (k) => k in en, 'en');
    expect(uiSchema.zip).toMatchObject({ 'ui:inputMode': 'numeric', 'ui:autocomplete': 'postal-code' });
    expect(uiSchema.phone).toMatchObject({ 'ui:inputMode': 'tel', 'ui:autocomplete': 'tel' });
    expect(uiSchema.email).toMatchObject({ 'ui:inputMode': 'email', 'ui:autocomplete': 'email' });
    expect(uiSchema.firstName).toMatchObject({ 'ui:autocomplete': 'given-name' });
    expect(uiSchema.street).toMatchObject({ 'ui:autocomplete': 'address-line1' });
    expect(uiSchema.state).toMatchObject({ 'ui:autocomplete': 'address-level1' });
  });

  it("let a form's own ui:autocomplete win, and give number fields a number keypad", () => {
    const form: FormModule = {
      variant: 'full',
      schema: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'integer' }, income: { type: 'number' } } },
      uiSchema: { name: { 'ui:autocomplete': 'organization' } },
      traits: { name: { autocomplete: 'name' }, children: {}, income: {} },
      blocks: {},
      validators: {},
    };
    const { uiSchema } = localizeForm(form, 'service.x', (k) => k, () => true);
    expect(uiSchema.name?.['ui:autocomplete']).toBe('organization');
    expect(uiSchema.children?.['ui:inputMode']).toBe('numeric');
    expect(uiSchema.income?.['ui:inputMode']).toBe('decimal');
  });
});

describe('the error summary', () => {
  const form = {
    schema: {
      type: 'object' as const,
      properties: {
        zip: { type: 'string' as const, title: 'ZIP-код' },
        kids: { type: 'array' as const, title: 'Дети', items: { type: 'object' as const, properties: { name: { type: 'string' as const, title: 'Имя' } } } },
      },
      allOf: [{ if: { properties: { zip: { const: '1' } } }, then: { properties: { note: { type: 'string' as const, title: 'Примечание' } } } }],
    },
    uiSchema: { kids: { 'ui:options': { rowTitles: ['Ребёнок 1', 'Ребёнок 2'] } } },
  };

  it("names each field by its label, a row's cell by its group, row and cell, a conditional field too", () => {
    expect(pathLabel(form, 'zip')).toBe('ZIP-код');
    expect(pathLabel(form, 'kids.1.name')).toBe('Дети, Ребёнок 2, Имя');
    expect(pathLabel(form, 'note')).toBe('Примечание');
  });

  it('links to each error shown at a field, in the order of the form', () => {
    const { list } = fieldErrors({
      order: ['zip', 'kids'],
      schema: { 'kids.0.name': 'Введите имя.', zip: 'Введите ZIP-код из 5 цифр, например 94105.' },
      local: {},
      server: {},
      isShown: () => true,
    });
    expect(summaryEntries(form, list)).toEqual([
      { target: 'root_zip', label: 'ZIP-код', message: 'Введите ZIP-код из 5 цифр, например 94105.' },
      { target: 'root_kids_0_name', label: 'Дети, Ребёнок 1, Имя', message: 'Введите имя.' },
    ]);
  });

  it('lists only what the applicant is shown: an untouched field before a submit is not there', () => {
    const { list } = fieldErrors({ order: ['zip', 'city'], schema: { zip: 'a', city: 'b' }, local: {}, server: {}, isShown: (p) => p === 'city' });
    expect(list.map((e) => e.path)).toEqual(['city']);
  });
});
