import { z } from 'zod';
import { booleanField, DAY_LABELS, MAX_ID, nameField } from './fields';
import { DAY_KEYS, MIXER_NAME_MAX, type DayKey } from './names';
import { wallTimeField } from './opening-hours';

/**
 * The weekly music plan ('Zenei napirend', issue 26), calls only the bundled API has:
 * `GET/POST /api/music-plan/blocks` (list, create → 201), `POST /api/music-plan/blocks/{id}`
 * (update), `POST /api/music-plan/blocks/delete/{id}` (→ bare `true`), `GET/POST /api/music-plan`
 * (the switch 'Automatikus napirend' and the default source, 'Alapértelmezett zene').
 *
 * A block plays its source on its days from `from` up to, not including, `to` (`H:i` on the shop's
 * wall clock); a `to` earlier than `from` runs past midnight, and that tail belongs to the day the
 * block starts on (as the opening hours' do). Blocks of one day never overlap.
 */

export const MUSIC_SOURCE_TYPES = ['channel', 'playlist'] as const;
export type MusicSourceType = (typeof MUSIC_SOURCE_TYPES)[number];

/** Most blocks one shop's plan may have. */
export const MUSIC_PLAN_BLOCKS_MAX = 100;

export const musicBlockSchema = z.object({
  id: z.number(),
  /** Null: the block is named by its source. */
  name: z.string().nullable(),
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  from: z.string(),
  to: z.string(),
  source_type: z.enum(MUSIC_SOURCE_TYPES),
  source_id: z.number(),
  /** Null when the playlist was deleted (the block then plays the default source). */
  source_name: z.string().nullable(),
  /** 0–100, or null: the block leaves the volume as it is. */
  volume: z.number().nullable(),
  shuffle: z.boolean(),
  /** The zone whose plan holds it (contracts/zones.ts); absent from an API without zones. */
  zone_id: z.number().optional(),
});
export type MusicBlock = z.infer<typeof musicBlockSchema>;
export const musicBlockListSchema = z.array(musicBlockSchema);

export const musicPlanSchema = z.object({
  enabled: z.boolean(),
  default_source_type: z.enum(MUSIC_SOURCE_TYPES).nullable(),
  default_source_id: z.number().nullable(),
  default_source_name: z.string().nullable(),
});
export type MusicPlan = z.infer<typeof musicPlanSchema>;

export const musicPlanMessages = {
  days: 'Legalább egy napot válasszon ki.',
  same: 'Az idősáv kezdete és vége nem lehet azonos.',
  sourceType: 'Válasszon csatornát vagy lejátszási listát.',
  sourceId: 'Válassza ki a lejátszandó zenét.',
  sourceUnknown: 'A kiválasztott zene nem található.',
  volume: 'A hangerő 0 és 100 közötti szám lehet.',
  volumeWhole: 'A hangerő egész szám lehet.',
  /** Neither `default_source_type` nor `default_source_id` sent (blank or null is sent for none). */
  defaultSourceMissing: 'A(z) alapértelmezett zene mező kitöltése kötelező (üresen: nincs alapértelmezett zene).',
  limit: `Legfeljebb ${MUSIC_PLAN_BLOCKS_MAX} zenei blokk lehet.`,
  overlap: (name: string, from: string, to: string) => `Ez az idősáv ütközik egy másikkal: ${name}, ${from}–${to}.`,
  /** 'Vissza a napirendhez' while the plan is switched off. */
  planOff: 'Az automatikus napirend ki van kapcsolva, nincs mihez visszatérni.',
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** SPEC's snapping: below 5 is 0, above 95 is 100, whole numbers. */
export function snapPlanVolume(v: number): number {
  if (v > 95) return 100;
  if (v < 5) return 0;
  return Math.round(v);
}

const sourceTypeField = z.enum(MUSIC_SOURCE_TYPES, { error: musicPlanMessages.sourceType });
const sourceIdField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: musicPlanMessages.sourceId })
    .int({ error: musicPlanMessages.sourceId })
    .min(1, { error: musicPlanMessages.sourceId })
    .max(MAX_ID, { error: musicPlanMessages.sourceId }),
);

/** An absent day is not chosen (when none is sent, every day is: see the body schema). */
const dayField = (k: DayKey) => booleanField(DAY_LABELS[k]).default(false);
const dayFields = Object.fromEntries(DAY_KEYS.map((k) => [k, dayField(k)])) as Record<
  DayKey,
  ReturnType<typeof dayField>
>;

/**
 * The body of POST /api/music-plan/blocks and POST /api/music-plan/blocks/{id}, JSON or form data.
 * No day field at all means every day (the scheduler's default). Field errors: name, days (no day
 * chosen), from, to (equal to from), source_type, source_id (missing, or not a channel or one of
 * this shop's playlists: the server's), volume; an overlap is the server's, under `from`.
 */
export const musicBlockBodySchema = z.preprocess(
  (input) => {
    const body: Record<string, unknown> =
      typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...input } : {};
    if (DAY_KEYS.every((k) => body[k] === undefined)) for (const k of DAY_KEYS) body[k] = true;
    return body;
  },
  z
    .object({
      name: z.preprocess((v) => (blank(v) ? null : v), nameField(MIXER_NAME_MAX).nullable()),
      ...dayFields,
      from: wallTimeField,
      to: wallTimeField,
      source_type: sourceTypeField,
      source_id: sourceIdField,
      volume: z.preprocess(
        (v) => (blank(v) ? null : typeof v === 'string' && /^\s*\d{1,3}(\.\d+)?\s*$/.test(v) ? Number(v) : v),
        z
          .number({ error: musicPlanMessages.volume })
          .int({ error: musicPlanMessages.volumeWhole })
          .min(0, { error: musicPlanMessages.volume })
          .max(100, { error: musicPlanMessages.volume })
          .transform(snapPlanVolume)
          .nullable(),
      ),
      shuffle: booleanField('véletlen sorrend').default(false),
      /** The zone whose plan takes a new block (contracts/zones.ts); absent: `?zone`, else the first zone. */
      zone_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
    })
    .superRefine((v, ctx) => {
      if (DAY_KEYS.every((k) => v[k] === false))
        ctx.addIssue({ code: 'custom', path: ['days'], message: musicPlanMessages.days });
      if (v.from === v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: musicPlanMessages.same });
    }),
);
export type MusicBlockInput = z.infer<typeof musicBlockBodySchema>;

/** Absent stays absent (the body schema judges that); blank (null or empty) is none. */
const sourceOrBlank = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === undefined ? undefined : blank(v) ? null : v), field.nullable().optional());

/**
 * The body of POST /api/music-plan: `enabled` (absent keeps it; only true/false/1/0),
 * `default_source_type` and `default_source_id` (both blank: no default source; one of them given
 * alone is half a source). A body naming neither (`{}`, `null`, another form) is refused under both:
 * read as blank, it would clear the default source. Field errors: enabled, default_source_type,
 * default_source_id (also the server's: not a channel or one of this shop's playlists).
 */
export const musicPlanBodySchema = z
  .object({
    enabled: booleanField('automatikus napirend').optional(),
    default_source_type: sourceOrBlank(sourceTypeField),
    default_source_id: sourceOrBlank(sourceIdField),
  })
  .superRefine((v, ctx) => {
    if (v.default_source_type === undefined && v.default_source_id === undefined) {
      for (const key of ['default_source_type', 'default_source_id'])
        ctx.addIssue({ code: 'custom', path: [key], message: musicPlanMessages.defaultSourceMissing });
      return;
    }
    const type = v.default_source_type ?? null;
    const id = v.default_source_id ?? null;
    if (type !== null && id === null)
      ctx.addIssue({ code: 'custom', path: ['default_source_id'], message: musicPlanMessages.sourceId });
    if (type === null && id !== null)
      ctx.addIssue({ code: 'custom', path: ['default_source_type'], message: musicPlanMessages.sourceType });
  })
  .transform((v) => ({
    enabled: v.enabled,
    default_source_type: v.default_source_type ?? null,
    default_source_id: v.default_source_id ?? null,
  }));
export type MusicPlanInput = z.infer<typeof musicPlanBodySchema>;

/**
 * POST /api/music-plan/copy (zones, the bundled API only): the target zone's blocks are replaced by
 * copies of the source zone's ('Hét másolása ide: …'). Answers the target's blocks.
 */
export const copyMusicPlanBodySchema = z.object({
  from_zone: z.coerce.number().int().positive().max(MAX_ID),
  to_zone: z.coerce.number().int().positive().max(MAX_ID),
});
export type CopyMusicPlanBody = z.infer<typeof copyMusicPlanBodySchema>;
