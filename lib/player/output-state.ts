'use client';

import { useAtomValue, useStore, type createStore } from 'jotai';
import { useEffect, useState } from 'react';
import type { Player } from '@/contracts';
import { connectionAtom, membersAtom } from '@/lib/realtime/atoms';
import { outputDeviceUnavailable } from '@/lib/realtime/devices';
import { outputHeardAtAtom, playerAtom, sessionIdAtom } from './state';

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

/**
 * How long the audio device may stay silent on the wire while the player plays before the other
 * devices offer to take the music over. It reports its position every REPORT_INTERVAL_MS (10 s);
 * three missed reports is a device that stopped answering (a frozen or closed browser that
 * presence has not dropped yet).
 */
export const OUTPUT_SILENT_MS = 30_000;

/**
 * On a device that does not sound: whether the one that does has stopped answering while the
 * player plays (no moving state for OUTPUT_SILENT_MS). `held`: a spot or sound cuts in, when the
 * music's position stands still by design; the wait starts afresh after it.
 */
export function useOutputSilent(held: boolean): boolean {
  const store = useStore();
  const player = useAtomValue(playerAtom);
  const heardAt = useAtomValue(outputHeardAtAtom);
  const connection = useAtomValue(connectionAtom);
  const thisSessionId = useAtomValue(sessionIdAtom);
  const [silentAt, setSilentAt] = useState<number | null>(null);
  const watching =
    !held &&
    connection === 'connected' &&
    !!player?.is_playing &&
    !!player.session_id &&
    player.session_id !== thisSessionId;

  useEffect(() => {
    // Waiting starts now: on mount, when the socket comes up, when a spot gives the music back.
    if (watching) store.set(outputHeardAtAtom, (at) => Math.max(at, Date.now()));
  }, [watching, store]);

  useEffect(() => {
    if (!watching || heardAt === 0) return;
    const timer = setTimeout(() => setSilentAt(heardAt), Math.max(0, heardAt + OUTPUT_SILENT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [watching, heardAt]);

  return watching && heardAt !== 0 && silentAt === heardAt;
}
