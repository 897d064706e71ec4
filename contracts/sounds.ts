import { z } from 'zod';

/**
 * Sounds, the soundboard (SPEC.md §3 Sound, §7 Sounds). Provider sounds are shared by every
 * customer and carry no `customer_id` (the key is left out, as SPEC.md says "absent"); a
 * customer's own sounds carry its id. `is_favorite` and `is_quick` are the asking customer's
 * marks. `duration` is the true length in seconds (fractions kept).
 */
export const soundSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Present only on the customer's own sounds. */
  customer_id: z.number().optional(),
  /** Signed, expiring media URL of the MP3. */
  url: z.string(),
  duration: z.number(),
  is_favorite: z.boolean(),
  is_quick: z.boolean(),
  created_at: z.string(),
});
export type Sound = z.infer<typeof soundSchema>;

/** GET /api/sounds: provider sounds in catalogue order, then the customer's own, oldest first. */
export const soundListSchema = z.array(soundSchema);
