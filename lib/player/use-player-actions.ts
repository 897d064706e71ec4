'use client';

import { useStore } from 'jotai';
import { useMemo } from 'react';
import { showToast } from '@/lib/ui/toast';
import { hu } from '@/lib/i18n/hu';
import { playerAtom } from './atoms';
import { playerApi } from './api';
import { commitPlayer, ensurePlayerId } from './commit';
import { positionAtom } from './position';
import { playableState, type PlayableKind } from './use-player';
import { snapVolume } from './volume';

export interface PlayerActions {
  playChannel(channelId: number, trackId?: number): Promise<void>;
  playPlaylist(playlistId: number, trackId?: number): Promise<void>;
  togglePlay(): Promise<void>;
  toggleRandom(): Promise<void>;
  toggleRepeat(): Promise<void>;
  next(): Promise<void>;
  jumpToTrack(trackId: number): Promise<void>;
  seek(seconds: number): Promise<void>;
  setVolume(v: number): Promise<void>;
}

/**
 * Every control goes to the server and the returned player replaces the local one. A failed
 * call shows a toast and leaves the player as it was; callers may await without try/catch.
 */
export function usePlayerActions(): PlayerActions {
  const store = useStore();

  return useMemo(() => {
    const run = async (call: (playerId: number) => Promise<import('@/contracts').Player>) => {
      try {
        const id = await ensurePlayerId(store);
        await commitPlayer(store, () => call(id));
      } catch {
        showToast(hu.player.failed, store);
      }
    };

    /** The position to send with a volume change: the audio's own when this device plays. */
    const position = () => store.get(positionAtom) ?? store.get(playerAtom)?.current_time ?? 0;

    const playPlayable = (type: PlayableKind, id: number, trackId?: number) => {
      // Pressing play on what already plays is a pause (and the reverse), not a restart.
      if (trackId === undefined && playableState(store.get(playerAtom), type, id).active) {
        return run((playerId) => playerApi.togglePlay(playerId));
      }
      return run((playerId) => playerApi.setPlayable(playerId, type, id, trackId));
    };

    return {
      playChannel: (channelId, trackId) => playPlayable('channel', channelId, trackId),
      playPlaylist: (playlistId, trackId) => playPlayable('playlist', playlistId, trackId),
      togglePlay: () => run((playerId) => playerApi.togglePlay(playerId)),
      toggleRandom: () => run((playerId) => playerApi.toggleRandom(playerId)),
      toggleRepeat: () => run((playerId) => playerApi.toggleRepeat(playerId)),
      next: () => run((playerId) => playerApi.next(playerId)),
      jumpToTrack: (trackId) => run((playerId) => playerApi.jumpToTrack(playerId, trackId)),
      seek: (seconds) => {
        store.set(positionAtom, Math.max(0, seconds));
        return run((playerId) =>
          playerApi.updateVolume(playerId, Math.max(0, seconds), store.get(playerAtom)?.volume ?? 100),
        );
      },
      setVolume: (v) => run((playerId) => playerApi.updateVolume(playerId, position(), snapVolume(v))),
    } satisfies PlayerActions;
  }, [store]);
}
