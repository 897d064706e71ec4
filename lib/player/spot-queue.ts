import type { PlayerSound } from '@/contracts';

/**
 * The spot and sound queue of the audio device (SPEC.md §4), as a pure reducer. The head of the
 * queue is what plays; the music waits while the queue holds anything.
 *
 * Decisions the spec leaves open:
 * - `PlaySound` is queued like a spot of type 'sound' (at the end), so it never cuts into an ad
 *   that may not be skipped; with nothing queued it plays at once.
 * - 'Következő szám' while a sound plays ends the sound, clears the queue and then asks the server
 *   for the next track as the button always does: the button says "next track", and a press that
 *   sometimes skips the song and sometimes does not would surprise the shop.
 * - While a spot plays 'next' does nothing at all (the queue stays, the track stays).
 * - Pause while the head sounds silences it at once (docs/decisions.md, "Pause, spots and
 *   sounds"): a sound is dropped, a spot is held where it stopped (`held`) with whatever waits
 *   behind it, and the next play goes on from there, then the music. A spot or sound that arrives
 *   while held plays, as anything arriving over paused music does, and takes the held one along.
 */
/** A queued item; `key` tells repeats of one spot apart (a list may name a spot twice). */
export type QueuedSound = PlayerSound & { key: number };

export interface SpotQueueState {
  queue: QueuedSound[];
  nextKey: number;
  /** The head was interrupted by pause and waits, where it stopped, for the next play. */
  held: boolean;
}

export type SpotQueueAction =
  | { type: 'fill'; spots: PlayerSound[] }
  | { type: 'sound'; sound: PlayerSound }
  /** The head finished playing. `key` guards against a late event for an item already gone. */
  | { type: 'ended'; key: number }
  /** The head could not be loaded or started: skipped, so the music is never blocked. */
  | { type: 'failed'; key: number }
  /** 'next' was pressed. */
  | { type: 'skip' }
  /** The player went from playing to paused (on any device): silence what sounds. */
  | { type: 'pause' }
  /** The player plays again: a held head goes on. */
  | { type: 'resume' }
  /** This device stopped being the audio device, or the queue is abandoned. */
  | { type: 'reset' };

export const emptySpotQueue: SpotQueueState = { queue: [], nextKey: 1, held: false };

/** The head of the queue, sounding or held. */
export function currentSpot(state: SpotQueueState): QueuedSound | null {
  return state.queue[0] ?? null;
}

/** The head when it sounds now (not held by a pause). */
export function soundingSpot(state: SpotQueueState): QueuedSound | null {
  return state.held ? null : currentSpot(state);
}

/** A `spot` may not be skipped; a sound (or nothing) may. */
export function canSkip(state: SpotQueueState): boolean {
  return currentSpot(state)?.type !== 'spot';
}

export function spotQueueReducer(state: SpotQueueState, action: SpotQueueAction): SpotQueueState {
  switch (action.type) {
    case 'fill':
    case 'sound': {
      const items = action.type === 'fill' ? action.spots : [action.sound];
      if (!items.length) return state;
      const added = items.map((item, i) => ({ ...item, key: state.nextKey + i }));
      // An arrival plays even over paused music, and a held spot goes on first (it is an ad too).
      return { queue: [...state.queue, ...added], nextKey: state.nextKey + items.length, held: false };
    }
    case 'ended':
    case 'failed': {
      const head = state.queue[0];
      if (!head || head.key !== action.key) return state;
      const queue = state.queue.slice(1);
      return { ...state, queue, held: state.held && queue.length > 0 };
    }
    case 'skip':
      if (!canSkip(state) || !state.queue.length) return state;
      return { ...state, queue: [], held: false };
    case 'pause': {
      if (state.held || !state.queue.length) return state;
      // An interrupted sound is dropped; an interrupted spot is kept, as is all that waits behind it.
      const queue = state.queue[0]!.type === 'sound' ? state.queue.slice(1) : state.queue;
      return { ...state, queue, held: queue.length > 0 };
    }
    case 'resume':
      return state.held ? { ...state, held: false } : state;
    case 'reset':
      return state.queue.length || state.held ? { ...state, queue: [], held: false } : state;
  }
}

/** What a press on 'next' does given the queue. */
export type NextDecision = 'blocked' | 'clear-then-next' | 'next';

export function decideNext(state: SpotQueueState): NextDecision {
  if (!canSkip(state)) return 'blocked';
  return state.queue.length ? 'clear-then-next' : 'next';
}

// ---------------------------------------------------------------------------------------------------
// Remote devices: they receive the same events but play nothing; they estimate what is sounding.

/** Used when an event carries no duration (a Laravel backend may not send one). */
export const FALLBACK_DURATION_S: Record<PlayerSound['type'], number> = { spot: 30, sound: 10 };

export interface RemoteSpot {
  type: PlayerSound['type'];
  id: number;
  name?: string;
  /** Epoch ms; both infinite while held by a pause. */
  startsAt: number;
  endsAt: number;
  /** While held by a pause: how long it has left to sound once play is pressed. */
  heldMs?: number;
}

/**
 * Pause pressed: the audio device silences what sounds (docs/decisions.md, "Pause, spots and
 * sounds"), so the estimate stops too: a sounding sound is dropped, the rest keep what they have left.
 */
export function pauseRemoteTimeline(timeline: RemoteSpot[], now: number): RemoteSpot[] {
  const live = pruneRemoteTimeline(timeline, now);
  if (!live.length || live.some((e) => e.heldMs !== undefined)) return timeline;
  return live.flatMap((e) => {
    const sounding = e.startsAt <= now;
    if (sounding && e.type === 'sound') return [];
    const heldMs = e.endsAt - (sounding ? now : e.startsAt);
    return [{ ...e, startsAt: Number.POSITIVE_INFINITY, endsAt: Number.POSITIVE_INFINITY, heldMs }];
  });
}

/** Play pressed (or something new arrived): what a pause held goes on from now, in turn. */
export function resumeRemoteTimeline(timeline: RemoteSpot[], now: number): RemoteSpot[] {
  if (!timeline.some((e) => e.heldMs !== undefined)) return timeline;
  let cursor = now;
  return timeline.map(({ heldMs, ...e }) => {
    if (heldMs === undefined) return e;
    const entry = { ...e, startsAt: cursor, endsAt: cursor + heldMs };
    cursor = entry.endsAt;
    return entry;
  });
}

/**
 * Appends items to the estimated timeline: each starts when the one before ends (or now), and
 * items whose estimated end has passed are dropped.
 */
export function extendRemoteTimeline(timeline: RemoteSpot[], items: PlayerSound[], now: number): RemoteSpot[] {
  // An arrival plays even over paused music, and what a pause held goes first.
  const live = pruneRemoteTimeline(resumeRemoteTimeline(timeline, now), now);
  let cursor = Math.max(now, live.at(-1)?.endsAt ?? now);
  const added = items.map((item) => {
    const seconds = item.duration && item.duration > 0 ? item.duration : FALLBACK_DURATION_S[item.type];
    const entry: RemoteSpot = {
      type: item.type,
      id: item.id,
      name: item.name,
      startsAt: cursor,
      endsAt: cursor + seconds * 1000,
    };
    cursor = entry.endsAt;
    return entry;
  });
  return [...live, ...added];
}

export function pruneRemoteTimeline(timeline: RemoteSpot[], now: number): RemoteSpot[] {
  return timeline.some((e) => e.endsAt <= now) ? timeline.filter((e) => e.endsAt > now) : timeline;
}

export function currentRemoteSpot(timeline: RemoteSpot[], now: number): RemoteSpot | null {
  return timeline.find((e) => e.startsAt <= now && e.endsAt > now) ?? null;
}
