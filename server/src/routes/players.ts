import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PLAYABLE_CHANNEL, type Player } from '../../../contracts/player';
import type { AppContext } from '../context';
import { HttpError, messages, ValidationError } from '../http/errors';
import { idParam, socketIdOf } from '../http/params';
import { validate } from '../http/validation';
import type { Actor } from '../player/service';

/** Form posts send numbers as text; JSON sends numbers. Blank counts as absent. */
const asNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
};

const volumeMessage = 'A hangerő 0 és 100 közötti szám lehet.';
const timeMessage = 'A lejátszási pozíció nem negatív szám lehet.';
export const MAX_CURRENT_TIME = 24 * 3600;

const updateVolumeSchema = z.object({
  volume: z.preprocess(
    asNumber,
    z.number({ error: volumeMessage }).min(0, { error: volumeMessage }).max(100, { error: volumeMessage }).optional(),
  ),
  currentTime: z.preprocess(
    asNumber,
    z.number({ error: timeMessage }).min(0, { error: timeMessage }).max(MAX_CURRENT_TIME, { error: timeMessage }).optional(),
  ),
});

/** Moving output: `currentTime` is required (where the new device starts). */
const moveOutputSchema = z.object({
  currentTime: z.preprocess(
    asNumber,
    z.number({ error: timeMessage }).min(0, { error: timeMessage }).max(MAX_CURRENT_TIME, { error: timeMessage }),
  ),
});

/** A device login's public id (`/api/me` session_id); anything else cannot name one → 404. */
const sessionIdParam = (value: string) => {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(value)) throw new HttpError(404, messages.notFound);
  return value;
};

const trackMessage = 'A kiválasztott dal nem található.';
const trackField = z.object({
  track: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: trackMessage })
      .int({ error: trackMessage })
      .min(1, { error: trackMessage })
      .max(2_147_483_647, { error: trackMessage })
      .optional(),
  ),
});

export function registerPlayerRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = ctx.players;

  const actor = (req: FastifyRequest): Actor => ({
    customerId: req.tenant.id,
    sessionId: req.session?.sessionId ?? null,
    socketId: socketIdOf(req),
  });
  type P = { Params: { id: string } };

  app.get('/api/players', async (req): Promise<Player[]> => service.list(actor(req)));

  app.post<P>('/api/players/:id/random', async (req): Promise<Player> => service.toggleRandom(actor(req), idParam(req.params.id)));
  app.post<P>('/api/players/:id/repeat', async (req): Promise<Player> => service.toggleRepeat(actor(req), idParam(req.params.id)));
  app.get<P>('/api/players/:id/next', async (req): Promise<Player> => service.next(actor(req), idParam(req.params.id)));
  app.get<P>('/api/players/:id/toggle-play', async (req): Promise<Player> => service.togglePlay(actor(req), idParam(req.params.id)));
  app.get<P>('/api/players/:id/load-track', async (req): Promise<Player> => service.loadTrack(actor(req), idParam(req.params.id)));

  app.post<P>('/api/players/:id/update-volume', async (req): Promise<Player> => {
    const playerId = idParam(req.params.id);
    const body = validate(updateVolumeSchema, req.body);
    if (body.volume === undefined && body.currentTime === undefined) {
      throw new ValidationError({ volume: [volumeMessage] });
    }
    return service.updateVolume(actor(req), playerId, body);
  });

  app.post<{ Params: { id: string; channelId: string } }>(
    '/api/players/:id/playable/channel/:channelId',
    async (req): Promise<Player> => {
      const playerId = idParam(req.params.id);
      const channelId = idParam(req.params.channelId);
      const query = req.query as Record<string, unknown>;
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const { track } = validate(trackField, { track: query.track ?? body.track });
      return service.setPlayable(actor(req), playerId, { type: PLAYABLE_CHANNEL, id: channelId, trackId: track });
    },
  );

  // Moves audio output to a device of this customer. The sender's socket is skipped like on every
  // player change: it gets the player in the answer, and the target device is another socket.
  app.post<{ Params: { id: string; sessionId: string } }>('/api/players/:id/sessions/:sessionId', async (req): Promise<Player> => {
    const playerId = idParam(req.params.id);
    const sessionId = sessionIdParam(req.params.sessionId);
    const { currentTime } = validate(moveOutputSchema, req.body);
    return service.moveOutput(actor(req), playerId, { sessionId, currentTime });
  });

  app.get<{ Params: { id: string; trackId: string } }>('/api/players/:id/next/tracks/:trackId', async (req): Promise<Player> =>
    service.jumpToTrack(actor(req), idParam(req.params.id), idParam(req.params.trackId)),
  );
}
