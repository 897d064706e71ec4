/**
 * The shop's wall clock: an instant (UTC milliseconds) read in an IANA zone, and back. Pure functions
 * with no clock of their own, shared by the tenant API (scheduler, music plan, play log) and the
 * browser (the scheduler's form, the player's bar, the week view), so both read a shop's time by the
 * very same rules. Offsets come from the runtime's Intl; every zone in use changes its offset at
 * most once a day, on a whole minute.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 1440;

/** One minute as the shop's wall clock shows it. */
export interface LocalMinute {
  /** `YYYY-MM-DD`, the local calendar date. */
  dateKey: string;
  /** 0 = Sunday … 6 = Saturday, as cron and Laravel's `days()` count. */
  weekday: number;
  hour: number;
  minute: number;
  /** hour * 60 + minute. */
  minuteOfDay: number;
  /** Local minus UTC, in minutes (Budapest: 60 in winter, 120 in summer). */
  offsetMinutes: number;
}

export function floorMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

export function ceilMinute(ms: number): number {
  return Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
}

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Creating a DateTimeFormat costs far more than using one: one per time zone, kept for the process. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local wall-clock minute of a UTC instant. Throws a RangeError for an unknown time zone. */
export function localMinute(utcMs: number, timeZone: string): LocalMinute {
  const minuteStart = floorMinute(utcMs);
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatterFor(timeZone).formatToParts(minuteStart)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        // Some ICU versions print midnight as 24 even with h23.
        hour = Number(part.value) % 24;
        break;
      case 'minute':
        minute = Number(part.value);
        break;
    }
  }
  const localMs = Date.UTC(year, month - 1, day, hour, minute);
  return {
    dateKey: `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`,
    // 1970-01-01 was a Thursday.
    weekday: (((Math.floor(localMs / DAY_MS) + 4) % 7) + 7) % 7,
    hour,
    minute,
    minuteOfDay: hour * 60 + minute,
    offsetMinutes: Math.round((localMs - minuteStart) / MINUTE_MS),
  };
}

/** A moment on a zone's wall clock: its calendar day, weekday (0 = Sunday), hour and minute. */
export interface WallClock {
  dateKey: string;
  weekday: number;
  hour: number;
  minute: number;
}

/**
 * `ms` on the wall clock of `timeZone` (an IANA name). The shop's day (the plan's boundaries, a hold's
 * end) is in the shop's zone, which the device this runs on may not share.
 */
export function wallClockIn(ms: number, timeZone: string): WallClock {
  const { dateKey, weekday, hour, minute } = localMinute(ms, timeZone);
  return { dateKey, weekday, hour, minute };
}

/** Local minus UTC at an instant, in milliseconds. */
export function offsetMsAt(utcMs: number, timeZone: string): number {
  return localMinute(utcMs, timeZone).offsetMinutes * MINUTE_MS;
}

/** `2026-11-24T09:15:00+01:00`: the instant at the shop's offset, as the API answers it. */
export function isoWithOffset(utcMs: number, timeZone: string): string {
  const local = localMinute(utcMs, timeZone);
  const seconds = Math.floor((utcMs - floorMinute(utcMs)) / 1000);
  const abs = Math.abs(local.offsetMinutes);
  const sign = local.offsetMinutes < 0 ? '-' : '+';
  return (
    `${local.dateKey}T${pad2(local.hour)}:${pad2(local.minute)}:${pad2(seconds)}` +
    `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
  );
}

/**
 * The end (UTC ms, exclusive) of the stretch from `t` on in which the zone's offset stays `offset`
 * and the local date stays the one holding `t`: the local day's end, or the first minute of a new
 * offset when the clocks change before it.
 */
export function sameOffsetSpanEnd(t: number, dayStartLocal: number, offset: number, timeZone: string): number {
  const spanEnd = dayStartLocal + DAY_MS - offset;
  if (offsetMsAt(spanEnd - MINUTE_MS, timeZone) === offset) return spanEnd;
  // The offset changes before the local day ends: find the first minute of the new offset.
  let lo = t;
  let hi = spanEnd - MINUTE_MS;
  while (hi - lo > MINUTE_MS) {
    const mid = floorMinute(lo + (hi - lo) / 2);
    if (offsetMsAt(mid, timeZone) === offset) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The instant a shop's day `YYYY-MM-DD` starts (its local midnight), as UTC ms. */
export function zonedDayStart(dateKey: string, timeZone: string): number {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const first = wall - localMinute(wall, timeZone).offsetMinutes * MINUTE_MS;
  // The offset at the guess may differ from the one at midnight itself (a DST change that day).
  return wall - localMinute(first, timeZone).offsetMinutes * MINUTE_MS;
}

// ---- Calendar dates (`YYYY-MM-DD`, no zone) ------------------------------------------------------

/** `YYYY-MM-DD` as the UTC milliseconds of that date's midnight, or NaN. */
export function dateKeyMs(dateKey: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateKey);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
}

/** The `YYYY-MM-DD` of a UTC midnight (or any instant, its UTC date). */
export function dateKeyOf(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** The calendar day `days` after (or before, when negative) `YYYY-MM-DD`. */
export function addDays(dateKey: string, days: number): string {
  return dateKeyOf(dateKeyMs(dateKey) + days * DAY_MS);
}
