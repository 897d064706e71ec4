/**
 * SWR keys are the BFF URLs themselves; the server components fetch the same paths and seed SWR with
 * them. Kept apart from the hooks so server components can import them without the SWR client; the
 * schemas the server parses with are in schemas.ts, so no zod reaches the browser through these.
 */
export const CHANNELS_KEY = '/api/channels';
export const CHANNEL_CATEGORIES_KEY = '/api/channels/subcategories';
export const FAVORITE_CHANNELS_KEY = '/api/channels/favorite';
export const channelKey = (id: number) => `/api/channels/${id}`;
export const checkFavoriteKey = (id: number) => `/api/channels/${id}/check-favorite`;
/** Pages start at 1 (SPEC.md §9). */
export const channelTracksKey = (id: number, page: number) => `/api/channels/${id}/tracks/${page}`;
