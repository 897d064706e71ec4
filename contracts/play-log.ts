import { z } from 'zod';
import { asNumber, booleanField, MAX_ID } from './fields';
import { pageParamSchema, paginatorSchema } from './pagination';
import { isCalendarDate } from './scheduled-contents';

/**
 * Proof of play: what the audio device really played, reported by the device itself, and the
 * scheduler's fire log beside it. An advertiser asks "how many times did my spot play, and when";
 * the fire log alone says only that a spot was sent.
 */

export const PLAYED_TYPES = ['track', 'spot', 'sound'] as const;
export type PlayedType = (typeof PLAYED_TYPES)[number];

/** What the log lists: the device's reports, and `schedule` for the scheduler's fires. */
export const PLAY_LOG_TYPES = [...PLAYED_TYPES, 'schedule'] as const;
export type PlayLogType = (typeof PLAY_LOG_TYPES)[number];

/** A report may arrive late (made offline, sent when the API is back), but not from the future. */
export const PLAYED_FUTURE_SLACK_MS = 5 * 60_000;
/** …and not older than this: a device's offline queue is dropped after that long. */
export const PLAYED_MAX_AGE_DAYS = 30;
/** Longest play one report may claim (a track of a day). */
export const PLAYED_SECONDS_MAX = 86_400;
/** Longest range the log and its export cover at once. */
export const PLAY_LOG_RANGE_MAX_DAYS = 366;
/**
 * The years a log date may name: the API answers nothing outside them, and dates at the edge of
 * the calendar (9999-12-31) would step past what day arithmetic can print.
 */
export const PLAY_LOG_YEAR_MIN = 2000;
export const PLAY_LOG_YEAR_MAX = 2100;
export const PLAY_LOG_PER_PAGE = 50;

export const playLogMessages = {
  type: 'A típus csak track, spot vagy sound lehet.',
  id: 'Az azonosító csak pozitív egész szám lehet.',
  unknown: 'A lejátszott elem nem található.',
  startedAt: 'A kezdés időpontja érvénytelen.',
  ageMs: `A lejátszás kezdete óta eltelt idő 0 és ${PLAYED_MAX_AGE_DAYS} nap közötti egész szám lehet (ezredmásodpercben).`,
  startedAtRange: `A kezdés időpontja nem lehet a jövőben, sem ${PLAYED_MAX_AGE_DAYS} napnál régebbi.`,
  seconds: `A lejátszott idő 0 és ${PLAYED_SECONDS_MAX} másodperc közötti szám lehet.`,
  reportId: 'A jelentés azonosítója 8–64 karakter lehet (betűk, számok, kötőjel, aláhúzás).',
  date: 'A dátum formátuma ÉÉÉÉ-HH-NN.',
  dateYears: `A dátum ${PLAY_LOG_YEAR_MIN} és ${PLAY_LOG_YEAR_MAX} közé kell essen.`,
  dateOrder: 'A záró dátum nem lehet korábbi a kezdő dátumnál.',
  range: `Az időszak legfeljebb ${PLAY_LOG_RANGE_MAX_DAYS} nap lehet.`,
  logType: 'A típus csak track, spot, sound vagy schedule lehet.',
} as const;

/**
 * POST /api/players/{id}/played: one play on the audio device. Idempotent by `report_id` (the
 * device's own id for the report, e.g. a UUID): the same report sent again after a reconnect is
 * stored once and answered the same.
 */
export const playedBodySchema = z.object({
  type: z.enum(PLAYED_TYPES, { error: playLogMessages.type }),
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: playLogMessages.id })
      .int({ error: playLogMessages.id })
      .min(1, { error: playLogMessages.id })
      .max(MAX_ID, { error: playLogMessages.id }),
  ),
  started_at: z
    .string({ error: playLogMessages.startedAt })
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && Number.isFinite(Date.parse(s)), {
      error: playLogMessages.startedAt,
    })
    .transform((s) => new Date(Date.parse(s))),
  seconds: z.preprocess(
    asNumber,
    z
      .number({ error: playLogMessages.seconds })
      .finite({ error: playLogMessages.seconds })
      .min(0, { error: playLogMessages.seconds })
      .max(PLAYED_SECONDS_MAX, { error: playLogMessages.seconds }),
  ),
  ended: booleanField('befejezve').default(false),
  /**
   * How long before sending the play began, by the device's own clock (ms). The API stamps the
   * play from its own clock minus this, so a device whose clock is off logs at the true time;
   * `started_at` (the device's time) is kept beside it. Absent from older devices: `started_at` counts.
   */
  age_ms: z
    .preprocess(
      asNumber,
      z
        .number({ error: playLogMessages.ageMs })
        .int({ error: playLogMessages.ageMs })
        .min(0, { error: playLogMessages.ageMs })
        .max(PLAYED_MAX_AGE_DAYS * 86_400_000, { error: playLogMessages.ageMs }),
    )
    .optional(),
  report_id: z
    .string({ error: playLogMessages.reportId })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: playLogMessages.reportId }),
});
export type PlayedBody = z.input<typeof playedBodySchema>;

/**
 * The answer to POST /api/players/{id}/played: the report as kept (201 when new, 200 when its
 * `report_id` was already kept, then the first report's fields). `started_at` is the API's clock.
 */
export const playedAnswerSchema = z.object({
  report_id: z.string(),
  type: z.enum(PLAYED_TYPES),
  id: z.number(),
  name: z.string(),
  started_at: z.string(),
  seconds: z.number(),
  ended: z.boolean(),
  player_id: z.number().nullable(),
  /** The zone it played in, by its name then (a deleted zone still reads); the bundled API only. */
  zone_name: z.string().nullable().optional(),
});
export type PlayedAnswer = z.infer<typeof playedAnswerSchema>;

/** One line of the log (GET /api/play-log `data[]`). */
export const playLogEntrySchema = z.object({
  /** `r<id>` for a device's report, `f<id>` for a scheduler fire: unique across both. */
  key: z.string(),
  type: z.enum(PLAY_LOG_TYPES),
  /** The track, spot or sound; for `schedule`, the scheduled item (null once it was deleted). */
  item_id: z.number().nullable(),
  /** The name when it played (a later rename or delete does not rewrite the log). */
  name: z.string(),
  /** ISO 8601 with the shop's offset. */
  started_at: z.string(),
  /** Seconds heard; null for `schedule`. */
  seconds: z.number().nullable(),
  /** Played to its end (not skipped or cut); null for `schedule`. */
  ended: z.boolean().nullable(),
  player_id: z.number().nullable(),
  /** The zone's name when it played (null for `schedule`, the shop's); the bundled API only. */
  zone_name: z.string().nullable().optional(),
  /** For `schedule`: the spots it sent. */
  spots: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
});
export type PlayLogEntry = z.infer<typeof playLogEntrySchema>;

/** GET /api/play-log: a Laravel paginator of entries, and the days it covers (defaults filled in). */
export const playLogPageSchema = paginatorSchema(playLogEntrySchema).extend({
  range: z.object({ from: z.string(), to: z.string() }),
});
export type PlayLogPage = z.infer<typeof playLogPageSchema>;

/** Per spot per day: the advertiser's count. `completed` counts the plays heard to the end. */
export const spotDayCountSchema = z.object({
  spot_id: z.number(),
  name: z.string(),
  /** `YYYY-MM-DD` in the shop's time zone. */
  day: z.string(),
  plays: z.number(),
  completed: z.number(),
});
export type SpotDayCount = z.infer<typeof spotDayCountSchema>;

const dayField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: playLogMessages.date })
    .trim()
    .refine(isCalendarDate, { error: playLogMessages.date, abort: true })
    .refine((s) => Number(s.slice(0, 4)) >= PLAY_LOG_YEAR_MIN && Number(s.slice(0, 4)) <= PLAY_LOG_YEAR_MAX, {
      error: playLogMessages.dateYears,
    })
    .optional(),
);

/**
 * `from`/`to` (`YYYY-MM-DD`, inclusive, the shop's days; default the last 7 days up to today),
 * `type` (optional), `page` (from 1). The range's rules are checked by the route, which knows today.
 */
export const playLogQuerySchema = z.object({
  from: dayField,
  to: dayField,
  type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(PLAY_LOG_TYPES, { error: playLogMessages.logType }).optional(),
  ),
  /** Only this zone's plays (contracts/zones.ts; the bundled API only); absent: every zone. */
  zone: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export type PlayLogQuery = z.infer<typeof playLogQuerySchema>;

/** GET /api/play-log: the range and type, and the page (`page`, 1 when absent). */
export const playLogPageQuerySchema = playLogQuerySchema.extend({
  page: z.preprocess((v) => v ?? '1', pageParamSchema.shape.page),
});

/** GET /api/play-log/spots: plays per spot and day. */
export const spotDayCountListSchema = z.array(spotDayCountSchema);
