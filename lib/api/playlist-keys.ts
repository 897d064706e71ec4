/**
 * SWR keys are the BFF URLs themselves; the server components fetch the same paths and seed SWR with
 * them. Kept apart from the hooks so server components can import them without the SWR client.
 */
export const PLAYLISTS_KEY = '/api/playlists';
export const playlistKey = (id: number) => `/api/playlists/${id}`;
/** Pages of 15, starting at 1, in play order. */
export const playlistTracksPageKey = (id: number, page: number) => `/api/playlists/${id}/tracks/${page}`;
/** Every track of the playlist in play order (a reorder must name all of them). */
export const playlistAllTracksKey = (id: number) => `/api/playlists/${id}/tracks`;
/** Every playlist of the shop, each with `track_added` for this track. */
export const trackPlaylistsKey = (trackId: number) => `/api/playlists/tracks/${trackId}`;
