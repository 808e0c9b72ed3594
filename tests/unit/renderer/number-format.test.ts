/**
 * src/engine/numberFormat.ts formats numbers from its own CLDR table so that a page prerendered in Node
 * and hydrated in any browser says the same; here the table is checked against Node's full ICU.
 */
import { describe, expect, it } from 'vitest';
import { formatSize, formatUsd } from '../../../src/engine/numberFormat.ts';
import { registry } from '../../../src/generated/registry.ts';

const AMOUNTS = [0, 0.5, 1, 9.99, 119.95, 300, 999.995, 1000, 1234.5, 10000, 50000, 123456.78, 1000000, 2500000.1];
const SIZES = [512, 1024, 200 * 1024, 512.5 * 1024, 1024 * 1024, 1.5 * 1024 * 1024, 10 * 1024 * 1024, 20 * 1024 * 1024, 100.25 * 1024 * 1024];

describe.each(registry.languages as string[])('numbers in %s are what CLDR (Node full ICU) says', (locale) => {
  it.each(AMOUNTS)('$%s with cents and in whole dollars', (amount) => {
    expect(formatUsd(amount, locale)).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(amount));
    const whole = { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 } as const;
    expect(formatUsd(amount, locale, true)).toBe(new Intl.NumberFormat(locale, whole).format(amount));
    expect(formatUsd(String(amount), locale)).toBe(formatUsd(amount, locale));
  });

  it.each(SIZES)('%s bytes', (bytes) => {
    const mb = bytes / (1024 * 1024);
    const unit = mb >= 1 ? 'megabyte' : 'kilobyte';
    expect(formatSize(bytes, locale)).toBe(
      new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(mb >= 1 ? mb : bytes / 1024),
    );
  });
});

describe('a language without a table entry', () => {
  it('falls back to Intl', () => {
    expect(formatUsd(1234.5, 'de')).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(1234.5));
    expect(formatSize(10 * 1024 * 1024, 'de')).toBe(new Intl.NumberFormat('de', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(10));
  });
});
