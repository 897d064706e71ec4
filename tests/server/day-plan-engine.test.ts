/**
 * The shop's day (opening hours and the music plan's blocks) against an independent reference.
 * The reference shares no code with the engine: it walks real minutes one by one, reads the wall
 * clock through its own formatter (`format()` text, not formatToParts), keeps the highest wall time
 * seen so far (the wall clock as issue 26 reads it: a repeated autumn hour does not run it backwards),
 * and applies the rules literally as intervals of wall time: the hours that open on a date (its
 * exception's, else its weekday's) from that date's open to its close, the next day's when the close
 * is earlier; a block likewise from each of its days.
 *
 * DAY_PLAN_SEED=<n> replays a run.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { OpeningHours } from '../../contracts/opening-hours';
import { DAY_KEYS, DEFAULT_SCHEDULE_RULE, SCHEDULER_FREQUENCIES, type DayKey } from '../../contracts/names';
import {
  blockAt,
  compilePlan,
  overlappingBlock,
  nextFireWhileOpen,
  planBoundaries,
  type PlanBlockRule,
} from '../../server/src/scheduler/day-plan';
import { compileHours, firesBetween, isOpenAt, openingBoundaries, type ScheduleRule } from '../../contracts/time';

const SEED = Number(process.env.DAY_PLAN_SEED ?? 20261126);
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The reference

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of an instant as UTC ms showing the same digits, from `MM/DD/YYYY, HH:MM` text. */
function refWallMs(utcMs: number, timeZone: string): number {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    formats.set(timeZone, f);
  }
  const text = f.format(utcMs);
  const m = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`unexpected wall clock text ${text}`);
  return Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4]) % 24, Number(m[5]));
}

const REF_DAYS: DayKey[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const dateText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const hm = (s: string) => Number(s.slice(0, 2)) * 60 * MIN + Number(s.slice(3)) * MIN;

/** The wall-time intervals [start, end) of the hours that open on the date starting at `dayMs`. */
function refOpenIntervals(hours: OpeningHours, dayMs: number): Array<[number, number]> {
  const date = dateText(dayMs);
  const exception = hours.exceptions.find((e) => e.date === date);
  const h = exception ?? hours.week.find((d) => d.day === REF_DAYS[new Date(dayMs).getUTCDay()]);
  if (!h || 'closed' in h) return [];
  const start = dayMs + hm(h.open);
  let end = dayMs + hm(h.close);
  if (end <= start) end += DAY;
  return [[start, end]];
}

function refOpen(hours: OpeningHours, wall: number): boolean {
  if (hours.week.length === 0) return true;
  const day = Math.floor(wall / DAY) * DAY;
  return [day - DAY, day].some((d) => refOpenIntervals(hours, d).some(([s, e]) => wall >= s && wall < e));
}

function refBlock(blocks: PlanBlockRule[], wall: number): number | null {
  const day = Math.floor(wall / DAY) * DAY;
  const hits: number[] = [];
  for (const b of blocks) {
    for (const d of [day - DAY, day]) {
      if (!b.days[REF_DAYS[new Date(d).getUTCDay()]!]) continue;
      const start = d + hm(b.from);
      let end = d + hm(b.to);
      if (end <= start) end += DAY;
      if (wall >= start && wall < end) hits.push(b.id);
    }
  }
  return hits.length ? Math.min(...hits) : null;
}

/** The state of every minute of [from, until) and where it changes, walking minute by minute. */
function refWalk<S>(from: number, until: number, timeZone: string, stateAt: (wall: number) => S) {
  let maxWall = -Infinity;
  // Six hours ahead of the window: long enough to have seen any wall time a repeated hour shows again.
  for (let t = from - 6 * HOUR; t < from; t += MIN) maxWall = Math.max(maxWall, refWallMs(t, timeZone));
  let state = stateAt(maxWall);
  const states: S[] = [];
  const changes: Array<{ at: number; state: S }> = [];
  for (let t = from; t < until; t += MIN) {
    maxWall = Math.max(maxWall, refWallMs(t, timeZone));
    const s = stateAt(maxWall);
    if (s !== state) changes.push({ at: t, state: s });
    state = s;
    states.push(s);
  }
  return { states, changes };
}

// ---------------------------------------------------------------------------------------------
// Generators: the days around the clock changes of 2026

const ZONES = ['Europe/Budapest', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago'];
/** Local days of 2026 with a clock change in one of the zones, and a plain one. */
const AROUND = [
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-09-06',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
  '2026-06-17',
];

const wallTime = fc.oneof(
  // Times at and around the clock changes, midnight and the hour.
  fc.constantFrom(
    '00:00',
    '00:30',
    '01:00',
    '01:59',
    '02:00',
    '02:30',
    '02:59',
    '03:00',
    '03:30',
    '23:00',
    '23:59',
    '12:00',
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 1, 15, 30, 45, 59))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
);
const openClose = fc
  .tuple(wallTime, wallTime)
  .filter(([o, c]) => o !== c)
  .map(([open, close]) => ({ open, close }));

const windowArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  day: fc.constantFrom(...AROUND),
  // Start anywhere from a day before that date; up to three days long.
  startMinutes: fc.integer({ min: -1440, max: 1440 }),
  lengthMinutes: fc.integer({ min: 1, max: 3 * 1440 }),
});

function windowOf(w: { day: string; startMinutes: number; lengthMinutes: number }) {
  const from = Date.parse(`${w.day}T00:00:00Z`) + w.startMinutes * MIN + 17_000; // not on a minute: rounds up
  return { from, until: from + w.lengthMinutes * MIN };
}

const hoursArb = (day: string) =>
  fc
    .record({
      week: fc.tuple(...DAY_KEYS.map(() => fc.option(openClose, { nil: null, freq: 4 }))),
      exceptions: fc.uniqueArray(
        fc.record({
          offset: fc.integer({ min: -2, max: 3 }),
          hours: fc.option(openClose, { nil: null }),
        }),
        { maxLength: 3, selector: (e) => e.offset },
      ),
    })
    .map(({ week, exceptions }): OpeningHours => ({
      week: DAY_KEYS.map((d, i) => (week[i] ? { day: d, ...week[i]! } : { day: d, closed: true as const })),
      exceptions: exceptions.map((e) => {
        const date = dateText(Date.parse(`${day}T00:00:00Z`) + e.offset * DAY);
        return e.hours ? { date, name: 'Kivétel', ...e.hours } : { date, name: 'Kivétel', closed: true as const };
      }),
    }));

const blocksArb = fc
  .array(
    fc.record({
      days: fc.tuple(...DAY_KEYS.map(() => fc.boolean())),
      span: openClose,
    }),
    { maxLength: 6 },
  )
  .map((list) =>
    list.map((b, i): PlanBlockRule => ({
      id: i + 1,
      days: Object.fromEntries(DAY_KEYS.map((d, k) => [d, b.days[k]!])) as Record<DayKey, boolean>,
      from: b.span.open,
      to: b.span.close,
    })),
  );

function check<T extends [unknown, ...unknown[]]>(property: fc.IProperty<T>, numRuns: number) {
  try {
    fc.assert(property, { seed: SEED, numRuns, endOnFailure: true });
  } catch (err) {
    throw new Error(`${(err as Error).message}\nReplay with DAY_PLAN_SEED=${SEED}`);
  }
}

// ---------------------------------------------------------------------------------------------

describe('opening hours', () => {
  it('boundaries and the open state match the minute-by-minute reference (past midnight, exceptions, DST)', () => {
    check(
      fc.property(
        windowArb.chain((w) => fc.tuple(fc.constant(w), hoursArb(w.day))),
        ([w, hours]) => {
          const { from, until } = windowOf(w);
          const compiled = compileHours(hours);
          const ref = refWalk(Math.ceil(from / MIN) * MIN, until, w.zone, (wall) => refOpen(hours, wall));
          const got = openingBoundaries(compiled, from, until, w.zone).map((b) => ({
            at: b.at,
            state: b.kind === 'open',
          }));
          assert.deepEqual(got, ref.changes, `${w.zone} ${JSON.stringify(hours)}`);
          // The state itself at every tenth minute (each is a full wall-clock read).
          const first = Math.ceil(from / MIN) * MIN;
          for (let i = 0; i < ref.states.length; i += 10) {
            assert.equal(isOpenAt(compiled, first + i * MIN + 5_000, w.zone), ref.states[i], `minute ${i}`);
          }
        },
      ),
      150,
    );
  });

  it('no hours set: always open, no boundaries', () => {
    const h = compileHours({ week: [], exceptions: [] });
    assert.deepEqual(openingBoundaries(h, Date.UTC(2026, 2, 28), Date.UTC(2026, 2, 31), 'Europe/Budapest'), []);
    assert.equal(isOpenAt(h, Date.UTC(2026, 2, 29, 1, 30), 'Europe/Budapest'), true);
  });

  it('a bar 18:00–02:00 before a closed day keeps its tail; an exception keeps the tail before it', () => {
    const tz = 'Europe/Budapest';
    const week = DAY_KEYS.map((day) =>
      day === 'saturday' ? { day, open: '18:00', close: '02:00' } : { day, closed: true as const },
    );
    // Saturday 2026-11-28 (UTC+1): open 18:00 → 02:00 Sunday, though Sunday is closed.
    const h = compileHours({
      week,
      exceptions: [{ date: '2026-11-29', name: 'Advent', open: '10:00', close: '12:00' }],
    });
    const b = openingBoundaries(h, Date.UTC(2026, 10, 28), Date.UTC(2026, 10, 30), tz);
    assert.deepEqual(b, [
      { at: Date.UTC(2026, 10, 28, 17), kind: 'open' },
      { at: Date.UTC(2026, 10, 29, 1), kind: 'close' },
      { at: Date.UTC(2026, 10, 29, 9), kind: 'open' },
      { at: Date.UTC(2026, 10, 29, 11), kind: 'close' },
    ]);
  });

  it('autumn: an opening at a repeated wall time happens once; spring: one in the gap at the first minute after it', () => {
    const tz = 'Europe/Budapest';
    const week = DAY_KEYS.map((day) => ({ day, open: '02:30', close: '22:00' }));
    const h = compileHours({ week, exceptions: [] });
    // 2026-10-25: 02:30 CEST is 00:30 UTC; the second 02:30 (CET, 01:30 UTC) changes nothing.
    const autumn = openingBoundaries(h, Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 9, 25, 5), tz);
    assert.deepEqual(autumn, [{ at: Date.UTC(2026, 9, 25, 0, 30), kind: 'open' }]);
    // 2026-03-29: 02:00–02:59 does not exist; the shop opens at 03:00 CEST (01:00 UTC).
    const spring = openingBoundaries(h, Date.UTC(2026, 2, 28, 22), Date.UTC(2026, 2, 29, 5), tz);
    assert.deepEqual(spring, [{ at: Date.UTC(2026, 2, 29, 1), kind: 'open' }]);
  });
});

describe('music plan blocks', () => {
  it('the block in force and its boundaries match the minute-by-minute reference', () => {
    check(
      fc.property(windowArb, blocksArb, (w, blocks) => {
        const { from, until } = windowOf(w);
        const plan = compilePlan(blocks);
        const ref = refWalk(Math.ceil(from / MIN) * MIN, until, w.zone, (wall) => refBlock(blocks, wall));
        const got = planBoundaries(plan, from, until, w.zone).map((b) => ({ at: b.at, state: b.blockId }));
        assert.deepEqual(got, ref.changes, `${w.zone} ${JSON.stringify(blocks)}`);
        const first = Math.ceil(from / MIN) * MIN;
        for (let i = 0; i < ref.states.length; i += 10) {
          assert.equal(blockAt(plan, first + i * MIN, w.zone), ref.states[i], `minute ${i}`);
        }
      }),
      150,
    );
  });

  it('overlap: two blocks overlap exactly when some wall minute of the week has both', () => {
    check(
      fc.property(
        blocksArb.filter((b) => b.length >= 2),
        (blocks) => {
          const [a, ...rest] = blocks as [PlanBlockRule, ...PlanBlockRule[]];
          // A Monday in a week without clock changes: 7 days of wall minutes, and the Sunday tail into it.
          const monday = Date.UTC(2026, 5, 15);
          let expected: PlanBlockRule | undefined;
          for (const other of rest) {
            for (let wall = monday; wall < monday + 7 * DAY && !expected; wall += MIN) {
              // Monday's minutes see the Sunday before's tail: the week repeats.
              if (refBlock([a], wall) !== null && refBlock([other], wall) !== null) expected = other;
            }
            if (expected) break;
          }
          assert.equal(overlappingBlock(a, rest)?.id, expected?.id);
        },
      ),
      60,
    );
  });

  it('a block past midnight holds its tail into the next day, also from Sunday into Monday', () => {
    const days = Object.fromEntries(DAY_KEYS.map((d) => [d, d === 'sunday'])) as Record<DayKey, boolean>;
    const late = { id: 1, days, from: '22:00', to: '02:00' };
    const monday = { id: 2, days: { ...days, sunday: false, monday: true }, from: '01:00', to: '03:00' };
    assert.equal(overlappingBlock(monday, [late])?.id, 1);
    const plan = compilePlan([late]);
    // Monday 2026-06-15 01:00 in Budapest (UTC+2) is 2026-06-14 23:00 UTC: Sunday's tail.
    assert.equal(blockAt(plan, Date.UTC(2026, 5, 14, 23), 'Europe/Budapest'), 1);
    assert.equal(blockAt(plan, Date.UTC(2026, 5, 15, 0, 30), 'Europe/Budapest'), null);
  });
});

describe("an item 'Csak nyitvatartási időben'", () => {
  const ruleArb = fc
    .record({
      frequency: fc.constantFrom(...SCHEDULER_FREQUENCIES),
      between: fc.option(openClose, { nil: null }),
      days: fc.tuple(...DAY_KEYS.map(() => fc.boolean())),
    })
    .map(({ frequency, between, days }): ScheduleRule => ({
      ...DEFAULT_SCHEDULE_RULE,
      frequency,
      between_from: between?.open ?? null,
      between_to: between?.close ?? null,
      ...(Object.fromEntries(DAY_KEYS.map((d, k) => [d, days[k]!])) as Record<DayKey, boolean>),
    }));

  it('its next play is its first fire in an open minute, as the runner fires it (closed minutes skipped)', () => {
    const HORIZON_DAYS = 9;
    check(
      fc.property(
        windowArb.chain((w) => fc.tuple(fc.constant(w), hoursArb(w.day), ruleArb)),
        ([w, hours, rule]) => {
          const { from } = windowOf(w);
          const compiled = compileHours(hours);
          const expected =
            firesBetween(rule, from, from + HORIZON_DAYS * DAY, w.zone, 20_000).find((at) =>
              isOpenAt(compiled, at, w.zone),
            ) ?? null;
          const got = nextFireWhileOpen(rule, from, w.zone, compiled, HORIZON_DAYS);
          assert.equal(got, expected, `${w.zone} ${JSON.stringify(hours)} ${JSON.stringify(rule)}`);
        },
      ),
      150,
    );
  });

  it('closing at 23:04, an every-minute item in 23:05–23:06 plays first on a day open past it', () => {
    const hours = compileHours({
      week: DAY_KEYS.map((day) => ({ day, open: '08:00', close: '23:04' })),
      exceptions: [{ date: '2031-01-09', name: 'Hosszú nyitva', open: '08:00', close: '23:50' }],
    });
    const rule: ScheduleRule = { ...DEFAULT_SCHEDULE_RULE, between_from: '23:05', between_to: '23:06' };
    const zone = 'Europe/Budapest';
    const at = nextFireWhileOpen(rule, Date.parse('2031-01-07T22:00:00+01:00'), zone, hours);
    assert.equal(at, Date.parse('2031-01-09T23:05:00+01:00'));
    // Never open then: none within the year.
    const never = compileHours({
      week: DAY_KEYS.map((day) => ({ day, open: '08:00', close: '23:04' })),
      exceptions: [],
    });
    const started = performance.now();
    assert.equal(nextFireWhileOpen(rule, Date.parse('2031-01-07T22:00:00+01:00'), zone, never), null);
    assert.ok(performance.now() - started < 1_000, 'a year of closed nights is walked night by night');
  });
});
