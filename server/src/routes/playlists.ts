import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../contracts/fields';
import type { Paginator } from '../../../contracts/pagination';
import { PLAYABLE_PLAYLIST, type Player } from '../../../contracts/player';
import {
  allTracksBodySchema,
  MAX_TRACKS_PER_CALL,
  playlistMessages,
  playlistNameBodySchema,
  reorderPlaylistBodySchema,
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
import { HttpError, messages, ValidationError, type FieldErrors } from '../http/errors';
import { sendJson } from '../http/json';
import { trackPage } from '../resources/track-page';
import { idParam } from '../http/params';
import { actor, bodyOf, pageOf, startTrackOf } from '../http/request';
import { playlistResource, trackResource } from '../resources';
import { collect, throwIfAny } from '../http/validation';

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

  const playlistOr404 = async (req: FastifyRequest, raw: unknown) => {
    const row = await getPlaylist(db, { customerId: req.tenant.id, id: idParam(raw) });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

  type P = { Params: { id: string } };

  app.get('/api/playlists', async (req): Promise<Playlist[]> => {
    return (await listPlaylists(db, { customerId: req.tenant.id })).map((p) => playlistResource(storage, p));
  });

  /** Every playlist of the customer, each saying whether it holds the track (the modal's ticks). */
  app.get<{ Params: { trackId: string } }>(
    '/api/playlists/tracks/:trackId',
    async (req): Promise<PlaylistWithTrackAdded[]> => {
      const trackId = idParam(req.params.trackId);
      if (!(await existingTrackIds(db, [trackId])).has(trackId)) throw new HttpError(404, messages.notFound);
      const holding = await playlistIdsWithTrack(db, { customerId: req.tenant.id, trackId });
      return (await listPlaylists(db, { customerId: req.tenant.id })).map((p) => ({
        ...playlistResource(storage, p),
        track_added: holding.has(p.id),
      }));
    },
  );

  app.post('/api/playlists', { schema: { body: playlistNameBodySchema } }, async (req, reply): Promise<Playlist> => {
    const { name } = req.body;
    const row = await createPlaylist(db, { customerId: req.tenant.id, name });
    reply.code(201);
    return resource(db, row);
  });

  /** A new playlist from a list of tracks (in the given order, repeats skipped). */
  app.post('/api/playlists/all-tracks', async (req, reply): Promise<Playlist> => {
    const body = bodyOf(req);
    // createFromTracksBodySchema in two parts, so unknown ids are reported together with the name.
    const errors: FieldErrors = {};
    const name = collect(playlistNameBodySchema, body, errors)?.name;
    const ids = collect(allTracksBodySchema, body, errors)?.tracks ?? [];
    if (!errors.tracks) {
      const known = await existingTrackIds(db, ids);
      if (ids.some((id) => !known.has(id))) errors.tracks = [playlistMessages.tracksUnknown];
    }
    throwIfAny(errors);
    const created = await transaction(db, async (tx) => {
      const row = await createPlaylist(tx, { customerId: req.tenant.id, name: name! });
      await appendTracks(tx, row.id, ids);
      return resource(tx, row);
    });
    reply.code(201);
    return created;
  });

  app.get<P>('/api/playlists/:id', async (req): Promise<Playlist> => {
    return playlistResource(storage, await playlistOr404(req, req.params.id));
  });

  /** Rename (form or JSON `name`). */
  app.post(
    '/api/playlists/:id',
    { schema: { params: idParamsSchema, body: playlistNameBodySchema } },
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
    { schema: { params: idParamsSchema, body: allTracksBodySchema } },
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
  app.post<{ Params: { id: string; trackId: string } }>(
    '/api/playlists/:id/tracks/:trackId',
    async (req): Promise<ToggleTrackAnswer> => {
      const id = idParam(req.params.id);
      const trackId = idParam(req.params.trackId);
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
  app.get<P>('/api/playlists/:id/tracks', async (req): Promise<Track[]> => {
    const playlist = await playlistOr404(req, req.params.id);
    return (await listPlaylistTracks(db, { playlistId: playlist.id })).map((t) => trackResource(storage, t));
  });

  /** One page of tracks in play order as Laravel's flat paginator; `?page=` wins over the path. */
  app.get<{ Params: { id: string; page: string } }>(
    '/api/playlists/:id/tracks/:page',
    async (req): Promise<Paginator<Track>> => {
      const playlist = await playlistOr404(req, req.params.id);
      return trackPage(storage, {
        page: pageOf(req, req.params.page),
        total: playlist.tracksCount,
        path: `${ctx.config.apiPublicUrl}/api/playlists/${playlist.id}/tracks`,
        read: (window) => listPlaylistTracks(db, { playlistId: playlist.id, ...window }),
      });
    },
  );

  /** Deletes the playlist; a player playing it stops and loses its playable. Answers bare `true`. */
  app.post<P>('/api/playlists/:id/delete', async (req, reply) => {
    const id = idParam(req.params.id);
    await edit(req, id, (tx) => deletePlaylist(tx, { customerId: req.tenant.id, id }));
    return sendJson(reply, true);
  });

  /** The full new order of all the playlist's tracks; anything else is 422 and changes nothing. */
  app.post<P>('/api/playlists/:id/reorder', async (req): Promise<Playlist> => {
    const id = idParam(req.params.id);
    const errors: FieldErrors = {};
    const order = collect(reorderPlaylistBodySchema, bodyOf(req), errors)?.tracks ?? [];
    if (!(await getPlaylist(db, { customerId: req.tenant.id, id }))) throw new HttpError(404, messages.notFound);
    throwIfAny(errors);
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
  app.post<{ Params: { id: string; playlistId: string } }>(
    '/api/players/:id/playable/playlist/:playlistId',
    async (req): Promise<Player> => {
      const playerId = idParam(req.params.id);
      const playlistId = idParam(req.params.playlistId);
      return players.setPlayable(actor(req), playerId, {
        type: PLAYABLE_PLAYLIST,
        id: playlistId,
        trackId: startTrackOf(req),
      });
    },
  );
}
