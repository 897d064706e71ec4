import type { FastifyInstance } from 'fastify';
import {
  MAX_CURRENT_TIME,
  moveOutputBodySchema,
  PLAYABLE_CHANNEL,
  updateVolumeBodySchema,
  type Player,
} from '../../../contracts/player';
import type { AppContext } from '../context';
import { HttpError, messages } from '../http/errors';
import { idParam } from '../http/params';
import { actor, startTrackOf } from '../http/request';
import { validate } from '../http/validation';

/** A device login's public id (`/api/me` session_id); anything else cannot name one → 404. */
const sessionIdParam = (value: string) => {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(value)) throw new HttpError(404, messages.notFound);
  return value;
};

export { MAX_CURRENT_TIME };

export function registerPlayerRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = ctx.players;

  type P = { Params: { id: string } };

  app.get('/api/players', async (req): Promise<Player[]> => service.list(actor(req)));

  app.post<P>('/api/players/:id/random', async (req): Promise<Player> =>
    service.toggleRandom(actor(req), idParam(req.params.id)),
  );
  app.post<P>('/api/players/:id/repeat', async (req): Promise<Player> =>
    service.toggleRepeat(actor(req), idParam(req.params.id)),
  );
  app.get<P>('/api/players/:id/next', async (req): Promise<Player> => service.next(actor(req), idParam(req.params.id)));
  app.get<P>('/api/players/:id/toggle-play', async (req): Promise<Player> =>
    service.togglePlay(actor(req), idParam(req.params.id)),
  );
  app.get<P>('/api/players/:id/load-track', async (req): Promise<Player> =>
    service.loadTrack(actor(req), idParam(req.params.id)),
  );

  app.post<P>('/api/players/:id/update-volume', async (req): Promise<Player> => {
    const playerId = idParam(req.params.id);
    const body = validate(updateVolumeBodySchema, req.body);
    return service.updateVolume(actor(req), playerId, body);
  });

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
  app.post<{ Params: { id: string; sessionId: string } }>(
    '/api/players/:id/sessions/:sessionId',
    async (req): Promise<Player> => {
      const playerId = idParam(req.params.id);
      const sessionId = sessionIdParam(req.params.sessionId);
      const body = validate(moveOutputBodySchema, req.body);
      return service.moveOutput(actor(req), playerId, {
        sessionId,
        currentTime: body.currentTime,
        expectedSessionId: body.expected_session_id,
      });
    },
  );

  app.get<{ Params: { id: string; trackId: string } }>(
    '/api/players/:id/next/tracks/:trackId',
    async (req): Promise<Player> =>
      service.jumpToTrack(actor(req), idParam(req.params.id), idParam(req.params.trackId)),
  );
}
