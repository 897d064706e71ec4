/**
 * The scheduler engine against an independent reference of CONTRACTS.md §3. The reference shares no
 * code with the engine: it walks real minutes one by one from an injected instant, reads the wall
 * clock through its own formatter (`format()` text with the weekday name, not formatToParts), and
 * applies the documented rules literally: a cron matcher over the five fields of each frequency's
 * cron string (the weekday field built as Laravel's `days()` would), Laravel's `inTimeInterval`
 * with a `now` in the middle of the minute (which is what makes the window half-open), and the date
 * bounds compared as numbers.
 *
 * SCHEDULER_SEED=<n> replays a run (the seed is printed on failure).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SCHEDULER_FREQUENCIES, type SchedulerFrequency } from '../../contracts/names';
import {
  firesBetween,
  floorMinute,
  isDue,
  isoWithOffset,
  localMinute,
  nextFireAt,
  type ScheduleRule,
} from '../../contracts/time';
import { dueItems } from '../../server/src/scheduler/engine';

const SEED = Number(process.env.SCHEDULER_SEED ?? 20261124);
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const BUDAPEST = 'Europe/Budapest';

// ---------------------------------------------------------------------------------------------
// The reference
// ---------------------------------------------------------------------------------------------

/** CONTRACTS.md §3, column "Cron", fields 1–4 (field 5 comes from the rule's days). */
const CRON: Record<SchedulerFrequency, string> = {
  everyMinute: '* * * * *',
  everyTwoMinutes: '*/2 * * * *',
  everyThreeMinutes: '*/3 * * * *',
  everyFourMinutes: '*/4 * * * *',
  everyFiveMinutes: '*/5 * * * *',
  everyTenMinutes: '*/10 * * * *',
  everyFifteenMinutes: '*/15 * * * *',
  everyThirtyMinutes: '*/30 * * * *',
  hourly: '0 * * * *',
  hourlyAt15: '15 * * * *',
  hourlyAt30: '30 * * * *',
  hourlyAt45: '45 * * * *',
  everyTwoHours: '0 */2 * * *',
  everyThreeHours: '0 */3 * * *',
  everyFourHours: '0 */4 * * *',
  everySixHours: '0 */6 * * *',
};

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  dow: number;
}

const refFormats = new Map<string, Intl.DateTimeFormat>();
const DOW = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock of a real instant, read from text like `Sun, 03/29/2026, 01:00`. */
function refWall(utcMs: number, timeZone: string): Wall {
  let f = refFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    refFormats.set(timeZone, f);
  }
  const text = f.format(utcMs);
  const m = /^(\w{3}), (\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`unexpected wall clock text ${text}`);
  return {
    year: Number(m[4]),
    month: Number(m[2]),
    day: Number(m[3]),
    // hour12:false prints midnight as 24 of the same date.
    hour: Number(m[5]) === 24 ? 0 : Number(m[5]),
    minute: Number(m[6]),
    dow: DOW.indexOf(m[1] as string),
  };
}

/** One cron field: `*`, `N`, `A-B`, each with an optional `/STEP`, comma lists. */
function cronFieldMatches(field: string, value: number, min: number, max: number): boolean {
  return field.split(',').some((item) => {
    const [base, stepText] = item.split('/') as [string, string | undefined];
    const step = stepText === undefined ? 1 : Number(stepText);
    let lo: number;
    let hi: number;
    if (base === '*') [lo, hi] = [min, max];
    else if (base.includes('-')) [lo, hi] = base.split('-').map(Number) as [number, number];
    else [lo, hi] = [Number(base), stepText === undefined ? Number(base) : max];
    return value >= lo && value <= hi && (value - lo) % step === 0;
  });
}

function cronMatches(expression: string, w: Wall): boolean {
  const [minute, hour, dom, month, dow] = expression.split(' ') as [string, string, string, string, string];
  return (
    cronFieldMatches(minute, w.minute, 0, 59) &&
    cronFieldMatches(hour, w.hour, 0, 23) &&
    cronFieldMatches(dom, w.day, 1, 31) &&
    cronFieldMatches(month, w.month, 1, 12) &&
    cronFieldMatches(dow, w.dow, 0, 6)
  );
}

const REF_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The whole cron expression, as `->days([...])->{frequency}()` builds it; null when no day is chosen. */
function refCron(rule: ScheduleRule): string | null {
  const days = REF_DAYS.flatMap((key, i) => (rule[key] ? [i] : []));
  if (days.length === 0) return null;
  return `${CRON[rule.frequency].split(' ').slice(0, 4).join(' ')} ${days.join(',')}`;
}

/**
 * Laravel's `inTimeInterval` (start/end parsed "today", end < start crosses midnight) on the wall
 * clock, with `now` at second 30 of the minute as a scheduler tick sees it.
 */
function refInInterval(w: Wall, from: string, to: string): boolean {
  const today = Date.UTC(w.year, w.month - 1, w.day);
  const now = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, 30);
  const at = (hm: string) => {
    const [h, m] = hm.split(':').map(Number) as [number, number];
    return today + h * HOUR + m * MIN;
  };
  let start = at(from);
  let end = at(to);
  if (end < start) {
    if (start > now) start -= DAY;
    else end += DAY;
  }
  return now >= start && now <= end;
}

function refDateNumber(key: string): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return y * 10_000 + m * 100 + d;
}

function refDue(rule: ScheduleRule, utcMs: number, timeZone: string): boolean {
  const w = refWall(utcMs, timeZone);
  const cron = refCron(rule);
  if (cron === null || !cronMatches(cron, w)) return false;
  if (rule.between_from !== null && rule.between_to !== null && !refInInterval(w, rule.between_from, rule.between_to))
    return false;
  if (
    rule.unless_between_from !== null &&
    rule.unless_between_to !== null &&
    refInInterval(w, rule.unless_between_from, rule.unless_between_to)
  )
    return false;
  const today = w.year * 10_000 + w.month * 100 + w.day;
  if (rule.date_from !== null && today < refDateNumber(rule.date_from)) return false;
  if (rule.date_to !== null && today > refDateNumber(rule.date_to)) return false;
  return true;
}

/** Every real minute start in [from, to) at which the reference says due. */
function refFires(rule: ScheduleRule, from: number, to: number, timeZone: string, stopAtFirst = false): number[] {
  const out: number[] = [];
  for (let t = Math.ceil(from / MIN) * MIN; t < to; t += MIN) {
    if (refDue(rule, t, timeZone)) {
      out.push(t);
      if (stopAtFirst) break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_END = Date.UTC(2027, 0, 1);
/** Offset changes of 2026 in the zones below (Budapest first), to aim instants at. */
const TRANSITIONS = [
  Date.UTC(2026, 2, 29, 1), // Budapest spring
  Date.UTC(2026, 9, 25, 1), // Budapest autumn
  Date.UTC(2026, 2, 8, 7), // New York spring
  Date.UTC(2026, 10, 1, 6), // New York autumn
  Date.UTC(2026, 3, 4, 15), // Lord Howe: half an hour back
  Date.UTC(2026, 9, 3, 15, 30), // Lord Howe: half an hour forward
  Date.UTC(2026, 2, 8, 5, 30), // St. John's spring
  Date.UTC(2026, 10, 1, 4, 30), // St. John's autumn
  Date.UTC(2026, 3, 5, 3), // Santiago: midnight back to 23:00 of the day before
  Date.UTC(2026, 8, 6, 4), // Santiago: midnight forward to 01:00
];
const ZONES = [
  'America/New_York',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'America/Santiago',
  'Asia/Kolkata',
  'UTC',
];

const zoneArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(BUDAPEST) },
  { weight: 2, arbitrary: fc.constantFrom(...ZONES) },
);

/** Any millisecond of 2026, or one within two days of an offset change. */
const instantArb = fc.oneof(
  fc.integer({ min: YEAR_START, max: YEAR_END }),
  fc.tuple(fc.constantFrom(...TRANSITIONS), fc.integer({ min: -2 * DAY, max: 2 * DAY })).map(([t, d]) => t + d),
  fc.tuple(fc.constantFrom(...TRANSITIONS), fc.integer({ min: -180, max: 180 })).map(([t, d]) => t + d * MIN),
);

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** Minutes of the day, often on the hour or a quarter so that windows cut through the frequencies. */
const timeArb = fc
  .oneof(
    fc.integer({ min: 0, max: 1439 }),
    fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
  )
  .map(hm);
/** A window: unset, ordinary or crossing midnight, empty (from == to), or with only one end set. */
const windowArb: fc.Arbitrary<[string | null, string | null]> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<[null, null]>([null, null]) },
  { weight: 5, arbitrary: fc.tuple(timeArb, timeArb) },
  { weight: 1, arbitrary: timeArb.map((t): [string, string] => [t, t]) },
  { weight: 1, arbitrary: timeArb.map((t): [string, null] => [t, null]) },
  { weight: 1, arbitrary: timeArb.map((t): [null, string] => [null, t]) },
);
const daysArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant([true, true, true, true, true, true, true]) },
  { weight: 4, arbitrary: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }) },
);

const dateKeyOf = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);

/** A rule whose date bounds (if any) lie within a few days of `near`, so they matter. */
function ruleArb(near: number): fc.Arbitrary<ScheduleRule> {
  const bound = fc.option(
    fc.integer({ min: -3, max: 4 }).map((d) => dateKeyOf(near + d * DAY)),
    { freq: 2 },
  );
  return fc
    .record({
      frequency: fc.constantFrom(...SCHEDULER_FREQUENCIES),
      between: windowArb,
      unless: windowArb,
      days: daysArb,
      date_from: bound,
      date_to: bound,
    })
    .map(({ frequency, between, unless, days, date_from, date_to }) => ({
      frequency,
      date_from,
      date_to,
      between_from: between[0],
      between_to: between[1],
      unless_between_from: unless[0],
      unless_between_to: unless[1],
      sunday: days[0] as boolean,
      monday: days[1] as boolean,
      tuesday: days[2] as boolean,
      wednesday: days[3] as boolean,
      thursday: days[4] as boolean,
      friday: days[5] as boolean,
      saturday: days[6] as boolean,
    }));
}

const caseArb = fc
  .tuple(instantArb, zoneArb)
  .chain(([at, timeZone]) => ruleArb(at).map((rule) => ({ at, timeZone, rule })));

function check<T>(property: fc.IProperty<T>, numRuns: number): void {
  try {
    fc.assert(property, { seed: SEED, numRuns, endOnFailure: true });
  } catch (err) {
    throw new Error(`${(err as Error).message}\nReplay with SCHEDULER_SEED=${SEED}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers for the hand-checked examples
// ---------------------------------------------------------------------------------------------

const ALL_DAYS = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

function rule(over: Partial<ScheduleRule>): ScheduleRule {
  return {
    frequency: 'everyMinute',
    date_from: null,
    date_to: null,
    between_from: null,
    between_to: null,
    unless_between_from: null,
    unless_between_to: null,
    ...ALL_DAYS,
    ...over,
  };
}

/** Budapest local wall-clock text of every fire in [from, to). */
const isos = (r: ScheduleRule, from: number, to: number, timeZone = BUDAPEST) =>
  firesBetween(r, from, to, timeZone).map((t) => isoWithOffset(t, timeZone));

// 2026-11-23 is a Monday; Budapest is at +01:00 then.
const MON_23_NOV = Date.UTC(2026, 10, 22, 23);
const SPRING_DAY = Date.UTC(2026, 2, 28, 23); // 2026-03-29 00:00 +01:00
const SPRING_NEXT = Date.UTC(2026, 2, 29, 22); // 2026-03-30 00:00 +02:00
const AUTUMN_DAY = Date.UTC(2026, 9, 24, 22); // 2026-10-25 00:00 +02:00
const AUTUMN_NEXT = Date.UTC(2026, 9, 25, 23); // 2026-10-26 00:00 +01:00

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('scheduler engine: hand-checked examples', () => {
  it('everyFifteenMinutes between 08:00 and 09:00 fires at :00 :15 :30 :45 and not at 09:00', () => {
    assert.deepEqual(
      isos(
        rule({ frequency: 'everyFifteenMinutes', between_from: '08:00', between_to: '09:00' }),
        MON_23_NOV,
        MON_23_NOV + DAY,
      ),
      [
        '2026-11-23T08:00:00+01:00',
        '2026-11-23T08:15:00+01:00',
        '2026-11-23T08:30:00+01:00',
        '2026-11-23T08:45:00+01:00',
      ],
    );
  });

  it('a 23:00–02:00 window on Mondays only fires Monday 00:00–01:59 and Monday 23:00–23:59', () => {
    const r = rule({
      frequency: 'everyThirtyMinutes',
      between_from: '23:00',
      between_to: '02:00',
      ...{
        ...ALL_DAYS,
        tuesday: false,
        wednesday: false,
        thursday: false,
        friday: false,
        saturday: false,
        sunday: false,
      },
    });
    // Sunday 22 November 00:00 to Tuesday 1 December 00:00.
    assert.deepEqual(isos(r, MON_23_NOV - DAY, MON_23_NOV + 8 * DAY), [
      '2026-11-23T00:00:00+01:00',
      '2026-11-23T00:30:00+01:00',
      '2026-11-23T01:00:00+01:00',
      '2026-11-23T01:30:00+01:00',
      '2026-11-23T23:00:00+01:00',
      '2026-11-23T23:30:00+01:00',
      '2026-11-30T00:00:00+01:00',
      '2026-11-30T00:30:00+01:00',
      '2026-11-30T01:00:00+01:00',
      '2026-11-30T01:30:00+01:00',
      '2026-11-30T23:00:00+01:00',
      '2026-11-30T23:30:00+01:00',
    ]);
  });

  it('unless_between skips the same half-open range', () => {
    const fires = isos(
      rule({ frequency: 'hourly', unless_between_from: '12:00', unless_between_to: '14:00' }),
      MON_23_NOV,
      MON_23_NOV + DAY,
    );
    assert.equal(fires.length, 22);
    assert.ok(!fires.includes('2026-11-23T12:00:00+01:00'));
    assert.ok(!fires.includes('2026-11-23T13:00:00+01:00'));
    assert.ok(fires.includes('2026-11-23T14:00:00+01:00'));
    const overnight = isos(
      rule({ frequency: 'hourly', unless_between_from: '22:00', unless_between_to: '06:00' }),
      MON_23_NOV,
      MON_23_NOV + DAY,
    );
    assert.deepEqual(
      overnight.map((s) => s.slice(11, 13)),
      ['06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21'],
    );
  });

  it('an empty window (from == to): between never passes, unless_between skips nothing', () => {
    assert.deepEqual(
      isos(rule({ frequency: 'hourly', between_from: '10:00', between_to: '10:00' }), MON_23_NOV, MON_23_NOV + DAY),
      [],
    );
    assert.equal(
      isos(
        rule({ frequency: 'hourly', unless_between_from: '10:00', unless_between_to: '10:00' }),
        MON_23_NOV,
        MON_23_NOV + DAY,
      ).length,
      24,
    );
  });

  it('a window with only one end set is not applied', () => {
    assert.equal(isos(rule({ frequency: 'hourly', between_from: '10:00' }), MON_23_NOV, MON_23_NOV + DAY).length, 24);
    assert.equal(
      isos(rule({ frequency: 'hourly', unless_between_to: '10:00' }), MON_23_NOV, MON_23_NOV + DAY).length,
      24,
    );
  });

  it('date bounds are inclusive local dates', () => {
    const fires = isos(
      rule({ frequency: 'hourly', date_from: '2026-11-24', date_to: '2026-11-24' }),
      MON_23_NOV,
      MON_23_NOV + 3 * DAY,
    );
    assert.equal(fires.length, 24);
    assert.equal(fires[0], '2026-11-24T00:00:00+01:00');
    assert.equal(fires[23], '2026-11-24T23:00:00+01:00');
  });

  it('each of the sixteen frequencies fires at its cron minutes over a plain day', () => {
    const expected: Record<SchedulerFrequency, [number, string[]]> = {
      everyMinute: [1440, ['00:00', '00:01', '00:02']],
      everyTwoMinutes: [720, ['00:00', '00:02', '00:04']],
      everyThreeMinutes: [480, ['00:00', '00:03', '00:06']],
      everyFourMinutes: [360, ['00:00', '00:04', '00:08']],
      everyFiveMinutes: [288, ['00:00', '00:05', '00:10']],
      everyTenMinutes: [144, ['00:00', '00:10', '00:20']],
      everyFifteenMinutes: [96, ['00:00', '00:15', '00:30']],
      everyThirtyMinutes: [48, ['00:00', '00:30', '01:00']],
      hourly: [24, ['00:00', '01:00', '02:00']],
      hourlyAt15: [24, ['00:15', '01:15', '02:15']],
      hourlyAt30: [24, ['00:30', '01:30', '02:30']],
      hourlyAt45: [24, ['00:45', '01:45', '02:45']],
      everyTwoHours: [12, ['00:00', '02:00', '04:00']],
      everyThreeHours: [8, ['00:00', '03:00', '06:00']],
      everyFourHours: [6, ['00:00', '04:00', '08:00']],
      everySixHours: [4, ['00:00', '06:00', '12:00']],
    };
    for (const frequency of SCHEDULER_FREQUENCIES) {
      const fires = isos(rule({ frequency }), MON_23_NOV, MON_23_NOV + DAY);
      const [count, first] = expected[frequency];
      assert.equal(fires.length, count, frequency);
      assert.deepEqual(
        fires.slice(0, 3).map((s) => s.slice(11, 16)),
        first,
        frequency,
      );
    }
  });

  it('an unknown frequency or no chosen day never fires', () => {
    const noDays = rule({ ...Object.fromEntries(Object.keys(ALL_DAYS).map((k) => [k, false])) });
    assert.equal(nextFireAt(noDays, MON_23_NOV, BUDAPEST), null);
    const bogus = rule({ frequency: 'everyYear' as SchedulerFrequency });
    assert.equal(isDue(bogus, localMinute(MON_23_NOV, BUDAPEST)), false);
    assert.equal(nextFireAt(bogus, MON_23_NOV, BUDAPEST), null);
  });

  it('nextFireAt rounds up to a minute boundary and answers null for a rule that never fires', () => {
    const r = rule({ frequency: 'everyFifteenMinutes' });
    const at0815 = MON_23_NOV + 8 * HOUR + 15 * MIN;
    assert.equal(nextFireAt(r, at0815, BUDAPEST), at0815);
    assert.equal(nextFireAt(r, at0815 - 14 * MIN - 1, BUDAPEST), at0815);
    assert.equal(nextFireAt(r, at0815 + 1, BUDAPEST), at0815 + 15 * MIN);
    assert.equal(
      nextFireAt(rule({ frequency: 'hourly', between_from: '10:05', between_to: '10:10' }), MON_23_NOV, BUDAPEST),
      null,
    );
    // Beyond the horizon: a date two days away with a one-day horizon.
    assert.equal(nextFireAt(rule({ date_from: '2026-11-25' }), MON_23_NOV, BUDAPEST, 1), null);
    assert.equal(
      isoWithOffset(nextFireAt(rule({ date_from: '2026-11-25' }), MON_23_NOV, BUDAPEST, 3) ?? 0, BUDAPEST),
      '2026-11-25T00:00:00+01:00',
    );
    // A start date far ahead is reached without walking every day in between.
    assert.equal(
      isoWithOffset(
        nextFireAt(rule({ frequency: 'hourlyAt45', date_from: '2027-08-01' }), MON_23_NOV, BUDAPEST) ?? 0,
        BUDAPEST,
      ),
      '2027-08-01T00:45:00+02:00',
    );
  });

  it('firesBetween is [from, to) and stops at its limit', () => {
    const r = rule({ frequency: 'hourly' });
    assert.deepEqual(firesBetween(r, MON_23_NOV, MON_23_NOV + 2 * HOUR, BUDAPEST), [MON_23_NOV, MON_23_NOV + HOUR]);
    assert.deepEqual(firesBetween(r, MON_23_NOV + 1, MON_23_NOV + 2 * HOUR + 1, BUDAPEST), [
      MON_23_NOV + HOUR,
      MON_23_NOV + 2 * HOUR,
    ]);
    assert.equal(firesBetween(rule({}), MON_23_NOV, MON_23_NOV + DAY, BUDAPEST, 5).length, 5);
    assert.deepEqual(firesBetween(r, MON_23_NOV, MON_23_NOV, BUDAPEST), []);
  });

  it('isoWithOffset keeps the seconds and writes the offset as ±HH:MM', () => {
    const t = Date.UTC(2026, 10, 24, 8, 15, 42, 500);
    assert.equal(isoWithOffset(t, BUDAPEST), '2026-11-24T09:15:42+01:00');
    assert.equal(isoWithOffset(t, 'America/St_Johns'), '2026-11-24T04:45:42-03:30');
    assert.equal(isoWithOffset(t, 'Asia/Kolkata'), '2026-11-24T13:45:42+05:30');
    assert.equal(isoWithOffset(t, 'UTC'), '2026-11-24T08:15:42+00:00');
    assert.equal(isoWithOffset(Date.UTC(2026, 6, 1, 22, 30), BUDAPEST), '2026-07-02T00:30:00+02:00');
  });

  it('localMinute gives the local date, weekday, time and offset', () => {
    assert.deepEqual(localMinute(Date.UTC(2026, 10, 22, 23, 5, 59), BUDAPEST), {
      dateKey: '2026-11-23',
      weekday: 1,
      hour: 0,
      minute: 5,
      minuteOfDay: 5,
      offsetMinutes: 60,
    });
    assert.equal(floorMinute(Date.UTC(2026, 10, 22, 23, 5, 59, 999)), Date.UTC(2026, 10, 22, 23, 5));
  });

  it('dueItems answers the due items, whatever their time zones, and skips an unknown zone', () => {
    // 2026-11-24 08:00 UTC: 09:00 in Budapest, 03:00 in New York, 13:30 in Kolkata.
    const at = Date.UTC(2026, 10, 24, 8);
    const items = [
      { id: 1, timeZone: BUDAPEST, rule: rule({ frequency: 'hourly', between_from: '09:00', between_to: '10:00' }) },
      {
        id: 2,
        timeZone: 'America/New_York',
        rule: rule({ frequency: 'hourly', between_from: '09:00', between_to: '10:00' }),
      },
      { id: 3, timeZone: 'Asia/Kolkata', rule: rule({ frequency: 'everyThirtyMinutes' }) },
      { id: 4, timeZone: 'Asia/Kolkata', rule: rule({ frequency: 'hourly' }) },
      { id: 5, timeZone: 'Not/A_Zone', rule: rule({}) },
      { id: 6, timeZone: BUDAPEST, rule: rule({ frequency: 'everyTwoHours' }) },
    ];
    assert.deepEqual(
      dueItems(at, items).map((i) => i.id),
      [1, 3],
    );
  });
});

describe('scheduler engine: the DST days of Europe/Budapest', () => {
  it('spring (2026-03-29): 02:00–02:59 do not exist, hourly fires at 01:00 and 03:00 but not 02:00', () => {
    const fires = isos(rule({ frequency: 'hourly' }), SPRING_DAY, SPRING_NEXT);
    assert.equal(fires.length, 23);
    assert.deepEqual(fires.slice(0, 4), [
      '2026-03-29T00:00:00+01:00',
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T04:00:00+02:00',
    ]);
    assert.ok(!fires.some((s) => s.slice(11, 13) === '02'));
    assert.deepEqual(localMinute(Date.UTC(2026, 2, 29, 0, 59), BUDAPEST), {
      dateKey: '2026-03-29',
      weekday: 0,
      hour: 1,
      minute: 59,
      minuteOfDay: 119,
      offsetMinutes: 60,
    });
    assert.equal(localMinute(Date.UTC(2026, 2, 29, 1), BUDAPEST).minuteOfDay, 180);
  });

  it('spring: a window inside the gap never fires that day, and fires again the next day', () => {
    const r = rule({ between_from: '02:00', between_to: '03:00' });
    assert.deepEqual(firesBetween(r, SPRING_DAY, SPRING_NEXT, BUDAPEST), []);
    assert.equal(nextFireAt({ ...r, date_to: '2026-03-29' }, SPRING_DAY, BUDAPEST), null);
    assert.equal(isoWithOffset(nextFireAt(r, SPRING_DAY, BUDAPEST) ?? 0, BUDAPEST), '2026-03-30T02:00:00+02:00');
    // A window across the gap fires at both of its real sides.
    const across = isos(
      rule({ frequency: 'everyThirtyMinutes', between_from: '01:00', between_to: '04:00' }),
      SPRING_DAY,
      SPRING_NEXT,
    );
    assert.deepEqual(across, [
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T01:30:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T03:30:00+02:00',
    ]);
  });

  it('autumn (2026-10-25): 02:00–02:59 occur twice, hourly fires at 02:00 twice, an hour apart', () => {
    const fires = firesBetween(rule({ frequency: 'hourly' }), AUTUMN_DAY, AUTUMN_NEXT, BUDAPEST);
    assert.equal(fires.length, 25);
    const labels = fires.map((t) => isoWithOffset(t, BUDAPEST));
    assert.deepEqual(labels.slice(1, 5), [
      '2026-10-25T01:00:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:00:00+01:00',
      '2026-10-25T03:00:00+01:00',
    ]);
    assert.equal((fires[3] as number) - (fires[2] as number), HOUR);
    const first0200 = fires[2] as number;
    assert.equal(nextFireAt(rule({ frequency: 'hourly' }), first0200 + 1, BUDAPEST), first0200 + HOUR);
    assert.ok(isDue(rule({ frequency: 'hourly' }), localMinute(first0200, BUDAPEST)));
    assert.ok(isDue(rule({ frequency: 'hourly' }), localMinute(first0200 + HOUR, BUDAPEST)));
  });

  it('autumn: a window inside the repeated hour fires in both passes, in UTC order', () => {
    const fires = firesBetween(
      rule({ frequency: 'everyFifteenMinutes', between_from: '02:00', between_to: '03:00' }),
      AUTUMN_DAY,
      AUTUMN_NEXT,
      BUDAPEST,
    );
    assert.deepEqual(
      fires.map((t) => isoWithOffset(t, BUDAPEST)),
      [
        '2026-10-25T02:00:00+02:00',
        '2026-10-25T02:15:00+02:00',
        '2026-10-25T02:30:00+02:00',
        '2026-10-25T02:45:00+02:00',
        '2026-10-25T02:00:00+01:00',
        '2026-10-25T02:15:00+01:00',
        '2026-10-25T02:30:00+01:00',
        '2026-10-25T02:45:00+01:00',
      ],
    );
    fires.slice(1).forEach((t, i) => assert.equal(t - (fires[i] as number), 15 * MIN));
  });
});

describe('scheduler engine: a fall-back at midnight (America/Santiago, 2026-04-05)', () => {
  it('repeats the last hour of the day before, which still fires on that date only', () => {
    const r = rule({
      frequency: 'everyThirtyMinutes',
      between_from: '23:00',
      between_to: '00:00',
      date_to: '2026-04-04',
    });
    const from = Date.UTC(2026, 3, 4, 12);
    assert.deepEqual(isos(r, from, from + 2 * DAY, 'America/Santiago'), [
      '2026-04-04T23:00:00-03:00',
      '2026-04-04T23:30:00-03:00',
      '2026-04-04T23:00:00-04:00',
      '2026-04-04T23:30:00-04:00',
    ]);
    assert.equal(
      isoWithOffset(nextFireAt(r, Date.UTC(2026, 3, 5, 2, 31), 'America/Santiago') ?? 0, 'America/Santiago'),
      '2026-04-04T23:00:00-04:00',
    );
  });
});

describe('scheduler engine: properties against the reference', () => {
  it('localMinute reads the same wall clock as the reference', () => {
    check(
      fc.property(instantArb, zoneArb, (at, timeZone) => {
        const local = localMinute(at, timeZone);
        const w = refWall(at, timeZone);
        assert.equal(local.dateKey, `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`);
        assert.equal(local.weekday, w.dow);
        assert.equal(local.hour, w.hour);
        assert.equal(local.minute, w.minute);
        assert.equal(local.minuteOfDay, w.hour * 60 + w.minute);
        const wallMs = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
        assert.equal(local.offsetMinutes, (wallMs - Math.floor(at / MIN) * MIN) / MIN);
      }),
      1500,
    );
  });

  it('isDue at an instant agrees with the reference', () => {
    check(
      fc.property(caseArb, ({ at, timeZone, rule: r }) => {
        assert.equal(isDue(r, localMinute(at, timeZone)), refDue(r, floorMinute(at), timeZone));
      }),
      4000,
    );
  });

  it('firesBetween agrees with a minute-by-minute walk', () => {
    check(
      fc.property(caseArb, fc.integer({ min: 0, max: 36 * 60 * MIN }), ({ at, timeZone, rule: r }, span) => {
        assert.deepEqual(firesBetween(r, at, at + span, timeZone), refFires(r, at, at + span, timeZone));
      }),
      120,
    );
  });

  it('nextFireAt agrees with the reference first fire within the horizon', () => {
    check(
      fc.property(caseArb, fc.integer({ min: 1, max: 8 }), ({ at, timeZone, rule: r }, horizonDays) => {
        const ref = refFires(r, at, at + horizonDays * DAY, timeZone, true);
        assert.equal(nextFireAt(r, at, timeZone, horizonDays), ref[0] ?? null);
      }),
      80,
    );
  });

  it('dueItems picks what the reference says is due, across time zones', () => {
    const itemsArb = instantArb.chain((at) =>
      fc
        .array(fc.record({ rule: ruleArb(at), timeZone: zoneArb }), { maxLength: 30 })
        .map((items) => ({ at: floorMinute(at), items: items.map((item, i) => ({ ...item, i })) })),
    );
    check(
      fc.property(itemsArb, ({ at, items }) => {
        const expected = items.filter((item) => refDue(item.rule, at, item.timeZone));
        assert.deepEqual(dueItems(at, items), expected);
      }),
      300,
    );
  });
});
