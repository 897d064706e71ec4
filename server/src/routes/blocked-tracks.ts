import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blockedTrackListSchema,
  blockedTrackToggleSchema,
  type BlockedTrack,
  type BlockedTrackToggle,
} from '../../../contracts/blocked-tracks';
import { messageSchema } from '../../../contracts/errors';
import { routeIdsSchema } from '../../../contracts/fields';
import type { AppContext } from '../context';
import { listBlockedTracks, toggleBlockedTrack } from '../db/queries/day-plan';
import { existingTrackIds } from '../db/queries/playlists';
import { HttpError, messages } from '../http/errors';
import { actor } from '../http/request';
import { laravelDate, trackResource } from '../resources';

/** The catalogue tracks a shop never wants again (issue 26), calls only the bundled API has. */
export function registerBlockedTrackRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const config = { webApp: 'optional' } as const;

  app.get(
    '/api/blocked-tracks',
    { config, schema: { response: { 200: blockedTrackListSchema } } },
    async (req): Promise<BlockedTrack[]> => {
      const rows = await listBlockedTracks(db, { customerId: req.tenant.id });
      return rows.map(({ track, blockedAt }) => ({
        ...trackResource(ctx.storage, track),
        blocked_at: laravelDate(blockedAt),
      }));
    },
  );

  /**
   * Blocks a catalogue track for this shop, or unblocks it. With the shop's players locked, so a
   * player playing it moves on at once and none announces it in `next_tracks` (players/service).
   */
  app.post(
    '/api/blocked-tracks/:trackId',
    {
      config,
      schema: {
        params: routeIdsSchema('trackId'),
        response: { 200: blockedTrackToggleSchema, 404: messageSchema },
      },
    },
    async (req): Promise<BlockedTrackToggle> => {
      const { trackId } = req.params;
      if (!(await existingTrackIds(db, [trackId])).has(trackId)) throw new HttpError(404, messages.notFound);
      const customerId = req.tenant.id;
      const blocked = await ctx.players.editBlockedTracks(actor(req), (tx) =>
        toggleBlockedTrack(tx, { customerId, trackId }),
      );
      return { track_id: trackId, blocked };
    },
  );
}
