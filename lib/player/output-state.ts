'use client';

import { atom, useAtomValue, useStore, type createStore } from 'jotai';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Player } from '@/contracts';
import { connectionAtom, membersAtom } from '@/lib/realtime/atoms';
import { outputDeviceUnavailable } from '@/lib/realtime/devices';
import { isOutputDevice } from './decisions';
import { heardState, type Heard } from './heard';
import { localOutputAtom, outputHeardAtAtom, outputSilentAtom, playerAtom, sessionIdAtom } from './state';

type Store = ReturnType<typeof createStore>;

/** Outside React (actions): whether the device that holds the music is not online. */
export function isOutputUnavailable(store: Store, player: Player | null = store.get(playerAtom)): boolean {
  if (loggedOut(player, store.get(sessionIdAtom))) return true;
  return outputDeviceUnavailable({
    connection: store.get(connectionAtom),
    members: store.get(membersAtom),
    thisSessionId: store.get(sessionIdAtom),
    playingSessionId: player?.session_id ?? null,
  });
}

/**
 * Whether the device that holds the music is not online (presence does not list it). An atom of its
 * own, so a reader re-renders when that answer changes, not at every change of the player.
 */
export const outputUnavailableAtom = atom(
  (get) =>
    loggedOut(get(playerAtom), get(sessionIdAtom)) ||
    outputDeviceUnavailable({
      connection: get(connectionAtom),
      members: get(membersAtom),
      thisSessionId: get(sessionIdAtom),
      playingSessionId: get(playerAtom)?.session_id ?? null,
    }),
);

/**
 * The server says the login of the device that holds the output ended (`logged_out`): it is gone, as
 * one presence lost, whatever presence still lists for a moment (a remote's view).
 */
function loggedOut(player: Player | null, thisSessionId: string | null): boolean {
  return player?.output?.state === 'logged_out' && !!player.session_id && player.session_id !== thisSessionId;
}

/** Whether the device that holds the music is not online (presence does not list it). */
export function useOutputUnavailable(): boolean {
  return useAtomValue(outputUnavailableAtom);
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

  const silent = watching && heardAt !== 0 && silentAt === heardAt;
  // For the tiles too (outputUnknownAtom): the watch runs here, in the bar.
  useEffect(() => {
    store.set(outputSilentAtom, silent);
  }, [silent, store]);
  return silent;
}

const noSubscription = () => () => {};

/**
 * False on the server and in the browser's first render, true after: what the first paint shows must
 * be what the server rendered (no hydration mismatch), and neither knows yet what the shop hears.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * What this device may tell of the shop's sound (see heard.ts). Read by every tile, so from atoms only:
 * the session id is the engine's (set once it runs), and until then nothing is known.
 */
export function useHeard(): Heard {
  const hydrated = useHydrated();
  const heard = useAtomValue(heardAtom);
  return hydrated ? heard : 'unknown';
}

/**
 * What this device may tell of the shop's sound once the page runs (useHeard adds the first render).
 * An atom of its own, so a tile re-renders when the answer changes, not at every change of the player.
 */
export const heardAtom = atom<Heard>((get) => {
  const player = get(playerAtom);
  const sessionId = get(sessionIdAtom);
  return heardState({
    hydrated: sessionId !== null,
    player,
    isOutput: isOutputDevice(player, sessionId),
    local: get(localOutputAtom),
  });
});

/** Outside React (actions): what this device may tell of the shop's sound, once the page runs. */
export function heardNow(store: Store): Heard {
  const player = store.get(playerAtom);
  return heardState({
    hydrated: true,
    player,
    isOutput: isOutputDevice(player, store.get(sessionIdAtom)),
    local: store.get(localOutputAtom),
  });
}

/** Whether the audio device says it does not sound although the player plays (a remote's view). */
export function isUnheard(heard: Heard): boolean {
  return heard === 'needs_tap' || heard === 'stalled';
}

/**
 * On a remote (issue 39): the audio device was sounding and has stopped answering (no report for
 * OUTPUT_SILENT_MS, or presence lost it). It may well still sound (it plays on alone while its network
 * is away), so the remote says what it knows rather than 'nem válaszol' or 'nem elérhető', and claims
 * no pause. A device paused at its last report stays paused; an API without reports (no `version`,
 * Laravel) keeps the texts of before.
 */
export function outputUnknown(input: {
  player: Player | null;
  isOutput: boolean;
  unavailable: boolean;
  silent: boolean;
}): boolean {
  const { player, isOutput, unavailable, silent } = input;
  if (isOutput || !player?.is_playing || !player.session_id || typeof player.version !== 'number') return false;
  // Paused at its last report; or its login ended, so it is gone ('nem elérhető', as before).
  if (player.output?.state === 'paused' || player.output?.state === 'logged_out') return false;
  return unavailable || silent;
}

/** Whether this remote cannot tell whether the shop hears music (see outputUnknown). */
export const outputUnknownAtom = atom((get) => {
  const player = get(playerAtom);
  return outputUnknown({
    player,
    isOutput: isOutputDevice(player, get(sessionIdAtom)),
    unavailable: get(outputUnavailableAtom),
    silent: get(outputSilentAtom),
  });
});

/** 'most', 'egy perce', '{n} perce': how long ago the audio device was last heard. */
export function agoText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'most';
  if (minutes === 1) return 'egy perce';
  return `${minutes} perce`;
}
