import { z } from 'zod';
import { PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST } from './names';
import { trackSchema } from './tracks';

/** Morph class names of the things a player can play (Laravel FQCNs), kept in the zod-free names.ts. */
export { PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST };
export const playableTypeSchema = z.enum([PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST]);
export type PlayableType = z.infer<typeof playableTypeSchema>;

export const playableSchema = z.object({
  type: playableTypeSchema,
  id: z.number(),
  name: z.string(),
});
export type Playable = z.infer<typeof playableSchema>;

/**
 * The shop's player (SPEC.md §3). Every player call answers the whole player, bare.
 * `session_id` is the device session (see /api/me) that outputs audio; null = no owner.
 */
export const playerSchema = z.object({
  id: z.number(),
  is_repeat: z.boolean(),
  is_random: z.boolean(),
  is_playing: z.boolean(),
  /** Position in the current track, seconds (may have fractions). */
  current_time: z.number(),
  /** 0–100 */
  volume: z.number(),
  session_id: z.string().nullable(),
  track: trackSchema.nullable(),
  playable: playableSchema.nullable(),
  playable_type: playableTypeSchema.nullable(),
  playable_id: z.number().nullable(),
});
export type Player = z.infer<typeof playerSchema>;

/** GET /api/players: a bare array (every customer has at least one). */
export const playerListSchema = z.array(playerSchema);

/** POST /api/players/{id}/update-volume (also the seek: a new `currentTime`). */
export const updateVolumeBodySchema = z.object({
  currentTime: z.number().min(0),
  volume: z.number().min(0).max(100),
});
export type UpdateVolumeBody = z.infer<typeof updateVolumeBodySchema>;

/** POST /api/players/{id}/playable/channel/{channelId}: optional start track (query or body). */
export const setPlayableBodySchema = z.object({
  track: z.number().int().positive().optional(),
});
export type SetPlayableBody = z.infer<typeof setPlayableBodySchema>;
