'use client';

import { useEffect, useRef, useState } from 'react';
import { formatClock } from '@/lib/format/duration';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { usePosition } from '@/lib/player/use-position';
import styles from './PlayerBar.module.scss';

const hu = { player: huPlayer };

const COMMIT_DELAY_MS = 300;

/** A thin, silent progress line for the compact bar, where the seek line is folded away. */
export function ProgressLine() {
  const { position, duration } = usePosition();
  const percent = duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
  return (
    <div className={styles.progress} aria-hidden="true">
      <div className={styles.progressFill} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The seek line: dragging or arrow keys move it; the seek is sent once the hand stops. */
export function SeekLine({ onSeek, disabled }: { onSeek(seconds: number): Promise<void>; disabled?: boolean }) {
  const { position, duration } = usePosition();
  const [dragging, setDragging] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const shown = Math.min(dragging ?? position, duration || Infinity);
  const max = Math.max(1, Math.floor(duration));
  const percent = duration > 0 ? (shown / duration) * 100 : 0;

  const change = (value: number) => {
    setDragging(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void onSeek(value).finally(() => setDragging(null));
    }, COMMIT_DELAY_MS);
  };

  return (
    <div className={styles.seek}>
      <span className={styles.time} aria-label={hu.player.currentTime}>
        {formatClock(shown)}
      </span>
      <input
        type="range"
        className={styles.range}
        style={{ '--fill': `${percent}%` } as React.CSSProperties}
        min={0}
        max={max}
        step={1}
        value={Math.floor(shown)}
        disabled={disabled}
        aria-label={hu.player.seek}
        aria-valuetext={`${formatClock(shown)} / ${formatClock(duration)}`}
        onChange={(event) => change(Number(event.currentTarget.value))}
      />
      <span className={styles.time} aria-label={hu.player.totalTime}>
        {formatClock(duration)}
      </span>
    </div>
  );
}
