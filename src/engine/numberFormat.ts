/**
 * Numbers, dollar amounts and file sizes in the reader's language, formatted by us from CLDR's symbols
 * and patterns for the site's languages rather than by the runtime's Intl. Browsers ship different ICU
 * data (Debian's chromium has no Uzbek: "$ 50,000" where Node and CLDR say "50 000 US$"), and a page
 * prerendered by the build (in Node) hydrates only if the browser's first render gives the same text.
 * tests/unit/renderer/number-format.test.ts checks the table against Node's full ICU. A language
 * missing here falls back to Intl (correct where the browser has its data, but not prerender-safe).
 */
const NBSP = '\u00a0';

interface NumberSymbols {
  group: string;
  decimal: string;
  usd: (amount: string) => string;
  megabyte: string;
  kilobyte: string;
}

const SYMBOLS: Record<string, NumberSymbols> = {
  en: { group: ',', decimal: '.', usd: (n) => `$${n}`, megabyte: 'MB', kilobyte: 'kB' },
  uz: { group: NBSP, decimal: ',', usd: (n) => `${n}${NBSP}US$`, megabyte: 'MB', kilobyte: 'kB' },
  ru: { group: NBSP, decimal: ',', usd: (n) => `${n}${NBSP}$`, megabyte: 'МБ', kilobyte: 'кБ' },
};

/** `value` with `min`–`max` fraction digits (rounded half away from zero, as Intl does), in the language's digits grouping. */
function formatDecimal(value: number, symbols: NumberSymbols, min: number, max: number): string {
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(max).split('.');
  let digits = fraction;
  while (digits.length > min && digits.endsWith('0')) digits = digits.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, symbols.group);
  return `${value < 0 && Number(whole + digits) !== 0 ? '-' : ''}${grouped}${digits ? symbols.decimal + digits : ''}`;
}

const symbolsOf = (locale: string): NumberSymbols | undefined => SYMBOLS[locale] ?? SYMBOLS[locale.split('-')[0] ?? ''];

/** "$119.95"; `wholeDollars` for round amounts such as loan sizes ("$50,000"). */
export function formatUsd(amount: number | string, locale: string, wholeDollars = false): string {
  const symbols = symbolsOf(locale);
  const digits = wholeDollars ? 0 : 2;
  if (!symbols)
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      Number(amount),
    );
  return symbols.usd(formatDecimal(Number(amount), symbols, digits, digits));
}

/** "10 MB" (kilobytes below one megabyte), for upload limits. */
export function formatSize(bytes: number, locale: string): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit] = mb >= 1 ? ([mb, 'megabyte'] as const) : ([bytes / 1024, 'kilobyte'] as const);
  const symbols = symbolsOf(locale);
  if (!symbols) return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
  return `${formatDecimal(value, symbols, 0, 1)} ${symbols[unit]}`;
}
