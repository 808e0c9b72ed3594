/**
 * US business days and the credit-repair cancellation deadline (issue 10, 15 U.S.C. 1679e):
 * pb_hooks/lib/businessDays.js, which runs in PocketBase's goja (no Intl, Date local zone = UTC).
 *
 * The module is evaluated as CommonJS in a fresh V8 context with Intl and require hidden, the way
 * goja sees it. (A plain createRequire() of the file does not work here: package.json says
 * "type": "module", so Node loads any .js as ESM and `module.exports` is lost.) Node's own Intl, which
 * has full ICU data, is then used in this test only, to check the hand-written US zone rules.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

type Instant = Date | string | number;
interface BusinessDays {
  US_TIME_ZONES: readonly string[];
  DEFAULT_TIME_ZONE: string;
  zoneForState(code: string): string | null;
  federalHolidays(year: number): string[];
  federalHolidayDetails(year: number): { date: string; name: string; observed: boolean }[];
  isBusinessDay(date: string): boolean;
  addBusinessDays(date: string, n: number): string;
  utcOffsetMinutes(instant: Instant, timeZone: string): number;
  localDate(instant: Instant, timeZone: string): string;
  zonedMidnight(date: string, timeZone: string): Date;
  cancellationDeadline(signedAt: Instant | { string(): string }, timeZone: string, days?: number): { deadline: string; lastDay: string };
  isWithinWindow(now: Instant, deadline: Instant): boolean;
}

const SOURCE_PATH = fileURLToPath(new URL('../../../pb_hooks/lib/businessDays.js', import.meta.url));
const SOURCE = readFileSync(SOURCE_PATH, 'utf8');

function load(): BusinessDays {
  const module = { exports: {} as unknown };
  // Intl/require/Temporal shadowed: any use by the module throws (or is undefined) as it would in goja.
  vm.runInNewContext(SOURCE, { module, exports: module.exports, Intl: undefined, require: undefined, Temporal: undefined }, { filename: SOURCE_PATH });
  return module.exports as BusinessDays;
}

const bd = load();
const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

describe('goja compatibility', () => {
  it('uses no Intl, timers, require or PocketBase globals', () => {
    expect(SOURCE).not.toMatch(/\bIntl\b|setTimeout|setInterval|Temporal|\brequire\(|\$app|__hooks/);
    expect(SOURCE).toMatch(/module\.exports\s*=/);
  });

  it('gives the same answers whatever the runtime local zone is', () => {
    const saved = process.env.TZ;
    const cases = [
      ['2026-11-25T15:00:00Z', NY],
      ['2026-03-06T06:30:00Z', LA],
      ['2026-10-28T23:59:00Z', 'America/Anchorage'],
    ] as const;
    const expected = cases.map(([at, zone]) => bd.cancellationDeadline(at, zone));
    try {
      for (const tz of ['Asia/Kathmandu', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
        process.env.TZ = tz;
        // Prove the runtime zone really changed, or this test would prove nothing.
        expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).not.toBe(0);
        const again = load();
        expect(cases.map(([at, zone]) => again.cancellationDeadline(at, zone))).toEqual(expected);
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('federal holidays (5 U.S.C. 6103)', () => {
  it('2025: no holiday falls on a weekend', () => {
    expect(bd.federalHolidays(2025)).toEqual([
      '2025-01-01', '2025-01-20', '2025-02-17', '2025-05-26', '2025-06-19', '2025-07-04',
      '2025-09-01', '2025-10-13', '2025-11-11', '2025-11-27', '2025-12-25',
    ]);
  });

  it('2026: Independence Day on Saturday also excludes Friday 3 July', () => {
    expect(bd.federalHolidays(2026)).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03', '2026-07-04',
      '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
  });

  it('2027: Saturday and Sunday holidays bring their observed weekday, incl. New Year 2028 on 31 Dec', () => {
    expect(bd.federalHolidays(2027)).toEqual([
      '2027-01-01', '2027-01-18', '2027-02-15', '2027-05-31',
      '2027-06-18', '2027-06-19', // Juneteenth on Saturday
      '2027-07-04', '2027-07-05', // Independence Day on Sunday
      '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25',
      '2027-12-24', '2027-12-25', // Christmas on Saturday
      '2027-12-31', // New Year's Day 2028 on Saturday
    ]);
    expect(bd.federalHolidays(2028)[0]).toBe('2028-01-01');
    const details = bd.federalHolidayDetails(2027);
    expect(details.find((d) => d.date === '2027-12-31')).toEqual({ date: '2027-12-31', name: "New Year's Day (observed)", observed: true });
    expect(details.find((d) => d.date === '2027-11-25')).toEqual({ date: '2027-11-25', name: 'Thanksgiving Day', observed: false });
  });

  it('Sunday holidays are observed on Monday (New Year 2023, Christmas 2022)', () => {
    expect(bd.federalHolidays(2023).slice(0, 2)).toEqual(['2023-01-01', '2023-01-02']);
    expect(bd.federalHolidays(2022)).toContain('2022-12-26');
    expect(bd.isBusinessDay('2023-01-02')).toBe(false);
  });

  it('floating holidays land on the right weekday and week for a century', () => {
    const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
    for (let year = 2000; year <= 2100; year += 1) {
      const actual = bd.federalHolidayDetails(year).filter((d) => !d.observed);
      expect(actual.length, String(year)).toBe(11);
      const byName = Object.fromEntries(actual.map((d) => [d.name, d.date]));
      const day = (name: string) => Number(byName[name]?.slice(8));
      expect(weekday(byName['Birthday of Martin Luther King, Jr.']!)).toBe(1);
      expect(day('Birthday of Martin Luther King, Jr.')).toBeGreaterThanOrEqual(15);
      expect(day('Birthday of Martin Luther King, Jr.')).toBeLessThanOrEqual(21);
      expect(day("Washington's Birthday")).toBeGreaterThanOrEqual(15);
      expect(day("Washington's Birthday")).toBeLessThanOrEqual(21);
      expect(weekday(byName['Memorial Day']!)).toBe(1);
      expect(day('Memorial Day')).toBeGreaterThanOrEqual(25);
      expect(weekday(byName['Labor Day']!)).toBe(1);
      expect(day('Labor Day')).toBeLessThanOrEqual(7);
      expect(weekday(byName['Columbus Day']!)).toBe(1);
      expect(day('Columbus Day')).toBeGreaterThanOrEqual(8);
      expect(day('Columbus Day')).toBeLessThanOrEqual(14);
      expect(weekday(byName['Thanksgiving Day']!)).toBe(4);
      expect(day('Thanksgiving Day')).toBeGreaterThanOrEqual(22);
      expect(day('Thanksgiving Day')).toBeLessThanOrEqual(28);
      // Every observed day is the Friday before or the Monday after a weekend holiday.
      for (const o of bd.federalHolidayDetails(year).filter((d) => d.observed)) expect([1, 5]).toContain(weekday(o.date));
    }
  });

  it('knows a few well-known dates', () => {
    expect(bd.federalHolidays(2026)).toContain('2026-11-26'); // Thanksgiving
    expect(bd.federalHolidays(2026)).toContain('2026-01-19'); // MLK Day
    expect(bd.federalHolidays(2025)).toContain('2025-01-20'); // MLK Day
    expect(bd.federalHolidays(2027)).toContain('2027-05-31'); // Memorial Day
  });
});

describe('isBusinessDay', () => {
  it('excludes weekends and holidays, actual and observed', () => {
    expect(bd.isBusinessDay('2026-11-27')).toBe(true); // Friday after Thanksgiving: not a federal holiday
    expect(bd.isBusinessDay('2026-11-26')).toBe(false);
    expect(bd.isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(bd.isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(bd.isBusinessDay('2027-06-18')).toBe(false); // Juneteenth observed
    expect(bd.isBusinessDay('2027-12-24')).toBe(false); // Christmas observed
    expect(bd.isBusinessDay('2027-12-31')).toBe(false); // New Year 2028 observed
    expect(bd.isBusinessDay('2027-12-30')).toBe(true);
  });

  it('rejects malformed or impossible dates', () => {
    for (const bad of ['2026-02-30', '2026-2-3', '2026-11-26T00:00:00Z', '', 'nope']) expect(() => bd.isBusinessDay(bad), bad).toThrow(/Invalid date/);
  });
});

describe('cancellationDeadline', () => {
  it('answers from the signing day, zone and count alone: the same day at any hour, another zone or count its own', () => {
    const fresh = load();
    const morning = fresh.cancellationDeadline('2026-01-09T14:00:00Z', NY);
    morning.lastDay = 'changed by a caller'; // a kept answer is never handed out to be changed
    expect(fresh.cancellationDeadline('2026-01-09T22:00:00Z', NY)).toEqual({ lastDay: '2026-01-14', deadline: '2026-01-15T05:00:00.000Z' });
    // 03:00 UTC on the 10th is still the 9th in Los Angeles, but another zone: its own midnight.
    expect(fresh.cancellationDeadline('2026-01-10T03:00:00Z', LA)).toEqual({ lastDay: '2026-01-14', deadline: '2026-01-15T08:00:00.000Z' });
    expect(fresh.cancellationDeadline('2026-01-09T22:00:00Z', NY, 5)).toEqual({ lastDay: '2026-01-16', deadline: '2026-01-17T05:00:00.000Z' });
    // Past the thousand kept answers (a server running for years), still right.
    for (let i = 0; i < 1100; i++) fresh.cancellationDeadline(Date.UTC(2026, 0, 1) + i * 86_400_000, NY);
    expect(fresh.cancellationDeadline('2026-01-09T15:00:00Z', NY)).toEqual({ lastDay: '2026-01-14', deadline: '2026-01-15T05:00:00.000Z' });
  });

  it('skips the weekend: signed on Friday, the right runs through Wednesday', () => {
    expect(bd.cancellationDeadline('2026-01-09T15:00:00Z', NY)).toEqual({ lastDay: '2026-01-14', deadline: '2026-01-15T05:00:00.000Z' });
  });

  it('skips Thanksgiving: signed Wednesday 25 Nov 2026 → Fri 27, Mon 30, Tue 1 Dec', () => {
    expect(bd.cancellationDeadline('2026-11-25T15:00:00Z', NY)).toEqual({ lastDay: '2026-12-01', deadline: '2026-12-02T05:00:00.000Z' });
  });

  it('skips observed holidays: signed Wed 1 Jul 2026 → Thu 2, (Fri 3 observed), Mon 6, Tue 7', () => {
    expect(bd.cancellationDeadline('2026-07-01T18:00:00Z', 'America/Phoenix')).toEqual({ lastDay: '2026-07-07', deadline: '2026-07-08T07:00:00.000Z' });
    expect(bd.cancellationDeadline('2027-12-29T18:00:00Z', NY)).toEqual({ lastDay: '2028-01-04', deadline: '2028-01-05T05:00:00.000Z' }); // 30 Dec, (31 Dec, 1 Jan), 3, 4 Jan
  });

  it('never counts the signing day, even signed one minute after local midnight', () => {
    // Tuesday 13 Jan 2026, 00:01 and 23:59 New York time.
    for (const at of ['2026-01-13T05:01:00Z', '2026-01-14T04:59:00Z']) {
      expect(bd.cancellationDeadline(at, NY), at).toEqual({ lastDay: '2026-01-16', deadline: '2026-01-17T05:00:00.000Z' });
    }
    // Signed on a Saturday or a holiday: the count starts with the next business day all the same.
    expect(bd.cancellationDeadline('2026-01-10T15:00:00Z', NY).lastDay).toBe('2026-01-14');
    expect(bd.cancellationDeadline('2026-11-26T15:00:00Z', NY).lastDay).toBe('2026-12-01');
  });

  it('uses the local signing date: the same instant is Thursday in Los Angeles and Friday in New York', () => {
    // 06:30Z on 6 March 2026 = 01:30 Friday in New York (EST) but 22:30 Thursday in Los Angeles (PST).
    const at = '2026-03-06T06:30:00Z';
    expect(bd.localDate(at, NY)).toBe('2026-03-06');
    expect(bd.localDate(at, LA)).toBe('2026-03-05');
    // LA: Fri 6, Mon 9, Tue 10 → midnight PDT (DST began 8 March). NY: Mon 9, Tue 10, Wed 11 → midnight EDT.
    expect(bd.cancellationDeadline(at, LA)).toEqual({ lastDay: '2026-03-10', deadline: '2026-03-11T07:00:00.000Z' });
    expect(bd.cancellationDeadline(at, NY)).toEqual({ lastDay: '2026-03-11', deadline: '2026-03-12T04:00:00.000Z' });
    // (04:30Z, as the issue discussion had it, is still Thursday 23:30 in New York too.)
    expect(bd.localDate('2026-03-06T04:30:00Z', NY)).toBe('2026-03-05');
    expect(bd.localDate('2026-03-06T04:59:59.999Z', NY)).toBe('2026-03-05');
    expect(bd.localDate('2026-03-06T05:00:00Z', NY)).toBe('2026-03-06');
  });

  it('gets the offset of the deadline right on both sides of the March and November switches', () => {
    const deadline = (at: string, zone: string) => bd.cancellationDeadline(at, zone).deadline;
    // Signed Tue 3 Mar 2026 → ends Sat 7 Mar 00:00 (standard); signed Wed 4 Mar → ends Tue 10 Mar (daylight).
    expect(deadline('2026-03-03T18:00:00Z', NY)).toBe('2026-03-07T05:00:00.000Z'); // EST -5
    expect(deadline('2026-03-04T18:00:00Z', NY)).toBe('2026-03-10T04:00:00.000Z'); // EDT -4
    expect(deadline('2026-03-03T20:00:00Z', LA)).toBe('2026-03-07T08:00:00.000Z'); // PST -8
    expect(deadline('2026-03-04T20:00:00Z', LA)).toBe('2026-03-10T07:00:00.000Z'); // PDT -7
    // Signed Mon 26 Oct → ends Fri 30 Oct (daylight); signed Wed 28 Oct → ends Tue 3 Nov (standard again).
    expect(deadline('2026-10-26T18:00:00Z', NY)).toBe('2026-10-30T04:00:00.000Z');
    expect(deadline('2026-10-28T18:00:00Z', NY)).toBe('2026-11-03T05:00:00.000Z');
    expect(deadline('2026-10-26T20:00:00Z', LA)).toBe('2026-10-30T07:00:00.000Z');
    expect(deadline('2026-10-28T20:00:00Z', LA)).toBe('2026-11-03T08:00:00.000Z');
    expect(deadline('2026-10-28T20:00:00Z', 'America/Chicago')).toBe('2026-11-03T06:00:00.000Z');
    expect(deadline('2026-10-28T20:00:00Z', 'America/Denver')).toBe('2026-11-03T07:00:00.000Z');
    expect(deadline('2026-10-28T23:00:00Z', 'America/Anchorage')).toBe('2026-11-03T09:00:00.000Z');
    // Midnight on the switch Sundays themselves: still standard in March, still daylight in November.
    expect(bd.zonedMidnight('2026-03-08', NY).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(bd.zonedMidnight('2026-03-09', NY).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(bd.zonedMidnight('2026-11-01', NY).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(bd.zonedMidnight('2026-11-02', NY).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('Arizona and Hawaii stay on standard time all year', () => {
    expect(bd.cancellationDeadline('2026-01-07T18:00:00Z', 'America/Phoenix').deadline).toBe('2026-01-13T07:00:00.000Z');
    expect(bd.cancellationDeadline('2026-03-04T18:00:00Z', 'America/Phoenix').deadline).toBe('2026-03-10T07:00:00.000Z');
    expect(bd.cancellationDeadline('2026-08-05T18:00:00Z', 'America/Phoenix').deadline).toBe('2026-08-11T07:00:00.000Z');
    expect(bd.cancellationDeadline('2026-08-05T22:00:00Z', 'Pacific/Honolulu').deadline).toBe('2026-08-11T10:00:00.000Z');
    expect(bd.utcOffsetMinutes('2026-07-01T12:00:00Z', 'America/Phoenix')).toBe(-420);
    expect(bd.utcOffsetMinutes('2026-07-01T12:00:00Z', 'Pacific/Honolulu')).toBe(-600);
    expect(bd.cancellationDeadline('2026-08-05T18:00:00Z', 'UTC').deadline).toBe('2026-08-11T00:00:00.000Z');
  });

  it('accepts Date, ISO with offset, PocketBase "YYYY-MM-DD HH:MM:SS.sssZ" and DateTime-like values', () => {
    const expected = { lastDay: '2026-12-01', deadline: '2026-12-02T05:00:00.000Z' };
    expect(bd.cancellationDeadline(new Date('2026-11-25T15:00:00Z'), NY)).toEqual(expected);
    expect(bd.cancellationDeadline('2026-11-25 15:00:00.000Z', NY)).toEqual(expected);
    expect(bd.cancellationDeadline('2026-11-25T10:00:00-05:00', NY)).toEqual(expected);
    expect(bd.cancellationDeadline('2026-11-25T15:00:00.123456789Z', NY)).toEqual(expected);
    expect(bd.cancellationDeadline({ string: () => '2026-11-25 15:00:00.000Z' }, NY)).toEqual(expected);
    // An offset moves the local signing date: 23:30 on the 24th in New York is the 25th in UTC.
    expect(bd.cancellationDeadline('2026-11-24T23:30:00-05:00', NY).lastDay).toBe('2026-11-30');
  });

  it('rejects zone-less or invalid signing times and bad day counts', () => {
    expect(() => bd.cancellationDeadline('2026-11-25T15:00:00', NY)).toThrow(/Invalid signing time/);
    expect(() => bd.cancellationDeadline('2026-11-25', NY)).toThrow(/Invalid signing time/);
    expect(() => bd.cancellationDeadline(new Date(Number.NaN), NY)).toThrow(/Invalid signing time/);
    expect(() => bd.cancellationDeadline('2026-11-25T15:00:00Z', NY, 0)).toThrow(/positive integer/);
    expect(() => bd.cancellationDeadline('2026-11-25T15:00:00Z', NY, 1.5)).toThrow(/positive integer/);
    expect(bd.cancellationDeadline('2026-11-25T15:00:00Z', NY, 1).lastDay).toBe('2026-11-27');
  });

  it('throws on an unknown time zone, naming it', () => {
    for (const zone of ['Europe/Berlin', 'America/Indiana/Indianapolis', 'america/new_york', 'toString', '']) {
      expect(() => bd.cancellationDeadline('2026-11-25T15:00:00Z', zone), zone).toThrow(`Unsupported time zone: ${zone}`);
    }
    expect(() => bd.cancellationDeadline('2026-11-25T15:00:00Z', undefined as unknown as string)).toThrow(/Unsupported time zone: undefined/);
    expect(() => bd.utcOffsetMinutes(0, 'Mars/Olympus_Mons')).toThrow(/Mars\/Olympus_Mons/);
  });
});

describe('isWithinWindow', () => {
  it('is open strictly before the deadline and closed from it on', () => {
    const { deadline } = bd.cancellationDeadline('2026-11-25T15:00:00Z', NY);
    expect(bd.isWithinWindow('2026-12-02T04:59:59.999Z', deadline)).toBe(true);
    expect(bd.isWithinWindow(new Date('2026-12-02T05:00:00Z'), deadline)).toBe(false);
    expect(bd.isWithinWindow(Date.parse('2026-12-03T00:00:00Z'), new Date(deadline))).toBe(false);
    expect(() => bd.isWithinWindow('soon', deadline)).toThrow(/Invalid now/);
  });
});

describe('zones and states', () => {
  it('lists the supported zones and the default', () => {
    expect([...bd.US_TIME_ZONES].sort()).toEqual(
      ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'UTC'].sort(),
    );
    expect(bd.DEFAULT_TIME_ZONE).toBe('America/New_York');
  });

  it('maps the 50 states and DC to a supported zone', () => {
    const codes = ('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY').split(' ');
    expect(codes).toHaveLength(51);
    for (const code of codes) expect(bd.US_TIME_ZONES, code).toContain(bd.zoneForState(code));
    expect(bd.zoneForState('AZ')).toBe('America/Phoenix');
    expect(bd.zoneForState('HI')).toBe('Pacific/Honolulu');
    expect(bd.zoneForState('AK')).toBe('America/Anchorage');
    expect(bd.zoneForState('ca')).toBe('America/Los_Angeles');
    expect(bd.zoneForState(' tx ')).toBe('America/Chicago');
    expect(bd.zoneForState('IN')).toBe('America/New_York');
    expect(bd.zoneForState('TN')).toBe('America/Chicago');
    expect(bd.zoneForState('ID')).toBe('America/Denver');
    for (const none of ['PR', 'GU', 'XX', '', 'toString']) expect(bd.zoneForState(none), none).toBeNull();
  });
});

describe('hand-written zone rules agree with ICU (Node Intl) for 2025–2030', () => {
  const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'UTC'];
  const offsetFormat = new Map(ZONES.map((z) => [z, new Intl.DateTimeFormat('en-US', { timeZone: z, timeZoneName: 'shortOffset' })]));
  const dateFormat = new Map(ZONES.map((z) => [z, new Intl.DateTimeFormat('en-CA', { timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit' })]));
  const icuOffset = (ms: number, zone: string) => {
    const name = offsetFormat.get(zone)!.formatToParts(ms).find((p) => p.type === 'timeZoneName')!.value; // 'GMT-5', 'GMT-9:30', 'GMT'
    const m = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(name);
    if (!m) throw new Error(`unexpected offset name ${name}`);
    return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
  };
  const icuDate = (ms: number, zone: string) => dateFormat.get(zone)!.format(ms);
  const DAY = 86_400_000;
  const START = Date.UTC(2025, 0, 1);
  const END = Date.UTC(2031, 0, 1);

  it.each(ZONES)('%s: offset at noon UTC and local date around US midnights, every day', (zone) => {
    const mismatches: string[] = [];
    for (let day = START; day < END; day += DAY) {
      const noon = day + 12 * 3_600_000;
      if (bd.utcOffsetMinutes(noon, zone) !== icuOffset(noon, zone)) mismatches.push(`offset ${new Date(noon).toISOString()}`);
      // 00:30–11:30 UTC is the span in which US local midnights fall.
      for (let h = 0; h < 12; h += 1) {
        const t = day + h * 3_600_000 + 30 * 60_000;
        if (bd.localDate(t, zone) !== icuDate(t, zone)) mismatches.push(`date ${new Date(t).toISOString()}`);
      }
      if (bd.zonedMidnight(new Date(day).toISOString().slice(0, 10), zone).getTime() !== day - icuOffset(day - icuOffset(day, zone) * 60_000, zone) * 60_000) {
        mismatches.push(`midnight ${new Date(day).toISOString().slice(0, 10)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(ZONES)('%s: every minute (and the millisecond before it) across each March and November switch', (zone) => {
    const mismatches: string[] = [];
    let checked = 0;
    for (let year = 2025; year <= 2030; year += 1) {
      for (const month of [2, 10]) {
        // The switch Sunday: 2nd Sunday of March, 1st Sunday of November.
        const firstSunday = [...Array(7).keys()].map((i) => Date.UTC(year, month, 1 + i)).find((t) => new Date(t).getUTCDay() === 0)!;
        const sunday = month === 2 ? firstSunday + 7 * DAY : firstSunday;
        // 04:00–13:00 UTC on that Sunday covers 2:00 local in every zone here (Anchorage switches at 10:00/11:00 UTC).
        for (let t = sunday + 4 * 3_600_000; t <= sunday + 13 * 3_600_000; t += 60_000) {
          for (const probe of [t - 1, t]) {
            checked += 1;
            if (bd.utcOffsetMinutes(probe, zone) !== icuOffset(probe, zone)) mismatches.push(new Date(probe).toISOString());
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(mismatches).toEqual([]);
  });

  it('the switches happen where the law puts them (New York 2026)', () => {
    expect(bd.utcOffsetMinutes('2026-03-08T06:59:59.999Z', NY)).toBe(-300);
    expect(bd.utcOffsetMinutes('2026-03-08T07:00:00Z', NY)).toBe(-240);
    expect(bd.utcOffsetMinutes('2026-11-01T05:59:59.999Z', NY)).toBe(-240);
    expect(bd.utcOffsetMinutes('2026-11-01T06:00:00Z', NY)).toBe(-300);
  });
});
