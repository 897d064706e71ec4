'use client';

import { useState } from 'react';
import type { MusicEvent, SchedulePreview, SchedulePreviewEntry } from '@/contracts';
import { EmptyState } from '@/components/ui/EmptyState';
import { formatTimeOfDay } from '@/lib/format/date';
import { errors } from '@/lib/i18n/hu/errors';
import { scheduler as huScheduler } from '@/lib/i18n/hu/scheduler';
import {
  buildTimeline,
  groupClashes,
  type ClashPair,
  type TimelineGroup,
  type TimelineMusicEvent,
} from '@/lib/mixer/scheduler';
import buttons from '../buttons.module.scss';
import styles from './ScheduleTimeline.module.scss';

const hu = { errors, scheduler: huScheduler };

const t = hu.scheduler;

interface Props {
  /**
   * The preview: the bundled API's whole answer (fires and music), or the fires alone (a Laravel
   * API's bare array); null while there is none (its call failed, or is on its way).
   */
  entries: readonly SchedulePreviewEntry[] | SchedulePreview | null;
  failed: boolean;
  onRetry: () => void;
  /** The music's events, when `entries` is a bare array; the whole preview brings its own. */
  music?: readonly MusicEvent[];
}

function when(group: TimelineGroup): string {
  return t.firesLong(group.count, formatTimeOfDay(group.first), formatTimeOfDay(group.last));
}

/** The clash lines of a group, in words (never by colour alone). */
function Clashes({ group }: { group: TimelineGroup }) {
  if (group.sameMinute === 0 && group.overrun === 0 && group.skipped === 0) return null;
  return (
    <>
      {group.skipped > 0 && <span className={styles.skippedText}>{t.skippedCount(group.skipped)}</span>}
      {group.sameMinute > 0 && (
        <span className={styles.clash}>
          {t.clashSameMinute} {group.count > 1 && t.clashCount(group.sameMinute)}
        </span>
      )}
      {group.overrun > 0 && (
        <span className={styles.clash}>
          {t.clashOverrun} {group.count > 1 && t.clashCount(group.overrun)}
        </span>
      )}
    </>
  );
}

function Plays({ spots, slideshows }: { spots: string[]; slideshows: string[] }) {
  return (
    <>
      {spots.length > 0 && (
        <span className={styles.plays}>
          {t.plays}: {spots.join(', ')}
        </span>
      )}
      {slideshows.length > 0 && (
        <span className={styles.plays}>
          {t.shows}: {slideshows.join(', ')}
        </span>
      )}
    </>
  );
}

/** What a music event starts, in words: its source and volume ('Nincs lejátszható zene' without a source). */
function musicWhat(event: MusicEvent): string {
  if (event.kind === 'close') return t.musicClose;
  const kind = event.kind === 'open' ? t.musicOpen : event.kind === 'volume' ? t.musicVolume : t.musicBlock;
  const parts = [event.source ? event.source.name : event.kind === 'open' ? '' : t.musicNothing];
  if (event.volume !== undefined) parts.push(t.musicVolumeValue(event.volume));
  const detail = parts.filter(Boolean).join(', ');
  return detail ? `${kind}: ${detail}` : kind;
}

/** A segment's own words, two lines: its source ('Nyitva' when the plan says nothing), and its volume. */
function segmentText(event: MusicEvent): [string, string | undefined] {
  const source = event.source?.name ?? (event.kind === 'open' ? t.musicOpenPlain : t.musicNothing);
  return [source, event.volume !== undefined ? t.musicVolumeValue(event.volume) : undefined];
}

const musicLine = (event: MusicEvent) => t.musicAt(musicWhat(event), formatTimeOfDay(event.at));

/** Marker classes by state: all fires skipped (closed), a clash, or plain. */
function markerClass(group: TimelineGroup): string {
  if (group.skipped === group.count) return `${styles.marker} ${styles.markerSkipped}`;
  if (group.sameMinute > 0 || group.overrun > 0) return `${styles.marker} ${styles.markerClash}`;
  return styles.marker ?? '';
}

/**
 * 'A következő 24 óra': the shop's day from the preview call, on one timeline: the opening and
 * closing and the music's blocks (source and volume) on a lane of their own, then each scheduled
 * item's fires grouped by hour (an every-minute item is one marker an hour with its count, each in
 * its hour's cell so no two overlap), those skipped because the shop is closed marked as such, and
 * under the band the clashes, one line per pair of items. On phones a list by hour. A failed call
 * empties this section only.
 */
/** Hours with fires a phone lists before 'show all': a whole day of hours is a very long page. */
export const PHONE_HOURS = 3;

export function ScheduleTimeline({ entries, failed, onRetry, music }: Props) {
  const preview: SchedulePreview | null =
    entries === null
      ? null
      : Array.isArray(entries)
        ? { from: '', until: '', fires: entries as SchedulePreviewEntry[], music: [...(music ?? [])] }
        : (entries as SchedulePreview);
  const timeline = preview
    ? buildTimeline(preview.fires, { from: preview.from, until: preview.until, music: preview.music })
    : null;
  const clashes = preview ? groupClashes(preview.fires) : [];
  const [allHours, setAllHours] = useState(false);
  const busyHours = timeline ? timeline.hours.filter((hour) => hour.groups.length > 0 || hour.music.length > 0) : [];
  const shownHours = allHours ? busyHours : busyHours.slice(0, PHONE_HOURS);
  const hourLabel = (label: string, nextDay: boolean) => (nextDay ? t.tomorrow(label) : label);
  const cell = timeline ? 100 / Math.max(1, timeline.hours.length) : 100;

  return (
    <section className={styles.section} aria-labelledby="schedule-timeline-title">
      <h2 id="schedule-timeline-title" className={styles.title}>
        {t.timelineTitle}
      </h2>
      <p className={styles.hint}>{t.timelineHint}</p>
      {failed && timeline === null ? (
        <EmptyState compact tone="notice" title={t.timelineFailed}>
          <button type="button" className={buttons.secondary} onClick={onRetry}>
            {hu.errors.retry}
          </button>
        </EmptyState>
      ) : timeline === null ? (
        <p className={styles.loading} aria-busy="true" />
      ) : timeline.lanes.length === 0 && timeline.music.length === 0 ? (
        <EmptyState compact title={t.timelineEmpty} />
      ) : (
        <>
          <div className={styles.band} role="group" aria-label={t.timelineLabel}>
            <div className={styles.ticks} aria-hidden="true">
              <span className={styles.corner} />
              <div className={styles.scale}>
                {timeline.hours.map((hour, index) => (
                  <span
                    key={index}
                    className={
                      hour.label.startsWith('00') && index > 0 ? `${styles.tick} ${styles.midnight}` : styles.tick
                    }
                    style={{ left: `${index * cell}%` }}
                  >
                    {/* Every other hour named when the band is dense; each hour keeps its line. */}
                    {index % 2 === 0 || timeline.hours.length <= 13 ? hour.label.slice(0, 2) : ''}
                  </span>
                ))}
              </div>
            </div>
            <ul className={styles.lanes}>
              {timeline.music.length > 0 && (
                <li className={`${styles.lane} ${styles.musicLane}`} data-lane="music">
                  <div className={styles.laneName}>
                    <strong>{t.musicLane}</strong>
                  </div>
                  <div className={styles.track} style={{ backgroundSize: `${cell}% 100%` }}>
                    {timeline.segments.map((segment, index) => {
                      const text = segment.open
                        ? segment.event
                          ? musicWhat(segment.event)
                          : t.musicOpenPlain
                        : t.musicClosed;
                      const [line, volume] =
                        segment.open && segment.event ? segmentText(segment.event) : [text, undefined];
                      return (
                        <span
                          key={index}
                          aria-hidden="true"
                          className={segment.open ? styles.segmentOpen : styles.segmentClosed}
                          style={{ left: `${segment.start * 100}%`, width: `${(segment.end - segment.start) * 100}%` }}
                          title={text}
                        >
                          <span className={styles.segmentText}>{line}</span>
                          {volume && <span className={styles.segmentText}>{volume}</span>}
                        </span>
                      );
                    })}
                    <ul className={styles.hidden}>
                      {timeline.music.map(({ event }) => (
                        <li key={`${event.at}${event.kind}`}>{musicLine(event)}</li>
                      ))}
                    </ul>
                  </div>
                </li>
              )}
              {timeline.lanes.map((lane) => (
                <li key={lane.id} className={styles.lane}>
                  <div className={styles.laneName}>
                    <strong>{lane.name}</strong>
                    <Plays spots={lane.spots} slideshows={lane.slideshows} />
                  </div>
                  <ul className={styles.track} style={{ backgroundSize: `${cell}% 100%` }}>
                    {lane.groups.map((group) => {
                      const clash = group.sameMinute > 0 || group.overrun > 0;
                      const skipped = group.skipped === group.count;
                      return (
                        <li
                          key={group.first}
                          className={styles.cell}
                          style={{ left: `${group.slot * cell}%`, width: `${cell}%` }}
                          title={`${lane.name}: ${when(group)}${group.skipped ? ` (${t.skippedCount(group.skipped)})` : ''}`}
                          data-skipped={skipped ? 'true' : undefined}
                        >
                          <span className={markerClass(group)} aria-hidden="true">
                            {group.count > 1 ? group.count : ''}
                            {clash ? '!' : ''}
                          </span>
                          <span className={styles.hidden}>
                            {when(group)}
                            {clash || group.skipped ? '. ' : ''}
                            <Clashes group={group} />
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
            <ClashList clashes={clashes} />
          </div>

          <ol className={styles.list} aria-label={t.timelineLabel} id="schedule-timeline-hours">
            {shownHours.map((hour) => (
              <li key={`${hour.nextDay}${hour.label}`} className={styles.hour}>
                <h3 className={styles.hourLabel}>{hourLabel(hour.label, hour.nextDay)}</h3>
                <ul className={styles.entries}>
                  {hour.music.map(({ event }: TimelineMusicEvent) => (
                    <li
                      key={`${event.at}${event.kind}`}
                      className={`${styles.entry} ${event.kind === 'close' ? styles.entryClosed : styles.entryMusic}`}
                    >
                      <span className={styles.entryName}>{musicLine(event)}</span>
                    </li>
                  ))}
                  {hour.groups.map((group) => (
                    <li
                      key={group.id}
                      className={
                        group.skipped === group.count
                          ? `${styles.entry} ${styles.entrySkipped}`
                          : group.sameMinute || group.overrun
                            ? `${styles.entry} ${styles.entryClash}`
                            : styles.entry
                      }
                    >
                      <strong className={styles.entryName}>{group.name}</strong>
                      <span className={styles.when}>{when(group)}</span>
                      <Plays spots={group.spots} slideshows={group.slideshows} />
                      <Clashes group={group} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {busyHours.length > PHONE_HOURS && (
            <button
              type="button"
              className={`${buttons.secondary} ${styles.more}`}
              aria-expanded={allHours}
              aria-controls="schedule-timeline-hours"
              onClick={() => setAllHours((all) => !all)}
            >
              {allHours ? t.showFewerHours : t.showAllHours(busyHours.length)}
            </button>
          )}
          <div className={styles.phoneClashes}>
            <ClashList clashes={clashes} />
          </div>
        </>
      )}
    </section>
  );
}

/** Under the band: the clashes, one line per pair of items, with a count and the first time, under their legend. */
function ClashList({ clashes }: { clashes: ClashPair[] }) {
  if (clashes.length === 0) return null;
  return (
    <div className={styles.clashes}>
      <h3 className={styles.clashTitle}>{t.clashesTitle}</h3>
      <p className={styles.clashLegend}>{t.clashLegend}</p>
      <ul className={styles.clashList}>
        {clashes.map((pair) => (
          <li key={`${pair.kind}:${pair.a.id}:${pair.b.id}`}>
            <strong>{t.clashPair(pair.a.name, pair.b.name, pair.a.id === pair.b.id)}</strong> ·{' '}
            <span className={styles.clash}>
              {pair.kind === 'same_minute' ? t.clashKindSameMinute : t.clashKindOverrun}
            </span>{' '}
            · {t.clashPairWhen(pair.count, formatTimeOfDay(pair.first))}
          </li>
        ))}
      </ul>
    </div>
  );
}
