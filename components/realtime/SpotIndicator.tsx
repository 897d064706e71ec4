'use client';

import { realtime as huRealtime } from '@/lib/i18n/hu/realtime';
import type { SpotState } from '@/lib/player/use-spot-state';
import { BellIcon, MegaphoneIcon } from '@/components/ui/icons';
import styles from './RealtimeBadges.module.scss';

const hu = { realtime: huRealtime };

/** 'Reklám szól' / 'Hang szól' while an ad or a sound cuts in over the music, on every device. */
export function SpotIndicator({ current }: { current: SpotState['current'] }) {
  return (
    <p className={styles.slot} role="status" aria-live="polite">
      {current && (
        <span
          className={`${styles.badge} ${current.type === 'spot' ? styles.spot : styles.sound}`}
          title={current.name}
        >
          {current.type === 'spot' ? <MegaphoneIcon /> : <BellIcon />}
          <span>{current.type === 'spot' ? hu.realtime.spotPlaying : hu.realtime.soundPlaying}</span>
          {current.name && <span className={styles.name}>{current.name}</span>}
        </span>
      )}
    </p>
  );
}
