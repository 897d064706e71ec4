import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import { idParamsSchema, trueAnswerSchema } from '../../../contracts/fields';
import {
  playSpotsBodySchema,
  spotBodySchema,
  spotListSchema,
  spotMessages,
  spotSchema,
  SPOTS_MAX,
  type Spot,
} from '../../../contracts/spots';
import { playSpotsEventSchema, type PlaySpotsEvent } from '../../../contracts/realtime';
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
import { HttpError, messages, ValidationError } from '../http/errors';
import { sendJson } from '../http/json';
import { rowBeforeBody } from '../http/params';
import { actor } from '../http/request';
import { playerSoundResource, spotResource } from '../resources';
import { collectUpload, keepUpload, removeAfterCommit, uploadPath } from '../http/uploads';
import { schemaErrorsOf, throwIfAny } from '../http/validation';

export { spotMessages };

const SPOT_LENGTH = { seconds: SPOT_SECONDS_MAX, message: fileMessages.spotTooLong };

/**
 * Spots ('Reklám szpotok'): the customer's list, upload (`name`, `file`), update (`name`, optional
 * new `file`), delete, and an operator/test route that fires PlaySpots now. The scheduler calls
 * `ctx.realtime.playSpots` directly.
 */
export function registerSpotRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;

  const spotOr404 = async (customerId: number, id: number) => {
    const row = await getSpot(db, { customerId, id });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

  app.get('/api/spots', { schema: { response: { 200: spotListSchema } } }, async (req): Promise<Spot[]> => {
    const rows = await listSpots(db, { customerId: req.tenant.id });
    return rows.map((row) => spotResource(storage, row));
  });

  // Multipart `name` and `file`: the name is the schema's (a form field beside the file), the file
  // streams to storage (http/uploads.ts) and is judged here, both reported in one 422.
  const create = {
    config: { upload: 'audio' },
    attachValidation: true,
    schema: { body: spotBodySchema, response: { 201: spotSchema, 422: validationErrorSchema } },
  } as const;
  app.post('/api/spots', create, async (req, reply): Promise<Spot> => {
    const errors = schemaErrorsOf(req);
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
          name: req.body.name,
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
  // The spot is found first (a foreign id is 404 before any word about the fields).
  const update = {
    config: { upload: 'audio' },
    attachValidation: true,
    schema: {
      params: idParamsSchema,
      body: spotBodySchema,
      response: { 200: spotSchema, 404: messageSchema, 422: validationErrorSchema },
    },
  } as const;
  app.post('/api/spots/:id', update, async (req): Promise<Spot> => {
    const customerId = req.tenant.id;
    const errors = schemaErrorsOf(req);
    const old = await spotOr404(customerId, req.params.id);
    const file = collectUpload(req, errors, { required: false, maxSeconds: SPOT_LENGTH });
    throwIfAny(errors);
    const body = req.body;
    // The replaced file is the one the locked row holds, so concurrent updates each remove their own.
    const update = (next?: { fileName: string; filePath: string; duration: number }) =>
      transaction(db, async (tx) => {
        const before = await lockSpot(tx, { customerId, id: old.id });
        const row = before && (await updateSpot(tx, { customerId, id: old.id, name: body.name, file: next }));
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
  const remove = { schema: { params: idParamsSchema, response: { 200: trueAnswerSchema, 404: messageSchema } } };
  app.post('/api/spots/delete/:id', remove, async (req, reply) => {
    const customerId = req.tenant.id;
    const row = await transaction(db, async (tx) => {
      const deleted = await deleteSpot(tx, { customerId, id: req.params.id });
      if (deleted) await deactivateEmptyScheduledContents(tx, { customerId });
      return deleted;
    });
    if (!row) throw new HttpError(404, messages.notFound);
    await removeAfterCommit(req, storage, [row.filePath]);
    return sendJson(reply, true);
  });

  /**
   * Whether the player's audio device is online (a live login present in the customer's presence
   * channel, as output ownership is judged): only that device plays a spot.
   */
  const hasAudioDevice = async (customerId: number, sessionId: string | null) =>
    sessionId !== null && (await ctx.players.isSessionOnline({ customerId, sessionId }));

  // Like the scheduler: one PlaySpots, in the given order, to the path's player (the customer's):
  // the zone the bar shows (zones, issue 43), not the shop's other zones. Nobody is skipped: the
  // caller may be the audio device. 'Azonnali lejátszás' calls it too. With no audio device online
  // nothing is sent (409): remotes would otherwise announce an ad that nobody hears.
  const play = {
    // 'Play now' is the bundled API's own: the web app offers it where it is answered.
    config: { webApp: 'optional' as const },
    // The player must be the customer's (404) before a word about the spots (422).
    preValidation: rowBeforeBody('id', async (req, id) => !!(await ctx.players.get(actor(req), id))),
    schema: {
      params: idParamsSchema,
      body: playSpotsBodySchema,
      response: { 200: playSpotsEventSchema, 404: messageSchema, 409: messageSchema, 422: validationErrorSchema },
    },
  };
  app.post('/api/players/:id/spots/play', play, async (req): Promise<PlaySpotsEvent> => {
    const ids = req.body.spots;
    const rows = await getSpots(db, { customerId: req.tenant.id, ids });
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) throw new ValidationError({ spots: [spotMessages.spotsUnknown] });
    const player = await ctx.players.get(actor(req), req.params.id);
    if (!(await hasAudioDevice(req.tenant.id, player.session_id))) throw new HttpError(409, spotMessages.noAudioDevice);
    const spots = ids.map((id) => playerSoundResource(storage, 'spot', byId.get(id)!));
    await ctx.realtime.playSpotsToPlayers([player.id], spots);
    return { spots };
  });
}
