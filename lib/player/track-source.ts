import type { Playable } from '@/contracts';

/**
 * Which channel or playlist the track that sounds came from. The music plan's block start lets a
 * track with a few minutes left finish first: the server's player then names the new block's source
 * at once, while the old source's track still plays to its end. The bar names the source of what
 * the shop hears: the one the track started under, until another track sounds.
 */
export interface TrackSource {
  trackId: number;
  playable: Playable | null;
}

const samePlayable = (a: Playable | null, b: Playable | null) =>
  a === b || (!!a && !!b && a.type === b.type && a.id === b.id);

/**
 * The source of `trackId` after the player changed to `playable`: a new track takes the player's
 * source; the same track keeps the one it started under when the plan changed the source (`planned`,
 * the player's `plan.applied`), else takes the new one (a manager started a list at the very track
 * that plays); the same channel or list renamed: its new name. Answers `prev` itself when nothing
 * changed, so it can be kept in state.
 */
export function nextTrackSource(
  prev: TrackSource | null,
  trackId: number | null,
  playable: Playable | null,
  planned: boolean,
): TrackSource | null {
  if (trackId === null) return null;
  if (!prev || prev.trackId !== trackId) return { trackId, playable };
  if (!samePlayable(prev.playable, playable)) return planned ? prev : { trackId, playable };
  return prev.playable?.name === playable?.name ? prev : { trackId, playable };
}
