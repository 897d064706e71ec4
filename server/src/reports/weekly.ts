/**
 * The weekly report ('Heti jelentés'): for a shop and an ISO week, per day of the shop's wall clock,
 * the minutes open, the minutes something was really heard while open, the longest silence while
 * open; the spots planned against aired; the week's alerts. Also its CSV (Hungarian Excel, as the
 * play log's) and the Monday mail's text.
 *
 * - Open: the opening hours and their exceptions (scheduler/day-plan.ts, the same rules the music
 *   plan and the scheduler read). A shop with no hours set has no "open" to measure against: its
 *   day counts as open from the first heard moment to the last (`hours_set: false`), so a silence in
 *   the middle of its day shows, and a PC switched off at night is not silence.
 * - Heard: the audio devices' play reports (what really sounded, measured by the element's forward
 *   progress), not the player's state, which says only what should sound.
 * - Planned spots: the scheduler's fire log (what it sent, and the minutes it logged as missed),
 *   which keeps what the schedule said then, whatever it was edited to since.
 * - Everything is cut at `now`: the current week is reported so far.
 */
import { isoWeekOf, addDays, type IsoWeek } from '../../../contracts/iso-week';
import type { WeeklyReport, WeeklyReportDay } from '../../../contracts/alerts';
import type { Db } from '../db/client';
import { getOpeningHours } from '../db/queries/day-plan';
import { heardStretches, listWeekAlerts, spotTallies, type Stretch } from '../db/queries/reports';
import {
  compileHours,
  isOpenAt,
  localMinute,
  openingBoundaries,
  timeZoneOf,
  zonedDayStart,
} from '../../../contracts/time';

const MINUTE_MS = 60_000;
const MINUTES_PER_DAY = 1440;

/** The stretches of `list` that lie within [from, to), cut to it. */
function clip(list: readonly Stretch[], from: number, to: number): Stretch[] {
  const out: Stretch[] = [];
  for (const s of list) {
    const a = Math.max(s.from, from);
    const b = Math.min(s.to, to);
    if (b > a) out.push({ from: a, to: b });
  }
  return out;
}

/** Where two ascending lists of disjoint stretches overlap. */
function intersect(a: readonly Stretch[], b: readonly Stretch[]): Stretch[] {
  const out: Stretch[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const from = Math.max(a[i]!.from, b[j]!.from);
    const to = Math.min(a[i]!.to, b[j]!.to);
    if (to > from) out.push({ from, to });
    if (a[i]!.to < b[j]!.to) i++;
    else j++;
  }
  return out;
}

/** The parts of `open` that `heard` does not cover. */
function gaps(open: readonly Stretch[], heard: readonly Stretch[]): Stretch[] {
  const out: Stretch[] = [];
  for (const o of open) {
    let at = o.from;
    for (const h of heard) {
      if (h.to <= at) continue;
      if (h.from >= o.to) break;
      if (h.from > at) out.push({ from: at, to: h.from });
      at = Math.max(at, h.to);
    }
    if (at < o.to) out.push({ from: at, to: o.to });
  }
  return out;
}

const total = (list: readonly Stretch[]) => list.reduce((sum, s) => sum + (s.to - s.from), 0);
const minutes = (ms: number) => Math.round(ms / MINUTE_MS);

/** The open stretches in [from, until) by the opening hours (an opening before `from` counts from `from`). */
function openByHours(hours: ReturnType<typeof compileHours>, from: number, until: number, timeZone: string): Stretch[] {
  if (until <= from) return [];
  const out: Stretch[] = [];
  let start: number | null = isOpenAt(hours, from, timeZone) ? from : null;
  for (const b of openingBoundaries(hours, from, until, timeZone)) {
    if (b.kind === 'open' && start === null) start = b.at;
    else if (b.kind === 'close' && start !== null) {
      if (b.at > start) out.push({ from: start, to: b.at });
      start = null;
    }
  }
  if (start !== null && until > start) out.push({ from: start, to: until });
  return out;
}

/** Stretches as [from, to) minutes of the wall-clock day starting at `dayStart` (never running backwards in autumn). */
function wallSpans(
  list: readonly Stretch[],
  dayStart: number,
  dayEnd: number,
  timeZone: string,
): Array<[number, number]> {
  const wall = (t: number) =>
    t >= dayEnd ? MINUTES_PER_DAY : t <= dayStart ? 0 : localMinute(t, timeZone).minuteOfDay;
  return list.map((s) => {
    const from = wall(s.from);
    return [from, Math.max(from, wall(s.to))];
  });
}

export interface ShopOfReport {
  id: number;
  timezone: string;
}

/** The report of `week` as of `now` (UTC ms). */
export async function weeklyReport(
  db: Db,
  { shop, week, now }: { shop: ShopOfReport; week: IsoWeek; now: number },
): Promise<WeeklyReport> {
  const timeZone = timeZoneOf(shop);
  const weekStart = zonedDayStart(week.from, timeZone);
  const weekEnd = zonedDayStart(addDays(week.to, 1), timeZone);
  const until = Math.max(weekStart, Math.min(weekEnd, now));
  const scope = { customerId: shop.id, from: new Date(weekStart), to: new Date(until) };
  const [stored, heard, tallies, alerts] = await Promise.all([
    getOpeningHours(db, { customerId: shop.id }),
    until > weekStart ? heardStretches(db, scope) : Promise.resolve([]),
    until > weekStart ? spotTallies(db, scope) : Promise.resolve([]),
    listWeekAlerts(db, { customerId: shop.id, from: new Date(weekStart), to: new Date(weekEnd) }),
  ]);
  const hours = compileHours(stored);
  const hoursSet = !hours.alwaysOpen;
  const openWeek = hoursSet ? openByHours(hours, weekStart, until, timeZone) : [];

  const days: WeeklyReportDay[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(week.from, i);
    const dayStart = zonedDayStart(date, timeZone);
    const dayEnd = zonedDayStart(addDays(date, 1), timeZone);
    const heardDay = clip(heard, dayStart, Math.min(dayEnd, until));
    const open = hoursSet
      ? clip(openWeek, dayStart, dayEnd)
      : heardDay.length
        ? [{ from: heardDay[0]!.from, to: heardDay[heardDay.length - 1]!.to }]
        : [];
    const heardOpen = intersect(open, heardDay);
    const silences = gaps(open, heardOpen);
    days.push({
      date,
      open_minutes: minutes(total(open)),
      heard_minutes: minutes(total(heardOpen)),
      longest_silence_minutes: minutes(Math.max(0, ...silences.map((s) => s.to - s.from))),
      open_spans: wallSpans(open, dayStart, dayEnd, timeZone),
      heard_spans: wallSpans(heardDay, dayStart, dayEnd, timeZone),
    });
  }
  return {
    week: week.week,
    from: week.from,
    to: week.to,
    days,
    spots: tallies.map((t) => ({
      id: t.spotId,
      name: t.name,
      planned: t.planned,
      aired: t.aired,
      completed: t.completed,
    })),
    alerts,
    hours_set: hoursSet,
  };
}

/** The shop's week holding `now`. */
export function currentWeek(now: number, timeZone: string): IsoWeek {
  return isoWeekOf(localMinute(now, timeZone).dateKey);
}

/** The week's figures added up (the page's summary line, the mail's first lines). */
export function weekTotals(report: Pick<WeeklyReport, 'days'>) {
  const open = report.days.reduce((s, d) => s + d.open_minutes, 0);
  const heard = report.days.reduce((s, d) => s + d.heard_minutes, 0);
  const longest = report.days.reduce(
    (best, d) =>
      d.longest_silence_minutes > best.minutes ? { minutes: d.longest_silence_minutes, date: d.date } : best,
    { minutes: 0, date: null as string | null },
  );
  return { open, heard, longest };
}
