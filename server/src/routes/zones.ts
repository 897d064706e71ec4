import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trueAnswerSchema } from '../../../contracts/answers';
import { messageSchema } from '../../../contracts/errors';
import {
  reorderZonesBodySchema,
  zoneBodySchema,
  zoneListSchema,
  zoneMessages,
  zoneParamsSchema,
  zoneSchema,
  ZONES_MAX,
  type Zone,
} from '../../../contracts/zones';
import type { AppContext } from '../context';
import { transaction, type Db } from '../db/client';
import { lockPlayersOfCustomer } from '../db/queries/players';
import {
  countZones,
  createZone,
  deleteZone,
  firstZone,
  getZone,
  listZones,
  lockZonesOfCustomer,
  renameZone,
  reorderZones,
  type ZoneRow,
  type ZoneWithPlayer,
} from '../db/queries/zones';
import { switchOffItemsWithoutZone } from '../db/queries/scheduled-contents';
import { HttpError, messages, ValidationError } from '../http/errors';
import { sendJson } from '../http/json';

const zoneResource = (z: ZoneWithPlayer): Zone => ({
  id: z.id,
  name: z.name,
  position: z.position,
  player_id: z.playerId,
});

/**
 * The zone a call means: `zoneId` when given (another shop's or a deleted one: 404 'Nem
 * található.', as every other shop's id), else the shop's first zone (a client that knows no zones
 * keeps working).
 */
export async function zoneFor(db: Db, customerId: number, zoneId: number | undefined): Promise<ZoneRow> {
  const zone =
    zoneId === undefined ? await firstZone(db, { customerId }) : await getZone(db, { customerId, id: zoneId });
  if (!zone) throw new HttpError(404, messages.notFound);
  return zone;
}

/**
 * Zones (issue 43, the bundled API only): the shop's areas, each with its own player and music
 * plan. See contracts/zones.ts for the calls.
 */
export function registerZoneRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const config = { webApp: 'optional' } as const;

  const answerOf = async (customerId: number, id: number): Promise<Zone> => {
    const zone = (await listZones(db, { customerId })).find((z) => z.id === id);
    if (!zone) throw new HttpError(404, messages.notFound);
    return zoneResource(zone);
  };

  app.get('/api/zones', { config, schema: { response: { 200: zoneListSchema } } }, async (req): Promise<Zone[]> =>
    (await listZones(db, { customerId: req.tenant.id })).map(zoneResource),
  );

  /** A new zone at the end, with its own (stopped) player. At most ZONES_MAX: 422 under name. */
  app.post(
    '/api/zones',
    { config, schema: { body: zoneBodySchema, response: { 201: zoneSchema } } },
    async (req, reply): Promise<Zone> => {
      const customerId = req.tenant.id;
      const zone = await transaction(db, async (tx) => {
        await lockZonesOfCustomer(tx, { customerId });
        if ((await countZones(tx, { customerId })) >= ZONES_MAX)
          throw new ValidationError({ name: [zoneMessages.limit] });
        return createZone(tx, { customerId, name: req.body.name });
      });
      // The new player, on its own channel and in every remote's list.
      const [player] = await ctx.players.latest([zone.playerId]);
      if (player) await ctx.players.onPlayerChanged(player, { customerId, reason: 'created' });
      reply.code(201);
      return zoneResource(zone);
    },
  );

  /** Every zone of the shop once, in the new order; anything else is 422 under ids. */
  app.post(
    '/api/zones/reorder',
    { config, schema: { body: reorderZonesBodySchema, response: { 200: zoneListSchema } } },
    async (req): Promise<Zone[]> => {
      const customerId = req.tenant.id;
      const { ids } = req.body;
      await transaction(db, async (tx) => {
        await lockZonesOfCustomer(tx, { customerId });
        const current = (await listZones(tx, { customerId })).map((z) => z.id);
        const same =
          ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
        if (!same) throw new ValidationError({ ids: [zoneMessages.reorder] });
        await reorderZones(tx, { customerId, ids });
      });
      return (await listZones(db, { customerId })).map(zoneResource);
    },
  );

  app.post(
    '/api/zones/:id',
    {
      config,
      schema: { params: zoneParamsSchema, body: zoneBodySchema, response: { 200: zoneSchema, 404: messageSchema } },
    },
    async (req): Promise<Zone> => {
      const customerId = req.tenant.id;
      const row = await renameZone(db, { customerId, id: req.params.id, name: req.body.name });
      if (!row) throw new HttpError(404, messages.notFound);
      return answerOf(customerId, row.id);
    },
  );

  /**
   * Deletes the zone with its player, plan and blocks. Its audio device learns first: the player is
   * sent stopped with no audio device (UpdatePlayer on its channel) before the row goes, so the
   * device stops within the broadcast's time. Its scheduled items keep their other zones; an item
   * left with none is switched off (`no_zone_left`). The last zone: 422. Two deletes of one zone at
   * once: the shop's lock orders them, the second finds nothing (404).
   */
  app.post(
    '/api/zones/delete/:id',
    {
      config,
      schema: { params: zoneParamsSchema, response: { 200: trueAnswerSchema, 404: messageSchema, 422: messageSchema } },
    },
    async (req, reply) => {
      const customerId = req.tenant.id;
      const id = req.params.id;
      const stopped = await transaction(db, async (tx) => {
        await lockZonesOfCustomer(tx, { customerId });
        const zone = await getZone(tx, { customerId, id });
        if (!zone) throw new HttpError(404, messages.notFound);
        if ((await countZones(tx, { customerId })) <= 1) throw new HttpError(422, zoneMessages.last);
        // Its player, locked (every player of the shop, in the order of every multi-player lock).
        const player = (await lockPlayersOfCustomer(tx, { customerId })).find((p) => p.zoneId === id);
        await switchOffItemsWithoutZone(tx, { customerId, zoneId: id });
        await deleteZone(tx, { customerId, id });
        return player;
      });
      if (stopped) {
        const last = await ctx.players.resource(stopped);
        await ctx.players.onPlayerChanged(
          { ...last, is_playing: false, session_id: null, output: null, version: stopped.version + 1 },
          { customerId, reason: 'move-output' },
        );
      }
      return sendJson(reply, true);
    },
  );
}
