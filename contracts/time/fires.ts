/**
 * When a scheduled content fires, with Laravel's semantics (CONTRACTS.md §3) evaluated at the shop's
 * local wall-clock time: pure functions (no database, no clock of their own) that the tenant API's
 * scheduler fires by and the scheduler's form counts by. Callers pass UTC milliseconds.
 *
 * A rule is due at a real minute when, at that minute's local time:
 * - the frequency's cron minute and hour fields match (`*\/N` means divisible by N, not a rolling
 *   interval);
 * - the local date is within `date_from`..`date_to` (inclusive) and its weekday is checked;
 * - `between` (when both ends are set) holds, half-open: from <= m < to, or m >= from || m < to
 *   when the window crosses midnight; from == to is empty (Laravel compares `now` with seconds, so
 *   its inclusive end never matches a scheduled minute);
 * - `unless_between` (when both ends are set) does not hold, over the same half-open range.
 * Every real minute is evaluated once at its local time: wall-clock times in a spring-forward gap
 * never fire, times repeated in autumn fire at both instants.
 *
 * Everything but the weekday and the date bounds depends on the minute of the day alone, so a rule
 * boils down to a set of minutes of the day plus a day filter; `nextFireAt` and `firesBetween` walk
 * day by day over spans of constant UTC offset instead of minute by minute.
 */
import type { ScheduledContent } from '../scheduled-contents';
import {
  ceilMinute,
  DAY_MS,
  dateKeyMs,
  localMinute,
  MINUTE_MS,
  MINUTES_PER_DAY,
  sameOffsetSpanEnd,
  type LocalMinute,
} from './wall-clock';

export type ScheduleRule = Pick<
  ScheduledContent,
  | 'frequency'
  | 'date_from'
  | 'date_to'
  | 'between_from'
  | 'between_to'
  | 'unless_between_from'
  | 'unless_between_to'
  | 'monday'
  | 'tuesday'
  | 'wednesday'
  | 'thursday'
  | 'friday'
  | 'saturday'
  | 'sunday'
>;

/** Indexed by LocalMinute.weekday. */
const WEEKDAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/**
 * The cron minute and hour fields of each frequency (CONTRACTS.md §3): the minute passes when
 * divisible by `minuteStep` (or equal to `minuteAt` when the step is 0), the hour when divisible
 * by `hourStep`. A Map, so an unknown frequency read from storage is simply never due.
 */
const FREQUENCY_FIELDS = new Map<string, { minuteStep: number; minuteAt: number; hourStep: number }>([
  ['everyMinute', { minuteStep: 1, minuteAt: 0, hourStep: 1 }],
  ['everyTwoMinutes', { minuteStep: 2, minuteAt: 0, hourStep: 1 }],
  ['everyThreeMinutes', { minuteStep: 3, minuteAt: 0, hourStep: 1 }],
  ['everyFourMinutes', { minuteStep: 4, minuteAt: 0, hourStep: 1 }],
  ['everyFiveMinutes', { minuteStep: 5, minuteAt: 0, hourStep: 1 }],
  ['everyTenMinutes', { minuteStep: 10, minuteAt: 0, hourStep: 1 }],
  ['everyFifteenMinutes', { minuteStep: 15, minuteAt: 0, hourStep: 1 }],
  ['everyThirtyMinutes', { minuteStep: 30, minuteAt: 0, hourStep: 1 }],
  ['hourly', { minuteStep: 0, minuteAt: 0, hourStep: 1 }],
  ['hourlyAt15', { minuteStep: 0, minuteAt: 15, hourStep: 1 }],
  ['hourlyAt30', { minuteStep: 0, minuteAt: 30, hourStep: 1 }],
  ['hourlyAt45', { minuteStep: 0, minuteAt: 45, hourStep: 1 }],
  ['everyTwoHours', { minuteStep: 0, minuteAt: 0, hourStep: 2 }],
  ['everyThreeHours', { minuteStep: 0, minuteAt: 0, hourStep: 3 }],
  ['everyFourHours', { minuteStep: 0, minuteAt: 0, hourStep: 4 }],
  ['everySixHours', { minuteStep: 0, minuteAt: 0, hourStep: 6 }],
]);

/**
 * `HH:MM` (also `H:MM` and `HH:MM:SS`, as a database time column prints it) as a minute of the day,
 * or -1 when absent or malformed, so that a bad value disables its window instead of throwing in
 * the middle of a tick.
 */
function parseHm(value: string | null): number {
  if (value === null) return -1;
  const colon = value.indexOf(':');
  if (colon < 1 || colon > 2) return -1;
  const end = value.length === colon + 3 || value.charCodeAt(colon + 3) === 58 ? colon + 3 : -1;
  if (end < 0 || (end !== value.length && value.length !== end + 3)) return -1;
  let h = 0;
  for (let i = 0; i < colon; i++) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    h = h * 10 + d;
  }
  const m1 = value.charCodeAt(colon + 1) - 48;
  const m2 = value.charCodeAt(colon + 2) - 48;
  if (m1 < 0 || m1 > 5 || m2 < 0 || m2 > 9 || h > 23) return -1;
  return h * 60 + m1 * 10 + m2;
}

/** Half-open [from, to), crossing midnight when from > to, empty when from == to. */
function inWindow(m: number, from: number, to: number): boolean {
  return from <= to ? m >= from && m < to : m >= from || m < to;
}

/** The frequency, `between` and `unless_between`: everything that depends on the minute of day alone. */
function minutePasses(rule: ScheduleRule, minuteOfDay: number): boolean {
  const fields = FREQUENCY_FIELDS.get(rule.frequency);
  if (!fields) return false;
  const minute = minuteOfDay % 60;
  const hour = (minuteOfDay - minute) / 60;
  if (fields.minuteStep > 0 ? minute % fields.minuteStep !== 0 : minute !== fields.minuteAt) return false;
  if (hour % fields.hourStep !== 0) return false;
  const bFrom = parseHm(rule.between_from);
  const bTo = parseHm(rule.between_to);
  if (bFrom >= 0 && bTo >= 0 && !inWindow(minuteOfDay, bFrom, bTo)) return false;
  const uFrom = parseHm(rule.unless_between_from);
  const uTo = parseHm(rule.unless_between_to);
  if (uFrom >= 0 && uTo >= 0 && inWindow(minuteOfDay, uFrom, uTo)) return false;
  return true;
}

/** `YYYY-MM-DD` compares as text; a bound with a time part is cut to its date. */
function dateBound(value: string | null): string | null {
  return value === null ? null : value.slice(0, 10);
}

/** The weekday and the inclusive date bounds: everything that depends on the local date alone. */
function dayPasses(rule: ScheduleRule, dateKey: string, weekday: number): boolean {
  const key = WEEKDAY_KEYS[weekday];
  if (key === undefined || !rule[key]) return false;
  const from = dateBound(rule.date_from);
  if (from !== null && dateKey < from) return false;
  const to = dateBound(rule.date_to);
  if (to !== null && dateKey > to) return false;
  return true;
}

export function isDue(rule: ScheduleRule, local: LocalMinute): boolean {
  return dayPasses(rule, local.dateKey, local.weekday) && minutePasses(rule, local.minuteOfDay);
}

/** The rule's minutes of the day, ascending. */
function dayMinutes(rule: ScheduleRule): number[] {
  const out: number[] = [];
  for (let m = 0; m < MINUTES_PER_DAY; m++) if (minutePasses(rule, m)) out.push(m);
  return out;
}

/**
 * Calls `visit` with every firing UTC minute start in [fromUtcMs, endUtcMs), ascending, until it
 * returns false; a later instant returned goes on from there (the fires before it are skipped).
 * The time line is walked in spans that lie within one local day and one UTC offset (found by
 * bisection on a transition day); within such a span local time runs with UTC, so the
 * day's firing minutes map to instants by subtraction. A wall-clock time skipped in spring lies in
 * no span; one repeated in autumn lies in two, visited in UTC order. Assumes at most one offset
 * change per local day, which holds for every zone in use.
 */
function walkFires(
  rule: ScheduleRule,
  fromUtcMs: number,
  endUtcMs: number,
  timeZone: string,
  visit: (utcMs: number) => boolean | number,
): void {
  const minutes = dayMinutes(rule);
  if (minutes.length === 0 || !WEEKDAY_KEYS.some((key) => rule[key])) return;
  const dateFrom = dateBound(rule.date_from);
  const dateTo = dateBound(rule.date_to);
  const dateFromMs = dateFrom === null ? NaN : dateKeyMs(dateFrom);
  let t = ceilMinute(fromUtcMs);
  while (t < endUtcMs) {
    const local = localMinute(t, timeZone);
    const offset = local.offsetMinutes * MINUTE_MS;
    const localMs = t + offset;
    const dayStartLocal = localMs - local.minuteOfDay * MINUTE_MS;
    const spanEnd = sameOffsetSpanEnd(t, dayStartLocal, offset, timeZone);
    // Local dates never run backwards (a fall-back at midnight, as in Santiago, repeats the last
    // hour before the next date begins), so past the end date nothing fires again.
    if (dateTo !== null && local.dateKey > dateTo) return;
    if (dateFrom !== null && local.dateKey < dateFrom) {
      // Jump to a day before date_from (offsets differ by less than a day), never backwards.
      const jump = dateFromMs - offset - DAY_MS;
      t = jump > spanEnd ? jump : spanEnd;
      continue;
    }
    let resume: number | undefined;
    if (dayPasses(rule, local.dateKey, local.weekday)) {
      let i = lowerBound(minutes, local.minuteOfDay);
      for (; i < minutes.length; i++) {
        const fire = dayStartLocal + (minutes[i] as number) * MINUTE_MS - offset;
        if (fire >= spanEnd) break;
        if (fire >= endUtcMs) return;
        const next = visit(fire);
        if (next === false) return;
        if (next !== true && next > fire) {
          resume = next;
          break;
        }
      }
    }
    t = resume === undefined ? spanEnd : ceilMinute(resume);
  }
}

/** The index of the first value >= x in an ascending array. */
function lowerBound(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The first whole UTC minute start >= fromUtcMs (rounded up to a minute boundary) at which the rule
 * is due, looking at [fromUtcMs, fromUtcMs + horizonDays days); null when it does not fire there.
 */
export function nextFireAt(rule: ScheduleRule, fromUtcMs: number, timeZone: string, horizonDays = 366): number | null {
  let found: number | null = null;
  walkFires(rule, fromUtcMs, fromUtcMs + horizonDays * DAY_MS, timeZone, (fire) => {
    found = fire;
    return false;
  });
  return found;
}

/**
 * The first fire in [fromUtcMs, toUtcMs) that `judge` takes (true), or null. `judge` may answer a
 * later instant instead, to go on from there without visiting the fires before it (a closed night
 * skipped at once), or null to stop.
 */
export function firstFire(
  rule: ScheduleRule,
  fromUtcMs: number,
  toUtcMs: number,
  timeZone: string,
  judge: (utcMs: number) => true | number | null,
): number | null {
  let found: number | null = null;
  walkFires(rule, fromUtcMs, toUtcMs, timeZone, (fire) => {
    const verdict = judge(fire);
    if (verdict === true) found = fire;
    return verdict === true || verdict === null ? false : verdict;
  });
  return found;
}

/** Every firing UTC minute start in [fromUtcMs, toUtcMs), ascending, at most `limit` of them. */
export function firesBetween(
  rule: ScheduleRule,
  fromUtcMs: number,
  toUtcMs: number,
  timeZone: string,
  limit = 10_000,
): number[] {
  const fires: number[] = [];
  if (limit <= 0) return fires;
  walkFires(rule, fromUtcMs, toUtcMs, timeZone, (fire) => {
    fires.push(fire);
    return fires.length < limit;
  });
  return fires;
}
