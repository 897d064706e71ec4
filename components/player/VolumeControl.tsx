'use client';

import { atom, useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { getPlayerEngine } from '@/lib/player/use-player-engine';
import { mute, snapVolume, unmute, volumeAfterKey, volumeIcon } from '@/lib/player/volume';
import { VolumeDownIcon, VolumeHighIcon, VolumeLowIcon, VolumeMuteIcon } from '@/components/ui/icons';
import styles from './PlayerBar.module.scss';

const hu = { player: huPlayer };

/** The volume before muting (SPEC.md §4); kept for the session, across pages. */
const mutedFromAtom = atom<number | null>(null);

const COMMIT_DELAY_MS = 250;

const ICONS = { high: VolumeHighIcon, medium: VolumeDownIcon, low: VolumeLowIcon, mute: VolumeMuteIcon } as const;

export function VolumeControl({ volume, onChange }: { volume: number; onChange(v: number): Promise<void> }) {
  const [mutedFrom, setMutedFrom] = useAtom(mutedFromAtom);
  const [dragging, setDragging] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const shown = dragging ?? volume;
  const Icon = ICONS[volumeIcon(shown)];
  const muted = shown === 0;

  const commit = (value: number) => {
    void onChange(snapVolume(value)).finally(() => setDragging(null));
  };

  const slide = (value: number) => {
    setDragging(value);
    // The sound follows the hand at once; the server hears the settled value.
    getPlayerEngine()?.previewVolume(snapVolume(value));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      commit(value);
    }, COMMIT_DELAY_MS);
  };

  const toggleMute = () => {
    if (muted) {
      const restored = unmute(mutedFrom);
      setMutedFrom(null);
      setDragging(restored);
      getPlayerEngine()?.previewVolume(restored);
      commit(restored);
    } else {
      const next = mute(shown);
      setMutedFrom(next.stored);
      setDragging(0);
      getPlayerEngine()?.previewVolume(0);
      commit(0);
    }
  };

  return (
    <div className={styles.volume}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={muted ? hu.player.unmute : hu.player.mute}
        onClick={toggleMute}
      >
        <Icon />
      </button>
      <input
        type="range"
        className={`${styles.range} ${styles.volumeRange}`}
        style={{ '--fill': `${shown}%` } as React.CSSProperties}
        min={0}
        max={100}
        step={1}
        value={Math.round(shown)}
        aria-label={hu.player.volume}
        aria-valuetext={`${Math.round(shown)}%`}
        onChange={(event) => slide(Number(event.currentTarget.value))}
        onKeyDown={(event) => {
          // The native steps (1 a press) are too small to hear: a keyboard moves by 5 and 10.
          if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
          const next = volumeAfterKey(event.key, shown);
          if (next === null) return;
          event.preventDefault();
          slide(next);
        }}
      />
    </div>
  );
}
