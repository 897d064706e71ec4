import { DAY_KEYS, type DayKey } from '@/contracts/names';
import type {
  MusicEvent,
  ScheduledContent,
  ScheduledContentBody,
  SchedulePreviewEntry,
  SchedulerFrequency,
} from '@/contracts/scheduled-contents';
// The shared time rules: the form counts fires by the very rules the server fires by.
import { firesBetween, type ScheduleRule } from '@/contracts/time/fires';
import { addDays, localMinute, zonedDayStart } from '@/contracts/time/wall-clock';
import type { OpeningHours } from '@/contracts/opening-hours';
import { compileHours, isOpenAt } from '@/contracts/time/hours';

export { DAY_KEYS };

/**
 * The scheduler page's logic without React: its eight sorts and three filters (SPEC.md §9), the
 * form's draft and the body it sends, and the grouping of the 24-hour timeline.
 */

// ---- Sorts and filter -------------------------------------------------------------------------

/**
 * SPEC.md §9's scheduler sort keys. Each pair is one order and its exact reverse:
 * 1 name A–Z, 2 name Z–A (Hungarian collation);
 * 3 start date earliest first, 4 latest first: a missing start means "already running", the
 *   earliest of all, so it comes first in 3 and last in 4;
 * 5 end date soonest first, 6 latest first: a missing end means "never ends", the latest of all,
 *   so it comes last in 5 and first in 6;
 * 7 created newest first, 8 oldest first.
 * Ties (the same day, two items without a date) go by name A–Z, then the server's order.
 */
export const SCHEDULER_SORT_KEYS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type SchedulerSortKey = (typeof SCHEDULER_SORT_KEYS)[number];
/** Newest first, as the server lists them: a new item shows at the top. */
export const DEFAULT_SCHEDULER_SORT: SchedulerSortKey = 7;

/** SPEC.md §9: 0 all, 1 active, 2 inactive. */
export const SCHEDULER_FILTERS = [0, 1, 2] as const;
export type SchedulerFilter = (typeof SCHEDULER_FILTERS)[number];
export const DEFAULT_SCHEDULER_FILTER: SchedulerFilter = 0;

type Sortable = Pick<ScheduledContent, 'name' | 'date_from' | 'date_to' | 'created_at'>;

const collator = new Intl.Collator('hu', { sensitivity: 'base', numeric: true });

/** `YYYY-MM-DD` compares as text; anything else unreadable counts as missing. */
function day(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/** Missing values rank as `missing` says; present ones by text order (ISO dates sort as text). */
function byDay(a: string | null, b: string | null, missing: 'first' | 'last'): number {
  if (a === b) return 0;
  if (a === null) return missing === 'first' ? -1 : 1;
  if (b === null) return missing === 'first' ? 1 : -1;
  return a < b ? -1 : 1;
}

function createdTime(item: Sortable): number {
  const time = Date.parse(item.created_at);
  return Number.isNaN(time) ? -Infinity : time;
}

function compare(a: Sortable, b: Sortable, key: SchedulerSortKey): number {
  switch (key) {
    case 1:
      return collator.compare(a.name, b.name);
    case 2:
      return collator.compare(b.name, a.name);
    case 3:
      return byDay(day(a.date_from), day(b.date_from), 'first');
    case 4:
      return -byDay(day(a.date_from), day(b.date_from), 'first');
    case 5:
      return byDay(day(a.date_to), day(b.date_to), 'last');
    case 6:
      return -byDay(day(a.date_to), day(b.date_to), 'last');
    case 7:
      return createdTime(b) - createdTime(a) || 0;
    case 8:
      return createdTime(a) - createdTime(b) || 0;
  }
}

/** A sorted copy (the input is left alone). */
export function sortScheduled<T extends Sortable>(items: readonly T[], key: SchedulerSortKey): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        compare(a.item, b.item, key) || (key > 2 ? collator.compare(a.item.name, b.item.name) : 0) || a.index - b.index,
    )
    .map(({ item }) => item);
}

export function filterScheduled<T extends Pick<ScheduledContent, 'active'>>(
  items: readonly T[],
  filter: SchedulerFilter,
): T[] {
  if (filter === 1) return items.filter((item) => item.active);
  if (filter === 2) return items.filter((item) => !item.active);
  return [...items];
}

function parseChoice<K extends number>(allowed: readonly K[], value: unknown): K | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return (allowed as readonly number[]).includes(n) ? (n as K) : null;
}

export const parseSchedulerSort = (value: unknown) => parseChoice(SCHEDULER_SORT_KEYS, value);
export const parseSchedulerFilter = (value: unknown) => parseChoice(SCHEDULER_FILTERS, value);

// ---- The form -----------------------------------------------------------------------------------

/** What the form holds while it is being filled in: text as typed, '' for an empty date or time. */
export interface ScheduleDraft {
  name: string;
  frequency: SchedulerFrequency;
  date_from: string;
  date_to: string;
  between_from: string;
  between_to: string;
  unless_between_from: string;
  unless_between_to: string;
  days: Record<DayKey, boolean>;
  spots: number[];
  slideshows: number[];
  screens: number[];
  /** 'Csak nyitvatartási időben'. */
  only_open: boolean;
}

const WEEKDAYS: readonly DayKey[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

export function allDays(): Record<DayKey, boolean> {
  return Object.fromEntries(DAY_KEYS.map((key) => [key, true])) as Record<DayKey, boolean>;
}

/** Monday to Friday on, the weekend off. */
export function weekdaysOnly(): Record<DayKey, boolean> {
  return Object.fromEntries(DAY_KEYS.map((key) => [key, WEEKDAYS.includes(key)])) as Record<DayKey, boolean>;
}

/** A new item's draft (SPEC.md §3, §9: every minute, every day), or an existing item's values. */
export function draftOf(item: ScheduledContent | null): ScheduleDraft {
  if (!item) {
    return {
      name: '',
      frequency: 'everyMinute',
      date_from: '',
      date_to: '',
      between_from: '',
      between_to: '',
      unless_between_from: '',
      unless_between_to: '',
      days: allDays(),
      spots: [],
      slideshows: [],
      screens: [],
      only_open: true,
    };
  }
  return {
    name: item.name,
    frequency: item.frequency,
    date_from: day(item.date_from) ?? '',
    date_to: day(item.date_to) ?? '',
    between_from: item.between_from ?? '',
    between_to: item.between_to ?? '',
    unless_between_from: item.unless_between_from ?? '',
    unless_between_to: item.unless_between_to ?? '',
    days: Object.fromEntries(DAY_KEYS.map((key) => [key, item[key]])) as Record<DayKey, boolean>,
    spots: item.spots.map((s) => s.id),
    slideshows: item.slideshows.map((s) => s.id),
    screens: item.screens.map((s) => s.id),
    // A Laravel API has no such field: its items fire whenever their rule says.
    only_open: item.only_open ?? false,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The body the form sends: empty dates and times as null, and no screens once no slideshow is
 * chosen (a screen only ever shows a slideshow; the server refuses screens without one). `active`
 * is left to the server: on by default for a new item, and the table's switch owns it after.
 */
export function bodyOf(draft: ScheduleDraft): ScheduledContentBody {
  return {
    name: draft.name,
    frequency: draft.frequency,
    date_from: orNull(draft.date_from),
    date_to: orNull(draft.date_to),
    between_from: orNull(draft.between_from),
    between_to: orNull(draft.between_to),
    unless_between_from: orNull(draft.unless_between_from),
    unless_between_to: orNull(draft.unless_between_to),
    ...draft.days,
    spots: [...draft.spots],
    slideshows: [...draft.slideshows],
    screens: draft.slideshows.length > 0 ? [...draft.screens] : [],
    only_open: draft.only_open,
  };
}

/** More fires than this on one day of the next week, and the form asks before saving. */
export const FIRES_PER_DAY_ASK = 96;

/**
 * The most times the rule fires on one of the shop's days, today and the six after (whole days on
 * the shop's clock, a day with a DST change counted as it really is), by the scheduler's engine.
 * An item 'Csak nyitvatartási időben' counts only the minutes the shop is open by `hours` (as the
 * runner leaves the closed ones out); without hours the shop is always open.
 * 0 when the rule cannot be read (the server will say what is wrong).
 */
export function mostFiresPerDay(
  rule: ScheduleRule & { only_open?: boolean },
  nowMs: number,
  timeZone: string,
  hours: OpeningHours | null = null,
  days = 7,
): number {
  try {
    const today = localMinute(nowMs, timeZone).dateKey;
    const compiled = rule.only_open && hours ? compileHours(hours) : null;
    let most = 0;
    for (let i = 0; i < days; i++) {
      const start = zonedDayStart(addDays(today, i), timeZone);
      const end = zonedDayStart(addDays(today, i + 1), timeZone);
      const fires = firesBetween(rule, start, end, timeZone, 10_000);
      const count = compiled ? fires.filter((at) => isOpenAt(compiled, at, timeZone)).length : fires.length;
      most = Math.max(most, count);
    }
    return most;
  } catch {
    return 0;
  }
}

/** Adds or removes an id, keeping the order in which they were chosen. */
export function toggleId(ids: readonly number[], id: number, on: boolean): number[] {
  return on ? (ids.includes(id) ? [...ids] : [...ids, id]) : ids.filter((x) => x !== id);
}

// ---- The timeline -------------------------------------------------------------------------------

const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/** An ISO moment's start of its hour (epoch ms), and that hour's wall-clock date and hour as written. */
function hourOf(at: string): { start: number; date: string; hour: string } | null {
  const parts = WALL.exec(at);
  const time = Date.parse(at);
  if (!parts || Number.isNaN(time)) return null;
  const into = (Number(parts[5]) * 60 + Number(parts[6] ?? 0)) * 1000;
  return { start: time - into - (time % 1000), date: `${parts[1]}-${parts[2]}-${parts[3]}`, hour: parts[4]! };
}

/** One item's fires within one hour: a single marker however many times it fires. */
export interface TimelineGroup {
  id: number;
  name: string;
  count: number;
  /** ISO moments of its first and last fire in the hour. */
  first: string;
  last: string;
  /** Where the first fire falls on the band, 0–1. */
  offset: number;
  /** The hour's index on the band: the marker sits in its hour's cell, so two never overlap. */
  slot: number;
  spots: string[];
  slideshows: string[];
  sameMinute: number;
  overrun: number;
  /** Fires left out because the shop is closed ('Csak nyitvatartási időben'). */
  skipped: number;
}

export interface TimelineHour {
  /** 'HH:00' on the shop's clock. */
  label: string;
  /** Another day than the first hour's (the band crosses midnight). */
  nextDay: boolean;
  groups: TimelineGroup[];
  /** The music's changes in this hour (opening, closing, a block, a volume). */
  music: TimelineMusicEvent[];
}

export interface TimelineLane {
  id: number;
  name: string;
  spots: string[];
  slideshows: string[];
  total: number;
  groups: TimelineGroup[];
}

export interface TimelineMusicEvent {
  event: MusicEvent;
  /** Where it falls on the band, 0–1. */
  offset: number;
}

/** A stretch of the music lane: closed, or open with what plays. */
export interface MusicSegment {
  start: number;
  end: number;
  open: boolean;
  /** What plays from the event that opened the stretch (absent: not known, or nothing set). */
  event?: MusicEvent;
}

export interface Timeline {
  hours: TimelineHour[];
  lanes: TimelineLane[];
  /** The music lane: its events and the stretches between them (empty without events). */
  music: TimelineMusicEvent[];
  segments: MusicSegment[];
}

/** The preview as the timeline reads it: the window, when the API says it, and its music. */
export interface TimelineRange {
  from?: string;
  until?: string;
  music?: readonly MusicEvent[];
}

const HOUR_MS = 3_600_000;

const hourOfTime = (time: number, sample: { at: string }) => {
  // The wall clock's hour of `time` at the offset written in `sample` (the shop's offset).
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(sample.at);
  const offsetMs = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000 : 0;
  const wall = new Date(time + offsetMs);
  return { start: time - (wall.getUTCMinutes() * 60 + wall.getUTCSeconds()) * 1000 - wall.getUTCMilliseconds() };
};

/**
 * The preview grouped by item and hour, so an every-minute item is 24 markers, not 1440. The band
 * runs over the window the API names (`range.from`–`range.until`), else from the first fire's hour to
 * the last one's; each hour on the shop's clock as the API wrote it (no browser clock: the server
 * render and the browser draw the same). The music's events (`range.music`) go on a lane of their
 * own, with the stretches between them.
 */
export function buildTimeline(entries: readonly SchedulePreviewEntry[], range: TimelineRange = {}): Timeline {
  const placed = entries.flatMap((entry) => {
    const hour = hourOf(entry.at);
    return hour ? [{ entry, hour, time: Date.parse(entry.at) }] : [];
  });
  const music = (range.music ?? []).flatMap((event) => {
    const time = Date.parse(event.at);
    return Number.isNaN(time) || !WALL.test(event.at) ? [] : [{ event, time, hour: hourOf(event.at)! }];
  });
  const from = range.from && WALL.test(range.from) ? range.from : undefined;
  const until = range.until && WALL.test(range.until) ? Date.parse(range.until) : NaN;
  const anchors = [...placed.map((p) => p.hour), ...music.map((m) => m.hour), ...(from ? [hourOf(from)!] : [])];
  if (placed.length === 0 && music.length === 0) return { hours: [], lanes: [], music: [], segments: [] };
  const first = anchors.reduce((a, b) => (b.start < a.start ? b : a));
  const startHour = first.start;
  let endHour = Math.max(...anchors.map((h) => h.start));
  if (!Number.isNaN(until)) endHour = Math.max(endHour, hourOfTime(until - 1, { at: range.until! }).start);
  const span = endHour - startHour + HOUR_MS;
  const firstDate = first.date;

  const hours: TimelineHour[] = [];
  const hourIndex = new Map<number, number>();
  for (let start = startHour; start <= endHour; start += HOUR_MS) {
    hourIndex.set(start, hours.length);
    hours.push({ label: '', nextDay: false, groups: [], music: [] });
  }
  const label = (slot: TimelineHour, hour: { hour: string; date: string }) => {
    if (slot.label !== '') return;
    slot.label = `${hour.hour}:00`;
    slot.nextDay = hour.date !== firstDate;
  };
  const lanes = new Map<number, TimelineLane>();
  const groups = new Map<string, TimelineGroup>();

  for (const { entry, hour, time } of [...placed].sort((a, b) => a.time - b.time)) {
    const slotIndex = hourIndex.get(hour.start)!;
    const slot = hours[slotIndex]!;
    label(slot, hour);
    const spots = entry.spots.map((s) => s.name);
    const slideshows = entry.slideshows.map((s) => s.name);
    let lane = lanes.get(entry.scheduled_content_id);
    if (!lane) {
      lane = { id: entry.scheduled_content_id, name: entry.name, spots, slideshows, total: 0, groups: [] };
      lanes.set(lane.id, lane);
    }
    lane.total += 1;
    const key = `${entry.scheduled_content_id}@${hour.start}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        id: entry.scheduled_content_id,
        name: entry.name,
        count: 0,
        first: entry.at,
        last: entry.at,
        offset: (time - startHour) / span,
        slot: slotIndex,
        spots,
        slideshows,
        sameMinute: 0,
        overrun: 0,
        skipped: 0,
      };
      groups.set(key, group);
      slot.groups.push(group);
      lane.groups.push(group);
    }
    group.count += 1;
    group.last = entry.at;
    if (entry.skipped) group.skipped += 1;
    if (entry.clash === 'same_minute') group.sameMinute += 1;
    if (entry.clash === 'overrun') group.overrun += 1;
  }
  const musicEvents: TimelineMusicEvent[] = [];
  for (const { event, time, hour } of [...music].sort((a, b) => a.time - b.time)) {
    const slot = hours[hourIndex.get(hour.start)!];
    if (!slot) continue;
    label(slot, hour);
    const placedEvent = { event, offset: Math.max(0, (time - startHour) / span) };
    slot.music.push(placedEvent);
    musicEvents.push(placedEvent);
  }
  // An hour without fires still gets its tick.
  const firstWall = Number(first.hour);
  hours.forEach((slot, index) => {
    if (slot.label !== '') return;
    const hour = (firstWall + index) % 24;
    slot.label = `${String(hour).padStart(2, '0')}:00`;
    slot.nextDay = firstWall + index >= 24;
  });
  return { hours, lanes: [...lanes.values()], music: musicEvents, segments: musicSegments(musicEvents) };
}

/**
 * The music lane's stretches between its events: before the first, the state the first one ends
 * (a closing means it was open), then each event's state up to the next. 'block' and 'volume' keep
 * it open.
 */
export function musicSegments(events: readonly TimelineMusicEvent[]): MusicSegment[] {
  if (events.length === 0) return [];
  const out: MusicSegment[] = [];
  const firstEvent = events[0]!;
  if (firstEvent.offset > 0) out.push({ start: 0, end: firstEvent.offset, open: firstEvent.event.kind === 'close' });
  events.forEach((placed, i) => {
    const end = events[i + 1]?.offset ?? 1;
    if (end <= placed.offset) return;
    const open = placed.event.kind !== 'close';
    out.push({ start: placed.offset, end, open, ...(open ? { event: placed.event } : {}) });
  });
  return out;
}

/** One line of the clash list: two items (or one with itself) and how often, from when. */
export interface ClashPair {
  kind: 'same_minute' | 'overrun';
  /** The item whose fire clashes (overrun: the one that runs long). */
  a: { id: number; name: string };
  /** The other item (same_minute: the higher id; overrun: the next to fire, possibly `a` itself). */
  b: { id: number; name: string };
  count: number;
  /** ISO moment of the first clash. */
  first: string;
}

/**
 * The clashes grouped one line per pair of items and kind, in the order of their first clash:
 * `same_minute` pairs every two items that play in one minute; `overrun` pairs an item whose spots
 * outlast the gap with each item that fires next. Skipped fires play nothing and clash with nothing.
 */
export function groupClashes(entries: readonly SchedulePreviewEntry[]): ClashPair[] {
  const byMinute = new Map<string, SchedulePreviewEntry[]>();
  for (const entry of entries) {
    if (entry.skipped) continue;
    const bucket = byMinute.get(entry.at);
    if (bucket) bucket.push(entry);
    else byMinute.set(entry.at, [entry]);
  }
  const minutes = [...byMinute.keys()].sort((x, y) => Date.parse(x) - Date.parse(y));
  const pairs = new Map<string, ClashPair & { time: number }>();
  const note = (kind: ClashPair['kind'], a: SchedulePreviewEntry, b: SchedulePreviewEntry, at: string) => {
    const key = `${kind}:${a.scheduled_content_id}:${b.scheduled_content_id}`;
    const pair = pairs.get(key);
    if (pair) pair.count += 1;
    else
      pairs.set(key, {
        kind,
        a: { id: a.scheduled_content_id, name: a.name },
        b: { id: b.scheduled_content_id, name: b.name },
        count: 1,
        first: at,
        time: Date.parse(at),
      });
  };
  minutes.forEach((minute, i) => {
    const bucket = [...byMinute.get(minute)!].sort((x, y) => x.scheduled_content_id - y.scheduled_content_id);
    for (let x = 0; x < bucket.length; x++) {
      for (let y = x + 1; y < bucket.length; y++) {
        if (bucket[x]!.clash === 'same_minute' || bucket[y]!.clash === 'same_minute')
          note('same_minute', bucket[x]!, bucket[y]!, minute);
      }
    }
    const next = minutes[i + 1];
    for (const entry of bucket) {
      if (entry.clash !== 'overrun') continue;
      // The next fire may lie past the window: then the item is its own best guess.
      for (const other of next ? byMinute.get(next)! : [entry]) note('overrun', entry, other, minute);
    }
  });
  return [...pairs.values()]
    .sort((x, y) => x.time - y.time || x.a.id - y.a.id || x.b.id - y.b.id)
    .map(({ time: _time, ...pair }) => pair);
}
