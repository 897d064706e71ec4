/**
 * The shared time rules (contracts/time) on the days the clocks change: Budapest's spring-forward
 * (2026-03-29, 02:00 → 03:00) and fall-back (2026-10-25, 03:00 → 02:00), and Sydney's, a zone far
 * away whose summer is Budapest's winter (2026-04-05, 03:00 → 02:00; 2026-10-04, 02:00 → 03:00).
 * The expected instants are written out by hand from the zones' published rules, not computed.
 * The minute-by-minute references of the scheduler and the shop's day are in tests/server/
 * (scheduler-engine, day-plan-engine).
 */
import type { OpeningHours } from '@/contracts/opening-hours';
import { DEFAULT_SCHEDULE_RULE } from '@/contracts/names';
import {
  addDays,
  compileHours,
  DEFAULT_TIME_ZONE,
  effectiveWallMs,
  firesBetween,
  isoWithOffset,
  isOpenAt,
  localMinute,
  nextFireAt,
  offsetMsAt,
  openingBoundaries,
  runtimeTimeZones,
  sameOffsetSpanEnd,
  timeZoneOf,
  usableTimeZone,
  wallClockIn,
  wallMinuteAt,
  zonedDayStart,
  type ScheduleRule,
} from '@/contracts/time';

const BUD = 'Europe/Budapest';
const SYD = 'Australia/Sydney';
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

/** Every day, no date bounds (the form's default) but for `over`. */
const rule = (over: Partial<ScheduleRule>): ScheduleRule => ({ ...DEFAULT_SCHEDULE_RULE, ...over });

describe('the wall clock on Budapest’s spring-forward day (2026-03-29)', () => {
  it('jumps from 01:59 to 03:00 at 01:00 UTC, the offset from +1 to +2 hours', () => {
    expect(localMinute(at('2026-03-29T00:59:00Z'), BUD)).toMatchObject({
      dateKey: '2026-03-29',
      weekday: 0,
      hour: 1,
      minute: 59,
      offsetMinutes: 60,
    });
    expect(localMinute(at('2026-03-29T01:00:00Z'), BUD)).toMatchObject({ hour: 3, minute: 0, offsetMinutes: 120 });
    expect(isoWithOffset(at('2026-03-29T00:59:30Z'), BUD)).toBe('2026-03-29T01:59:30+01:00');
    expect(isoWithOffset(at('2026-03-29T01:00:00Z'), BUD)).toBe('2026-03-29T03:00:00+02:00');
  });

  it('is a day of 23 hours, and the span of one offset ends at the change', () => {
    const start = zonedDayStart('2026-03-29', BUD);
    expect(start).toBe(at('2026-03-28T23:00:00Z'));
    expect(zonedDayStart('2026-03-30', BUD) - start).toBe(23 * HOUR);
    expect(sameOffsetSpanEnd(start, at('2026-03-29T00:00:00Z'), HOUR, BUD)).toBe(at('2026-03-29T01:00:00Z'));
  });

  it('fires an hourly rule 23 times, never at the missing 02:00', () => {
    const fires = firesBetween(
      rule({ frequency: 'hourly' }),
      at('2026-03-28T23:00:00Z'),
      at('2026-03-29T22:00:00Z'),
      BUD,
    );
    expect(fires).toHaveLength(23);
    expect(fires.map((f) => localMinute(f, BUD).hour)).not.toContain(2);
    expect(fires.slice(0, 3).map((f) => isoWithOffset(f, BUD))).toEqual([
      '2026-03-29T00:00:00+01:00',
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T03:00:00+02:00',
    ]);
  });

  it('skips a time inside the gap to the next day that has it', () => {
    const halfPastTwo = rule({ frequency: 'hourlyAt30', between_from: '02:00', between_to: '03:00' });
    expect(nextFireAt(halfPastTwo, at('2026-03-28T23:00:00Z'), BUD)).toBe(at('2026-03-30T00:30:00Z'));
  });

  it('opens a shop whose opening falls in the gap at the first minute after it', () => {
    const hours: OpeningHours = { week: [{ day: 'sunday', open: '02:30', close: '10:00' }], exceptions: [] };
    const compiled = compileHours(hours);
    expect(openingBoundaries(compiled, at('2026-03-28T23:00:00Z'), at('2026-03-29T22:00:00Z'), BUD)).toEqual([
      { at: at('2026-03-29T01:00:00Z'), kind: 'open' },
      { at: at('2026-03-29T08:00:00Z'), kind: 'close' },
    ]);
    expect(isOpenAt(compiled, at('2026-03-29T00:59:00Z'), BUD)).toBe(false);
    expect(isOpenAt(compiled, at('2026-03-29T01:00:00Z'), BUD)).toBe(true);
  });
});

describe('the wall clock on Budapest’s fall-back day (2026-10-25)', () => {
  it('shows 02:00–02:59 twice, first at +2 then at +1 hours', () => {
    expect(localMinute(at('2026-10-25T00:30:00Z'), BUD)).toMatchObject({ hour: 2, minute: 30, offsetMinutes: 120 });
    expect(localMinute(at('2026-10-25T01:30:00Z'), BUD)).toMatchObject({ hour: 2, minute: 30, offsetMinutes: 60 });
    expect(offsetMsAt(at('2026-10-25T00:59:00Z'), BUD)).toBe(2 * HOUR);
    expect(offsetMsAt(at('2026-10-25T01:00:00Z'), BUD)).toBe(HOUR);
  });

  it('is a day of 25 hours', () => {
    const start = zonedDayStart('2026-10-25', BUD);
    expect(start).toBe(at('2026-10-24T22:00:00Z'));
    expect(zonedDayStart('2026-10-26', BUD) - start).toBe(25 * HOUR);
  });

  it('fires an hourly rule 25 times, at 02:00 twice', () => {
    const fires = firesBetween(
      rule({ frequency: 'hourly' }),
      at('2026-10-24T22:00:00Z'),
      at('2026-10-25T23:00:00Z'),
      BUD,
    );
    expect(fires).toHaveLength(25);
    expect(fires.filter((f) => localMinute(f, BUD).hour === 2).map((f) => isoWithOffset(f, BUD))).toEqual([
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:00:00+01:00',
    ]);
  });

  it('holds the wall clock at 02:59 through the repeated hour, so a closing at 02:30 happens once', () => {
    expect(effectiveWallMs(at('2026-10-25T01:30:00Z'), BUD)).toBe(at('2026-10-25T02:59:00Z'));
    expect(wallMinuteAt(at('2026-10-25T02:00:00Z'), BUD)).toEqual({
      dateKey: '2026-10-25',
      weekday: 0,
      minuteOfDay: 180,
    });
    const hours: OpeningHours = { week: [{ day: 'saturday', open: '20:00', close: '02:30' }], exceptions: [] };
    expect(openingBoundaries(compileHours(hours), at('2026-10-24T12:00:00Z'), at('2026-10-25T12:00:00Z'), BUD)).toEqual(
      [
        { at: at('2026-10-24T18:00:00Z'), kind: 'open' },
        { at: at('2026-10-25T00:30:00Z'), kind: 'close' },
      ],
    );
  });
});

describe('a zone far away: Sydney, whose clocks change the other way round', () => {
  it('falls back on 2026-04-05 (03:00 → 02:00, at 16:00 UTC the day before): a day of 25 hours', () => {
    expect(localMinute(at('2026-04-04T15:59:00Z'), SYD)).toMatchObject({
      dateKey: '2026-04-05',
      hour: 2,
      minute: 59,
      offsetMinutes: 660,
    });
    expect(localMinute(at('2026-04-04T16:00:00Z'), SYD)).toMatchObject({ hour: 2, minute: 0, offsetMinutes: 600 });
    expect(zonedDayStart('2026-04-06', SYD) - zonedDayStart('2026-04-05', SYD)).toBe(25 * HOUR);
  });

  it('springs forward on 2026-10-04 (02:00 → 03:00): a day of 23 hours, 01:30 and 03:30 an hour apart', () => {
    expect(zonedDayStart('2026-10-05', SYD) - zonedDayStart('2026-10-04', SYD)).toBe(23 * HOUR);
    const fires = firesBetween(
      rule({ frequency: 'everyThirtyMinutes', between_from: '01:30', between_to: '04:00' }),
      zonedDayStart('2026-10-04', SYD),
      zonedDayStart('2026-10-05', SYD),
      SYD,
    );
    expect(fires.map((f) => isoWithOffset(f, SYD))).toEqual([
      '2026-10-04T01:30:00+10:00',
      '2026-10-04T03:00:00+11:00',
      '2026-10-04T03:30:00+11:00',
    ]);
    expect(fires[1]! - fires[0]!).toBe(HOUR / 2);
  });

  it('reads the same instant on another date than Budapest does', () => {
    const instant = at('2026-11-24T20:15:00Z');
    expect(wallClockIn(instant, SYD)).toEqual({ dateKey: '2026-11-25', weekday: 3, hour: 7, minute: 15 });
    expect(wallClockIn(instant, BUD)).toEqual({ dateKey: '2026-11-24', weekday: 2, hour: 21, minute: 15 });
    expect(isoWithOffset(instant, 'Asia/Kathmandu')).toBe('2026-11-25T02:00:00+05:45');
  });
});

describe('calendar days and zones', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('goes by a known zone, else Budapest', () => {
    expect(DEFAULT_TIME_ZONE).toBe(BUD);
    expect(usableTimeZone(SYD)).toBe(SYD);
    expect(usableTimeZone('Mars/Olympus_Mons')).toBe(BUD);
    expect(usableTimeZone(null)).toBe(BUD);
    expect(timeZoneOf({ timezone: 'nem zóna' })).toBe(BUD);
    expect(runtimeTimeZones()).toContain(BUD);
  });

  it('throws for an unknown zone where a caller must decide', () => {
    expect(() => localMinute(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
