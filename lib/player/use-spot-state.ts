'use client';

import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useReducer, useState } from 'react';
import type { PlayerSound } from '@/contracts';
import { isOutputDevice } from './decisions';
import { currentRemoteSpot, currentSpot, decideNext, pruneRemoteTimeline, soundingSpot } from './spot-queue';
import { dispatchSpots, playerAtom, remoteSpotsAtom, sessionIdAtom, spotQueueAtom } from './state';
import { usePlayerActions } from './use-player-actions';

export interface SpotState {
  /** What cuts in over the music now: here on the audio device, estimated on the others. */
  current: { type: PlayerSound['type']; id: number; name?: string } | null;
  /** 'next' is refused while an ad plays (SPEC.md §4). */
  nextBlocked: boolean;
  /** 'Következő szám' with the queue rules applied. */
  next(): Promise<void>;
}

/**
 * The time the remote estimate is judged at: taken afresh whenever the timeline changes, and
 * again at each estimated start or end, so the notice appears and clears on its own.
 */
function useRemoteClock(): number {
  const timeline = useAtomValue(remoteSpotsAtom);
  // The clock is read in the reducer, so a render stays pure; a new timeline reads it afresh.
  const [now, readClock] = useReducer(Date.now, 0, Date.now);
  const [seenTimeline, setSeenTimeline] = useState(timeline);
  if (seenTimeline !== timeline) {
    setSeenTimeline(timeline);
    readClock();
  }
  useEffect(() => {
    const upcoming = timeline
      .flatMap((e) => [e.startsAt, e.endsAt])
      // Held by a pause (infinite): nothing to wait for, and an infinite timeout would fire at once.
      .filter((t) => t > now && Number.isFinite(t))
      .sort((x, y) => x - y)[0];
    if (upcoming === undefined) return;
    const timer = setTimeout(readClock, Math.max(0, upcoming - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [timeline, now]);
  return now;
}

export function useSpotState(): SpotState {
  const store = useStore();
  const actions = usePlayerActions();
  const player = useAtomValue(playerAtom);
  const sessionId = useAtomValue(sessionIdAtom);
  const queue = useAtomValue(spotQueueAtom);
  const timeline = useAtomValue(remoteSpotsAtom);
  const now = useRemoteClock();
  const output = isOutputDevice(player, sessionId);

  // A spot held by a pause is silent, so the bar does not say it plays; 'next' still may not drop it.
  const local = soundingSpot(queue);
  const remote = output ? null : currentRemoteSpot(timeline, now);
  const current = local ?? remote;
  const heldSpot = output
    ? currentSpot(queue)?.type === 'spot'
    : timeline.some((e) => e.heldMs !== undefined && e.type === 'spot');

  const next = useCallback(async () => {
    const p = store.get(playerAtom);
    if (isOutputDevice(p, store.get(sessionIdAtom))) {
      const decision = decideNext(store.get(spotQueueAtom));
      if (decision === 'blocked') return;
      if (decision === 'clear-then-next') dispatchSpots(store, { type: 'skip' });
    } else {
      const estimated = currentRemoteSpot(store.get(remoteSpotsAtom), Date.now());
      if (estimated?.type === 'spot') return;
      if (store.get(remoteSpotsAtom).some((e) => e.heldMs !== undefined && e.type === 'spot')) return;
      // The audio device ends its sound when the track changes under it.
      if (estimated) store.set(remoteSpotsAtom, []);
      else store.set(remoteSpotsAtom, pruneRemoteTimeline(store.get(remoteSpotsAtom), Date.now()));
    }
    await actions.next();
  }, [actions, store]);

  return {
    current: current ? { type: current.type, id: current.id, name: current.name } : null,
    nextBlocked: current?.type === 'spot' || heldSpot,
    next,
  };
}
