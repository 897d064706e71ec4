import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import { idParamsSchema, routeIdsSchema, trueAnswerSchema } from '../../../contracts/fields';
import { playerSoundSchema, type PlayerSound } from '../../../contracts/realtime';
import {
  soundBodySchema,
  soundListSchema,
  soundMessages,
  soundRequestBodySchema,
  soundRequestSchema,
  soundSchema,
  SOUNDS_MAX,
  type Sound,
  type SoundRequest,
} from '../../../contracts/sounds';
import { fileMessages, SOUND_SECONDS_MAX } from '../../../contracts/uploads';
import type { AppContext } from '../context';
import { transaction } from '../db/client';
import {
  countSoundsLocked,
  createSound,
  createSoundRequest,
  deleteOwnSound,
  getSound,
  listSounds,
  toggleSoundMark,
} from '../db/queries/sounds';
import { HttpError, messages, ValidationError } from '../http/errors';
import { sendJson } from '../http/json';
import { actor } from '../http/request';
import { playerSoundResource, soundRequestResource, soundResource } from '../resources';
import { collectUpload, keepUpload, removeAfterCommit, uploadPath } from '../http/uploads';
import { schemaErrorsOf, throwIfAny } from '../http/validation';

/**
 * Sounds, the soundboard: the list (provider sounds and the customer's own, with the customer's
 * favourite/quick marks), the marks' toggles (this customer's only, provider sounds included),
 * uploads and deletes of own sounds, requests for new provider sounds, and playing one over the
 * music.
 */
export function registerSoundRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  const byId = { schema: { params: idParamsSchema, response: { 200: soundSchema, 404: messageSchema } } };

  app.get('/api/sounds', { schema: { response: { 200: soundListSchema } } }, async (req): Promise<Sound[]> => {
    const rows = await listSounds(db, { customerId: req.tenant.id });
    return rows.map((row) => soundResource(storage, row));
  });

  // Multipart `name` and `file`: the name is the schema's (a form field beside the file), the file
  // streams to storage (http/uploads.ts) and is judged here, both reported in one 422.
  const upload = {
    config: { upload: 'audio' },
    attachValidation: true,
    schema: { body: soundBodySchema, response: { 201: soundSchema, 422: validationErrorSchema } },
  } as const;
  app.post('/api/sounds', upload, async (req, reply): Promise<Sound> => {
    const errors = schemaErrorsOf(req);
    const file = collectUpload(req, errors, {
      required: true,
      maxSeconds: { seconds: SOUND_SECONDS_MAX, message: fileMessages.soundTooLong },
    });
    throwIfAny(errors);
    const customerId = req.tenant.id;
    const row = await keepUpload(req, storage, file!, uploadPath('sounds', customerId, file!.type), (filePath) =>
      transaction(db, async (tx) => {
        // Under the name: the form's first field, where the refusal is seen. The kept file goes again.
        if ((await countSoundsLocked(tx, { customerId })) >= SOUNDS_MAX) {
          throw new ValidationError({ name: [soundMessages.limit] });
        }
        return createSound(tx, { customerId, name: req.body.name, filePath, duration: file!.duration! });
      }),
    );
    void ctx.loudness.measureStored('sounds', row.id, row.filePath, customerId);
    reply.code(201);
    return soundResource(storage, row);
  });

  /** 'Új hang kérése': stored for the provider. */
  app.post(
    '/api/sounds/requests',
    { schema: { body: soundRequestBodySchema, response: { 201: soundRequestSchema, 422: validationErrorSchema } } },
    async (req, reply): Promise<SoundRequest> => {
      const { description } = req.body;
      const row = await createSoundRequest(db, { customerId: req.tenant.id, description });
      reply.code(201);
      return soundRequestResource(row);
    },
  );

  for (const [path, mark] of [
    ['favorite', 'isFavorite'],
    ['quick', 'isQuick'],
  ] as const) {
    app.post(`/api/sounds/:id/${path}`, byId, async (req): Promise<Sound> => {
      const row = await toggleSoundMark(db, { customerId: req.tenant.id, id: req.params.id, mark });
      if (!row) throw new HttpError(404, messages.notFound);
      return soundResource(storage, row);
    });
  }

  /** Own sounds only: a provider sound answers 403 and stays. Answers bare `true`. */
  const remove = {
    schema: {
      params: idParamsSchema,
      response: { 200: trueAnswerSchema, 403: messageSchema, 404: messageSchema },
    },
  };
  app.post('/api/sounds/:id/delete', remove, async (req, reply) => {
    const customerId = req.tenant.id;
    const { id } = req.params;
    const sound = await getSound(db, { customerId, id });
    if (!sound) throw new HttpError(404, messages.notFound);
    if (sound.customerId === null) throw new HttpError(403, soundMessages.providerSound);
    const row = await deleteOwnSound(db, { customerId, id });
    if (!row) throw new HttpError(404, messages.notFound);
    await removeAfterCommit(req, storage, [row.filePath]);
    return sendJson(reply, true);
  });

  // PlaySound goes to every socket on the player's channel, the caller's too: the caller may be
  // the audio device itself, and only the audio device plays it.
  app.post(
    '/api/players/:id/sounds/:soundId/play',
    { schema: { params: routeIdsSchema('id', 'soundId'), response: { 200: playerSoundSchema, 404: messageSchema } } },
    async (req): Promise<PlayerSound> => {
      const { id: playerId, soundId } = req.params;
      const player = await ctx.players.get(actor(req), playerId);
      const row = await getSound(db, { customerId: req.tenant.id, id: soundId });
      if (!row) throw new HttpError(404, messages.notFound);
      const sound = playerSoundResource(storage, 'sound', row);
      await ctx.realtime.playSound(player.id, sound);
      return sound;
    },
  );
}
