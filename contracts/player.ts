import { z } from 'zod';
import { asNumber, optionalId, routeIdSchema } from './fields';
import { OUTPUT_STATES, PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST, PLAYER_OUTPUT_STATES } from './names';
import { trackSchema } from './tracks';

/** Morph class names of the things a player can play (Laravel FQCNs), kept in the zod-free names.ts. */
export { OUTPUT_STATES, PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST, PLAYER_OUTPUT_STATES };
export type { OutputState, PlayerOutputState } from './names';
export const playableTypeSchema = z.enum([PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST]);
export type PlayableType = z.infer<typeof playableTypeSchema>;

/**
 * What the audio device last reported it does (`state`) and since when (ISO 8601, the server's
 * clock). Null until the device that holds the output reports; cleared when the output moves.
 * `logged_out` is the server's: the login of that device ended (it reports no more).
 */
export const playerOutputSchema = z.object({
  state: z.enum(PLAYER_OUTPUT_STATES),
  since: z.string(),
});
export type PlayerOutput = z.infer<typeof playerOutputSchema>;

export const playerPlanSchema = z.object({ hold_until: z.string().nullable(), applied: z.boolean() });
export type PlayerPlan = z.infer<typeof playerPlanSchema>;

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
  /**
   * Raised by every change of the player: a client keeps the state with the highest version it has
   * seen. Optional: an API without it (Laravel today) leaves the client as it was.
   */
  version: z.number().optional(),
  /** The next tracks in the player's order with their media URLs, for a device to cache and play on alone. Optional like `version`. */
  next_tracks: z.array(trackSchema).optional(),
  /**
   * What the audio device really does (the bundled API only; optional like `version`). Reporting it
   * does not raise `version`: it is the device's account of the sound, not a change of the player.
   */
  output: playerOutputSchema.nullable().optional(),
  /**
   * The shop's music plan (the bundled API only; optional like `version`): `hold_until`, a manager's
   * press holds the plan off until then (ISO 8601; null: the plan is in charge); `applied`, this
   * state is the plan's own doing (its volume ramps on the audio device).
   */
  plan: playerPlanSchema.nullable().optional(),
  /** The zone this player plays for and its name (the bundled API only; see contracts/zones.ts). */
  zone_id: z.number().optional(),
  zone_name: z.string().optional(),
});
export type Player = z.infer<typeof playerSchema>;

/** GET /api/players: a bare array (every customer has at least one). */
export const playerListSchema = z.array(playerSchema);

export const playerMessages = {
  volume: 'A hangerő 0 és 100 közötti szám lehet.',
  volumeWhole: 'A hangerő egész szám lehet.',
  time: 'A lejátszási pozíció nem negatív szám lehet.',
  track: 'A kiválasztott dal nem található.',
  expectedSession: 'Az eszköz azonosítója érvénytelen.',
  outputTaken: 'Közben egy másik eszköz vette át a lejátszást.',
  trackNotInPlayable: 'A kiválasztott dal nem található ebben a listában.',
  outputState: 'A lejátszás állapota érvénytelen.',
  notOutput: 'Ezen az eszközön nem szól a zene.',
  /** The same Idempotency-Key came with another command or body (422). */
  keyReused: 'Ez az azonosító már egy másik kéréshez tartozik.',
} as const;
/** Longest position a client may report or seek to (seconds). */
export const MAX_CURRENT_TIME = 24 * 3600;

const volumeField = z.preprocess(
  asNumber,
  z
    .number({ error: playerMessages.volume })
    .int({ error: playerMessages.volumeWhole })
    .min(0, { error: playerMessages.volume })
    .max(100, { error: playerMessages.volume })
    .optional(),
);
const timeField = z.preprocess(
  asNumber,
  z
    .number({ error: playerMessages.time })
    .min(0, { error: playerMessages.time })
    .max(MAX_CURRENT_TIME, { error: playerMessages.time })
    .optional(),
);

/**
 * POST /api/players/{id}/update-volume (also the seek: a new `currentTime`): at least one of them
 * (neither → 422 on `volume`). `version` (the bundled API only): the player's version the caller's
 * `volume` was read from, sent with a position report or a seek, whose volume restates what the
 * device had rather than changes it: when the player has changed since (the music plan's block, a
 * slider on another device), that volume is out of date and left out (the position still counts).
 * A slider press sends none: its volume is the change.
 */
export const updateVolumeBodySchema = z
  .object({
    volume: volumeField,
    currentTime: timeField,
    version: z.preprocess(asNumber, z.number({ error: playerMessages.volume }).int().min(0).optional()),
  })
  .refine((b) => b.volume !== undefined || b.currentTime !== undefined, {
    path: ['volume'],
    error: playerMessages.volume,
  });
export type UpdateVolumeBody = z.infer<typeof updateVolumeBodySchema>;

/** `POST /api/players/{id}/sessions/{sessionId}`: a device login's public id (`/api/me` session_id). */
export const moveOutputParamsSchema = z.object({
  id: routeIdSchema,
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

/**
 * POST /api/players/{id}/sessions/{sessionId}: moving output needs where the new device starts.
 * `expected_session_id`, when sent (a device taking over from one that stopped answering): the
 * session the caller saw holding the output (null: nobody); if the output moved meanwhile the
 * answer is 409 and nothing changes, so of several devices offered the output the first one wins.
 */
export const moveOutputBodySchema = z.object({
  currentTime: timeField.refine((v) => v !== undefined, { error: playerMessages.time }).transform((v) => v!),
  expected_session_id: z
    .string({ error: playerMessages.expectedSession })
    .max(255, { error: playerMessages.expectedSession })
    .nullable()
    .optional(),
});
export type MoveOutputBody = z.infer<typeof moveOutputBodySchema>;

/**
 * POST /api/players/{id}/playable/channel/{channelId} (and …/playlist/{playlistId}): optional start
 * track (query or body; the query wins).
 */
export const setPlayableBodySchema = z.object({ track: optionalId(playerMessages.track) });
export type SetPlayableBody = z.infer<typeof setPlayableBodySchema>;

/** `GET /api/players/{id}/next?auto=1`: the audio device asks at a track's end (no manager's press). */
export const nextQuerySchema = z.object({ auto: z.unknown().optional() });

/** `POST /api/players/{id}/output`: what the audio device does now. */
export const reportOutputBodySchema = z.object({
  state: z.enum(OUTPUT_STATES, { error: playerMessages.outputState }),
});
export type ReportOutputBody = z.infer<typeof reportOutputBodySchema>;
