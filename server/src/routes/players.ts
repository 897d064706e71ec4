import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema, refusalSchema } from '../../../contracts/errors';
import { idParamsSchema, routeIdsSchema } from '../../../contracts/fields';
import {
  MAX_CURRENT_TIME,
  moveOutputBodySchema,
  moveOutputParamsSchema,
  nextQuerySchema,
  PLAYABLE_CHANNEL,
  playerListSchema,
  playerSchema,
  reportOutputBodySchema,
  setPlayableBodySchema,
  updateVolumeBodySchema,
  type Player,
} from '../../../contracts/player';
import type { AppContext } from '../context';
import { actor } from '../http/request';

export { MAX_CURRENT_TIME };

export function registerPlayerRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = ctx.players;

  /**
   * A command's answers: the whole player; 404 for another shop's player (or track, channel); 409
   * when the output moved meanwhile or this device holds none; 422 on the body, a track not in the
   * list, or a reused Idempotency-Key (`{message}` alone).
   */
  const answers = { 200: playerSchema, 404: messageSchema, 409: messageSchema, 422: refusalSchema };
  const byId = { schema: { params: idParamsSchema, response: answers } };

  app.get('/api/players', { schema: { response: { 200: playerListSchema } } }, async (req): Promise<Player[]> =>
    service.list(actor(req)),
  );

  app.post('/api/players/:id/random', byId, async (req): Promise<Player> =>
    service.toggleRandom(actor(req), req.params.id),
  );
  app.post('/api/players/:id/repeat', byId, async (req): Promise<Player> =>
    service.toggleRepeat(actor(req), req.params.id),
  );
  // `?auto=1`: the audio device asks at a track's end, which is no press of a manager (the music plan's hold).
  app.get(
    '/api/players/:id/next',
    { schema: { params: idParamsSchema, querystring: nextQuerySchema, response: answers } },
    async (req): Promise<Player> => service.next({ ...actor(req), automatic: req.query.auto === '1' }, req.params.id),
  );
  app.get('/api/players/:id/toggle-play', byId, async (req): Promise<Player> =>
    service.togglePlay(actor(req), req.params.id),
  );
  app.get('/api/players/:id/load-track', byId, async (req): Promise<Player> =>
    service.loadTrack(actor(req), req.params.id),
  );

  app.post(
    '/api/players/:id/update-volume',
    { schema: { params: idParamsSchema, body: updateVolumeBodySchema, response: answers } },
    async (req): Promise<Player> => service.updateVolume(actor(req), req.params.id, req.body),
  );

  // The audio device says what it really does (sounding, waiting for a tap, stalled, paused), so the
  // remotes stop claiming music the shop does not hear. Other devices learn it from OutputChanged;
  // the sender's socket is skipped as on every change.
  app.post(
    '/api/players/:id/output',
    // The bundled API's own: the web app reports where it is answered.
    {
      config: { webApp: 'optional' },
      schema: { params: idParamsSchema, body: reportOutputBodySchema, response: answers },
    },
    async (req): Promise<Player> => {
      const { player, changed } = await service.reportOutput(actor(req), req.params.id, req.body.state);
      if (changed) await ctx.realtime.outputChanged(player, { exceptSocketId: actor(req).socketId });
      return player;
    },
  );

  // The track to start from comes in the query or the body; the query wins (Laravel's `input`).
  app.post(
    '/api/players/:id/playable/channel/:channelId',
    {
      schema: {
        params: routeIdsSchema('id', 'channelId'),
        querystring: setPlayableBodySchema,
        body: setPlayableBodySchema,
        response: answers,
      },
    },
    async (req): Promise<Player> =>
      service.setPlayable(actor(req), req.params.id, {
        type: PLAYABLE_CHANNEL,
        id: req.params.channelId,
        trackId: req.query.track ?? req.body.track,
      }),
  );

  // Moves audio output to a device of this customer. The sender's socket is skipped like on every
  // player change: it gets the player in the answer, and the target device is another socket.
  app.post(
    '/api/players/:id/sessions/:sessionId',
    { schema: { params: moveOutputParamsSchema, body: moveOutputBodySchema, response: answers } },
    async (req): Promise<Player> =>
      service.moveOutput(actor(req), req.params.id, {
        sessionId: req.params.sessionId,
        currentTime: req.body.currentTime,
        expectedSessionId: req.body.expected_session_id,
      }),
  );

  app.get(
    '/api/players/:id/next/tracks/:trackId',
    { schema: { params: routeIdsSchema('id', 'trackId'), response: answers } },
    async (req): Promise<Player> => service.jumpToTrack(actor(req), req.params.id, req.params.trackId),
  );
}
