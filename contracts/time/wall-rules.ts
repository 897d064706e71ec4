/**
 * Rules on the shop's wall clock (issue 26): a state at each wall minute (open or closed, the music
 * block in force) and the instants where it changes. The wall clock is read so that it never runs
 * backwards: in autumn's repeated hour it stays on the last minute it showed before the clocks went
 * back, until it passes it again. So a boundary at a repeated wall time happens once (the first
 * time), and one inside spring's gap happens at the first minute after the gap. Every boundary falls
 * on a whole UTC minute.
 */
import { dateKeyOf, floorMinute, localMinute, MINUTE_MS, offsetMsAt, sameOffsetSpanEnd } from './wall-clock';

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

/** A wall time held as the UTC milliseconds that show the same digits. */
export function wallOf(wallMs: number): WallMinute {
  const d = new Date(wallMs);
  return { dateKey: dateKeyOf(wallMs), weekday: d.getUTCDay(), minuteOfDay: d.getUTCHours() * 60 + d.getUTCMinutes() };
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

/** `HH:MM` as a minute of the day (the contract stores only well-formed times). */
export function minuteOfHm(hm: string): number {
  return Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
}
