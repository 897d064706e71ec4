import { z } from 'zod';
import { SCHEDULER_FREQUENCIES, type SchedulerFrequency } from './names';

export { SCHEDULER_FREQUENCIES, type SchedulerFrequency };

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
   * Beyond SPEC.md (which shows '-'): the next firing moment, ISO 8601 with the shop's offset
   * (`2026-11-24T09:15:00+01:00`), looked up to 366 days ahead; null when inactive or never again.
   */
  next_play_at: z.string().nullable(),
  created_at: z.string(),
});
export type ScheduledContent = z.infer<typeof scheduledContentSchema>;
/** GET /api/scheduled-contents: a bare array, newest first. */
export const scheduledContentListSchema = z.array(scheduledContentSchema);

export const DAY_KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type DayKey = (typeof DAY_KEYS)[number];

/**
 * The body of POST /api/scheduled-contents (→ 201) and POST /api/scheduled-contents/{id} (→ 200),
 * JSON or form data (`spots[]=1`, booleans as `1`/`0`/`true`/`on`): every field of
 * `scheduledContentSchema` but id, next_play_at, created_at and the linked names; the lists are
 * ids: `spots`, `slideshows`, `screens`. Field errors (422 `errors.<field>`): name, frequency,
 * date_from, date_to, between_from, between_to, unless_between_from, unless_between_to, days (no
 * day chosen), spots (no spot and no slideshow, or an id not this shop's), slideshows, screens
 * (screens without a slideshow, or an id not this shop's). The server's body schema lives in
 * server/src/scheduler (it needs the shop's ids); the web posts these names.
 */
export type ScheduledContentBody = {
  name: string;
  active?: boolean;
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
});
export type SchedulePreviewEntry = z.infer<typeof schedulePreviewEntrySchema>;
export const schedulePreviewSchema = z.array(schedulePreviewEntrySchema);
