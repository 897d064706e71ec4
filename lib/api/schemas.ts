import { channelCategorySchema, paginatorSchema, trackSchema } from '@/contracts';

/**
 * The list and page schemas the server components parse the BFF's answers with (`apiGet`). Server
 * only: browser code trusts the BFF's typed JSON and imports nothing from here, which keeps zod out
 * of the client bundles.
 */
export const channelCategoryListSchema = channelCategorySchema.array();
export const trackPageSchema = paginatorSchema(trackSchema);
export const trackListSchema = trackSchema.array();
export { channelListSchema, playlistListSchema, playlistSchema, playlistTrackAddedListSchema } from '@/contracts';
