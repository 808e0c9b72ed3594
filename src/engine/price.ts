/** Price lines of a service (amounts in USD from its constants), formatted in the reader's language. */
import { formatUsd } from './numberFormat.ts';
import type { PriceLine } from './types.ts';

/**
 * One line of a price summary. A one-off amount reads like a price tag ("$300.00 Initial payment"); a
 * recurring one names itself first and ends with its period ("Monthly installment $119.95/month"),
 * as on the original site.
 */
export function priceLineText(line: PriceLine, constants: Record<string, number | string>, locale: string, t: (id: string) => string): string {
  const amount = formatUsd(constants[line.amount] ?? 0, locale);
  return line.per ? `${t(line.label)} ${amount}${t(line.per)}` : `${amount} ${t(line.label)}`;
}
