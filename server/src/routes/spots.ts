import type { FastifyInstance } from 'fastify';
import { playSpotsBodySchema, spotBodySchema, spotMessages, SPOTS_MAX, type Spot } from '../../../contracts/spots';
import type { PlaySpotsEvent } from '../../../contracts/realtime';
import { fileMessages, SPOT_SECONDS_MAX } from '../../../contracts/uploads';
import type { AppContext } from '../context';
import { transaction } from '../db/client';
import { deactivateEmptyScheduledContents } from '../db/queries/scheduled-contents';
import {
  countSpotsLocked,
  createSpot,
  deleteSpot,
  getSpot,
  getSpots,
  listSpots,
  lockSpot,
  updateSpot,
} from '../db/queries/spots';
import { HttpError, messages, ValidationError, type FieldErrors } from '../http/errors';
import { sendJson } from '../http/json';
import { idParam } from '../http/params';
import { actor, bodyOf } from '../http/request';
import { playerSoundResource, spotResource } from '../resources';
import { collectUpload, keepUpload, removeAfterCommit, uploadPath } from '../http/uploads';
import { collect, throwIfAny, validate } from '../http/validation';

export { spotMessages };

const SPOT_LENGTH = { seconds: SPOT_SECONDS_MAX, message: fileMessages.spotTooLong };

/**
 * Spots ('Reklám szpotok'): the customer's list, upload (`name`, `file`), update (`name`, optional
 * new `file`), delete, and an operator/test route that fires PlaySpots now. The scheduler calls
 * `ctx.realtime.playSpots` directly.
 */
export function registerSpotRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, storage } = ctx;
  type P = { Params: { id: string } };

  const spotOr404 = async (customerId: number, raw: string) => {
    const row = await getSpot(db, { customerId, id: idParam(raw) });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

  app.get('/api/spots', async (req): Promise<Spot[]> => {
    const rows = await listSpots(db, { customerId: req.tenant.id });
    return rows.map((row) => spotResource(storage, row));
  });

  app.post('/api/spots', { config: { upload: 'audio' } }, async (req, reply): Promise<Spot> => {
    const errors: FieldErrors = {};
    const body = collect(spotBodySchema, bodyOf(req), errors);
    const file = collectUpload(req, errors, { required: true, maxSeconds: SPOT_LENGTH });
    throwIfAny(errors);
    const customerId = req.tenant.id;
    const row = await keepUpload(req, storage, file!, uploadPath('spots', customerId, file!.type), (filePath) =>
      transaction(db, async (tx) => {
        // Under the name: the form's first field, where the refusal is seen. The kept file goes again.
        if ((await countSpotsLocked(tx, { customerId })) >= SPOTS_MAX) {
          throw new ValidationError({ name: [spotMessages.limit] });
        }
        return createSpot(tx, {
          customerId,
          name: body!.name,
          fileName: file!.fileName,
          filePath,
          duration: file!.duration!,
        });
      }),
    );
    void ctx.loudness.measureStored('spots', row.id, row.filePath, customerId);
    reply.code(201);
    return spotResource(storage, row);
  });

  /** Update: `name`, and a new `file` when one comes (else the old file stays). The body's `id` is the path's. */
  app.post<P>('/api/spots/:id', { config: { upload: 'audio' } }, async (req): Promise<Spot> => {
    const customerId = req.tenant.id;
    const old = await spotOr404(customerId, req.params.id);
    const errors: FieldErrors = {};
    const body = collect(spotBodySchema, bodyOf(req), errors);
    const file = collectUpload(req, errors, { required: false, maxSeconds: SPOT_LENGTH });
    throwIfAny(errors);
    // The replaced file is the one the locked row holds, so concurrent updates each remove their own.
    const update = (next?: { fileName: string; filePath: string; duration: number }) =>
      transaction(db, async (tx) => {
        const before = await lockSpot(tx, { customerId, id: old.id });
        const row = before && (await updateSpot(tx, { customerId, id: old.id, name: body!.name, file: next }));
        if (!row) throw new HttpError(404, messages.notFound);
        return { row, replaced: next ? before.filePath : undefined };
      });
    if (!file) return spotResource(storage, (await update()).row);
    const { row, replaced } = await keepUpload(
      req,
      storage,
      file,
      uploadPath('spots', customerId, file.type),
      (filePath) => update({ fileName: file.fileName, filePath, duration: file.duration! }),
    );
    await removeAfterCommit(req, storage, [replaced]);
    void ctx.loudness.measureStored('spots', row.id, row.filePath, customerId);
    return spotResource(storage, row);
  });

  /** Also unlinks it from the schedules: one left with nothing to play turns inactive. */
  app.post<P>('/api/spots/delete/:id', async (req, reply) => {
    const customerId = req.tenant.id;
    const row = await transaction(db, async (tx) => {
      const deleted = await deleteSpot(tx, { customerId, id: idParam(req.params.id) });
      if (deleted) await deactivateEmptyScheduledContents(tx, { customerId });
      return deleted;
    });
    if (!row) throw new HttpError(404, messages.notFound);
    await removeAfterCommit(req, storage, [row.filePath]);
    return sendJson(reply, true);
  });

  /**
   * Whether any player of the customer has its audio device online (a live login present in the
   * customer's presence channel, as output ownership is judged): only that device plays a spot.
   */
  const hasAudioDevice = async (customerId: number) => {
    const list = await ctx.players.list({ customerId, sessionId: null });
    for (const player of list) {
      if (player.session_id && (await ctx.players.isSessionOnline({ customerId, sessionId: player.session_id })))
        return true;
    }
    return false;
  };

  // Like the scheduler: one PlaySpots, in the given order, to every player of the customer (the
  // path's player must be the customer's). Nobody is skipped: the caller may be the audio device.
  // 'Azonnali lejátszás' calls it too. With no audio device online nothing is sent (409): remotes
  // would otherwise announce an ad that nobody hears.
  app.post<P>('/api/players/:id/spots/play', async (req): Promise<PlaySpotsEvent> => {
    const playerId = idParam(req.params.id);
    await ctx.players.get(actor(req), playerId);
    const ids = validate(playSpotsBodySchema, req.body).spots;
    const rows = await getSpots(db, { customerId: req.tenant.id, ids });
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) throw new ValidationError({ spots: [spotMessages.spotsUnknown] });
    if (!(await hasAudioDevice(req.tenant.id))) throw new HttpError(409, spotMessages.noAudioDevice);
    const spots = ids.map((id) => playerSoundResource(storage, 'spot', byId.get(id)!));
    await ctx.realtime.playSpots(req.tenant.id, spots);
    return { spots };
  });
}
