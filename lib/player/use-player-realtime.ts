'use client';

import { useAtomValue, useStore, type createStore } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { Player, PlayerSound } from '@/contracts';
import type { RealtimeEvents } from '@/lib/realtime/events';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { applyOutputChanged, applyPushedPlayer, resyncPlayer } from './commit';
import { isOutputDevice } from './decisions';
import { leaveEndedLogin } from './end-login';
import { mediaCorsReady } from './engine';
import { reportPlayed } from './play-reports';
import { SpotPlayer } from './spot-player';
import { currentSpot, extendRemoteTimeline, pauseRemoteTimeline, resumeRemoteTimeline } from './spot-queue';
import { dispatchSpots, playerAtom, remoteSpotsAtom, sessionIdAtom, spotQueueAtom } from './state';
import { getPlayerEngine } from './use-player-engine';

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
 * player's state, a gap in the events fetches the player again, an ended login leaves. Also plays
 * the spot queue on its own element. Mount once, with the engine.
 */
export function usePlayerRealtime(): void {
  const store = useStore();
  const playerId = useAtomValue(playerAtom)?.id ?? null;
  const events = useMemo<RealtimeEvents>(
    () => ({
      missed: () => resyncPlayer(store),
      player: (player) => receivePlayer(store, store.get(sessionIdAtom), player),
      output: (event) => void applyOutputChanged(store, event),
      sounds: (items) => receiveSounds(store, store.get(sessionIdAtom), items),
      loginEnded: leaveEndedLogin,
    }),
    [store],
  );
  useRealtime(playerId, events);

  // The spot element, driven by the queue; only the audio device keeps a queue.
  useEffect(() => {
    const engine = getPlayerEngine();
    if (!engine) return;
    const spots = new SpotPlayer(
      engine,
      (action) => dispatchSpots(store, action),
      (report) => {
        const p = store.get(playerAtom);
        if (p) reportPlayed(p.id, report);
      },
    );
    document.body.appendChild(spots.element);
    let wasPlaying = store.get(playerAtom)?.is_playing ?? false;
    const follow = () => {
      const p = store.get(playerAtom);
      const session = store.get(sessionIdAtom);
      // The engine first, so a spot giving the floor back meets the new state, not the old one.
      engine.apply(p, session);
      const playing = p?.is_playing ?? false;
      const turned = playing !== wasPlaying;
      // Set before dispatching: the dispatch runs this again, which must not see the turn twice.
      wasPlaying = playing;
      // The music plan's pause is the shop closing: a spot it interrupts is over (logged as not played to
      // the end), not kept for the next morning.
      const closing = turned && !playing && p?.plan?.applied === true;
      if (!isOutputDevice(p, session) || closing) dispatchSpots(store, { type: 'reset' });
      // Pause (pressed on any device) silences a spot or sound at once; play lets a held spot go on.
      else if (turned) dispatchSpots(store, { type: playing ? 'resume' : 'pause' });
      // The other devices' estimate of it follows (their own press's answer, or the pushed state).
      if (turned && !isOutputDevice(p, session)) {
        const turn = playing ? resumeRemoteTimeline : pauseRemoteTimeline;
        store.set(remoteSpotsAtom, closing ? [] : turn(store.get(remoteSpotsAtom), Date.now()));
      }
      spots.sync(store.get(spotQueueAtom), p?.volume ?? 100, mediaCorsReady(p ?? null));
    };
    const unsubQueue = store.sub(spotQueueAtom, follow);
    const unsubPlayer = store.sub(playerAtom, follow);
    const unsubSession = store.sub(sessionIdAtom, follow);
    follow();
    return () => {
      unsubQueue();
      unsubPlayer();
      unsubSession();
      spots.dispose();
      spots.element.remove();
      dispatchSpots(store, { type: 'reset' });
    };
  }, [store]);
}
