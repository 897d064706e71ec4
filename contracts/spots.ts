import { z } from 'zod';
import { loudnessFields } from './loudness';
import { idList, nameField, withFormLists } from './fields';
import { MIXER_NAME_MAX } from './names';

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
  ...loudnessFields,
  created_at: z.string(),
});
export type Spot = z.infer<typeof spotSchema>;

/** GET /api/spots: the customer's spots, newest first. */
export const spotListSchema = z.array(spotSchema);

/**
 * POST /api/spots (multipart: `name`, `file`) → 201 Spot; POST /api/spots/{id} (`name`, optional
 * `file`, `id`: the path's id wins) → Spot, the old file kept without a new one. The file's rules
 * and messages are in uploads.ts (`errors.file`).
 */
export const spotBodySchema = z.object({ name: nameField(MIXER_NAME_MAX) });
export type SpotBody = z.infer<typeof spotBodySchema>;

/** Most spots one PlaySpots may carry (a scheduled item holds a handful). */
export const PLAY_SPOTS_MAX = 50;

/** POST /api/players/{id}/spots/play: the customer's spot ids, in play order (repeats allowed). */
/**
 * Most spots a shop may keep: every one is a stored file, measured for loudness and listed on the
 * page, so their number has a bound like their length.
 */
export const SPOTS_MAX = 500;

export const spotMessages = {
  /** 422 under `name` (the form's first field) on an upload past SPOTS_MAX: nothing is saved. */
  limit: `Legfeljebb ${SPOTS_MAX} szpot lehet.`,
  spotsRequired: 'Legalább egy szpot megadása kötelező.',
  spotsInvalid: 'A szpotok azonosítói csak pozitív egész számok lehetnek.',
  spotsTooMany: `Egyszerre legfeljebb ${PLAY_SPOTS_MAX} szpot küldhető.`,
  spotsUnknown: 'A kiválasztott szpotok között van, amely nem található.',
  /** 409: no player of the shop has its audio device online, so nothing was sent. */
  noAudioDevice: 'Nincs zenét szóló eszköz.',
} as const;

/** JSON array or form array (`spots[]=1&spots[]=2`, `spots[0]=…`, repeated `spots=`). */
export const playSpotsBodySchema = withFormLists(
  ['spots'],
  z.object({
    spots: idList(
      { required: spotMessages.spotsRequired, invalid: spotMessages.spotsInvalid, tooMany: spotMessages.spotsTooMany },
      { max: PLAY_SPOTS_MAX, allowEmpty: false },
    ),
  }),
);
export type PlaySpotsBody = z.infer<typeof playSpotsBodySchema>;
