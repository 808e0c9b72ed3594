/**
 * The renderer's site-level helpers, without a browser: values a form takes from its route, texts a
 * variant or service overrides, the company's constants as message arguments and contact links.
 */
import { describe, expect, it } from 'vitest';
import { companyValues } from '../../../src/engine/company.ts';
import { fixedValueLines, localizeForm } from '../../../src/engine/localizeForm.ts';
import { mailtoHref, mapsHref, telHref } from '../../../src/engine/links.ts';
import { helpKey, labelKey, submitKey } from '../../../src/engine/messages.ts';
import { routeValues } from '../../../src/engine/routeValues.ts';
import type { FormModule } from '../../../src/engine/types.ts';

const order: FormModule = {
  variant: 'full',
  schema: {
    type: 'object',
    required: ['amount', 'email'],
    properties: { amount: { type: 'string', enum: ['499', '995'] }, email: { type: 'string' }, seats: { type: 'integer' } },
  },
  uiSchema: {},
  traits: { amount: { routeParam: 'amount', format: 'usd' }, email: {}, seats: {} },
  blocks: {},
  validators: {}, // nothing here validates a form
};

describe('values from the route', () => {
  it('fill the fields that name a route parameter', () => {
    expect(routeValues(order, { amount: '995' })).toEqual({ ok: true, values: { amount: '995' } });
  });
  it('refuse a value the schema does not allow, naming the field (the page is then "not found")', () => {
    expect(routeValues(order, { amount: '123' })).toEqual({ ok: false, field: 'amount' });
    expect(routeValues(order, {})).toEqual({ ok: false, field: 'amount' });
  });
  it('turn numbers into numbers, and refuse what is not one', () => {
    const seats: FormModule = { ...order, traits: { seats: { routeParam: 'seats' } } };
    expect(routeValues(seats, { seats: '3' })).toEqual({ ok: true, values: { seats: 3 } });
    expect(routeValues(seats, { seats: '3.5' })).toEqual({ ok: false, field: 'seats' });
    expect(routeValues(seats, { seats: 'three' })).toEqual({ ok: false, field: 'seats' });
  });
  it('are stated above the form in the reader’s language, not offered as inputs', () => {
    const t = (key: string) => (key === 'service.order.fields.amount.label' ? 'Package price' : key);
    const localized = localizeForm(order, 'service.order', t, (k) => k === 'service.order.fields.amount.label', 'en', ['amount']);
    expect((localized.uiSchema.amount as Record<string, unknown>)['ui:widget']).toBe('hidden');
    expect(fixedValueLines(localized, { amount: '995' })).toEqual([{ field: 'amount', label: 'Package price', value: '$995' }]);
  });
});

describe('texts a variant or a service overrides', () => {
  const has = (keys: string[]) => (k: string) => keys.includes(k);
  it("prefer the variant's label and help, then the service's, then the shared one", () => {
    const lookup = has(['service.claim.forms.flex.fields.amount.label', 'service.claim.fields.amount.label', 'fields.amount.help']);
    expect(labelKey('service.claim', 'amount', lookup, 'flex')).toBe('service.claim.forms.flex.fields.amount.label');
    expect(labelKey('service.claim', 'amount', lookup, 'full')).toBe('service.claim.fields.amount.label');
    expect(helpKey('service.claim', 'amount', lookup, 'flex')).toBe('fields.amount.help');
  });
  it('name the submit button by variant, then service, else "Continue"', () => {
    expect(submitKey('service.order', 'full', has(['service.order.submit']))).toBe('service.order.submit');
    expect(submitKey('service.order', 'full', has(['service.order.forms.full.submit', 'service.order.submit']))).toBe('service.order.forms.full.submit');
    expect(submitKey('service.loan', 'full', has([]))).toBe('form.submit');
  });
});

describe('the company', () => {
  it('lends its constants to every block message as {companyName}, {companyPhone}, …', () => {
    expect(companyValues({ name: 'Aloqa Corp', address: '1 Main St', phone: '+1 555', email: 'a@b.example' })).toEqual({
      companyName: 'Aloqa Corp',
      companyAddress: '1 Main St',
      companyPhone: '+1 555',
      companyEmail: 'a@b.example',
    });
  });
  it('is reachable by links that phones and mail programs understand', () => {
    expect(telHref('+1 (555) 010-0199')).toBe('tel:+15550100199');
    expect(mailtoHref('info@aloqacorp.example')).toBe('mailto:info@aloqacorp.example');
    expect(mapsHref('1 Main St, Brooklyn, NY')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Brooklyn%2C%20NY');
  });
});
