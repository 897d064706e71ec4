import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Paginator } from '../../../contracts/pagination';
import { PLAYABLE_PLAYLIST, type Player } from '../../../contracts/player';
import {
  PLAYLIST_NAME_MAX,
  type Playlist,
  type PlaylistWithTrackAdded,
  type ToggleTrackAnswer,
} from '../../../contracts/playlists';
import type { Track } from '../../../contracts/tracks';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
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
import { paginate } from '../http/paginator';
import { idParam, socketIdOf } from '../http/params';
import { playlistResource, trackResource } from '../http/resources';
import { validate } from '../http/validation';
import type { Actor } from '../player/service';
import { TRACKS_PER_PAGE } from './channels';

export const playlistMessages = {
  nameRequired: 'A név megadása kötelező.',
  nameText: 'A név csak szöveg lehet.',
  nameTooLong: `A név legfeljebb ${PLAYLIST_NAME_MAX} karakter lehet.`,
  nameControl: 'A név nem tartalmazhat sortörést vagy vezérlőkaraktert.',
  tracksRequired: 'Legalább egy dal megadása kötelező.',
  tracksInvalid: 'A dalok azonosítói csak pozitív egész számok lehetnek.',
  tracksTooMany: 'Egyszerre legfeljebb 5000 dal küldhető.',
  tracksUnknown: 'A kiválasztott dalok között van, amely nem található.',
  reorderMismatch: 'Az új sorrendben a lista minden dalának pontosan egyszer kell szerepelnie.',
  page: 'Az oldalszám csak pozitív egész szám lehet.',
  track: 'A kiválasztott dal nem található.',
} as const;

export const MAX_TRACKS_PER_CALL = 5000;
const MAX_ID = 2_147_483_647;

const nameSchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? playlistMessages.nameRequired : playlistMessages.nameText) })
      .trim()
      .min(1, { error: playlistMessages.nameRequired })
      .max(PLAYLIST_NAME_MAX, { error: playlistMessages.nameTooLong })
      // eslint-disable-next-line no-control-regex
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: playlistMessages.nameControl }),
  ),
});

const pageSchema = z.object({
  page: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: playlistMessages.page })
      .int({ error: playlistMessages.page })
      .min(1, { error: playlistMessages.page }),
  ),
});

const trackField = z.object({
  track: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: playlistMessages.track })
      .int({ error: playlistMessages.track })
      .min(1, { error: playlistMessages.track })
      .max(MAX_ID, { error: playlistMessages.track })
      .optional(),
  ),
});

type Body = Record<string, unknown>;
const bodyOf = (req: FastifyRequest): Body =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Body) : {};

/**
 * `tracks` as a JSON array, or as a form array: `tracks[]=1&tracks[]=2` (one value arrives as a
 * string), `tracks[0]=1&tracks[1]=2`, or repeated `tracks=1&tracks=2`. Answers undefined when
 * absent and the raw values otherwise, in order.
 */
function rawTrackList(body: Body): unknown[] | undefined {
  const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
  if (body.tracks !== undefined && body.tracks !== null && body.tracks !== '') return listOf(body.tracks);
  if (body['tracks[]'] !== undefined) return listOf(body['tracks[]']).filter((v) => v !== '');
  const indexed = Object.keys(body)
    .map((key) => /^tracks\[(\d{1,6})\]$/.exec(key))
    .filter((m): m is RegExpExecArray => Boolean(m))
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  if (indexed.length) return indexed.map((m) => body[m[0]]);
  return undefined;
}

/** Parses `tracks` into ids; puts any problem into `errors.tracks`. */
function parseTrackIds(body: Body, errors: FieldErrors, { allowEmpty }: { allowEmpty: boolean }): number[] {
  const raw = rawTrackList(body);
  if (raw === undefined || (!raw.length && !allowEmpty)) {
    errors.tracks = [playlistMessages.tracksRequired];
    return [];
  }
  if (raw.length > MAX_TRACKS_PER_CALL) {
    errors.tracks = [playlistMessages.tracksTooMany];
    return [];
  }
  const ids: number[] = [];
  for (const v of raw) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
      errors.tracks = [playlistMessages.tracksInvalid];
      return [];
    }
    ids.push(n);
  }
  return ids;
}

function nameErrors(body: Body, errors: FieldErrors): string | undefined {
  try {
    return validate(nameSchema, body).name;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.errors);
    return undefined;
  }
}

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export function registerPlaylistRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, storage } = ctx;
  const players = ctx.players;

  const actor = (req: FastifyRequest): Actor => ({
    customerId: req.tenant.id,
    sessionId: req.session?.sessionId ?? null,
    socketId: socketIdOf(req),
  });

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

  app.post('/api/playlists', async (req, reply): Promise<Playlist> => {
    const { name } = validate(nameSchema, bodyOf(req));
    const row = await createPlaylist(db, { customerId: req.tenant.id, name });
    reply.code(201);
    return resource(db, row);
  });

  /** A new playlist from a list of tracks (in the given order, repeats skipped). */
  app.post('/api/playlists/all-tracks', async (req, reply): Promise<Playlist> => {
    const body = bodyOf(req);
    const errors: FieldErrors = {};
    const name = nameErrors(body, errors);
    const ids = parseTrackIds(body, errors, { allowEmpty: false });
    if (!errors.tracks) {
      const known = await existingTrackIds(db, ids);
      if (ids.some((id) => !known.has(id))) errors.tracks = [playlistMessages.tracksUnknown];
    }
    throwIfAny(errors);
    const created = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
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
  app.post<P>('/api/playlists/:id', async (req): Promise<Playlist> => {
    const id = idParam(req.params.id);
    const { name } = validate(nameSchema, bodyOf(req));
    return edit(req, id, async (tx) => {
      const row = await renamePlaylist(tx, { customerId: req.tenant.id, id, name });
      return resource(tx, row!);
    });
  });

  /** Adds many tracks at once (e.g. a whole channel), appended in order, skipping ones already there. */
  app.post<P>('/api/playlists/:id/all-tracks', async (req): Promise<Playlist> => {
    const id = idParam(req.params.id);
    const errors: FieldErrors = {};
    const ids = parseTrackIds(bodyOf(req), errors, { allowEmpty: false });
    throwIfAny(errors);
    // A foreign playlist is 404 before any word about its tracks.
    if (!(await getPlaylist(db, { customerId: req.tenant.id, id }))) throw new HttpError(404, messages.notFound);
    const known = await existingTrackIds(db, ids);
    if (ids.some((t) => !known.has(t))) throw new ValidationError({ tracks: [playlistMessages.tracksUnknown] });
    return edit(req, id, async (tx, playlist) => {
      await appendTracks(tx, playlist.id, ids);
      return resource(tx, playlist);
    });
  });

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
      const query = req.query as Record<string, unknown>;
      const { page } = validate(pageSchema, { page: query.page ?? req.params.page });
      const rows = await listPlaylistTracks(db, {
        playlistId: playlist.id,
        limit: TRACKS_PER_PAGE,
        offset: (page - 1) * TRACKS_PER_PAGE,
      });
      return paginate({
        items: rows.map((t) => trackResource(storage, t)),
        page,
        perPage: TRACKS_PER_PAGE,
        total: playlist.tracksCount,
        path: `${ctx.config.apiPublicUrl}/api/playlists/${playlist.id}/tracks`,
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
    const order = parseTrackIds(bodyOf(req), errors, { allowEmpty: true });
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
      const query = req.query as Record<string, unknown>;
      const { track } = validate(trackField, { track: query.track ?? bodyOf(req).track });
      return players.setPlayable(actor(req), playerId, { type: PLAYABLE_PLAYLIST, id: playlistId, trackId: track });
    },
  );
}
