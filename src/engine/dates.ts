/**
 * Dates in the applicant's browser (design §4): their own "today", the limits a date input offers
 * (its min/max attributes), and the UTC offset every submission carries so the server's "today" is
 * theirs too.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { clampOffset, localToday, resolveDateLimit } from '../../shared/dateLimits.ts';

export { localToday };

/** Minutes, as Date.getTimezoneOffset() (UTC+5 is -300), within the ±840 the server accepts. */
export const timeZoneOffset = (now = new Date()): number => clampOffset(now.getTimezoneOffset());

/**
 * The earliest and latest date a `format: date` field takes today: the tighter of the absolute limits
 * (formatMinimum/formatMaximum) and the relative ones (x-date, resolved against `today`).
 */
export function dateBounds(schema: RJSFSchema, today: string): { min?: string; max?: string } {
  const xDate = (schema as { 'x-date'?: { min?: string; max?: string } })['x-date'];
  const pick = (a: unknown, b: string | undefined, later: boolean) => {
    const values = [typeof a === 'string' ? a : undefined, b].filter((v): v is string => !!v).sort();
    return later ? values[values.length - 1] : values[0];
  };
  const min = pick((schema as Record<string, unknown>).formatMinimum, xDate?.min ? resolveDateLimit(xDate.min, today) : undefined, true);
  const max = pick((schema as Record<string, unknown>).formatMaximum, xDate?.max ? resolveDateLimit(xDate.max, today) : undefined, false);
  return { ...(min ? { min } : {}), ...(max ? { max } : {}) };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A date's day as stored by the form, YYYY-MM-DD (what its copy button copies), whatever the column adds to it. */
export const isoDay = (stored: string): string => ISO_DAY.exec(stored)?.[0] ?? stored;

/** What formatDay needs of react-intl: the site's own date texts (common i18n `date.long`, `date.month.N`). */
export interface DayTexts {
  formatMessage(descriptor: { id: string }, values?: Record<string, string | number>): string;
}

/**
 * A `format: date` value in the reader's language ("April 12, 1988", "12 апреля 1988 г.", "1988-yil
 * 12-aprel"); a value that is no date is shown as stored. From the site's own texts, not Intl: the
 * browsers' locale data differ (Chromium builds without Uzbek print "1988 M04 12"), and the server,
 * whose e-mails say the same days (pb_hooks/lib/outbox.js), has no Intl at all.
 */
export function formatDay(stored: string, texts: DayTexts): string {
  const m = ISO_DAY.exec(stored);
  if (!m) return stored;
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // 1988-02-30 would roll over into March: not a date, so shown as stored.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== m[0]) return stored;
  const month = texts.formatMessage({ id: `date.month.${Number(m[2])}` });
  return texts.formatMessage({ id: 'date.long' }, { day: Number(m[3]), month, year: m[1]! });
}
