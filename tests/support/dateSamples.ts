/**
 * Dates for generated submissions: inside a date field's limits (formatMinimum/formatMaximum, x-date),
 * or just outside one. "Today" is the server's without a timeZoneOffset: the UTC date.
 */
import { dateAtOffset, dateOutOfLimits, resolveDateLimit } from '../../shared/dateLimits.ts';

export interface DateProp {
  format?: string;
  formatMinimum?: string;
  formatMaximum?: string;
  'x-date'?: { min?: string; max?: string };
  examples?: unknown[];
}

export const utcToday = (): string => dateAtOffset(Date.now(), 0);

/** `date` moved by `days` (YYYY-MM-DD). */
export const addDays = (date: string, days: number): string => resolveDateLimit(`today${days < 0 ? '-' : '+'}${Math.abs(days)}d`, date);

/** Whether a date field's value is within all of its limits, counted from `today`. */
export function withinLimits(prop: DateProp, value: string, today = utcToday()): boolean {
  if (prop.formatMinimum && value < prop.formatMinimum) return false;
  if (prop.formatMaximum && value > prop.formatMaximum) return false;
  const x = prop['x-date'];
  return !x || dateOutOfLimits(value, x.min ?? null, x.max ?? null, today) === null;
}

/** A date inside the field's limits: its example when that is, else its earliest (or latest) allowed day. */
export function sampleDate(prop: DateProp, today = utcToday()): string {
  const example = typeof prop.examples?.[0] === 'string' ? prop.examples[0] : '2000-01-01';
  if (withinLimits(prop, example, today)) return example;
  const x = prop['x-date'] ?? {};
  const lows = [prop.formatMinimum, x.min && resolveDateLimit(x.min, today)].filter((d): d is string => !!d).sort();
  const highs = [prop.formatMaximum, x.max && resolveDateLimit(x.max, today)].filter((d): d is string => !!d).sort();
  return lows.at(-1) ?? highs[0] ?? example;
}

/** Each limit of a date field with a value just past it: [which limit, the value, the error codes]. */
export function datesPastLimits(prop: DateProp, today = utcToday()): { limit: string; value: string; codes: string[] }[] {
  const out: { limit: string; value: string; codes: string[] }[] = [];
  if (prop.formatMinimum) out.push({ limit: `formatMinimum ${prop.formatMinimum}`, value: addDays(prop.formatMinimum, -1), codes: ['formatMinimum'] });
  if (prop.formatMaximum) out.push({ limit: `formatMaximum ${prop.formatMaximum}`, value: addDays(prop.formatMaximum, 1), codes: ['formatMaximum'] });
  const x = prop['x-date'] ?? {};
  if (x.min) out.push({ limit: `x-date min ${x.min}`, value: addDays(resolveDateLimit(x.min, today), -1), codes: ['x-date'] });
  if (x.max) out.push({ limit: `x-date max ${x.max}`, value: addDays(resolveDateLimit(x.max, today), 1), codes: ['x-date'] });
  return out;
}

/**
 * A relative limit that the applicant's time zone decides: a UTC offset (Date.getTimezoneOffset()) whose
 * local date differs from the UTC date right now, and a value the limit allows by the UTC date but not
 * by the applicant's. A max needs the applicant behind UTC (UTC−12 while the UTC hour is before 12), a
 * min ahead of it (UTC+14 from 10:00 UTC on): at any hour one of the two exists.
 */
export function dateInApplicantZone(prop: DateProp, now = Date.now()): { limit: string; value: string; offset: number } | undefined {
  const x = prop['x-date'] ?? {};
  const utc = dateAtOffset(now, 0);
  for (const [side, offset] of [['max', 720], ['min', -840]] as const) {
    const expression = x[side];
    if (!expression) continue;
    const local = dateAtOffset(now, offset);
    if (local === utc) continue;
    const value = resolveDateLimit(expression, utc);
    if (resolveDateLimit(expression, local) === value) continue; // a month's end folds both days into one
    return { limit: `x-date ${side} ${expression}`, value, offset };
  }
  return undefined;
}
