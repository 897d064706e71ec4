'use client';

import { useAtomValue, type createStore } from 'jotai';
import type { Player } from '@/contracts';
import { connectionAtom, membersAtom } from '@/lib/realtime/atoms';
import { outputDeviceUnavailable } from '@/lib/realtime/devices';
import { playerAtom } from './atoms';
import { sessionIdAtom } from './use-player-engine';

type Store = ReturnType<typeof createStore>;

/** Outside React (actions): whether the device that holds the music is not online. */
export function isOutputUnavailable(store: Store, player: Player | null = store.get(playerAtom)): boolean {
  return outputDeviceUnavailable({
    connection: store.get(connectionAtom),
    members: store.get(membersAtom),
    thisSessionId: store.get(sessionIdAtom),
    playingSessionId: player?.session_id ?? null,
  });
}

/** Whether the device that holds the music is not online (presence does not list it). */
export function useOutputUnavailable(): boolean {
  const player = useAtomValue(playerAtom);
  const connection = useAtomValue(connectionAtom);
  const members = useAtomValue(membersAtom);
  const thisSessionId = useAtomValue(sessionIdAtom);
  return outputDeviceUnavailable({
    connection,
    members,
    thisSessionId,
    playingSessionId: player?.session_id ?? null,
  });
}
