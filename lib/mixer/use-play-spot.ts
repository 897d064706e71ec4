'use client';

import { useAtomValue, useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { BrowserApiError } from '@/lib/api/fetcher';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { spots as huSpots } from '@/lib/i18n/hu/spots';
import { playerApi } from '@/lib/player/api';
import { mediaCorsReady } from '@/lib/player/media-cors';
import { playerAtom } from '@/lib/player/state';
import { showToast } from '@/lib/ui/toast';

const hu = { player: huPlayer, spots: huSpots };

export interface SpotPlayback {
  /**
   * Whether 'Azonnali lejátszás' is offered: only the bundled API answers `spots/play` for it (with
   * 409 when no audio device is online); its mark is the player's `version`, as for the media's CORS.
   */
  available: boolean;
  /** Sends the spot to the audio device now and says where it went. */
  play: (spotId: number) => Promise<void>;
  /** The spot whose call is on its way. */
  sendingId: number | null;
}

/** 'Azonnali lejátszás' on the spots page and in the spot's modal: one PlaySpots through the player. */
export function usePlaySpotNow(): SpotPlayback {
  const store = useStore();
  const available = mediaCorsReady(useAtomValue(playerAtom));
  const [sendingId, setSendingId] = useState<number | null>(null);

  const play = useCallback(
    async (spotId: number) => {
      const player = store.get(playerAtom);
      if (!player) {
        showToast(hu.spots.noAudioDevice);
        return;
      }
      setSendingId(spotId);
      try {
        await playerApi.playSpots(player.id, [spotId]);
        showToast(hu.spots.sentToDevice);
      } catch (error) {
        showToast(error instanceof BrowserApiError && error.status === 409 ? hu.spots.noAudioDevice : hu.player.failed);
      } finally {
        setSendingId((id) => (id === spotId ? null : id));
      }
    },
    [store],
  );

  return { available, play, sendingId };
}
