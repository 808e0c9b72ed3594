/**
 * Dates with limits relative to the day of submission (form.schema.json `x-date: {min?, max?}`):
 * "today", "today+N(d|m|y)" or "today-N(d|m|y)", resolved against a `today` given as YYYY-MM-DD.
 *
 * One implementation for both runtimes: the generated validators of the browser and of the server
 * (the AJV keyword `x-date`, generator/emit/dateKeyword.ts) call `dateOutOfLimits`, and the form reads
 * `resolveDateLimit` for its inputs' min/max. Plain ES2017, no Intl or Node API: it also runs in
 * PocketBase's JS runtime.
 */

/** A limit an editor may write: today, or today plus or minus N days, months or years. */
export const DATE_EXPRESSION = /^today(?:([+-])(\d{1,4})([dmy]))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateLimits {
  min?: string;
  max?: string;
}

/** What `dateOutOfLimits` reports: which limit a date breaks and that limit as a date. */
export interface DateLimitBreach {
  limit: 'min' | 'max';
  /** The limit resolved against today, YYYY-MM-DD. */
  date: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isoOf = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;

/** The local calendar date of `now` where the clock is `offsetMinutes` behind UTC (as Date.getTimezoneOffset()). */
export function dateAtOffset(now: number, offsetMinutes: number): string {
  return isoOf(new Date(now - offsetMinutes * 60000));
}

/** The applicant's own date: the date on this machine's clock, in its time zone. */
export const localToday = (): string => dateAtOffset(Date.now(), new Date().getTimezoneOffset());

/** A UTC offset as a client sent it (minutes, Date.getTimezoneOffset()): a number clamped to ±14 h; anything else is UTC. */
export function clampOffset(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return 0;
  return Math.max(-840, Math.min(840, Math.trunc(n)));
}

let fixedToday: string | undefined;

/**
 * The server's "today" for the next validations (its clock shifted by the applicant's offset); undefined
 * goes back to this machine's own date. One submission is validated synchronously in one JS runtime, so
 * setting it right before validating is enough.
 */
export function setToday(date: string | undefined): void {
  fixedToday = date;
}

/** The date the relative limits count from. */
export const today = (): string => fixedToday ?? localToday();

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return isoOf(d) === value;
}

/**
 * `expression` resolved against `from` (YYYY-MM-DD). Months and years keep the day of the month where it
 * exists and else take the month's last day: today-18y from 2024-02-29 is 2006-02-28.
 */
export function resolveDateLimit(expression: string, from: string = today()): string {
  const m = DATE_EXPRESSION.exec(expression);
  const d = ISO_DATE.exec(from);
  if (!m || !d) throw new Error(`not a date limit: ${expression} from ${from}`);
  const day = Number(d[3]);
  let [year, month] = [Number(d[1]), Number(d[2]) - 1];
  const n = m[1] === '-' ? -Number(m[2]) : Number(m[2] ?? 0);
  if (m[3] === 'd') return isoOf(new Date(Date.UTC(year, month, day + n)));
  if (m[3] === 'm') month += n;
  if (m[3] === 'y') year += n;
  const first = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay))));
}

/**
 * The limit a date value breaks, or null. A value that is not a date is the `format` keyword's to refuse;
 * here it breaks nothing. YYYY-MM-DD strings compare as dates.
 */
export function dateOutOfLimits(value: unknown, min: string | null, max: string | null, from: string = today()): DateLimitBreach | null {
  if (typeof value !== 'string' || !isIsoDate(value)) return null;
  if (min !== null) {
    const date = resolveDateLimit(min, from);
    if (value < date) return { limit: 'min', date };
  }
  if (max !== null) {
    const date = resolveDateLimit(max, from);
    if (value > date) return { limit: 'max', date };
  }
  return null;
}
