/**
 * A shop's opening hours as a rule on its wall clock (wall-rules.ts): open or closed at an instant,
 * and the openings and closings in a stretch of time. The tenant API's plan runner pauses the music
 * and its scheduler leaves out an 'only open' item by these rules; the player's bar says 'Zárva' and
 * the scheduler's form counts by the same.
 */
import type { OpeningHours } from '../opening-hours';
import { DAY_KEY_OF_WEEKDAY } from '../names';
import { DAY_MS, dateKeyOf } from './wall-clock';
import { minuteOfHm, stateChanges, wallMinuteAt, type WallMinute, type WallRule } from './wall-rules';

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
  return dateKeyOf(ms - DAY_MS);
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
