import { z } from 'zod';
import { loudnessFields } from './loudness';

/** A track as the channel list and the player show it (SPEC.md §3). */
export const trackSchema = z.object({
  id: z.number(),
  /** Null for some tracks: the web then shows `name` without path and `.mp3`. */
  title: z.string().nullable(),
  /** The audio file name, e.g. `balatoni-szello.mp3`. */
  name: z.string(),
  /** Null when unknown: the web shows 'Ismeretlen'. */
  artist: z.string().nullable(),
  /** Signed, expiring media URL of the MP3 (served with Range). */
  url: z.string(),
  /** Signed, expiring media URL of the thumbnail, or null (web default img/pulse_2.svg). */
  image_thumbnail_url: z.string().nullable(),
  /** `m:ss` (or `h:mm:ss` from one hour). */
  formatted_duration: z.string(),
  /** Length in whole seconds. */
  duration: z.number(),
  ...loudnessFields,
});
export type Track = z.infer<typeof trackSchema>;
