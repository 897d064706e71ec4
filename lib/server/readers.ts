import 'server-only';
import { z, type ZodType } from 'zod';
import {
  channelCategorySchema,
  channelSchema,
  customerSchema,
  favoriteAnswerSchema,
  paginatorSchema,
  playableSchema,
  playerSchema,
  playLogEntrySchema,
  playLogPageSchema,
  playlistSchema,
  playlistWithTrackAddedSchema,
  scheduledContentSchema,
  schedulePreviewEntrySchema,
  schedulePreviewSchema,
  previewOf,
  screenSchema,
  settingSchema,
  slideshowListItemSchema,
  soundSchema,
  spotDayCountSchema,
  spotSchema,
  tutorialItemSchema,
  tutorialTopicSchema,
  trackSchema,
  userSchema,
} from '@/contracts';
import { weeklyReportDaySchema, weeklyReportSchema } from '@/contracts/alerts';
import { blockedTrackSchema } from '@/contracts/blocked-tracks';
import { lenient, type LenientRule } from '@/contracts/lenient';
import { openingHoursSchema } from '@/contracts/opening-hours';
import { musicBlockSchema, musicPlanSchema } from '@/contracts/music-plan';
import { zoneSchema } from '@/contracts/zones';
import { DEFAULT_SCHEDULE_RULE } from '@/contracts/names';
import { formatClock } from '@/lib/format/duration';
import { readScreen } from '@/lib/screen/api';

/**
 * How the web reads the tenant API's answers (CONVENTIONS.md "one contract"): the contract's own
 * schemas, made lenient (contracts/lenient.ts). A page fails only without what it cannot render
 * (the `required` fields below); the other fields of SPEC.md §3 take defaults and unknown fields are
 * dropped, so a Laravel API that answers less (or more) than ours still renders. Server only: these
 * pull zod in, so no browser module imports this folder (the lint rule of lib/README.md; the property
 * the zod-free `contracts/names.ts` and `lib/realtime/guards.ts` keep too).
 */

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** `duration` and `channel_duration` are the same number under two names (SPEC.md §3); either fills the other. */
const durations = (raw: Record<string, unknown>) => ({
  duration: num(raw.channel_duration),
  channel_duration: num(raw.duration),
});

/** `…/media/spots/nyari-akcio.mp3?expires=…` → `nyari-akcio.mp3`. */
function fileNameOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || url === '') return undefined;
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || undefined;
  } catch {
    return last || undefined;
  }
}

const playlistRule: LenientRule = {
  required: ['id', 'name'],
  defaults: (raw) => ({ ...durations(raw), tracks_count: Array.isArray(raw.tracks) ? raw.tracks.length : undefined }),
};

const trackRule: LenientRule = {
  required: ['id'],
  defaults: (raw) => ({
    formatted_duration: num(raw.duration) === undefined ? undefined : formatClock(num(raw.duration)!),
  }),
};

const rules = new Map<ZodType, LenientRule>([
  // SPEC.md §3: the me call promises only session_id.
  [userSchema, { required: ['session_id'] }],
  [customerSchema, { required: ['id', 'name'] }],
  [settingSchema, { required: ['key'] }],
  [playLogEntrySchema, { required: ['key', 'type', 'started_at'] }],
  [spotDayCountSchema, { required: ['spot_id', 'day'] }],
  [weeklyReportSchema, { required: ['week', 'from', 'to', 'days'] }],
  [weeklyReportDaySchema, { required: ['date'] }],
  [
    channelSchema,
    {
      required: ['id', 'name'],
      defaults: (raw) => ({
        ...durations(raw),
        landscape: typeof raw.landscape_url === 'string' && raw.landscape_url !== '' ? true : undefined,
      }),
    },
  ],
  [channelCategorySchema, { required: ['id', 'name'] }],
  [playlistSchema, playlistRule],
  [playlistWithTrackAddedSchema, playlistRule],
  [trackSchema, trackRule],
  [blockedTrackSchema, trackRule],
  [playerSchema, { required: ['id'] }],
  // A playable of an unknown kind is no playable: the player shows nothing rather than the wrong page.
  [playableSchema, { required: ['type', 'id'] }],
  // The mixer's tables: a row needs its id and name; the count of slides may come as the images.
  [
    slideshowListItemSchema,
    {
      required: ['id', 'name'],
      defaults: (raw) => ({ images_count: Array.isArray(raw.images) ? raw.images.length : undefined }),
    },
  ],
  // A screen without its hash_id has no public page to offer.
  [screenSchema, { required: ['id', 'name', 'hash_id'] }],
  // A spot without its file's name shows the last part of its URL (SPEC.md §3 promises file_name).
  [spotSchema, { required: ['id', 'name'], defaults: (raw) => ({ file_name: fileNameOf(raw.url) }) }],
  // customer_id stays absent when absent: that is what tells a provider's sound from an own one.
  [soundSchema, { required: ['id', 'name'] }],
  // A scheduled item needs its id, name and state to stand in the table; the rest of SPEC.md §3 has
  // its defaults (the days all true, as on creation).
  [
    scheduledContentSchema,
    {
      required: ['id', 'name'],
      defaults: () => ({ ...DEFAULT_SCHEDULE_RULE }),
    },
  ],
  // A tutorial item without its video has nothing to show; a topic needs its name for the dropdown.
  [tutorialItemSchema, { required: ['id', 'name', 'video_url'] }],
  [tutorialTopicSchema, { required: ['id', 'name'] }],
  // A fire without its moment or its item cannot be placed on the timeline.
  [schedulePreviewEntrySchema, { required: ['at', 'scheduled_content_id'] }],
  // The music plan (issue 26, the bundled API's): a block needs its times and source to be drawn.
  [musicPlanSchema, { required: ['enabled'] }],
  [musicBlockSchema, { required: ['id', 'from', 'to', 'source_type', 'source_id'] }],
  // A zone (issue 43) needs its id, name and player to be steered.
  [zoneSchema, { required: ['id', 'name', 'player_id'] }],
]);

export const userReader = lenient(userSchema, rules);
export const customerReader = lenient(customerSchema, rules);
export const channelReader = lenient(channelSchema, rules);
export const channelListReader = lenient(channelSchema.array(), rules);
export const channelCategoryListReader = lenient(channelCategorySchema.array(), rules);
export const playlistReader = lenient(playlistSchema, rules);
export const playlistListReader = lenient(playlistSchema.array(), rules);
export const playlistTrackAddedListReader = lenient(playlistWithTrackAddedSchema.array(), rules);
export const trackPageReader = lenient(paginatorSchema(trackSchema), rules);
export const trackListReader = lenient(trackSchema.array(), rules);
export const playerListReader = lenient(playerSchema.array(), rules);
export const slideshowListReader = lenient(slideshowListItemSchema.array(), rules);
export const screenListReader = lenient(screenSchema.array(), rules);
export const spotListReader = lenient(spotSchema.array(), rules);
export const soundListReader = lenient(soundSchema.array(), rules);
export const scheduledContentListReader = lenient(scheduledContentSchema.array(), rules);
/** The bundled API's { from, until, fires, music }, or a Laravel API's bare fires: read as the first. */
export const schedulePreviewReader = z
  .union([lenient(schedulePreviewSchema, rules), lenient(schedulePreviewEntrySchema.array(), rules)])
  .transform((answer) => previewOf(answer)!);
export const settingListReader = lenient(settingSchema.array(), rules);
/** The shop's opening hours (issue 26, the bundled API's own call): read as its contract says. */
export const openingHoursReader = openingHoursSchema;
export const blockedTrackListReader = lenient(blockedTrackSchema.array(), rules);
export const playLogPageReader = lenient(playLogPageSchema, rules);
export const spotDayCountListReader = lenient(spotDayCountSchema.array(), rules);
export const weeklyReportReader = lenient(weeklyReportSchema, rules);
export const musicPlanReader = lenient(musicPlanSchema, rules);
export const zoneListReader = lenient(zoneSchema.array(), rules);
export const musicBlockListReader = lenient(musicBlockSchema.array(), rules);
export const tutorialTopicListReader = lenient(tutorialTopicSchema.array(), rules);
/** Whether a channel is the shop's favourite: a bare `true` / `false` (SPEC.md §7). */
export const favoriteAnswerReader = favoriteAnswerSchema;
/** The public screen, read by the same zod-free reader the TV's browser uses for its refetches. */
export const publicScreenReader = z.unknown().transform(readScreen);
