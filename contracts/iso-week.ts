/**
 * ISO 8601 weeks ('2026-W48'): Monday to Sunday, week 1 holds the year's first Thursday. Calendar
 * arithmetic only (dates as 'YYYY-MM-DD', no time zone): the shop's zone turns a date into instants
 * on each side. Shared by the API (the weekly report) and the web (the week picker).
 */

const DAY_MS = 86_400_000;
const WEEK_RE = /^(\d{4})-W(\d{2})$/;

const dateMs = (key: string) =>
  Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10)));
const keyOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' plus `days`. */
export function addDays(dateKey: string, days: number): string {
  return keyOf(dateMs(dateKey) + days * DAY_MS);
}

/** 1 = Monday … 7 = Sunday. */
const isoWeekday = (ms: number) => ((new Date(ms).getUTCDay() + 6) % 7) + 1;

/** The Monday of week 1 of an ISO year (the week holding 4 January). */
function firstMonday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  return jan4 - (isoWeekday(jan4) - 1) * DAY_MS;
}

/** 52 or 53: a year has 53 weeks when it starts on a Thursday, or on a Wednesday in a leap year. */
export function weeksInIsoYear(year: number): number {
  return Math.round((firstMonday(year + 1) - firstMonday(year)) / (7 * DAY_MS));
}

export interface IsoWeek {
  /** '2026-W48'. */
  week: string;
  /** Monday and Sunday, 'YYYY-MM-DD'. */
  from: string;
  to: string;
}

/** The week of a 'YYYY-MM-DD' date. */
export function isoWeekOf(dateKey: string): IsoWeek {
  const ms = dateMs(dateKey);
  const monday = ms - (isoWeekday(ms) - 1) * DAY_MS;
  // The ISO year is the year of the week's Thursday.
  const year = new Date(monday + 3 * DAY_MS).getUTCFullYear();
  const n = Math.round((monday - firstMonday(year)) / (7 * DAY_MS)) + 1;
  return { week: `${year}-W${String(n).padStart(2, '0')}`, from: keyOf(monday), to: keyOf(monday + 6 * DAY_MS) };
}

/** '2026-W48' as its Monday and Sunday, or null when no such week exists (a W53 in a 52-week year). */
export function parseIsoWeek(week: string): IsoWeek | null {
  const m = WEEK_RE.exec(week);
  if (!m) return null;
  const year = Number(m[1]);
  const n = Number(m[2]);
  if (year < 1 || n < 1 || n > weeksInIsoYear(year)) return null;
  const monday = firstMonday(year) + (n - 1) * 7 * DAY_MS;
  return { week, from: keyOf(monday), to: keyOf(monday + 6 * DAY_MS) };
}

/** The week `weeks` after (or before, when negative) the given one. */
export function shiftIsoWeek(week: IsoWeek, weeks: number): IsoWeek {
  return isoWeekOf(addDays(week.from, weeks * 7));
}
