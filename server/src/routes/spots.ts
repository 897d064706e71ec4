import type { FastifyInstance, FastifyRequest } from 'fastify';
import { playSpotsBodySchema, spotMessages, type Spot } from '../../../contracts/spots';
import type { PlaySpotsEvent } from '../../../contracts/realtime';
import type { AppContext } from '../context';
import { getSpots, listSpots } from '../db/queries/spots';
import { ValidationError } from '../http/errors';
import { idParam, socketIdOf } from '../http/params';
import { validate } from '../http/validation';
import { playerSoundResource, spotResource } from '../http/resources';
import type { Actor } from '../player/service';

export { spotMessages };

/**
 * Spots: the customer's list (read-only until the mixer adds upload, update and delete), and an
 * operator/test route that fires PlaySpots now. The scheduler calls `ctx.realtime.playSpots`
 * directly.
 */
export function registerSpotRoutes(app: FastifyInstance, ctx: AppContext) {
  const actor = (req: FastifyRequest): Actor => ({
    customerId: req.tenant.id,
    sessionId: req.session?.sessionId ?? null,
    socketId: socketIdOf(req),
  });

  app.get('/api/spots', async (req): Promise<Spot[]> => {
    const rows = await listSpots(ctx.db, { customerId: req.tenant.id });
    return rows.map((row) => spotResource(ctx.storage, row));
  });

  // Like the scheduler: one PlaySpots, in the given order, to every player of the customer (the
  // path's player must be the customer's). Nobody is skipped: the caller may be the audio device.
  app.post<{ Params: { id: string } }>('/api/players/:id/spots/play', async (req): Promise<PlaySpotsEvent> => {
    const playerId = idParam(req.params.id);
    await ctx.players.get(actor(req), playerId);
    const ids = validate(playSpotsBodySchema, req.body).spots;
    const rows = await getSpots(ctx.db, { customerId: req.tenant.id, ids });
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) throw new ValidationError({ spots: [spotMessages.spotsUnknown] });
    const spots = ids.map((id) => playerSoundResource(ctx.storage, 'spot', byId.get(id)!));
    await ctx.realtime.playSpots(req.tenant.id, spots);
    return { spots };
  });
}
