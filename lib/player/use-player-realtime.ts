'use client';

import { useAtomValue, useStore, type createStore } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { Player, PlayerSound } from '@/contracts';
import { noteAlertEvent, refreshAlerts } from '@/lib/api/alerts';
import type { RealtimeEvents } from '@/lib/realtime/events';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { applyOutputChanged, applyPushedPlayer, resyncPlayer } from './commit';
import { isOutputDevice } from './decisions';
import { currentSpot, extendRemoteTimeline, pauseRemoteTimeline, resumeRemoteTimeline } from './spot-queue';
import { dispatchSpots, playerAtom, remoteSpotsAtom, sessionIdAtom, spotQueueAtom } from './state';

type Store = ReturnType<typeof createStore>;

/** Spots and sounds go to the audio device's queue; remote devices only estimate them. */
function receiveSounds(store: Store, sessionId: string | null, items: PlayerSound[]): void {
  if (!items.length) return;
  if (isOutputDevice(store.get(playerAtom), sessionId)) {
    dispatchSpots(
      store,
      items.length === 1 && items[0]!.type === 'sound'
        ? { type: 'sound', sound: items[0]! }
        : { type: 'fill', spots: items },
    );
  } else {
    store.set(remoteSpotsAtom, extendRemoteTimeline(store.get(remoteSpotsAtom), items, Date.now()));
  }
}

/** Another device changed the track while a sound played here: that was a skip (SPEC.md §4). */
function receivePlayer(store: Store, sessionId: string | null, player: Player): void {
  const before = store.get(playerAtom);
  if (!applyPushedPlayer(store, player)) return;
  const trackChanged = (before?.track?.id ?? null) !== (player.track?.id ?? null);
  if (!trackChanged) return;
  if (isOutputDevice(player, sessionId) && currentSpot(store.get(spotQueueAtom))?.type === 'sound') {
    dispatchSpots(store, { type: 'skip' });
  }
  const remote = store.get(remoteSpotsAtom);
  const now = Date.now();
  const head = remote.find((e) => e.startsAt <= now && e.endsAt > now);
  if (head?.type === 'sound') store.set(remoteSpotsAtom, []);
}

/**
 * The player's one subscription to the realtime transport: pushed states and spots go into the
 * player's state, the shop's alerts into the bell's cache, a gap in the events fetches the player again, an ended login leaves. Mount once,
 * after the engine (whose session plays the spot queue on its own element).
 */
export function usePlayerRealtime(): void {
  const store = useStore();
  const playerId = useAtomValue(playerAtom)?.id ?? null;
  const events = useMemo<RealtimeEvents>(
    () => ({
      missed: () => {
        refreshAlerts();
        return resyncPlayer(store);
      },
      player: (player) => receivePlayer(store, store.get(sessionIdAtom), player),
      output: (event) => void applyOutputChanged(store, event),
      sounds: (items) => receiveSounds(store, store.get(sessionIdAtom), items),
      alert: noteAlertEvent,
      // What a login's end does (end-login.ts: the last reports, the media cache) is fetched when it
      // ends, not with every page (issue 42, own JS); if its code cannot come, the page still leaves.
      loginEnded: () => import('./end-login').then(({ leaveEndedLogin }) => leaveEndedLogin()).catch(() => undefined),
    }),
    [store],
  );
  useRealtime(playerId, events);

  // The other devices' estimate of a spot follows a turn of the play state (their own press's answer,
  // or the pushed state). The audio device's spot element is engine-session.ts's, with its engine.
  useEffect(() => {
    let wasPlaying = store.get(playerAtom)?.is_playing ?? false;
    return store.sub(playerAtom, () => {
      const p = store.get(playerAtom);
      const playing = p?.is_playing ?? false;
      const turned = playing !== wasPlaying;
      wasPlaying = playing;
      if (!turned || isOutputDevice(p, store.get(sessionIdAtom))) return;
      // The music plan's pause is the shop closing: the estimate's spots are over too.
      const closing = !playing && p?.plan?.applied === true;
      const turn = playing ? resumeRemoteTimeline : pauseRemoteTimeline;
      store.set(remoteSpotsAtom, closing ? [] : turn(store.get(remoteSpotsAtom), Date.now()));
    });
  }, [store]);
}
