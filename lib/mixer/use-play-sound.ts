'use client';

import { useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';
import { playerApi } from '@/lib/player/api';
import { playerAtom } from '@/lib/player/state';
import { useSpotState } from '@/lib/player/use-spot-state';
import { showToast } from '@/lib/ui/toast';

const hu = { sounds: huSounds };

export interface SoundPlayback {
  /** Asks the player to play the sound: the audio device gets `PlaySound`, wherever it is. */
  play: (soundId: number) => Promise<void>;
  /** The sound whose play call is on its way (the press was taken, nothing sounds yet). */
  startingId: number | null;
  /** The sound sounding now: on the audio device itself, estimated on the others. */
  playingId: number | null;
}

/** The soundboard's play presses: one call through the player, and what sounds now. */
export function useSoundPlayback(): SoundPlayback {
  const store = useStore();
  const [startingId, setStartingId] = useState<number | null>(null);
  const { current } = useSpotState();
  const playingId = current?.type === 'sound' ? current.id : null;

  const play = useCallback(
    async (soundId: number) => {
      const player = store.get(playerAtom);
      if (!player) {
        showToast(hu.sounds.noPlayer);
        return;
      }
      setStartingId(soundId);
      try {
        await playerApi.playSound(player.id, soundId);
      } catch {
        showToast(hu.sounds.playFailed);
      } finally {
        setStartingId((id) => (id === soundId ? null : id));
      }
    },
    [store],
  );

  return { play, startingId, playingId };
}
