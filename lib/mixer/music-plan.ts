import type { MusicBlock, MusicSourceType } from '@/contracts/music-plan';
import { DAY_KEY_OF_WEEKDAY, DAY_KEYS, type DayKey } from '@/contracts/names';
import type { OpeningHours } from '@/contracts/opening-hours';
import { wallClockIn } from '@/contracts/time/wall-clock';

/**
 * The music plan page's logic without React ('Zenei napirend', issue 26): the form's draft and the
 * body it sends, where each block stands in the week (a block across midnight in two parts), the
 * 15-minute snapping of a drag, and the phone's list by day.
 */

export const DAY_MINUTES = 24 * 60;
/** A drag on the week view snaps to this many minutes. */
export const SNAP_MINUTES = 15;
/** A click on a free slot (no drag) proposes an hour. */
export const CLICK_MINUTES = 60;

/** 'HH:MM' → minutes after midnight; null for anything else. */
export function minutesOf(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h < 24 && m < 60 ? h * 60 + m : null;
}

/** Minutes after midnight → 'HH:MM' (1440, the day's end, is '00:00': midnight). */
export function timeOf(minutes: number): string {
  const m = ((Math.round(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export function snap(minutes: number, step = SNAP_MINUTES): number {
  return Math.min(DAY_MINUTES, Math.max(0, Math.round(minutes / step) * step));
}

// ---- The week -----------------------------------------------------------------------------------

/** One drawn part of a block on one day's column: [start, end) in minutes of that day. */
export interface Segment {
  block: MusicBlock;
  day: DayKey;
  start: number;
  end: number;
  /** The part after midnight of a block that started the day before. */
  tail: boolean;
  /** Whether this part carries the block's start (its top edge moves `from`) or its end (`to`). */
  hasStart: boolean;
  hasEnd: boolean;
}

const nextDay = (day: DayKey): DayKey => DAY_KEYS[(DAY_KEYS.indexOf(day) + 1) % DAY_KEYS.length]!;

/**
 * Where a block stands on the week: on each of its days from `from`, up to `to` that day, or past
 * midnight up to `to` on the next day's column (Sunday's tail on Monday's). A `to` of '00:00' ends
 * at midnight, with no tail.
 */
export function segmentsOf(block: MusicBlock): Segment[] {
  const from = minutesOf(block.from);
  const to = minutesOf(block.to);
  if (from === null || to === null || from === to) return [];
  const out: Segment[] = [];
  for (const day of DAY_KEYS) {
    if (!block[day]) continue;
    if (to > from) {
      out.push({ block, day, start: from, end: to, tail: false, hasStart: true, hasEnd: true });
    } else {
      out.push({ block, day, start: from, end: DAY_MINUTES, tail: false, hasStart: true, hasEnd: to === 0 });
      if (to > 0) out.push({ block, day: nextDay(day), start: 0, end: to, tail: true, hasStart: false, hasEnd: true });
    }
  }
  return out;
}

export function weekSegments(blocks: readonly MusicBlock[]): Record<DayKey, Segment[]> {
  const week = Object.fromEntries(DAY_KEYS.map((d) => [d, [] as Segment[]])) as Record<DayKey, Segment[]>;
  for (const block of blocks) for (const s of segmentsOf(block)) week[s.day].push(s);
  for (const day of DAY_KEYS) week[day].sort((a, b) => a.start - b.start);
  return week;
}

/**
 * The free stretch of a day around `minute` (between the blocks drawn there), or null when a block
 * covers it: a drag that starts there stays inside it.
 */
export function freeSpan(segments: readonly Segment[], minute: number): { start: number; end: number } | null {
  let start = 0;
  let end = DAY_MINUTES;
  for (const s of segments) {
    if (minute >= s.start && minute < s.end) return null;
    if (s.end <= minute) start = Math.max(start, s.end);
    if (s.start > minute) end = Math.min(end, s.start);
  }
  return { start, end };
}

/** A drag's range on a free stretch: snapped, ordered, at least one step, kept inside the stretch. */
export function dragRange(
  anchor: number,
  current: number,
  span: { start: number; end: number },
): { start: number; end: number } {
  const a = Math.max(span.start, Math.min(span.end, snap(anchor, SNAP_MINUTES)));
  const c = Math.max(span.start, Math.min(span.end, snap(current, SNAP_MINUTES)));
  let start = Math.min(a, c);
  let end = Math.max(a, c);
  if (end - start < SNAP_MINUTES) {
    // A click (no drag): an hour from the slot, as far as the stretch allows.
    start = Math.max(span.start, Math.min(snap(Math.floor(anchor / SNAP_MINUTES) * SNAP_MINUTES), span.end));
    end = Math.min(span.end, start + CLICK_MINUTES);
    if (end - start < SNAP_MINUTES) start = Math.max(span.start, end - CLICK_MINUTES);
  }
  return { start, end };
}

/** The blocks that start on each day, by their start: the phone's list. */
export function blocksByDay(blocks: readonly MusicBlock[]): Record<DayKey, MusicBlock[]> {
  const out = Object.fromEntries(DAY_KEYS.map((d) => [d, [] as MusicBlock[]])) as Record<DayKey, MusicBlock[]>;
  for (const block of blocks) for (const day of DAY_KEYS) if (block[day]) out[day].push(block);
  for (const day of DAY_KEYS) out[day].sort((a, b) => (minutesOf(a.from) ?? 0) - (minutesOf(b.from) ?? 0));
  return out;
}

/** Whether the block runs past midnight (its `to` on the next day). */
export function crossesMidnight(block: Pick<MusicBlock, 'from' | 'to'>): boolean {
  const from = minutesOf(block.from);
  const to = minutesOf(block.to);
  return from !== null && to !== null && to < from && to > 0;
}

// ---- The form -----------------------------------------------------------------------------------

/** A source as the pickers offer it: a channel of the catalogue or one of the shop's playlists. */
export interface SourceOption {
  type: MusicSourceType;
  id: number;
  name: string;
  /** The cover's URL, or null (the picture's fallback shows). */
  cover: string | null;
}

export const sourceKey = (type: MusicSourceType, id: number) => `${type}:${id}`;

export function parseSourceKey(value: string): { type: MusicSourceType; id: number } | null {
  const match = /^(channel|playlist):(\d+)$/.exec(value);
  return match ? { type: match[1] as MusicSourceType, id: Number(match[2]) } : null;
}

/** What the form holds while it is being filled in: text as typed. */
export interface BlockDraft {
  name: string;
  days: Record<DayKey, boolean>;
  from: string;
  to: string;
  /** `channel:3`, `playlist:7`, or '' while none is chosen. */
  source: string;
  volume: string;
  shuffle: boolean;
}

/** The prefill of a new block: the days and times of a drag, or (from 'Új idősáv') weekdays 08:00–12:00. */
export interface BlockPrefill {
  days: Record<DayKey, boolean>;
  from: string;
  to: string;
}

export function draftOfBlock(block: MusicBlock | null, prefill?: BlockPrefill): BlockDraft {
  if (!block) {
    return {
      name: '',
      days: prefill?.days ?? (Object.fromEntries(DAY_KEYS.map((k) => [k, true])) as Record<DayKey, boolean>),
      from: prefill?.from ?? '08:00',
      to: prefill?.to ?? '12:00',
      source: '',
      volume: '',
      shuffle: false,
    };
  }
  return {
    name: block.name ?? '',
    days: Object.fromEntries(DAY_KEYS.map((k) => [k, block[k]])) as Record<DayKey, boolean>,
    from: block.from,
    to: block.to,
    source: sourceKey(block.source_type, block.source_id),
    volume: block.volume === null ? '' : String(block.volume),
    shuffle: block.shuffle,
  };
}

/** The body of POST /api/music-plan/blocks[/{id}]: the server judges every field (422 in Hungarian). */
export function blockBody(draft: BlockDraft): Record<string, unknown> {
  const source = parseSourceKey(draft.source);
  return {
    name: draft.name.trim() === '' ? null : draft.name.trim(),
    ...draft.days,
    from: draft.from,
    to: draft.to,
    source_type: source?.type ?? null,
    source_id: source?.id ?? null,
    volume: draft.volume.trim() === '' ? null : draft.volume.trim(),
    shuffle: draft.shuffle,
  };
}

/** A block's body with other times (a resize on the week view): every other field as it is. */
export function resizedBody(block: MusicBlock, from: string, to: string): Record<string, unknown> {
  return { ...blockBody(draftOfBlock(block)), from, to };
}

/** What a block is called: its name, else its source's, else (a deleted playlist) `deleted`. */
export function blockTitle(block: MusicBlock, deleted: string): string {
  return block.name ?? block.source_name ?? deleted;
}

/** Where `ms` falls on the week view: the shop's weekday and minute of the day, in the shop's zone. */
export function nowInWeek(ms: number, timeZone: string): { day: DayKey; minute: number } {
  const clock = wallClockIn(ms, timeZone);
  return { day: DAY_KEY_OF_WEEKDAY[clock.weekday]!, minute: clock.hour * 60 + clock.minute };
}

// ---- The shop's opening hours on the week -------------------------------------------------------

/** A stretch of one day's column: [start, end) in minutes of that day. */
export interface DayStretch {
  start: number;
  end: number;
}

const previousDay = (day: DayKey): DayKey => DAY_KEYS[(DAY_KEYS.indexOf(day) + DAY_KEYS.length - 1) % DAY_KEYS.length]!;

/**
 * The hours of each weekday the shop is closed by its weekly opening hours (the week view shades
 * them): a day's own hours, and the past-midnight tail of the day before (a bar open 18:00–02:00 is
 * open until 02:00 on the next day's column). No opening hours at all: always open, nothing shaded.
 * Date exceptions are left out: the week repeats.
 */
export function closedStretches(hours: OpeningHours | null): Record<DayKey, DayStretch[]> {
  const out = Object.fromEntries(DAY_KEYS.map((d) => [d, [] as DayStretch[]])) as Record<DayKey, DayStretch[]>;
  if (!hours || hours.week.length === 0) return out;
  const byDay = new Map(hours.week.map((h) => [h.day, h]));
  const spanOf = (day: DayKey) => {
    const h = byDay.get(day);
    if (!h || 'closed' in h) return null;
    const open = minutesOf(h.open);
    const close = minutesOf(h.close);
    return open === null || close === null ? null : { open, close };
  };
  for (const day of DAY_KEYS) {
    const opened: DayStretch[] = [];
    const own = spanOf(day);
    if (own) opened.push({ start: own.open, end: own.close > own.open ? own.close : DAY_MINUTES });
    const before = spanOf(previousDay(day));
    if (before && before.close < before.open && before.close > 0) opened.push({ start: 0, end: before.close });
    opened.sort((a, b) => a.start - b.start);
    let at = 0;
    for (const o of opened) {
      if (o.start > at) out[day].push({ start: at, end: o.start });
      at = Math.max(at, o.end);
    }
    if (at < DAY_MINUTES) out[day].push({ start: at, end: DAY_MINUTES });
  }
  return out;
}

/** The weekdays the shop does not open at all (its weekly hours say 'Zárva'); none without hours. */
export function closedDays(hours: OpeningHours | null): DayKey[] {
  if (!hours) return [];
  return DAY_KEYS.filter((day) => hours.week.some((h) => h.day === day && 'closed' in h));
}
