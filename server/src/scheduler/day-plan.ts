/**
 * The shop's day (issue 26) as the tenant API runs it: which music block is in force at an instant,
 * the instants where it changes, whether two blocks overlap, and the next fire of an item 'Csak
 * nyitvatartási időben'. Pure functions like the scheduler's rules: the caller passes UTC
 * milliseconds and the shop's time zone (`timeZoneOf`).
 *
 * The wall clock these rules read, and the opening hours, are the shared time rules of
 * contracts/time (the browser reads the same), which every caller imports directly.
 */
import { DAY_KEYS, type DayKey } from '../../../contracts/names';
import type { MusicBlockRow } from '../db/queries/day-plan';
import {
  DAY_MS,
  firstFire,
  minuteOfHm,
  MINUTES_PER_DAY,
  nextFireAt,
  openingBoundaries,
  isOpenAt,
  stateChanges,
  wallMinuteAt,
  type CompiledHours,
  type ScheduleRule,
  type WallMinute,
  type WallRule,
} from '../../../contracts/time';

// ---------------------------------------------------------------------------------------------
// The music plan's blocks

export interface PlanBlockRule {
  id: number;
  /** By day key: the block starts on that day. */
  days: Record<DayKey, boolean>;
  /** `HH:MM`; `to` < `from` runs past midnight into the next day. */
  from: string;
  to: string;
}

/** The week's minutes a block covers: [start, end) pairs of minutes since Monday 00:00, end ≤ start + 1440. */
function weekIntervals(block: PlanBlockRule): Array<[number, number]> {
  const from = minuteOfHm(block.from);
  const to = minuteOfHm(block.to);
  const length = to > from ? to - from : MINUTES_PER_DAY - from + to;
  const out: Array<[number, number]> = [];
  DAY_KEYS.forEach((key, i) => {
    if (block.days[key]) out.push([i * MINUTES_PER_DAY + from, i * MINUTES_PER_DAY + from + length]);
  });
  return out;
}

const WEEK_MINUTES = 7 * MINUTES_PER_DAY;

/**
 * The first block of `others` that shares a minute of the week with `block` (a past-midnight tail
 * counts on the day it falls on, Sunday's running into Monday), or undefined.
 */
export function overlappingBlock<B extends PlanBlockRule>(block: PlanBlockRule, others: readonly B[]): B | undefined {
  const mine = new Uint8Array(WEEK_MINUTES);
  for (const [start, end] of weekIntervals(block)) for (let m = start; m < end; m++) mine[m % WEEK_MINUTES] = 1;
  for (const other of others) {
    if (other.id === block.id) continue;
    for (const [start, end] of weekIntervals(other)) {
      for (let m = start; m < end; m++) if (mine[m % WEEK_MINUTES]) return other;
    }
  }
  return undefined;
}

/** The plan as a table: the block id in force at each minute of each weekday (0: none). */
export interface CompiledPlan {
  /** Indexed by weekday (0 = Sunday), then minute of the day. */
  minutes: Int32Array[];
  /** Per weekday, the minutes where the block differs from the minute before (0 included when it differs from the day before's last). */
  changes: number[][];
}

/**
 * Blocks never overlap once saved; should stored rows overlap anyway, the lower id wins, so every
 * instance reads the same plan.
 */
export function compilePlan(blocks: readonly PlanBlockRule[]): CompiledPlan {
  const week = new Int32Array(WEEK_MINUTES);
  for (const block of [...blocks].sort((a, b) => b.id - a.id)) {
    for (const [start, end] of weekIntervals(block))
      for (let m = start; m < end; m++) week[m % WEEK_MINUTES] = block.id;
  }
  const minutes: Int32Array[] = [];
  const changes: number[][] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    // Monday-first week index of this weekday.
    const base = ((weekday + 6) % 7) * MINUTES_PER_DAY;
    minutes.push(week.slice(base, base + MINUTES_PER_DAY));
    const list: number[] = [];
    for (let m = 0; m < MINUTES_PER_DAY; m++) {
      const prev = week[(base + m - 1 + WEEK_MINUTES) % WEEK_MINUTES];
      if (week[base + m] !== prev) list.push(m);
    }
    changes.push(list);
  }
  return { minutes, changes };
}

/** The block in force at this wall minute (its id), or null: the default source's time. */
export function blockAtWall(plan: CompiledPlan, w: WallMinute): number | null {
  const id = plan.minutes[w.weekday]![w.minuteOfDay]!;
  return id === 0 ? null : id;
}

export function blockAt(plan: CompiledPlan, utcMs: number, timeZone: string): number | null {
  return blockAtWall(plan, wallMinuteAt(utcMs, timeZone));
}

export interface PlanBoundary {
  at: number;
  /** The block starting, or null: no block from here (the default source). */
  blockId: number | null;
}

/** Where the block in force changes in [fromUtcMs, untilUtcMs), ascending. */
export function planBoundaries(
  plan: CompiledPlan,
  fromUtcMs: number,
  untilUtcMs: number,
  timeZone: string,
): PlanBoundary[] {
  const rule: WallRule<number | null> = {
    stateAt: (w) => blockAtWall(plan, w),
    changeMinutes: (_dateKey, weekday) => plan.changes[weekday]!,
  };
  return stateChanges(rule, fromUtcMs, untilUtcMs, timeZone).map((c) => ({ at: c.at, blockId: c.state }));
}

// ---------------------------------------------------------------------------------------------
// Scheduled items 'Csak nyitvatartási időben'

/** How far ahead the openings are found at a time while looking for an open fire. */
const OPENINGS_CHUNK_MS = 31 * DAY_MS;

/**
 * The first minute at or after `fromUtcMs` (within `horizonDays`) at which the rule is due while the
 * shop is open, as the runner fires an item 'Csak nyitvatartási időben' (`isOpenAt` at the fire's
 * minute); null when it fires in no open minute there. Always open: `nextFireAt`. Each fire that
 * falls while closed jumps to the next opening, so a rule that fires every minute of the night
 * costs one step per night, not one per minute.
 */
export function nextFireWhileOpen(
  rule: ScheduleRule,
  fromUtcMs: number,
  timeZone: string,
  hours: CompiledHours,
  horizonDays = 366,
): number | null {
  const end = fromUtcMs + horizonDays * DAY_MS;
  if (hours.alwaysOpen) return nextFireAt(rule, fromUtcMs, timeZone, horizonDays);
  // The openings found so far, ascending, and how far they were looked for.
  const openings: number[] = [];
  let scanned = fromUtcMs;
  let next = 0;
  const openingAfter = (at: number): number | null => {
    for (;;) {
      while (next < openings.length && openings[next]! <= at) next++;
      if (next < openings.length) return openings[next]!;
      if (scanned >= end) return null;
      const until = Math.min(end, scanned + OPENINGS_CHUNK_MS);
      for (const b of openingBoundaries(hours, scanned, until, timeZone)) if (b.kind === 'open') openings.push(b.at);
      scanned = until;
    }
  };
  return firstFire(rule, fromUtcMs, end, timeZone, (fire) =>
    isOpenAt(hours, fire, timeZone) ? true : openingAfter(fire),
  );
}

/** A stored music block as the plan's rules read it (its days, its wall-clock from and to). */
export function blockRule(row: MusicBlockRow): PlanBlockRule {
  return {
    id: row.id,
    days: Object.fromEntries(DAY_KEYS.map((k) => [k, row[k]])) as PlanBlockRule['days'],
    from: row.fromTime,
    to: row.toTime,
  };
}
