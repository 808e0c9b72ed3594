/** Price lines of a service (amounts in USD from its constants), formatted in the reader's language. */
import { formatUsd } from './numberFormat.ts';
import type { PriceLine } from './types.ts';

/** A message by id, with values for its placeholders. */
type Translate = (id: string, values?: Record<string, string>) => string;

/**
 * One line of a price summary, in the order its language puts a label and an amount (`price.oneOff`,
 * `price.recurring` in the common messages). In English a one-off amount reads like a price tag
 * ("$300.00 Initial payment") and a recurring one names itself first and ends with its period
 * ("Monthly installment $119.95/month"), as on the original site; Uzbek and Russian name the payment
 * first ("Oylik toʻlov: 119,95 $/oy").
 */
export function priceLineText(line: PriceLine, constants: Record<string, number | string>, locale: string, t: Translate): string {
  const values = { amount: formatUsd(constants[line.amount] ?? 0, locale), label: t(line.label) };
  return line.per ? t('price.recurring', { ...values, per: t(line.per) }) : t('price.oneOff', values);
}

/**
 * A listed service's price ("$125", "$300, then $119.95/month"), or undefined when it shows none.
 * Whole amounts drop their cents, as the offer cards do; $9.99 keeps them.
 */
export function listingPriceText(entry: { price?: number; monthly?: number }, locale: string, t: Translate): string | undefined {
  const usd = (amount: number) => formatUsd(amount, locale, Number.isInteger(amount));
  if (entry.monthly === undefined) return entry.price === undefined ? undefined : usd(entry.price);
  return entry.price === undefined ? t('listing.monthly', { amount: usd(entry.monthly) }) : t('listing.thenMonthly', { price: usd(entry.price), monthly: usd(entry.monthly) });
}
