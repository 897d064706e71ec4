'use client';

import { useState } from 'react';
import type { SchedulePreviewEntry } from '@/contracts';
import { EmptyState } from '@/components/ui/EmptyState';
import { formatTimeOfDay } from '@/lib/format/date';
import { errors } from '@/lib/i18n/hu/errors';
import { scheduler as huScheduler } from '@/lib/i18n/hu/scheduler';
import { buildTimeline, type TimelineGroup } from '@/lib/mixer/scheduler';
import buttons from '../buttons.module.scss';
import styles from './ScheduleTimeline.module.scss';

const hu = { errors, scheduler: huScheduler };

const t = hu.scheduler;

interface Props {
  /** The preview's fires; null while there is none (its call failed, or is on its way). */
  entries: readonly SchedulePreviewEntry[] | null;
  failed: boolean;
  onRetry: () => void;
}

function when(group: TimelineGroup): string {
  return t.firesLong(group.count, formatTimeOfDay(group.first), formatTimeOfDay(group.last));
}

/** The clash lines of a group, in words (never by colour alone). */
function Clashes({ group }: { group: TimelineGroup }) {
  if (group.sameMinute === 0 && group.overrun === 0) return null;
  return (
    <>
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

/**
 * 'A következő 24 óra': what the schedule will fire, from the preview call. Grouped by item and
 * hour (an every-minute item is one marker an hour with its count, not 1440): on wide screens one
 * lane per item across a band of hours, on phones a list by hour. A failed call empties this
 * section only.
 */
/** Hours with fires a phone lists before 'show all': a whole day of hours is a very long page. */
export const PHONE_HOURS = 3;

export function ScheduleTimeline({ entries, failed, onRetry }: Props) {
  const timeline = entries ? buildTimeline(entries) : null;
  const [allHours, setAllHours] = useState(false);
  const busyHours = timeline ? timeline.hours.filter((hour) => hour.groups.length > 0) : [];
  const shownHours = allHours ? busyHours : busyHours.slice(0, PHONE_HOURS);
  const hourLabel = (label: string, nextDay: boolean) => (nextDay ? t.tomorrow(label) : label);

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
      ) : timeline.lanes.length === 0 ? (
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
                    style={{ left: `${(index / timeline.hours.length) * 100}%` }}
                  >
                    {/* Every other hour named when the band is dense; each hour keeps its line. */}
                    {index % 2 === 0 || timeline.hours.length <= 13 ? hour.label.slice(0, 2) : ''}
                  </span>
                ))}
              </div>
            </div>
            <ul className={styles.lanes}>
              {timeline.lanes.map((lane) => (
                <li key={lane.id} className={styles.lane}>
                  <div className={styles.laneName}>
                    <strong>{lane.name}</strong>
                    <Plays spots={lane.spots} slideshows={lane.slideshows} />
                  </div>
                  <ul className={styles.track} style={{ backgroundSize: `${100 / timeline.hours.length}% 100%` }}>
                    {lane.groups.map((group) => {
                      const clash = group.sameMinute > 0 || group.overrun > 0;
                      return (
                        <li
                          key={group.first}
                          className={clash ? `${styles.marker} ${styles.markerClash}` : styles.marker}
                          style={{ left: `${group.offset * 100}%` }}
                          title={`${lane.name}: ${when(group)}`}
                        >
                          <span aria-hidden="true">
                            {group.count > 1 ? group.count : ''}
                            {clash ? '!' : ''}
                          </span>
                          <span className={styles.hidden}>
                            {when(group)}
                            {clash ? '. ' : ''}
                            <Clashes group={group} />
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
            <ClashList groups={timeline.lanes.flatMap((lane) => lane.groups)} />
          </div>

          <ol className={styles.list} aria-label={t.timelineLabel} id="schedule-timeline-hours">
            {shownHours.map((hour) => (
              <li key={`${hour.nextDay}${hour.label}`} className={styles.hour}>
                <h3 className={styles.hourLabel}>{hourLabel(hour.label, hour.nextDay)}</h3>
                <ul className={styles.entries}>
                  {hour.groups.map((group) => (
                    <li
                      key={group.id}
                      className={
                        group.sameMinute || group.overrun ? `${styles.entry} ${styles.entryClash}` : styles.entry
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
        </>
      )}
    </section>
  );
}

/** Under the band: every clash in words, with its time. */
function ClashList({ groups }: { groups: TimelineGroup[] }) {
  const clashing = groups
    .filter((group) => group.sameMinute > 0 || group.overrun > 0)
    .sort((a, b) => Date.parse(a.first) - Date.parse(b.first));
  if (clashing.length === 0) return null;
  return (
    <ul className={styles.clashList}>
      {clashing.map((group) => (
        <li key={`${group.id}@${group.first}`}>
          <strong>{group.name}</strong> · {when(group)} · <Clashes group={group} />
        </li>
      ))}
    </ul>
  );
}
