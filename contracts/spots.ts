import { z } from 'zod';

/**
 * A customer's ad spot (SPEC.md §3 Spot, §7 Spots). `duration` is the true length in seconds
 * (fractions kept); `file_name` is the uploaded file's name.
 */
export const spotSchema = z.object({
  id: z.number(),
  name: z.string(),
  file_name: z.string(),
  /** Signed, expiring media URL of the MP3. */
  url: z.string(),
  duration: z.number(),
  created_at: z.string(),
});
export type Spot = z.infer<typeof spotSchema>;

/** GET /api/spots: the customer's spots, newest first. */
export const spotListSchema = z.array(spotSchema);

/** Most spots one PlaySpots may carry (a scheduled item holds a handful). */
export const PLAY_SPOTS_MAX = 50;

/** POST /api/players/{id}/spots/play: the customer's spot ids, in play order (repeats allowed). */
export const playSpotsBodySchema = z.object({
  spots: z.array(z.number().int().positive()).min(1).max(PLAY_SPOTS_MAX),
});
export type PlaySpotsBody = z.infer<typeof playSpotsBodySchema>;
