'use client';

import { useStore } from 'jotai';
import { useCallback } from 'react';
import { commitPlayer } from '@/lib/player/commit';
import { playerApi } from '@/lib/player/api';

/**
 * Fetches the player again after a playlist edit that moved it (delete, removing the playing track,
 * rename). The server tells the other devices over the socket, but skips the one that made the call.
 */
export function useRefreshPlayer(): () => void {
  const store = useStore();
  return useCallback(() => {
    void commitPlayer(store, async () => {
      const [first] = await playerApi.list();
      if (!first) throw new Error('No player');
      return first;
    }).catch(() => undefined);
  }, [store]);
}
