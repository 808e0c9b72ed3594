/**
 * Every generated form module rendered for the current language: translated fields and options,
 * widgets from traits, developer notes kept off screen; and the spec's messages on the credit repair form.
 */
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { fieldsInOrder } from '../../../src/engine/formModule.ts';
import { localizeForm } from '../../../src/engine/localizeForm.ts';
import { describeProblem, traitsAt, type FieldProblem } from '../../../src/engine/problems.ts';
import { schemaMessages } from '../../../src/engine/validation.ts';
import { registry } from '../../../src/generated/registry.ts';
import en from '../../../src/generated/messages/en.json';
import ru from '../../../src/generated/messages/ru.json';
import uz from '../../../src/generated/messages/uz.json';

const translator = (catalogue: Record<string, string>) => ({
  has: (key: string) => key in catalogue,
  t: (key: string, values?: Record<string, string | number>) => (catalogue[key] ?? `!${key}`).replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? '')),
});

const variants = registry.services.flatMap((service) => service.forms.map((variant) => ({ service, variant, name: `${service.id}/${variant.id}` })));

describe.each(variants)('the $name form', ({ service, variant }) => {
  it.each([
    ['en', en],
    ['uz', uz],
    ['ru', ru],
  ] as const)('is fully translated in %s, with widgets from traits', async (locale, catalogue) => {
    const form = await variant.load();
    const { t, has } = translator(catalogue);
    const { schema, uiSchema } = localizeForm(form, service.messages, t, has, locale);
    const props = schema.properties as Record<string, { title?: string; description?: string; examples?: unknown }>;
    for (const [name, prop] of Object.entries(props)) {
      expect(prop.title, name).not.toMatch(/^!/);
      expect(prop.description, `${name} keeps its developer note off screen`).toBeUndefined();
      expect(prop.examples, `${name} offers no sample values to applicants`).toBeUndefined();
      const help = uiSchema[name]?.['ui:help'];
      if (help) expect(help, name).not.toMatch(/^!/);
      for (const option of (uiSchema[name]?.['ui:enumNames'] as string[] | undefined) ?? []) expect(option, name).not.toMatch(/^!/);
    }
    for (const [name, traits] of Object.entries(form.traits)) {
      if (traits.file) expect(uiSchema[name]?.['ui:widget'], name).toBe('FileWidget');
      else if (traits.mask === 'ssn') expect(uiSchema[name]?.['ui:widget'], name).toBe('SsnWidget');
    }
    expect(fieldsInOrder(form).sort()).toEqual(Object.keys(props).sort());
  });
});

describe('the credit repair form (spec §2, §4)', () => {
  const service = registry.services.find((s) => s.forms.some((f) => f.route === '/creditrepair'))!;
  const full = service.forms.find((f) => f.route === '/creditrepair')!;

  it('lists its fields in the uiSchema order and labels US states by name', async () => {
    const form = await full.load();
    expect(fieldsInOrder(form).slice(0, 4)).toEqual(['firstName', 'lastName', 'email', 'phone']);
    const { t, has } = translator(uz);
    expect(localizeForm(form, service.messages, t, has, 'uz').uiSchema.state?.['ui:enumNames']).toContain('Kaliforniya');
  });

  it('says "ID is missing" for a missing ID image, what to enter elsewhere, and asks for the terms box', async () => {
    const form = await full.load();
    const { t, has } = translator(en);
    const describeError = (field: string, problem: FieldProblem) => {
      const m = describeProblem(service.messages, field, problem, has, traitsAt(form.traits, field)?.errors);
      return t(m.id, m.values);
    };
    const messages = schemaMessages(validator.validateFormData({ terms: false }, form.schema).errors, describeError, () => true);
    expect(messages.stateId).toBe('ID is missing');
    expect(messages.firstName).toBe('Enter your first name.');
    expect(messages.terms).toBe('Tick the box to agree to the Terms and Conditions and the Privacy Policy.');
  });
});
