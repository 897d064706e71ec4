import { z } from 'zod';

/**
 * A provider channel (SPEC.md §3). Channels are the provider's catalogue, shared by every
 * customer; only the favourite flag is per customer (see check-favorite / toggle-favorite).
 */
export const channelSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  tracks_count: z.number(),
  /** Total length of the channel's tracks in whole seconds (same value as `channel_duration`). */
  duration: z.number(),
  /** Total length of the channel's tracks in whole seconds. */
  channel_duration: z.number(),
  is_featured: z.boolean(),
  /** Stored path of the cover image, or null (the web then uses img/base-cover-1|2.png by id parity). */
  image: z.string().nullable(),
  /** Signed, expiring media URL of the cover, or null. */
  image_url: z.string().nullable(),
  /** Whether the channel has a landscape (wide background) image. */
  landscape: z.boolean(),
  /** Signed, expiring media URL of the landscape image, or null. */
  landscape_url: z.string().nullable(),
  /** ISO-8601 UTC, Laravel style (`2024-05-01T12:00:00.000000Z`). */
  created_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelSubcategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  channels: z.array(channelSchema),
});
export type ChannelSubcategory = z.infer<typeof channelSubcategorySchema>;

/** GET /api/channels/subcategories answers a bare array of these. */
export const channelCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  subcategories: z.array(channelSubcategorySchema),
});
export type ChannelCategory = z.infer<typeof channelCategorySchema>;

/** GET /api/channels and /api/channels/favorite: bare arrays of channels. */
export const channelListSchema = z.array(channelSchema);

/** GET /api/channels/{id}/check-favorite and POST …/toggle-favorite: a bare boolean. */
export const favoriteAnswerSchema = z.boolean();
