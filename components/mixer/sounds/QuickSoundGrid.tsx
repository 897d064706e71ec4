'use client';

import { useId } from 'react';
import type { Sound } from '@/contracts';
import { EmptyState } from '@/components/ui/EmptyState';
import { BoltIcon, EqualizerIcon } from '@/components/ui/icons';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';
import type { SoundPlayback } from '@/lib/mixer/use-play-sound';
import styles from './QuickSoundGrid.module.scss';

const hu = { sounds: huSounds };

interface Props {
  sounds: readonly Sound[];
  playback: SoundPlayback;
}

/** The quick sounds as big tiles, 4 a row (SPEC.md §9): a tap plays the sound through the player. */
export function QuickSoundGrid({ sounds, playback }: Props) {
  const statusId = useId();
  if (sounds.length === 0) {
    return <EmptyState compact title={hu.sounds.quickEmpty} text={hu.sounds.quickEmptyHint} />;
  }
  return (
    <ul className={styles.grid}>
      {sounds.map((sound) => {
        const playing = playback.playingId === sound.id;
        const starting = !playing && playback.startingId === sound.id;
        const status = playing ? hu.sounds.playingNow : starting ? hu.sounds.starting : null;
        const id = `${statusId}-${sound.id}`;
        return (
          <li key={sound.id} className={styles.item}>
            <button
              type="button"
              className={styles.tile}
              aria-label={hu.sounds.play(sound.name)}
              aria-describedby={status ? id : undefined}
              aria-busy={starting || undefined}
              data-playing={playing ? 'true' : undefined}
              onClick={() => void playback.play(sound.id)}
            >
              <span className={styles.icon} aria-hidden="true">
                {playing ? <EqualizerIcon size={22} /> : <BoltIcon filled size={22} />}
              </span>
              <span className={styles.name} lang="hu">
                {sound.name}
              </span>
              {status ? (
                <span id={id} className={styles.status}>
                  {status}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
