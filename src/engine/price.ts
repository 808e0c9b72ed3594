/** Price lines of a service (amounts in USD from its constants), formatted in the reader's language. */
import type { PriceLine } from './types.ts';

/** "$119.95"; `wholeDollars` for round amounts such as loan sizes ("$50,000"). */
export function formatUsd(amount: number | string, locale: string, wholeDollars = false): string {
  const digits = wholeDollars ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', ...digits }).format(Number(amount));
}

/**
 * One line of a price summary. A one-off amount reads like a price tag ("$300.00 Initial payment"); a
 * recurring one names itself first and ends with its period ("Monthly installment $119.95/month"),
 * as on the original site.
 */
export function priceLineText(line: PriceLine, constants: Record<string, number | string>, locale: string, t: (id: string) => string): string {
  const amount = formatUsd(constants[line.amount] ?? 0, locale);
  return line.per ? `${t(line.label)} ${amount}${t(line.per)}` : `${amount} ${t(line.label)}`;
}
