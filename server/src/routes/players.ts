import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../contracts/fields';
import {
  MAX_CURRENT_TIME,
  moveOutputBodySchema,
  moveOutputParamsSchema,
  PLAYABLE_CHANNEL,
  reportOutputBodySchema,
  updateVolumeBodySchema,
  type Player,
} from '../../../contracts/player';
import type { AppContext } from '../context';
import { idParam } from '../http/params';
import { actor, startTrackOf } from '../http/request';

export { MAX_CURRENT_TIME };

export function registerPlayerRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = ctx.players;

  type P = { Params: { id: string } };

  app.get('/api/players', async (req): Promise<Player[]> => service.list(actor(req)));

  app.post<P>('/api/players/:id/random', async (req): Promise<Player> =>
    service.toggleRandom(actor(req), idParam(req.params.id)),
  );
  app.post<P>('/api/players/:id/repeat', async (req): Promise<Player> =>
    service.toggleRepeat(actor(req), idParam(req.params.id)),
  );
  // `?auto=1`: the audio device asks at a track's end, which is no press of a manager (the music plan's hold).
  app.get<P & { Querystring: { auto?: string } }>('/api/players/:id/next', async (req): Promise<Player> =>
    service.next({ ...actor(req), automatic: req.query.auto === '1' }, idParam(req.params.id)),
  );
  app.get<P>('/api/players/:id/toggle-play', async (req): Promise<Player> =>
    service.togglePlay(actor(req), idParam(req.params.id)),
  );
  app.get<P>('/api/players/:id/load-track', async (req): Promise<Player> =>
    service.loadTrack(actor(req), idParam(req.params.id)),
  );

  app.post(
    '/api/players/:id/update-volume',
    { schema: { params: idParamsSchema, body: updateVolumeBodySchema } },
    async (req): Promise<Player> => service.updateVolume(actor(req), req.params.id, req.body),
  );

  // The audio device says what it really does (sounding, waiting for a tap, stalled, paused), so the
  // remotes stop claiming music the shop does not hear. Other devices learn it from OutputChanged;
  // the sender's socket is skipped as on every change.
  app.post(
    '/api/players/:id/output',
    { schema: { params: idParamsSchema, body: reportOutputBodySchema } },
    async (req): Promise<Player> => {
      const { player, changed } = await service.reportOutput(actor(req), req.params.id, req.body.state);
      if (changed) await ctx.realtime.outputChanged(player, { exceptSocketId: actor(req).socketId });
      return player;
    },
  );

  app.post<{ Params: { id: string; channelId: string } }>(
    '/api/players/:id/playable/channel/:channelId',
    async (req): Promise<Player> => {
      const playerId = idParam(req.params.id);
      const channelId = idParam(req.params.channelId);
      return service.setPlayable(actor(req), playerId, {
        type: PLAYABLE_CHANNEL,
        id: channelId,
        trackId: startTrackOf(req),
      });
    },
  );

  // Moves audio output to a device of this customer. The sender's socket is skipped like on every
  // player change: it gets the player in the answer, and the target device is another socket.
  app.post(
    '/api/players/:id/sessions/:sessionId',
    { schema: { params: moveOutputParamsSchema, body: moveOutputBodySchema } },
    async (req): Promise<Player> =>
      service.moveOutput(actor(req), req.params.id, {
        sessionId: req.params.sessionId,
        currentTime: req.body.currentTime,
        expectedSessionId: req.body.expected_session_id,
      }),
  );

  app.get<{ Params: { id: string; trackId: string } }>(
    '/api/players/:id/next/tracks/:trackId',
    async (req): Promise<Player> =>
      service.jumpToTrack(actor(req), idParam(req.params.id), idParam(req.params.trackId)),
  );
}
