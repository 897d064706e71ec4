'use client';

import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { MusicBlock } from '@/contracts/music-plan';
import { DAY_KEYS, type DayKey } from '@/contracts/names';
import { useShopTimeZone } from '@/lib/api/use-shop-time-zone';
import { musicPlan as huPlan } from '@/lib/i18n/hu/music-plan';
import {
  DAY_MINUTES,
  dragRange,
  freeSpan,
  minutesOf,
  nowInWeek,
  snap,
  SNAP_MINUTES,
  sourceKey,
  timeOf,
  weekSegments,
  type BlockPrefill,
  type DayStretch,
  type Segment,
  type SourceOption,
} from '@/lib/mixer/music-plan';
import { SourceCover } from './SourceCover';
import styles from './MusicPlan.module.scss';

const hu = { plan: huPlan };

/** One hour's height on the week view, in px (the whole day fits a laptop's screen). */
export const HOUR_PX = 30;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

interface Props {
  blocks: readonly MusicBlock[];
  /** The hours the shop is closed, by day (shaded; a block there does not sound). */
  closed: Readonly<Record<DayKey, readonly DayStretch[]>>;
  sources: ReadonlyMap<string, SourceOption>;
  /** A drag (or a click) on a free slot: the form opens prefilled with its day and times. */
  onCreate: (prefill: BlockPrefill) => void;
  onOpen: (block: MusicBlock) => void;
  /** A block's edge dragged to new times; the view shows them until this settles. */
  onResize: (block: MusicBlock, from: string, to: string) => Promise<void>;
}

type Drag =
  | { kind: 'create'; day: DayKey; anchor: number; span: { start: number; end: number }; start: number; end: number }
  | { kind: 'resize'; block: MusicBlock; edge: 'start' | 'end'; tail: boolean; from: number; to: number };

/** Minutes of the day under the pointer in a day's column. */
function minuteAt(column: HTMLElement, clientY: number): number {
  const rect = column.getBoundingClientRect();
  return Math.max(0, Math.min(DAY_MINUTES, ((clientY - rect.top) / rect.height) * DAY_MINUTES));
}

export function sourceLine(block: MusicBlock): string {
  const kind = block.source_type === 'channel' ? hu.plan.channel : hu.plan.playlist;
  return `${kind}: ${block.source_name ?? hu.plan.deletedSource}`;
}

export function titleOf(block: MusicBlock): string {
  return block.name ?? block.source_name ?? hu.plan.deletedSource;
}

/**
 * The shop's weekday and minute now, moved on at each minute's start; null until hydrated (the
 * server's render has no business guessing the page's moment).
 */
function useShopNow(timeZone: string): { day: DayKey; minute: number } | null {
  const [now, setNow] = useState<{ day: DayKey; minute: number } | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(nowInWeek(at, timeZone));
      timer = setTimeout(tick, 60_000 - (at % 60_000) + 20);
    };
    tick();
    return () => clearTimeout(timer);
  }, [timeZone]);
  return now;
}

/**
 * The week view: seven columns (Monday first) by the hours of the day, each block drawn at its times
 * with its source's cover, its name and its source (a block across midnight in two parts: its tail
 * on the next day's column). A drag on a free slot proposes a new block (snapped to 15 minutes); a
 * block's top and bottom edges drag its start and end; a click on a block opens its form. All of it
 * is also in the form itself, for the keyboard.
 */
export function WeekGrid({ blocks, closed, sources, onCreate, onOpen, onResize }: Props) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [pending, setPending] = useState<{ id: number; from: string; to: string } | null>(null);
  const columns = useRef(new Map<DayKey, HTMLDivElement>());
  const now = useShopNow(useShopTimeZone());

  // While an edge is dragged, and until the server answers, the block shows its new times.
  const override =
    drag?.kind === 'resize' ? { id: drag.block.id, from: timeOf(drag.from), to: timeOf(drag.to) } : pending;
  const shown = override
    ? blocks.map((b) => (b.id === override.id ? { ...b, from: override.from, to: override.to } : b))
    : blocks;
  const week = weekSegments(shown);

  const startCreate = (day: DayKey, event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.target !== event.currentTarget) return;
    const minute = minuteAt(event.currentTarget, event.clientY);
    const span = freeSpan(week[day], minute);
    if (!span) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const range = dragRange(minute, minute, span);
    setDrag({ kind: 'create', day, anchor: minute, span, ...range });
  };

  const startResize = (segment: Segment, edge: 'start' | 'end', event: ReactPointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const from = minutesOf(segment.block.from) ?? 0;
    const to = minutesOf(segment.block.to) ?? 0;
    setDrag({ kind: 'resize', block: segment.block, edge, tail: segment.tail, from, to });
  };

  const move = (day: DayKey, event: ReactPointerEvent<HTMLElement>) => {
    if (!drag) return;
    const column = columns.current.get(day);
    if (!column) return;
    const minute = minuteAt(column, event.clientY);
    if (drag.kind === 'create') {
      setDrag({ ...drag, ...dragRange(drag.anchor, minute, drag.span) });
      return;
    }
    const at = snap(minute, SNAP_MINUTES);
    if (drag.edge === 'start') {
      // The start stays on its own day, at least a step before the end (or before midnight when it crosses).
      const crosses = drag.to <= drag.from && drag.to !== 0;
      const limit = crosses || drag.to === 0 ? DAY_MINUTES - SNAP_MINUTES : drag.to - SNAP_MINUTES;
      setDrag({ ...drag, from: Math.min(at, limit) });
    } else if (drag.tail) {
      // A tail's end moves between just after midnight and the next day's start.
      setDrag({ ...drag, to: Math.max(SNAP_MINUTES, Math.min(at, drag.from - SNAP_MINUTES)) });
    } else {
      setDrag({ ...drag, to: Math.max(drag.from + SNAP_MINUTES, at) % DAY_MINUTES });
    }
  };

  /** An edge's own pointer events: handled there, not again by the column around it. */
  const onEdge = (event: ReactPointerEvent<HTMLElement>, handle: () => void) => {
    event.stopPropagation();
    handle();
  };

  const finish = () => {
    if (!drag) return;
    setDrag(null);
    if (drag.kind === 'create') {
      const days = Object.fromEntries(DAY_KEYS.map((k) => [k, k === drag.day])) as Record<DayKey, boolean>;
      onCreate({ days, from: timeOf(drag.start), to: timeOf(drag.end) });
      return;
    }
    const from = timeOf(drag.from);
    const to = timeOf(drag.to);
    if (from === drag.block.from && to === drag.block.to) return;
    setPending({ id: drag.block.id, from, to });
    void onResize(drag.block, from, to).finally(() => setPending(null));
  };

  return (
    <div className={styles.week} role="group" aria-label={hu.plan.weekLabel}>
      <div className={styles.corner} aria-hidden="true" />
      {DAY_KEYS.map((day) => (
        <div key={day} className={styles.dayHead} data-today={now?.day === day || undefined}>
          {hu.plan.dayShort[day]}
        </div>
      ))}
      <div className={styles.axis} aria-hidden="true" style={{ height: 24 * HOUR_PX }}>
        {HOURS.filter((h) => h % 2 === 0).map((h) => (
          <span key={h} className={styles.hour} style={{ top: h * HOUR_PX }}>
            {`${String(h).padStart(2, '0')}:00`}
          </span>
        ))}
      </div>
      {DAY_KEYS.map((day) => (
        <div
          key={day}
          ref={(el) => {
            if (el) columns.current.set(day, el);
            else columns.current.delete(day);
          }}
          className={styles.column}
          style={{ height: 24 * HOUR_PX, backgroundSize: `100% ${HOUR_PX}px` }}
          data-day={day}
          onPointerDown={(event) => startCreate(day, event)}
          onPointerMove={(event) => move(day, event)}
          onPointerUp={finish}
          onPointerCancel={() => setDrag(null)}
        >
          {closed[day].map((stretch) => (
            <div
              key={stretch.start}
              className={styles.closedHours}
              style={{ top: (stretch.start / 60) * HOUR_PX, height: ((stretch.end - stretch.start) / 60) * HOUR_PX }}
              data-closed={hu.plan.range(timeOf(stretch.start), timeOf(stretch.end))}
              aria-hidden="true"
            />
          ))}
          {week[day].map((segment) => {
            const { block } = segment;
            const source = sources.get(sourceKey(block.source_type, block.source_id));
            const title = titleOf(block);
            const range = hu.plan.range(block.from, block.to);
            const height = ((segment.end - segment.start) / 60) * HOUR_PX;
            const resizing = drag?.kind === 'resize' && drag.block.id === block.id;
            return (
              <div
                key={`${block.id}-${segment.tail ? 'tail' : 'head'}`}
                className={`${styles.block} ${block.source_type === 'playlist' ? styles.playlistBlock : ''} ${resizing ? styles.resizing : ''}`}
                style={{ top: (segment.start / 60) * HOUR_PX, height }}
                data-block={block.id}
              >
                <button
                  type="button"
                  className={styles.blockButton}
                  aria-label={hu.plan.blockLabel(title, range, sourceLine(block))}
                  onClick={() => onOpen(block)}
                  data-size={height < 40 ? 'small' : height < 70 ? 'medium' : 'large'}
                >
                  {height >= 40 && (
                    <SourceCover
                      source={source ?? { type: block.source_type, id: block.source_id, cover: null }}
                      size={24}
                    />
                  )}
                  <span className={styles.blockText}>
                    <span className={styles.blockTitle}>{title}</span>
                    <span className={styles.blockTime}>{range}</span>
                    {height >= 70 && <span className={styles.blockSource}>{sourceLine(block)}</span>}
                  </span>
                </button>
                {segment.hasStart && (
                  <span
                    className={`${styles.handle} ${styles.handleTop}`}
                    aria-hidden="true"
                    title={hu.plan.resizeStart(title)}
                    onPointerDown={(event) => startResize(segment, 'start', event)}
                    onPointerMove={(event) => onEdge(event, () => move(day, event))}
                    onPointerUp={(event) => onEdge(event, finish)}
                  />
                )}
                {segment.hasEnd && (
                  <span
                    className={`${styles.handle} ${styles.handleBottom}`}
                    aria-hidden="true"
                    title={hu.plan.resizeEnd(title)}
                    onPointerDown={(event) => startResize(segment, 'end', event)}
                    onPointerMove={(event) => onEdge(event, () => move(day, event))}
                    onPointerUp={(event) => onEdge(event, finish)}
                  />
                )}
              </div>
            );
          })}
          {now?.day === day && (
            <div
              className={styles.now}
              style={{ top: (now.minute / 60) * HOUR_PX }}
              data-now={timeOf(now.minute)}
              aria-hidden="true"
            />
          )}
          {drag?.kind === 'create' && drag.day === day && (
            <div
              className={styles.draft}
              style={{ top: (drag.start / 60) * HOUR_PX, height: ((drag.end - drag.start) / 60) * HOUR_PX }}
              aria-hidden="true"
            >
              {hu.plan.range(timeOf(drag.start), timeOf(drag.end))}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
