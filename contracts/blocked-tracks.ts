import { z } from 'zod';
import { trackSchema } from './tracks';

/**
 * Tracks the shop never wants again ('Szám letiltása', issue 26), calls only the bundled API has.
 * A blocked track never plays for this shop from any channel or playlist: it is left out of the
 * order and of `next_tracks`, and a player playing it moves on at once.
 */

/** GET /api/blocked-tracks: a bare array, the latest blocked first. */
export const blockedTrackSchema = trackSchema.extend({
  /** When it was blocked (Eloquent's JSON date). */
  blocked_at: z.string(),
});
export type BlockedTrack = z.infer<typeof blockedTrackSchema>;
export const blockedTrackListSchema = z.array(blockedTrackSchema);

/** POST /api/blocked-tracks/{trackId}: blocks the track, or unblocks it when it was blocked. */
export const blockedTrackToggleSchema = z.object({ track_id: z.number(), blocked: z.boolean() });
export type BlockedTrackToggle = z.infer<typeof blockedTrackToggleSchema>;
