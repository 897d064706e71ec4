/**
 * The shop's day (issue 26): whether it is open, and which music block is in force, at an instant;
 * and the instants where either changes. Pure functions like the scheduler's engine: the caller
 * passes UTC milliseconds and the shop's time zone (`timeZoneOf`).
 *
 * Both are rules on the shop's wall clock (the local date, its weekday and the minute of the day).
 * The wall clock is read so that it never runs backwards: in autumn's repeated hour it stays on
 * the last minute it showed before the clocks went back, until it passes it again. So a boundary
 * at a repeated wall time happens once (the first time), and one inside spring's gap happens at the
 * first minute after the gap. Every boundary falls on a whole UTC minute.
 */
import type { OpeningHours } from '../../../contracts/opening-hours';
import { DAY_KEY_OF_WEEKDAY, DAY_KEYS, type DayKey } from '../../../contracts/names';
import {
  firstFire,
  floorMinute,
  localMinute,
  nextFireAt,
  offsetMsAt,
  sameOffsetSpanEnd,
  type ScheduleRule,
} from './engine';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 1440;
/** Longer than any backward change of a clock in use (Lord Howe's is 30 min, most are 60). */
const LOOK_BACK_MS = 3 * 3_600_000;

/** A minute on the shop's wall clock. */
export interface WallMinute {
  /** `YYYY-MM-DD`. */
  dateKey: string;
  /** 0 = Sunday … 6 = Saturday (as `LocalMinute`). */
  weekday: number;
  minuteOfDay: number;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A wall time held as the UTC milliseconds that show the same digits. */
function wallOf(wallMs: number): WallMinute {
  const d = new Date(wallMs);
  return {
    dateKey: `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`,
    weekday: d.getUTCDay(),
    minuteOfDay: d.getUTCHours() * 60 + d.getUTCMinutes(),
  };
}

/**
 * The wall clock at the minute holding `utcMs`, as it is read here: the local time, except in the
 * second pass of a repeated hour, where it is the last minute shown before the clocks went back.
 */
export function effectiveWallMs(utcMs: number, timeZone: string): number {
  const t = floorMinute(utcMs);
  const offset = offsetMsAt(t, timeZone);
  const wall = t + offset;
  const earlier = offsetMsAt(t - LOOK_BACK_MS, timeZone);
  if (earlier <= offset) return wall;
  // The clocks went back within the look-back: find the first minute of the new offset.
  let lo = t - LOOK_BACK_MS;
  let hi = t;
  while (hi - lo > MINUTE_MS) {
    const mid = floorMinute(lo + (hi - lo) / 2);
    if (offsetMsAt(mid, timeZone) === earlier) lo = mid;
    else hi = mid;
  }
  return Math.max(wall, hi - MINUTE_MS + earlier);
}

/** The wall minute the rules below read at `utcMs`. */
export function wallMinuteAt(utcMs: number, timeZone: string): WallMinute {
  return wallOf(effectiveWallMs(utcMs, timeZone));
}

/** A rule on the wall clock: its state at a minute, and the minutes of a date where it may change. */
export interface WallRule<S> {
  stateAt(w: WallMinute): S;
  /** Minutes of the day at which the state may differ from the minute before (any order). */
  changeMinutes(dateKey: string, weekday: number): readonly number[];
}

export interface StateChange<S> {
  /** UTC ms of the first minute of the new state. */
  at: number;
  state: S;
}

/**
 * Every instant in [fromUtcMs, untilUtcMs) whose minute's state differs from the minute before,
 * ascending. Walks spans of one local date and one UTC offset (as the scheduler's engine does);
 * within one the wall clock runs with UTC, so only the rule's change minutes and the span's first
 * minute need looking at. A span the wall clock has already shown (autumn's second pass) is skipped
 * up to where it shows new minutes again.
 */
export function stateChanges<S>(
  rule: WallRule<S>,
  fromUtcMs: number,
  untilUtcMs: number,
  timeZone: string,
): StateChange<S>[] {
  const out: StateChange<S>[] = [];
  let t = Math.ceil(fromUtcMs / MINUTE_MS) * MINUTE_MS;
  if (t >= untilUtcMs) return out;
  let maxWall = effectiveWallMs(t - MINUTE_MS, timeZone);
  let state = rule.stateAt(wallOf(maxWall));
  while (t < untilUtcMs) {
    const local = localMinute(t, timeZone);
    const offset = local.offsetMinutes * MINUTE_MS;
    const dayStartWall = t + offset - local.minuteOfDay * MINUTE_MS;
    const spanEnd = sameOffsetSpanEnd(t, dayStartWall, offset, timeZone);
    const regionStart = Math.max(t, maxWall + MINUTE_MS - offset);
    if (regionStart < spanEnd) {
      const candidates = new Set<number>([regionStart]);
      for (const m of rule.changeMinutes(local.dateKey, local.weekday)) {
        const c = dayStartWall + m * MINUTE_MS - offset;
        if (c > regionStart && c < spanEnd) candidates.add(c);
      }
      for (const c of [...candidates].sort((a, b) => a - b)) {
        if (c >= untilUtcMs) break;
        const s = rule.stateAt({
          dateKey: local.dateKey,
          weekday: local.weekday,
          minuteOfDay: (c + offset - dayStartWall) / MINUTE_MS,
        });
        if (s !== state) {
          out.push({ at: c, state: s });
          state = s;
        }
      }
      maxWall = spanEnd - MINUTE_MS + offset;
    }
    t = spanEnd;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Opening hours

/** `HH:MM` as a minute of the day (the contract stores only well-formed times). */
export function minuteOfHm(hm: string): number {
  return Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
}

/** Open–close minutes of the day, close < open past midnight; null: closed. */
type Span = readonly [open: number, close: number] | null;

export interface CompiledHours {
  /** No opening hours set: always open, no boundaries. */
  alwaysOpen: boolean;
  /** Indexed by weekday (0 = Sunday). */
  week: Span[];
  exceptions: Map<string, Span>;
}

function spanOf(h: { closed: true } | { open: string; close: string }): Span {
  return 'closed' in h ? null : [minuteOfHm(h.open), minuteOfHm(h.close)];
}

export function compileHours(hours: OpeningHours): CompiledHours {
  const week: Span[] = Array.from({ length: 7 }, () => null);
  for (const d of hours.week) week[DAY_KEY_OF_WEEKDAY.indexOf(d.day)] = spanOf(d);
  return {
    alwaysOpen: hours.week.length === 0,
    week,
    exceptions: new Map(hours.exceptions.map((e) => [e.date, spanOf(e)])),
  };
}

/** The day before `YYYY-MM-DD`. */
function previousDate(dateKey: string): string {
  const ms = Date.UTC(Number(dateKey.slice(0, 4)), Number(dateKey.slice(5, 7)) - 1, Number(dateKey.slice(8, 10)));
  return wallOf(ms - DAY_MS).dateKey;
}

/** The hours that open on a date: its exception's, else its weekday's. */
function hoursOn(h: CompiledHours, dateKey: string, weekday: number): Span {
  return h.exceptions.has(dateKey) ? h.exceptions.get(dateKey)! : h.week[weekday]!;
}

/** Open at this wall minute: the day's own hours, or the past-midnight tail of the day before. */
export function isOpenAtWall(h: CompiledHours, w: WallMinute): boolean {
  if (h.alwaysOpen) return true;
  const m = w.minuteOfDay;
  const today = hoursOn(h, w.dateKey, w.weekday);
  if (today && (today[0] < today[1] ? m >= today[0] && m < today[1] : m >= today[0])) return true;
  const before = hoursOn(h, previousDate(w.dateKey), (w.weekday + 6) % 7);
  return before !== null && before[1] < before[0] && m < before[1];
}

function hoursRule(h: CompiledHours): WallRule<boolean> {
  return {
    stateAt: (w) => isOpenAtWall(h, w),
    changeMinutes(dateKey, weekday) {
      const out: number[] = [];
      const today = hoursOn(h, dateKey, weekday);
      if (today) out.push(today[0], ...(today[0] < today[1] ? [today[1]] : []));
      const before = hoursOn(h, previousDate(dateKey), (weekday + 6) % 7);
      if (before && before[1] < before[0]) out.push(before[1]);
      return out;
    },
  };
}

/** Is the shop open at this instant. */
export function isOpenAt(h: CompiledHours, utcMs: number, timeZone: string): boolean {
  return h.alwaysOpen || isOpenAtWall(h, wallMinuteAt(utcMs, timeZone));
}

export interface OpeningBoundary {
  at: number;
  kind: 'open' | 'close';
}

/** The openings and closings in [fromUtcMs, untilUtcMs), ascending; none when always open. */
export function openingBoundaries(
  h: CompiledHours,
  fromUtcMs: number,
  untilUtcMs: number,
  timeZone: string,
): OpeningBoundary[] {
  if (h.alwaysOpen) return [];
  return stateChanges(hoursRule(h), fromUtcMs, untilUtcMs, timeZone).map((c) => ({
    at: c.at,
    kind: c.state ? 'open' : 'close',
  }));
}

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
