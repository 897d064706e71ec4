import { z } from 'zod';
import { idList, nameField, nameMessages, routeIdsSchema, withFormLists } from './fields';
import { paginatorSchema } from './pagination';
import { PLAYLIST_NAME_MAX } from './names';
import { trackSchema } from './tracks';

/** Longest playlist name the API accepts (characters), kept in the zod-free names.ts. */
export { PLAYLIST_NAME_MAX };

/**
 * A shop's own playlist ('Saját listák', SPEC.md §3). Playlists belong to one customer;
 * another customer's id answers 404 everywhere.
 */
export const playlistSchema = z.object({
  id: z.number(),
  name: z.string(),
  /**
   * The first (up to 4) tracks in playlist order, for the cover collage (SPEC.md §5:
   * 4 → 2×2 grid, 1–3 → one image, none → placeholder). Not the whole list: page through
   * GET /api/playlists/{id}/tracks/{page} for that.
   */
  tracks: z.array(trackSchema).max(4),
  /** Number of tracks in the playlist. */
  tracks_count: z.number(),
  /** Total length of the playlist's tracks in whole seconds (same value as `channel_duration`). */
  duration: z.number(),
  /** Total length in whole seconds (the name the channel shapes use). */
  channel_duration: z.number(),
  /** ISO-8601 UTC, Laravel style (`2024-05-01T12:00:00.000000Z`). */
  created_at: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** GET /api/playlists: a bare array, newest first (the web sorts by its own sort keys). */
export const playlistListSchema = z.array(playlistSchema);

/** GET /api/playlists/tracks/{trackId}: every playlist of the customer, each with `track_added`. */
export const playlistWithTrackAddedSchema = playlistSchema.extend({
  /** Whether the asked track is in this playlist. */
  track_added: z.boolean(),
});
export type PlaylistWithTrackAdded = z.infer<typeof playlistWithTrackAddedSchema>;
export const playlistTrackAddedListSchema = z.array(playlistWithTrackAddedSchema);

export const MAX_TRACKS_PER_CALL = 5000;

export const playlistMessages = {
  nameRequired: nameMessages.required,
  nameText: nameMessages.text,
  nameTooLong: nameMessages.tooLong(PLAYLIST_NAME_MAX),
  nameControl: nameMessages.control,
  nameBidi: nameMessages.bidi,
  tracksRequired: 'Legalább egy dal megadása kötelező.',
  tracksInvalid: 'A dalok azonosítói csak pozitív egész számok lehetnek.',
  tracksTooMany: `Egyszerre legfeljebb ${MAX_TRACKS_PER_CALL} dal küldhető.`,
  tracksUnknown: 'A kiválasztott dalok között van, amely nem található.',
  reorderMismatch: 'Az új sorrendben a lista minden dalának pontosan egyszer kell szerepelnie.',
  page: 'Az oldalszám csak pozitív egész szám lehet.',
  track: 'A kiválasztott dal nem található.',
} as const;

const trackIds = (allowEmpty: boolean) =>
  idList(
    {
      required: playlistMessages.tracksRequired,
      invalid: playlistMessages.tracksInvalid,
      tooMany: playlistMessages.tracksTooMany,
    },
    { max: MAX_TRACKS_PER_CALL, allowEmpty },
  );

/** POST /api/playlists (create) and POST /api/playlists/{id} (rename): JSON or form. */
export const playlistNameBodySchema = z.object({ name: nameField(PLAYLIST_NAME_MAX) });
export type PlaylistNameBody = z.infer<typeof playlistNameBodySchema>;
export const createPlaylistBodySchema = playlistNameBodySchema;
export type CreatePlaylistBody = PlaylistNameBody;
export const renamePlaylistBodySchema = playlistNameBodySchema;
export type RenamePlaylistBody = PlaylistNameBody;

/**
 * POST /api/playlists/{id}/all-tracks/ (appends the tracks not yet in it, in the given order; a
 * `name` is ignored). `tracks` as a JSON array or form array (`tracks[]=1&tracks[]=2`, `tracks[0]=…`,
 * repeated `tracks=`); ids as numbers or digit strings, at most 5000.
 */
export const allTracksBodySchema = withFormLists(['tracks'], z.object({ tracks: trackIds(false) }));
export type AllTracksBody = z.infer<typeof allTracksBodySchema>;

/**
 * POST /api/playlists/all-tracks/: a new playlist from these tracks, so `name` is required too. The
 * API checks both parts and reports `name` and `tracks` together.
 */
export const createFromTracksBodySchema = withFormLists(
  ['tracks'],
  z.object({ name: nameField(PLAYLIST_NAME_MAX), tracks: trackIds(false) }),
);
export type CreateFromTracksBody = z.infer<typeof createFromTracksBodySchema>;

/**
 * POST /api/playlists/{id}/reorder: the full new order of ALL the playlist's track ids, each
 * exactly once; anything else → 422 on `tracks` and no change. Answers the playlist.
 */
export const reorderPlaylistBodySchema = withFormLists(['tracks'], z.object({ tracks: trackIds(true) }));
export type ReorderPlaylistBody = z.infer<typeof reorderPlaylistBodySchema>;

/**
 * POST /api/playlists/{id}/tracks/{trackId}: toggles the track (added at the end, or removed).
 * Answers the new state and the updated playlist (count, duration, cover).
 */
export const toggleTrackAnswerSchema = z.object({
  track_added: z.boolean(),
  playlist: playlistSchema,
});
export type ToggleTrackAnswer = z.infer<typeof toggleTrackAnswerSchema>;

/** POST /api/playlists/{id}/delete: a bare `true`. */
export const deletePlaylistAnswerSchema = z.literal(true);

/** GET /api/playlists/{id}/tracks: every track in play order. */
export const playlistTrackListSchema = z.array(trackSchema);

/** GET /api/playlists/{id}/tracks/{page}: one page of tracks as Laravel's flat paginator. */
export const playlistTrackPageSchema = paginatorSchema(trackSchema);

/** `…/tracks/{trackId}` of the playlist modal: the track's id. */
export const playlistTrackParamsSchema = routeIdsSchema('trackId');
