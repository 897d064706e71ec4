import { z } from 'zod';
import { loudnessFields } from './loudness';
import { nameField, requiredText } from './fields';
import { MIXER_NAME_MAX } from './names';

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
  ...loudnessFields,
  is_favorite: z.boolean(),
  is_quick: z.boolean(),
  created_at: z.string(),
});
export type Sound = z.infer<typeof soundSchema>;

/** GET /api/sounds: provider sounds in catalogue order, then the customer's own, oldest first. */
export const soundListSchema = z.array(soundSchema);

/**
 * POST /api/sounds (multipart: `name`, `file`) → 201 Sound (the shop's own). POST
 * /api/sounds/{id}/favorite and /quick toggle the shop's mark → the Sound with its new marks.
 * POST /api/sounds/{id}/delete → `true`; a provider sound answers 403 and stays.
 */
export const soundBodySchema = z.object({ name: nameField(MIXER_NAME_MAX) });
export type SoundBody = z.infer<typeof soundBodySchema>;

/** 'Új hang kérése': what sound the shop wants, stored for the provider. */
export const SOUND_REQUEST_MAX = 1000;
export const soundRequestMessages = {
  required: 'A leírás megadása kötelező.',
  text: 'A leírás csak szöveg lehet.',
  tooLong: `A leírás legfeljebb ${SOUND_REQUEST_MAX} karakter lehet.`,
  control: 'A leírás nem tartalmazhat vezérlőkaraktert.',
} as const;
/** POST /api/sounds/requests `{description}` → 201 SoundRequest. */
export const soundRequestBodySchema = z.object({
  description: requiredText(SOUND_REQUEST_MAX, soundRequestMessages),
});
export const soundRequestSchema = z.object({ id: z.number(), description: z.string(), created_at: z.string() });
export type SoundRequest = z.infer<typeof soundRequestSchema>;

/** Most sounds of its own a shop may keep (the provider's are not counted). */
export const SOUNDS_MAX = 500;

export const soundMessages = {
  /** 422 under `name` (the form's first field) on an upload past SOUNDS_MAX: nothing is saved. */
  limit: `Legfeljebb ${SOUNDS_MAX} hang lehet.`,
  providerSound: 'A szolgáltató hangjai nem törölhetők.',
} as const;
