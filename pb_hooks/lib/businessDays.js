/**
 * US business days and the credit-repair cancellation deadline (issue 10).
 *
 * The Credit Repair Organizations Act (15 U.S.C. 1679e) lets the consumer cancel "before midnight
 * of the 3rd business day after the date on which the consumer signs the contract". The deadline is
 * shown to the applicant and to staff, and staff may not start service before it has passed.
 *
 * This file runs in two places: PocketBase's goja runtime (no ECMA-402 time zone data, no timers, Date's local zone is
 * UTC) and Node's tests. So it is plain CommonJS, requires nothing, touches no PocketBase global and
 * never uses Date's local-time methods or its string parser: every calendar computation goes through
 * Date.UTC / getUTC*, and the US zone rules are written out by hand below.
 *
 * CROA does not define "business day". The issue (and this module) excludes Saturdays, Sundays and
 * federal holidays, which is the reading most favourable to the consumer: some other cooling-off
 * rules count Saturdays, which would end the right sooner.
 */

/** Zones we can compute without ECMA-402 time zone data: standard offset (minutes east of UTC) and whether US DST applies. */
const ZONES = {
  'America/New_York': { standard: -300, dst: true },
  'America/Chicago': { standard: -360, dst: true },
  'America/Denver': { standard: -420, dst: true },
  // Arizona (except the Navajo Nation) stays on MST all year.
  'America/Phoenix': { standard: -420, dst: false },
  'America/Los_Angeles': { standard: -480, dst: true },
  'America/Anchorage': { standard: -540, dst: true },
  'Pacific/Honolulu': { standard: -600, dst: false },
  UTC: { standard: 0, dst: false },
};

const US_TIME_ZONES = Object.freeze(Object.keys(ZONES));
const DEFAULT_TIME_ZONE = 'America/New_York';

const DAY_MS = 86400000;
const MINUTE_MS = 60000;

/*
 * Primary zone of each state + DC. States split across zones get the zone where most of their
 * population lives (a single answer is needed when all we know is the mailing state): FL, GA, IN,
 * KY, MI → Eastern; AL, KS, ND, NE, SD, TN, TX → Central; ID → Mountain (Boise); NV, OR → Pacific;
 * AK → Anchorage (the western Aleutians are on Hawaii-Aleutian time). Arizona → Phoenix (no DST),
 * ignoring the Navajo Nation, which does observe it. The applicant's own zone, when known, is better.
 */
const STATE_ZONES = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Denver', IL: 'America/Chicago', IN: 'America/New_York', IA: 'America/Chicago',
  KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/New_York', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago',
  NV: 'America/Los_Angeles', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
  NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
  UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver',
};

/** Two-letter state (or DC) code → its primary zone; null for anything else (territories included), so the caller picks the fallback. */
function zoneForState(stateCode) {
  const code = String(stateCode == null ? '' : stateCode).trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(STATE_ZONES, code) ? STATE_ZONES[code] : null;
}

function zoneRule(timeZone) {
  // hasOwnProperty, so that 'toString' or 'constructor' are not taken for zones.
  if (typeof timeZone !== 'string' || !Object.prototype.hasOwnProperty.call(ZONES, timeZone)) {
    throw new Error(`Unsupported time zone: ${String(timeZone)} (supported: ${US_TIME_ZONES.join(', ')})`);
  }
  return ZONES[timeZone];
}

// ---- calendar dates ('YYYY-MM-DD'), all in UTC arithmetic so that no runtime zone leaks in ----

function pad(n, width) {
  let s = String(n);
  while (s.length < width) s = `0${s}`;
  return s;
}

function formatDate(ms) {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

/** 'YYYY-MM-DD' → ms of its UTC midnight; throws on malformed or impossible dates (2026-02-30). */
function parseDate(date) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(date));
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || formatDate(ms) !== m[0]) throw new Error(`Invalid date (want YYYY-MM-DD): ${String(date)}`);
  return ms;
}

function addDays(date, n) {
  return formatDate(parseDate(date) + n * DAY_MS);
}

/** Day of the month of the nth `weekday` (0 = Sunday) of a month; n = -1 means the last one. */
function nthWeekday(year, month, weekday, n) {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
  }
  const lastDate = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDate)).getUTCDay();
  return lastDate - ((last - weekday + 7) % 7);
}

function ymd(year, month, day) {
  return formatDate(Date.UTC(year, month - 1, day));
}

/** The eleven legal public holidays of 5 U.S.C. 6103(a), on their actual dates. */
function actualHolidays(year) {
  return [
    { date: ymd(year, 1, 1), name: "New Year's Day" },
    { date: ymd(year, 1, nthWeekday(year, 1, 1, 3)), name: 'Birthday of Martin Luther King, Jr.' },
    { date: ymd(year, 2, nthWeekday(year, 2, 1, 3)), name: "Washington's Birthday" },
    { date: ymd(year, 5, nthWeekday(year, 5, 1, -1)), name: 'Memorial Day' },
    { date: ymd(year, 6, 19), name: 'Juneteenth National Independence Day' },
    { date: ymd(year, 7, 4), name: 'Independence Day' },
    { date: ymd(year, 9, nthWeekday(year, 9, 1, 1)), name: 'Labor Day' },
    { date: ymd(year, 10, nthWeekday(year, 10, 1, 2)), name: 'Columbus Day' },
    { date: ymd(year, 11, 11), name: 'Veterans Day' },
    { date: ymd(year, 11, nthWeekday(year, 11, 4, 4)), name: 'Thanksgiving Day' },
    { date: ymd(year, 12, 25), name: 'Christmas Day' },
  ];
}

/*
 * Observed days. Federal offices close on the Friday before a Saturday holiday and the Monday after
 * a Sunday one (5 U.S.C. 6103(b), Executive Order 11582). CROA says nothing about observance, so we
 * exclude BOTH the actual date (a weekend day anyway) and the observed weekday: whichever reading a
 * regulator or court takes, the consumer never gets fewer days than it allows, and at most one more.
 * Not included: Inauguration Day (a holiday only for the DC area, 5 U.S.C. 6103(c)) and one-off
 * closures by executive order (e.g. 24 December 2024); a rare ad-hoc closure would need a code change.
 *
 * Returns {date, name, observed} for every non-business holiday day that falls in `year`, sorted.
 * New Year's Day on a Saturday is observed on 31 December of the year before, so that entry comes
 * from next year's list.
 */
function federalHolidayDetails(year) {
  if (!Number.isInteger(year)) throw new Error(`Invalid year: ${String(year)}`);
  const entries = [];
  for (const holiday of actualHolidays(year).concat(actualHolidays(year + 1))) {
    const weekday = new Date(parseDate(holiday.date)).getUTCDay();
    const shift = weekday === 6 ? -1 : weekday === 0 ? 1 : 0;
    entries.push({ date: holiday.date, name: holiday.name, observed: false });
    if (shift !== 0) entries.push({ date: addDays(holiday.date, shift), name: `${holiday.name} (observed)`, observed: true });
  }
  const prefix = `${pad(year, 4)}-`;
  return entries.filter((e) => e.date.indexOf(prefix) === 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Sorted 'YYYY-MM-DD' list of the federal holiday days (actual and observed) in `year`. */
function federalHolidays(year) {
  return federalHolidayDetails(year).map((e) => e.date);
}

/*
 * The holiday days of a year, as a lookup, computed once per year per runtime. The list is a pure
 * function of the year and of the rules above, so keeping it can never serve a stale answer; computing
 * it costs ~1.5 ms in goja, and a cancellation deadline asks for it on every day it counts (a
 * submission paid ~4 ms for that before; docs/performance.md, section 2).
 */
const holidaysByYear = Object.create(null);

function holidayLookup(year) {
  let days = holidaysByYear[year];
  if (!days) {
    days = Object.create(null);
    for (const entry of federalHolidayDetails(year)) days[entry.date] = true;
    holidaysByYear[year] = days;
  }
  return days;
}

/** Monday–Friday and not a federal holiday (actual or observed). */
function isBusinessDay(date) {
  const weekday = new Date(parseDate(date)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return holidayLookup(Number(String(date).slice(0, 4)))[date] !== true;
}

/** The nth business day strictly after `date` (the start date itself never counts). */
function addBusinessDays(date, n) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`Business days must be a positive integer: ${String(n)}`);
  let day = date;
  let counted = 0;
  while (counted < n) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) counted += 1;
  }
  return day;
}

// ---- instants and zones ----

/*
 * Accepts a Date, epoch ms, an ISO 8601 string with an explicit Z or ±hh:mm offset (the space that
 * PocketBase puts between date and time is accepted), or a PocketBase DateTime (via its string()).
 * Strings are parsed here rather than by Date: Date treats zone-less strings as runtime-local time
 * (UTC in goja, anything in Node), and goja's parser is narrower than V8's. A zone-less time would
 * make the legal deadline depend on where the code runs, so it is rejected.
 */
function toInstant(value, what) {
  let ms = NaN;
  // Not instanceof: a Date made in another realm (a Node vm context, another goja runtime) would fail it.
  if (Object.prototype.toString.call(value) === '[object Date]') ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else if (value != null) {
    const text = typeof value === 'string' ? value : typeof value.string === 'function' ? value.string() : String(value);
    const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})$/i.exec(String(text).trim());
    if (m) {
      const millis = m[7] ? Number(`${m[7]}00`.slice(0, 3)) : 0;
      let offset = 0;
      if (m[8].toUpperCase() !== 'Z') {
        const sign = m[8][0] === '-' ? -1 : 1;
        const digits = m[8].slice(1).replace(':', '');
        offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
      }
      const local = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] || 0), millis);
      ms = local - offset * MINUTE_MS;
    }
  }
  if (typeof ms !== 'number' || !isFinite(ms)) throw new Error(`Invalid ${what || 'instant'}: ${String(value)}`);
  return ms;
}

/*
 * US DST since 2007 (Energy Policy Act of 2005): from 2:00 local standard time on the 2nd Sunday of
 * March to 2:00 local daylight time on the 1st Sunday of November. Applied to every year: this module
 * computes deadlines for contracts signed now, and a change in federal DST law needs an edit here.
 */
function dstBounds(year, standard) {
  const start = Date.UTC(year, 2, nthWeekday(year, 3, 0, 2), 2) - standard * MINUTE_MS;
  const end = Date.UTC(year, 10, nthWeekday(year, 11, 0, 1), 2) - (standard + 60) * MINUTE_MS;
  return { start: start, end: end };
}

/** Offset from UTC, in minutes (New York in January: -300), at an instant in a zone. */
function utcOffsetMinutes(instant, timeZone) {
  const rule = zoneRule(timeZone);
  const ms = toInstant(instant);
  if (!rule.dst) return rule.standard;
  // The UTC year is the local year whenever it matters: DST is never in effect around New Year.
  const bounds = dstBounds(new Date(ms).getUTCFullYear(), rule.standard);
  return ms >= bounds.start && ms < bounds.end ? rule.standard + 60 : rule.standard;
}

/** The 'YYYY-MM-DD' calendar date in a zone at an instant. */
function localDate(instant, timeZone) {
  const ms = toInstant(instant);
  return formatDate(ms + utcOffsetMinutes(ms, timeZone) * MINUTE_MS);
}

/*
 * The instant of 00:00 local time on `date`. Midnight is never skipped or repeated by US DST (the
 * switch is at 2:00), so the offset found at the standard-time guess is exact: the guess and the
 * real instant are at most an hour apart, both well away from a 2:00 switch.
 */
function zonedMidnight(date, timeZone) {
  const rule = zoneRule(timeZone);
  const wall = parseDate(date);
  return new Date(wall - utcOffsetMinutes(wall - rule.standard * MINUTE_MS, timeZone) * MINUTE_MS);
}

/*
 * Deadlines by local signing day, zone and count, computed once per runtime: like the holidays above, a
 * pure function of those three, and every signed submission asks for one (~0.1 ms in goja to count the
 * days; docs/performance.md, section 2).
 */
let deadlinesBySigningDay = Object.create(null);
let deadlinesKept = 0;

/**
 * When the consumer's right to cancel ends. `lastDay` is the `days`-th business day after the local
 * signing date (the signing day never counts, whatever the hour); `deadline` is the ISO UTC instant
 * of the midnight that ends it, i.e. 00:00 local on the next calendar day.
 */
function cancellationDeadline(signedAt, timeZone, days) {
  const count = days === undefined ? 3 : days;
  zoneRule(timeZone); // fail on an unknown zone before anything else: a guessed zone moves a legal deadline
  const signedDate = localDate(toInstant(signedAt, 'signing time'), timeZone);
  const key = signedDate + ' ' + timeZone + ' ' + count;
  let known = deadlinesBySigningDay[key];
  if (!known) {
    const lastDay = addBusinessDays(signedDate, count);
    known = { deadline: zonedMidnight(addDays(lastDay, 1), timeZone).toISOString(), lastDay: lastDay };
    if (++deadlinesKept > 1000) {
      deadlinesBySigningDay = Object.create(null); // a long-running server: keep only recent days
      deadlinesKept = 1;
    }
    deadlinesBySigningDay[key] = known;
  }
  return { deadline: known.deadline, lastDay: known.lastDay };
}

/** True while the consumer may still cancel (and staff must not start): strictly before the deadline. */
function isWithinWindow(now, deadline) {
  return toInstant(now, 'now') < toInstant(deadline, 'deadline');
}

module.exports = {
  US_TIME_ZONES,
  DEFAULT_TIME_ZONE,
  zoneForState,
  federalHolidays,
  federalHolidayDetails,
  isBusinessDay,
  addBusinessDays,
  utcOffsetMinutes,
  localDate,
  zonedMidnight,
  cancellationDeadline,
  isWithinWindow,
};
