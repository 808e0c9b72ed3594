/** Where content blocks go among the fields, and how price lines read. */
import { describe, expect, it } from 'vitest';
import { layoutFields } from '../../../src/engine/blocks.ts';
import { formatUsd } from '../../../src/engine/numberFormat.ts';
import { priceLineText } from '../../../src/engine/price.ts';
import type { Block } from '../../../src/engine/types.ts';

const text = (message: string): Block => ({ type: 'text', message });
const describeLayout = (items: ReturnType<typeof layoutFields>) =>
  items.map((i) => (i.kind === 'field' ? i.name : `[${i.placement}: ${i.blocks.map((b) => (b.type === 'text' ? b.message : b.type)).join(', ')}]`));

describe('layoutFields', () => {
  it('puts top first, bottom last, and before/after blocks around their field', () => {
    const items = layoutFields(['a', 'b', 'c'], {
      bottom: [text('outro')],
      'after:b': [text('note')],
      top: [text('intro'), text('list')],
      'before:c': [text('price')],
    });
    expect(describeLayout(items)).toEqual(['[top: intro, list]', 'a', 'b', '[after:b: note]', '[before:c: price]', 'c', '[bottom: outro]']);
  });

  it("keeps blocks aimed at a field this variant lacks, just before the bottom, instead of losing them", () => {
    const items = layoutFields(['firstName', 'terms'], { 'before:ssn': [text('ssn note')], bottom: [text('outro')] });
    expect(describeLayout(items)).toEqual(['firstName', 'terms', '[before:ssn: ssn note]', '[bottom: outro]']);
  });

  it('is just the fields when there are no blocks', () => {
    expect(describeLayout(layoutFields(['x'], {}))).toEqual(['x']);
  });
});

describe('price lines', () => {
  const t = (id: string) => ({ initial: 'Initial payment', monthly: 'Monthly installment', perMonth: '/month', perMonthUz: '/oy' })[id] ?? id;
  const constants = { initialPayment: 300, monthlyInstallment: 119.95 };

  it('format USD amounts in the reader language', () => {
    expect(formatUsd(300, 'en')).toBe('$300.00');
    expect(formatUsd('119.95', 'en')).toBe('$119.95');
  });

  it('read like the original: a one-off amount as a price tag, a recurring one with its period', () => {
    expect(priceLineText({ label: 'initial', amount: 'initialPayment' }, constants, 'en', t)).toBe('$300.00 Initial payment');
    expect(priceLineText({ label: 'monthly', amount: 'monthlyInstallment', per: 'perMonth' }, constants, 'en', t)).toBe('Monthly installment $119.95/month');
    expect(priceLineText({ label: 'monthly', amount: 'monthlyInstallment', per: 'perMonthUz' }, constants, 'uz', t)).toMatch(/119[.,]95.*\/oy$/);
  });
});
