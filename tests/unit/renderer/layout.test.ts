/** Where content blocks go among the fields, and how price lines read. */
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { layoutFields } from '../../../src/engine/blocks.ts';
import { formatUsd } from '../../../src/engine/numberFormat.ts';
import { priceLineText } from '../../../src/engine/price.ts';
import type { Block } from '../../../src/engine/types.ts';
import en from '../../../src/generated/messages/en.json';
import ru from '../../../src/generated/messages/ru.json';
import uz from '../../../src/generated/messages/uz.json';

const MESSAGES = { en, uz, ru } as const;

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
  /** The shipped messages (common and the credit-repair service's), as the page's intl has them. */
  const translate = (locale: 'en' | 'uz' | 'ru') => {
    const intl = createIntl({ locale, messages: MESSAGES[locale], onError: (e) => expect.unreachable(e.message) });
    return (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  };
  const constants = { initialPayment: 300, monthlyInstallment: 119.95 };
  const initial = { label: 'service.creditrepair.price.initial', amount: 'initialPayment' };
  const monthly = { label: 'service.creditrepair.price.monthly', amount: 'monthlyInstallment', per: 'service.creditrepair.price.perMonth' };
  const lines = (locale: 'en' | 'uz' | 'ru') => [initial, monthly].map((line) => priceLineText(line, constants, locale, translate(locale)).replace(/\u00a0|\u202f/g, ' '));

  it('format USD amounts in the reader language', () => {
    expect(formatUsd(300, 'en')).toBe('$300.00');
    expect(formatUsd('119.95', 'en')).toBe('$119.95');
  });

  it('read like the original in English: a one-off amount as a price tag, a recurring one with its period', () => {
    expect(lines('en')).toEqual(['$300.00 Initial payment', 'Monthly installment $119.95/month']);
  });

  it('name the payment first in Uzbek and Russian, in their own words and number format', () => {
    expect(lines('uz')).toEqual([expect.stringMatching(/^Boshlangʻich toʻlov: .*300,00/), expect.stringMatching(/^Oylik toʻlov: .*119,95.*\/oy$/)]);
    expect(lines('ru')).toEqual([expect.stringMatching(/^Первоначальный платёж: 300,00 \$$/), expect.stringMatching(/^Ежемесячный платёж: 119,95 \$\/месяц$/)]);
  });
});
