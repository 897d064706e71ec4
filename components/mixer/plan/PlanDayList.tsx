'use client';

import type { MusicBlock } from '@/contracts/music-plan';
import { DAY_KEYS, type DayKey } from '@/contracts/names';
import { musicPlan as huPlan } from '@/lib/i18n/hu/music-plan';
import { blocksByDay, crossesMidnight, sourceKey, type SourceOption } from '@/lib/mixer/music-plan';
import { SourceCover } from './SourceCover';
import { sourceLine, titleOf } from './WeekGrid';
import styles from './MusicPlan.module.scss';

const hu = { plan: huPlan };

/** The phone's plan: each day with the blocks that start on it, by time; a tap opens a block's form. */
export function PlanDayList({
  blocks,
  sources,
  closedDays,
  onOpen,
}: {
  blocks: readonly MusicBlock[];
  sources: ReadonlyMap<string, SourceOption>;
  /** The days the shop does not open: said beside the day, as a block there does not sound. */
  closedDays: readonly DayKey[];
  onOpen: (block: MusicBlock) => void;
}) {
  const byDay = blocksByDay(blocks);
  return (
    <div className={styles.dayList}>
      {DAY_KEYS.map((day) => (
        <section key={day} className={styles.daySection} aria-labelledby={`plan-day-${day}`}>
          <h3 id={`plan-day-${day}`} className={styles.dayTitle}>
            {hu.plan.dayShort[day]}
            {closedDays.includes(day) && <span className={styles.dayClosed}> · {hu.plan.dayClosed}</span>}
          </h3>
          {closedDays.includes(day) && byDay[day].length > 0 && (
            <p className={styles.dayEmpty}>{hu.plan.closedDayWarning}</p>
          )}
          {byDay[day].length === 0 ? (
            <p className={styles.dayEmpty}>{closedDays.includes(day) ? hu.plan.dayClosedEmpty : hu.plan.dayEmpty}</p>
          ) : (
            <ul className={styles.dayItems}>
              {byDay[day].map((block) => {
                const source = sources.get(sourceKey(block.source_type, block.source_id));
                return (
                  <li key={block.id}>
                    <button type="button" className={styles.dayItem} onClick={() => onOpen(block)}>
                      <span className={styles.dayTime}>
                        {hu.plan.range(block.from, block.to)}
                        {crossesMidnight(block) && <span className={styles.nextDay}> ({hu.plan.nextDay})</span>}
                      </span>
                      <SourceCover
                        source={source ?? { type: block.source_type, id: block.source_id, cover: null }}
                        size={36}
                      />
                      <span className={styles.blockText}>
                        <span className={styles.dayItemTitle}>{titleOf(block)}</span>
                        <span className={styles.dayItemSource}>
                          {sourceLine(block)}
                          {block.volume !== null && ` · ${hu.plan.volume(block.volume)}`}
                          {block.shuffle && ` · ${hu.plan.shuffleOn}`}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
