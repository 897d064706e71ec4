import { z } from 'zod';
import { booleanField, DAY_LABELS, idList, nameField, withFormLists } from './fields';
import {
  DAY_KEYS,
  DEFAULT_SCHEDULE_RULE,
  MIXER_NAME_MAX,
  SCHEDULER_FREQUENCIES,
  type DayKey,
  type SchedulerFrequency,
} from './names';

export { DAY_KEYS, DEFAULT_SCHEDULE_RULE, SCHEDULER_FREQUENCIES, type DayKey, type SchedulerFrequency };

/**
 * Scheduled content ('Ütemezés', SPEC.md §3 Scheduled content, §7, §9; CONTRACTS.md §3 for the
 * frequency, day and window semantics). The answer of every call below is one item or a bare array
 * of items; the page filters and sorts in the browser.
 */
const linked = z.object({ id: z.number(), name: z.string() });

export const scheduledContentSchema = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  frequency: z.enum(SCHEDULER_FREQUENCIES),
  /** `YYYY-MM-DD` (inclusive), or null: no bound. */
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  /** `H:i` (`08:00`), both ends or neither: fires from `from` up to, not including, `to`. */
  between_from: z.string().nullable(),
  between_to: z.string().nullable(),
  /** `H:i`, both ends or neither: skipped over the same half-open range. */
  unless_between_from: z.string().nullable(),
  unless_between_to: z.string().nullable(),
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  spots: z.array(linked),
  slideshows: z.array(linked),
  screens: z.array(linked),
  /**
   * 'Csak nyitvatartási időben' (issue 26, the bundled API only): outside the shop's opening hours
   * the item does not fire. Absent from a Laravel API's answer (read as off).
   */
  only_open: z.boolean().optional(),
  /**
   * 'Zónák' (the bundled API only): `all_zones` plays on every zone, those added later included;
   * otherwise on `zones` only. `no_zone_left`: every zone it named was deleted, so it was switched
   * off ('Ez az ütemezés egyik zónában sem szól.').
   */
  all_zones: z.boolean().optional(),
  zones: z.array(linked).optional(),
  no_zone_left: z.boolean().optional(),
  /**
   * Beyond SPEC.md (which shows '-'): the next firing moment, ISO 8601 with the shop's offset
   * (`2026-11-24T09:15:00+01:00`), looked up to 366 days ahead; null when inactive or never again.
   */
  next_play_at: z.string().nullable(),
  created_at: z.string(),
});
export type ScheduledContent = z.infer<typeof scheduledContentSchema>;
/** GET /api/scheduled-contents: a bare array, newest first. */
export const scheduledContentListSchema = z.array(scheduledContentSchema);

/**
 * The body of POST /api/scheduled-contents (→ 201) and POST /api/scheduled-contents/{id} (→ 200),
 * JSON or form data (`spots[]=1`, booleans as `1`/`0`/`true`/`on`): every field of
 * `scheduledContentSchema` but id, next_play_at, created_at and the linked names; the lists are
 * ids: `spots`, `slideshows`, `screens`. Field errors (422 `errors.<field>`): name, frequency,
 * date_from, date_to, between_from, between_to, unless_between_from, unless_between_to, days (no
 * day chosen), spots (no spot and no slideshow, or an id not this shop's), slideshows, screens
 * (screens without a slideshow, or an id not this shop's). The rules and their messages are
 * `scheduledContentBodySchema` below; whether the ids are this shop's only the server can judge.
 */
export type ScheduledContentBody = {
  name: string;
  active?: boolean;
  /** Absent: on for a new item, kept for an updated one (a Laravel API ignores it). */
  only_open?: boolean;
  frequency: SchedulerFrequency;
  date_from: string | null;
  date_to: string | null;
  between_from: string | null;
  between_to: string | null;
  unless_between_from: string | null;
  unless_between_to: string | null;
  spots: number[];
  slideshows: number[];
  screens: number[];
} & Record<DayKey, boolean>;

/** GET /api/scheduled-contents/preview?hours=24 (1..168): what fires, in time order. */
export const PREVIEW_HOURS_MAX = 168;
export const schedulePreviewEntrySchema = z.object({
  /** ISO 8601 with the shop's offset. */
  at: z.string(),
  scheduled_content_id: z.number(),
  name: z.string(),
  spots: z.array(z.object({ id: z.number(), name: z.string(), duration: z.number() })),
  slideshows: z.array(linked),
  /** 'same_minute': another item fires in the same minute; 'overrun': its spots outlast the gap to the next fire. */
  clash: z.enum(['same_minute', 'overrun']).nullable(),
  /**
   * True: an `only_open` item's fire in a minute the shop is closed, so it does not play (and
   * clashes with nothing). Absent otherwise, and from a Laravel API.
   */
  skipped: z.boolean().optional(),
});
export type SchedulePreviewEntry = z.infer<typeof schedulePreviewEntrySchema>;

export const MUSIC_EVENT_KINDS = ['open', 'close', 'block', 'volume'] as const;
export type MusicEventKind = (typeof MUSIC_EVENT_KINDS)[number];

/**
 * One change of the shop's music in the preview's window (issue 26): 'open' (the music starts:
 * `source` and `volume` say what, when the music plan is on), 'close' (it pauses), 'block' (while
 * open, another block, or the default source where no block covers, takes over: `block_id` absent
 * for the default), 'volume' (while open, the next block plays the same source and only its volume
 * changes). `source` is absent when nothing playable is set; `volume` when the block leaves it.
 */
export const musicEventSchema = z.object({
  at: z.string(),
  kind: z.enum(MUSIC_EVENT_KINDS),
  block_id: z.number().optional(),
  source: z.object({ type: z.enum(['channel', 'playlist']), id: z.number(), name: z.string() }).optional(),
  volume: z.number().optional(),
});
export type MusicEvent = z.infer<typeof musicEventSchema>;

/**
 * GET /api/scheduled-contents/preview?hours=24 of the bundled API: the window [from, until), its
 * fires (`schedulePreviewEntrySchema`, in time order) and its music events (in time order). A
 * Laravel API answers the fires alone, as a bare array: `previewOf` reads both.
 */
export const schedulePreviewSchema = z.object({
  from: z.string(),
  until: z.string(),
  fires: z.array(schedulePreviewEntrySchema),
  music: z.array(musicEventSchema),
});
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;
export const schedulePreviewEntriesSchema = z.array(schedulePreviewEntrySchema);

export { previewOf } from './schedule-preview';

/*
 * The body's rules and messages, shared by the server (which validates with them) and the web
 * (which shows the messages). Only one check is the server's alone: that every id is this shop's
 * (`unknown`, under the list's field).
 */

/** Most spots, slideshows or screens one item may link (each list). */
export const SCHEDULE_LIST_MAX = 50;

/**
 * Most items one shop may have: the preview and the minute tick walk every one of them, so the
 * count bounds one shop's share of the API's time.
 */
export const SCHEDULED_CONTENTS_MAX = 200;

export const scheduledContentMessages = {
  frequency: 'Ismeretlen gyakoriság.',
  time: 'Az időpontot ÓÓ:PP formában adja meg.',
  date: 'A dátumot ÉÉÉÉ-HH-NN formában, létező napként adja meg.',
  windowOtherEnd: 'Adja meg az időszak másik végét is.',
  windowEqual: 'Az időszak kezdete és vége nem lehet azonos.',
  dateOrder: 'A záró dátum nem lehet korábbi a kezdő dátumnál.',
  days: 'Legalább egy napot válasszon ki.',
  nothingToPlay: 'Válasszon legalább egy szpotot vagy slideshow-t.',
  screensWithoutSlideshow: 'Képernyő csak slideshow mellé választható.',
  screensRequired: 'Válasszon képernyőt a slideshow-hoz.',
  idsInvalid: 'Az azonosítók csak pozitív egész számok lehetnek.',
  tooMany: `Legfeljebb ${SCHEDULE_LIST_MAX} elem választható.`,
  unknown: 'A kiválasztott elemek között van, amely nem található.',
  limit: `Legfeljebb ${SCHEDULED_CONTENTS_MAX} ütemezés lehet.`,
} as const;

/** Time-of-day window fields, as [from, to] pairs. */
export const WINDOW_FIELDS = [
  ['between_from', 'between_to'],
  ['unless_between_from', 'unless_between_to'],
] as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** `H:i`: '8:05' and '08:05' are accepted and stored as '08:05'; blank or null is null. */
const timeField = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: scheduledContentMessages.time })
    .trim()
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, { error: scheduledContentMessages.time })
    .transform((s) => s.padStart(5, '0'))
    .nullable(),
);

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-30), from 1900 on. */
export function isCalendarDate(s: unknown): s is string {
  const m = typeof s === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

const STORED_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar day `YYYY-MM-DD`; blank or null is null. */
const dateField = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: scheduledContentMessages.date })
    .trim()
    .refine(isCalendarDate, { error: scheduledContentMessages.date })
    .nullable(),
);

/** Ids in the chosen order; a repeated id counts once (its first place). Absent is empty. */
const idsField = z.preprocess(
  (v) => v ?? [],
  idList(
    {
      required: scheduledContentMessages.idsInvalid,
      invalid: scheduledContentMessages.idsInvalid,
      tooMany: scheduledContentMessages.tooMany,
    },
    { max: SCHEDULE_LIST_MAX, allowEmpty: true },
  ).transform((ids) => [...new Set(ids)]),
);

/** An absent day is not chosen (when none is sent, every day is: see the body schema). */
const dayField = (k: DayKey) => booleanField(DAY_LABELS[k]).default(false);
const dayFields = Object.fromEntries(DAY_KEYS.map((k) => [k, dayField(k)])) as Record<
  DayKey,
  ReturnType<typeof dayField>
>;

const fieldsSchema = z.object({
  name: nameField(MIXER_NAME_MAX),
  /** Absent: a new item is active, an updated one keeps its state. */
  active: booleanField('aktív').optional(),
  /** Absent: a new item fires only in opening hours, an updated one keeps its setting. */
  only_open: booleanField('csak nyitvatartási időben').optional(),
  frequency: z.preprocess(
    (v) => (blank(v) ? 'everyMinute' : v),
    z.enum(SCHEDULER_FREQUENCIES, { error: scheduledContentMessages.frequency }),
  ),
  date_from: dateField,
  date_to: dateField,
  between_from: timeField,
  between_to: timeField,
  unless_between_from: timeField,
  unless_between_to: timeField,
  ...dayFields,
  spots: idsField,
  slideshows: idsField,
  screens: idsField,
  /**
   * 'Zónák' (the bundled API only): absent on a new item means every zone; on an update, as it is.
   * `all_zones: false` needs `zones` with at least one of the shop's zones (422 under zones).
   */
  all_zones: booleanField('minden zóna').optional(),
  zones: idsField.optional(),
});

type Fields = Record<string, unknown>;

/**
 * POST /api/scheduled-contents and /api/scheduled-contents/{id}, JSON or form data. Day keys: when
 * none of monday..sunday is sent, every day is chosen (SPEC's default); when any is sent, the
 * absent ones are not chosen (an HTML form leaves unticked boxes out). Cross-field rules: both ends
 * of a window or neither, and not equal (under the missing or the `_to` field); date_to not before
 * date_from (under date_to); a day chosen (under `days`); a spot or a slideshow (under spots);
 * screens only with a slideshow, and a slideshow only with a screen (under screens).
 */
export const scheduledContentBodySchema = z.preprocess(
  (input) => {
    const body: Fields = typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...input } : {};
    if (DAY_KEYS.every((k) => body[k] === undefined)) for (const k of DAY_KEYS) body[k] = true;
    return body;
  },
  withFormLists(['spots', 'slideshows', 'screens', 'zones'], fieldsSchema).superRefine(
    (value, ctx) => {
      // Runs even when some fields failed (`when`), so every error shows at once; a failed
      // field holds its raw input here, so each rule looks only at well-formed values.
      const v = value as unknown as Fields;
      const time = (k: string) =>
        typeof v[k] === 'string' && STORED_TIME.test(v[k]) ? v[k] : v[k] === null ? null : undefined;
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      for (const [fromKey, toKey] of WINDOW_FIELDS) {
        const from = time(fromKey);
        const to = time(toKey);
        if (from === undefined || to === undefined) continue;
        if (from !== null && to === null) issue(toKey, scheduledContentMessages.windowOtherEnd);
        else if (from === null && to !== null) issue(fromKey, scheduledContentMessages.windowOtherEnd);
        else if (from !== null && from === to) issue(toKey, scheduledContentMessages.windowEqual);
      }
      if (isCalendarDate(v.date_from) && isCalendarDate(v.date_to) && v.date_to < v.date_from) {
        issue('date_to', scheduledContentMessages.dateOrder);
      }
      if (DAY_KEYS.every((k) => v[k] === false)) issue('days', scheduledContentMessages.days);
      const ids = (k: string) =>
        Array.isArray(v[k]) && (v[k] as unknown[]).every((n) => typeof n === 'number') ? (v[k] as number[]) : undefined;
      const [spots, slideshows, screens] = [ids('spots'), ids('slideshows'), ids('screens')];
      if (spots && slideshows && !spots.length && !slideshows.length)
        issue('spots', scheduledContentMessages.nothingToPlay);
      if (slideshows && screens) {
        if (screens.length && !slideshows.length) issue('screens', scheduledContentMessages.screensWithoutSlideshow);
        else if (slideshows.length && !screens.length) issue('screens', scheduledContentMessages.screensRequired);
      }
    },
    { when: () => true },
  ),
);
export type ScheduledContentInput = z.infer<typeof scheduledContentBodySchema>;

/** Most entries one preview lists (the earliest ones); an every-minute item fills a week alone. */
export const PREVIEW_ENTRIES_MAX = 2000;
export const PREVIEW_HOURS_DEFAULT = 24;
export const previewHoursMessage = `Az órák száma 1 és ${PREVIEW_HOURS_MAX} közötti egész szám lehet.`;

/** GET /api/scheduled-contents/preview?hours=N: absent or blank is 24; else a whole 1..168. */
export const schedulePreviewQuerySchema = z.object({
  hours: z.preprocess(
    (v) => (blank(v) ? PREVIEW_HOURS_DEFAULT : typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: previewHoursMessage })
      .int({ error: previewHoursMessage })
      .min(1, { error: previewHoursMessage })
      .max(PREVIEW_HOURS_MAX, { error: previewHoursMessage }),
  ),
});
