/**
 * Player order (ARCHITECTURE.md "Player order"), as pure functions over the playable's track ids.
 * In order: the next id in the list. Shuffled (`is_random`): a random id not yet played in this
 * cycle, so each track plays once per cycle and every cycle is a fresh shuffle. At the end of a
 * cycle the list starts over; the caller stops the player when `is_repeat` is off.
 */

export interface OrderState {
  trackId: number | null;
  isRandom: boolean;
  /** Ids already played in the current shuffle cycle (empty when in order). */
  cyclePlayed: number[];
}

export interface Step {
  trackId: number | null;
  cyclePlayed: number[];
  /** True when this step went past the end of the list (a new cycle began). */
  wrapped: boolean;
}

export type Random = () => number;

const pick = <T>(items: readonly T[], random: Random): T =>
  items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;

/**
 * The first track of a new cycle; a shuffled cycle avoids repeating `avoid` straight away. A
 * shuffled pick takes `preferred` when it is a candidate (the track announced in `next_tracks`).
 */
export function startCycle(
  list: readonly number[],
  isRandom: boolean,
  random: Random,
  avoid?: number | null,
  preferred?: number | null,
): Step {
  if (!list.length) return { trackId: null, cyclePlayed: [], wrapped: false };
  if (!isRandom) return { trackId: list[0]!, cyclePlayed: [], wrapped: false };
  const candidates = list.length > 1 ? list.filter((id) => id !== avoid) : list;
  const first = preferred != null && candidates.includes(preferred) ? preferred : pick(candidates, random);
  return { trackId: first, cyclePlayed: [first], wrapped: false };
}

/**
 * The track after the current one. Shuffled, `preferred` (the first of the player's announced
 * `next_tracks`) is taken when the rules allow it, so a device that went on by itself while the
 * API was away and the server agree on what came next.
 */
export function nextStep(state: OrderState, list: readonly number[], random: Random, preferred?: number | null): Step {
  if (!list.length) return { trackId: null, cyclePlayed: [], wrapped: true };
  const current = state.trackId;
  if (state.isRandom) {
    const inList = new Set(list);
    const played = new Set(state.cyclePlayed.filter((id) => inList.has(id)));
    if (current !== null && inList.has(current)) played.add(current);
    const remaining = list.filter((id) => !played.has(id));
    if (remaining.length) {
      const id = preferred != null && remaining.includes(preferred) ? preferred : pick(remaining, random);
      return { trackId: id, cyclePlayed: [...played, id], wrapped: false };
    }
    return { ...startCycle(list, true, random, current, preferred), wrapped: true };
  }
  const index = current === null ? -1 : list.indexOf(current);
  if (index === -1) return { trackId: list[0]!, cyclePlayed: [], wrapped: false };
  if (index < list.length - 1) return { trackId: list[index + 1]!, cyclePlayed: [], wrapped: false };
  return { ...startCycle(list, false, random), wrapped: true };
}

/** What a player does when the list it plays was edited (tracks removed, reordered, emptied). */
export interface ListChange {
  trackId: number | null;
  cyclePlayed: number[];
  /** The current track was removed and the player moved on (position back to 0). */
  moved: boolean;
  /** The player must stop: the list is empty, or moving on ran past the end without repeat. */
  stop: boolean;
}

/**
 * The player's state after its list changed from `before` to `after`. A current track still in
 * the list keeps playing (a new order takes effect from the next track); a removed current track
 * gives way to the one that would have come next in `before` (ignoring other removed ones), as a
 * `next` would; an empty list stops the player with no track.
 */
export function afterListChange(
  state: OrderState & { isRepeat: boolean },
  before: readonly number[],
  after: readonly number[],
  random: Random,
): ListChange {
  const inAfter = new Set(after);
  const played = state.cyclePlayed.filter((id) => inAfter.has(id));
  if (!after.length) return { trackId: null, cyclePlayed: [], moved: state.trackId !== null, stop: true };
  if (state.trackId === null || inAfter.has(state.trackId)) {
    return { trackId: state.trackId, cyclePlayed: played, moved: false, stop: false };
  }
  const current = state.trackId;
  // The new list with the removed current track still at its old place, so `next` finds its successor.
  const wasThere = before.includes(current);
  const list = wasThere ? before.filter((id) => id === current || inAfter.has(id)) : [...after];
  const missing = after.filter((id) => !list.includes(id));
  const step = nextStep(
    { trackId: wasThere ? current : null, isRandom: state.isRandom, cyclePlayed: played },
    [...list, ...missing],
    random,
  );
  const trackId = step.trackId === current ? (after[0] ?? null) : step.trackId;
  return {
    trackId,
    cyclePlayed: step.cyclePlayed.filter((id) => inAfter.has(id)),
    moved: true,
    stop: trackId === null || (step.wrapped && !state.isRepeat),
  };
}

/** How many tracks a player announces ahead (`next_tracks`): what a device caches to play on alone. */
export const UPCOMING_COUNT = 2;

/**
 * The next tracks in the player's order, as `next` will choose them. In order they follow from the
 * list; shuffled, the picks of `previous` that the rules still allow are kept (so the announcement
 * holds from one change to the next) and the rest are drawn now. Stops at the end of the list when
 * the player does not repeat, and with no current track (the first one is chosen on play).
 */
export function planUpcoming(
  state: OrderState & { isRepeat: boolean },
  list: readonly number[],
  previous: readonly number[],
  random: Random,
): number[] {
  const out: number[] = [];
  if (state.trackId === null || !list.length) return out;
  let at: OrderState = { trackId: state.trackId, isRandom: state.isRandom, cyclePlayed: state.cyclePlayed };
  for (let i = 0; i < UPCOMING_COUNT; i++) {
    const step = nextStep(at, list, random, previous[i]);
    if (step.trackId === null || (step.wrapped && !state.isRepeat)) break;
    out.push(step.trackId);
    at = { trackId: step.trackId, isRandom: state.isRandom, cyclePlayed: step.cyclePlayed };
  }
  return out;
}
