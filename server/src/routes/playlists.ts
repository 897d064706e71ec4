import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import { idParamsSchema, routeIdsSchema } from '../../../contracts/fields';
import { pageParamSchema, trackPageParamsSchema, type Paginator } from '../../../contracts/pagination';
import { PLAYABLE_PLAYLIST, playerSchema, setPlayableBodySchema, type Player } from '../../../contracts/player';
import {
  allTracksBodySchema,
  createFromTracksBodySchema,
  deletePlaylistAnswerSchema,
  MAX_TRACKS_PER_CALL,
  playlistListSchema,
  playlistMessages,
  playlistNameBodySchema,
  playlistSchema,
  playlistTrackAddedListSchema,
  playlistTrackListSchema,
  playlistTrackPageSchema,
  playlistTrackParamsSchema,
  reorderPlaylistBodySchema,
  toggleTrackAnswerSchema,
  type Playlist,
  type PlaylistWithTrackAdded,
  type ToggleTrackAnswer,
} from '../../../contracts/playlists';
import type { Track } from '../../../contracts/tracks';
import type { AppContext } from '../context';
import { transaction, type Db } from '../db/client';
import {
  appendTracks,
  createPlaylist,
  deletePlaylist,
  existingTrackIds,
  getPlaylist,
  listPlaylists,
  listPlaylistTrackIds,
  listPlaylistTracks,
  lockPlaylist,
  playlistIdsWithTrack,
  playlistWithStats,
  removeTrack,
  renamePlaylist,
  setTrackOrder,
  type PlaylistBase,
} from '../db/queries/playlists';
import { HttpError, messages, ValidationError } from '../http/errors';
import { sendJson } from '../http/json';
import { trackPage } from '../resources/track-page';
import { pageFromPath, rowBeforeBody } from '../http/params';
import { actor } from '../http/request';
import { playlistResource, trackResource } from '../resources';
import { collect, schemaErrorsOf, throwIfAny } from '../http/validation';

export { MAX_TRACKS_PER_CALL, playlistMessages };

export function registerPlaylistRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  const players = ctx.players;

  const resource = async (q: Db, row: PlaylistBase): Promise<Playlist> =>
    playlistResource(storage, await playlistWithStats(q, row));

  /** Runs an edit of the playlist in one transaction with the players playing it. */
  const edit = <T>(req: FastifyRequest, id: number, fn: (tx: Db, playlist: PlaylistBase) => Promise<T>) =>
    players.editPlayable(actor(req), { type: PLAYABLE_PLAYLIST, id }, async (tx) => {
      const playlist = await lockPlaylist(tx, { customerId: req.tenant.id, id });
      if (!playlist) throw new HttpError(404, messages.notFound);
      return fn(tx, playlist);
    });

  const playlistOr404 = async (req: FastifyRequest, id: number) => {
    const row = await getPlaylist(db, { customerId: req.tenant.id, id });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

  /** The playlist the path names must be the tenant's (404) before a word about the input (422). */
  const playlistBeforeBody = rowBeforeBody(
    'id',
    async (req, id) => !!(await getPlaylist(db, { customerId: req.tenant.id, id })),
  );

  const notFound = { 404: messageSchema };
  const refused = { 404: messageSchema, 422: validationErrorSchema };

  app.get('/api/playlists', { schema: { response: { 200: playlistListSchema } } }, async (req): Promise<Playlist[]> => {
    return (await listPlaylists(db, { customerId: req.tenant.id })).map((p) => playlistResource(storage, p));
  });

  /** Every playlist of the customer, each saying whether it holds the track (the modal's ticks). */
  app.get(
    '/api/playlists/tracks/:trackId',
    { schema: { params: playlistTrackParamsSchema, response: { 200: playlistTrackAddedListSchema, ...notFound } } },
    async (req): Promise<PlaylistWithTrackAdded[]> => {
      const { trackId } = req.params;
      if (!(await existingTrackIds(db, [trackId])).has(trackId)) throw new HttpError(404, messages.notFound);
      const holding = await playlistIdsWithTrack(db, { customerId: req.tenant.id, trackId });
      return (await listPlaylists(db, { customerId: req.tenant.id })).map((p) => ({
        ...playlistResource(storage, p),
        track_added: holding.has(p.id),
      }));
    },
  );

  app.post(
    '/api/playlists',
    { schema: { body: playlistNameBodySchema, response: { 201: playlistSchema, 422: validationErrorSchema } } },
    async (req, reply): Promise<Playlist> => {
      const { name } = req.body;
      const row = await createPlaylist(db, { customerId: req.tenant.id, name });
      reply.code(201);
      return resource(db, row);
    },
  );

  /**
   * A new playlist from a list of tracks (in the given order, repeats skipped). Unknown ids are
   * reported together with the schema's verdict on the name (`attachValidation`).
   */
  const fromTracks = {
    attachValidation: true,
    schema: { body: createFromTracksBodySchema, response: { 201: playlistSchema, 422: validationErrorSchema } },
  };
  app.post('/api/playlists/all-tracks', fromTracks, async (req, reply): Promise<Playlist> => {
    const errors = schemaErrorsOf(req);
    // A bad name leaves the body unread: its tracks, well formed, are read for the check of the
    // ids the database does not know, which is reported beside the name's error.
    const ids = errors.tracks
      ? []
      : ((req.validationError ? collect(allTracksBodySchema, req.body, errors) : req.body)?.tracks ?? []);
    if (!errors.tracks) {
      const known = await existingTrackIds(db, ids);
      if (ids.some((id) => !known.has(id))) errors.tracks = [playlistMessages.tracksUnknown];
    }
    throwIfAny(errors);
    const { name } = req.body;
    const created = await transaction(db, async (tx) => {
      const row = await createPlaylist(tx, { customerId: req.tenant.id, name });
      await appendTracks(tx, row.id, ids);
      return resource(tx, row);
    });
    reply.code(201);
    return created;
  });

  app.get(
    '/api/playlists/:id',
    { schema: { params: idParamsSchema, response: { 200: playlistSchema, ...notFound } } },
    async (req): Promise<Playlist> => {
      return playlistResource(storage, await playlistOr404(req, req.params.id));
    },
  );

  /** Rename (form or JSON `name`). */
  app.post(
    '/api/playlists/:id',
    { schema: { params: idParamsSchema, body: playlistNameBodySchema, response: { 200: playlistSchema, ...refused } } },
    async (req): Promise<Playlist> => {
      const { id } = req.params;
      const { name } = req.body;
      return edit(req, id, async (tx) => {
        const row = await renamePlaylist(tx, { customerId: req.tenant.id, id, name });
        return resource(tx, row!);
      });
    },
  );

  /** Adds many tracks at once (e.g. a whole channel), appended in order, skipping ones already there. */
  app.post(
    '/api/playlists/:id/all-tracks',
    { schema: { params: idParamsSchema, body: allTracksBodySchema, response: { 200: playlistSchema, ...refused } } },
    async (req): Promise<Playlist> => {
      const { id } = req.params;
      const ids = req.body.tracks;
      // A foreign playlist is 404 before any word about its tracks.
      if (!(await getPlaylist(db, { customerId: req.tenant.id, id }))) throw new HttpError(404, messages.notFound);
      const known = await existingTrackIds(db, ids);
      if (ids.some((t) => !known.has(t))) throw new ValidationError({ tracks: [playlistMessages.tracksUnknown] });
      return edit(req, id, async (tx, playlist) => {
        await appendTracks(tx, playlist.id, ids);
        return resource(tx, playlist);
      });
    },
  );

  /** Toggles one track: appended at the end when missing, removed when there. */
  app.post(
    '/api/playlists/:id/tracks/:trackId',
    { schema: { params: routeIdsSchema('id', 'trackId'), response: { 200: toggleTrackAnswerSchema, ...notFound } } },
    async (req): Promise<ToggleTrackAnswer> => {
      const { id, trackId } = req.params;
      if (!(await getPlaylist(db, { customerId: req.tenant.id, id }))) throw new HttpError(404, messages.notFound);
      if (!(await existingTrackIds(db, [trackId])).has(trackId)) throw new HttpError(404, messages.notFound);
      return edit(req, id, async (tx, playlist) => {
        const removed = await removeTrack(tx, playlist.id, trackId);
        if (!removed) await appendTracks(tx, playlist.id, [trackId]);
        return { track_added: !removed, playlist: await resource(tx, playlist) };
      });
    },
  );

  /** All tracks in play order (e.g. to build a reorder of the whole list). */
  app.get(
    '/api/playlists/:id/tracks',
    { schema: { params: idParamsSchema, response: { 200: playlistTrackListSchema, ...notFound } } },
    async (req): Promise<Track[]> => {
      const playlist = await playlistOr404(req, req.params.id);
      return (await listPlaylistTracks(db, { playlistId: playlist.id })).map((t) => trackResource(storage, t));
    },
  );

  /** One page of tracks in play order as Laravel's flat paginator; `?page=` wins over the path. */
  app.get(
    '/api/playlists/:id/tracks/:page',
    {
      // An unknown playlist is 404 before a word about the page (Laravel's route-model binding first).
      preValidation: [playlistBeforeBody, pageFromPath],
      schema: {
        params: trackPageParamsSchema,
        querystring: pageParamSchema,
        response: { 200: playlistTrackPageSchema, ...refused },
      },
    },
    async (req): Promise<Paginator<Track>> => {
      const playlist = await playlistOr404(req, req.params.id);
      return trackPage(storage, {
        page: req.query.page,
        total: playlist.tracksCount,
        path: `${ctx.config.apiPublicUrl}/api/playlists/${playlist.id}/tracks`,
        read: (window) => listPlaylistTracks(db, { playlistId: playlist.id, ...window }),
      });
    },
  );

  /** Deletes the playlist; a player playing it stops and loses its playable. Answers bare `true`. */
  app.post(
    '/api/playlists/:id/delete',
    { schema: { params: idParamsSchema, response: { 200: deletePlaylistAnswerSchema, ...notFound } } },
    async (req, reply) => {
      const { id } = req.params;
      await edit(req, id, (tx) => deletePlaylist(tx, { customerId: req.tenant.id, id }));
      return sendJson(reply, true);
    },
  );

  /** The full new order of all the playlist's tracks; anything else is 422 and changes nothing. */
  const reorder = {
    // A foreign playlist is 404 before any word about the order.
    preValidation: playlistBeforeBody,
    schema: { params: idParamsSchema, body: reorderPlaylistBodySchema, response: { 200: playlistSchema, ...refused } },
  };
  app.post('/api/playlists/:id/reorder', reorder, async (req): Promise<Playlist> => {
    const { id } = req.params;
    const order = req.body.tracks;
    return edit(req, id, async (tx, playlist) => {
      const current = await listPlaylistTrackIds(tx, { customerId: req.tenant.id, id: playlist.id });
      const wanted = new Set(order);
      const exact =
        order.length === current.length && wanted.size === order.length && current.every((t) => wanted.has(t));
      if (!exact) throw new ValidationError({ tracks: [playlistMessages.reorderMismatch] });
      await setTrackOrder(tx, playlist.id, order);
      return resource(tx, playlist);
    });
  });

  /** Plays a playlist from `track` (query or body; must be in it, else 422) or from its start. */
  app.post(
    '/api/players/:id/playable/playlist/:playlistId',
    {
      schema: {
        params: routeIdsSchema('id', 'playlistId'),
        querystring: setPlayableBodySchema,
        body: setPlayableBodySchema,
        // 422 is a field's error, or a reused Idempotency-Key's bare message.
        response: {
          200: playerSchema,
          404: messageSchema,
          409: messageSchema,
          422: validationErrorSchema.or(messageSchema),
        },
      },
    },
    async (req): Promise<Player> =>
      players.setPlayable(actor(req), req.params.id, {
        type: PLAYABLE_PLAYLIST,
        id: req.params.playlistId,
        trackId: req.query.track ?? req.body.track,
      }),
  );
}
