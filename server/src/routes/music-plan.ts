import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  copyMusicPlanBodySchema,
  MUSIC_PLAN_BLOCKS_MAX,
  musicBlockBodySchema,
  musicPlanBodySchema,
  musicBlockListSchema,
  musicBlockSchema,
  musicPlanMessages,
  musicPlanSchema,
  type MusicBlock,
  type MusicBlockInput,
  type MusicPlan,
  type MusicSourceType,
} from '../../../contracts/music-plan';
import { trueAnswerSchema } from '../../../contracts/answers';
import { messageSchema } from '../../../contracts/errors';
import { playerSchema, type Player } from '../../../contracts/player';
import { DAY_KEYS } from '../../../contracts/names';
import { idParamsSchema } from '../../../contracts/fields';
import { zoneQuerySchema } from '../../../contracts/zones';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import {
  copyMusicBlocks,
  createMusicBlock,
  deleteMusicBlock,
  getMusicBlock,
  getMusicPlan,
  listMusicBlocks,
  lockMusicPlan,
  saveMusicPlan,
  sourceKey,
  sourceNames,
  updateMusicBlock,
  type MusicBlockFields,
  type MusicBlockRow,
} from '../db/queries/day-plan';
import { HttpError, messages, ValidationError } from '../http/errors';
import { sendJson } from '../http/json';
import { rowBeforeBody } from '../http/params';
import { actor } from '../http/request';
import { blockRule, overlappingBlock } from '../scheduler/day-plan';
import { zoneFor } from './zones';

function blockResource(row: MusicBlockRow, names: Map<string, string>): MusicBlock {
  return {
    id: row.id,
    name: row.name,
    ...(Object.fromEntries(DAY_KEYS.map((k) => [k, row[k]])) as Record<(typeof DAY_KEYS)[number], boolean>),
    from: row.fromTime,
    to: row.toTime,
    source_type: row.sourceType as MusicSourceType,
    source_id: row.sourceId,
    source_name: names.get(sourceKey(row.sourceType, row.sourceId)) ?? null,
    volume: row.volume,
    shuffle: row.shuffle,
    zone_id: row.zoneId,
  };
}

function blockFields(body: MusicBlockInput): MusicBlockFields {
  return {
    name: body.name,
    ...(Object.fromEntries(DAY_KEYS.map((k) => [k, body[k]])) as Record<(typeof DAY_KEYS)[number], boolean>),
    fromTime: body.from,
    toTime: body.to,
    sourceType: body.source_type,
    sourceId: body.source_id,
    volume: body.volume,
    shuffle: body.shuffle,
  };
}

/**
 * The shop's weekly music plan ('Zenei napirend', issue 26) and its blocks, calls only the bundled
 * API has. The rules live in contracts/music-plan.ts; the engine that reads them is
 * scheduler/day-plan.ts.
 */
export function registerMusicPlanRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const planAnswer = async (customerId: number, zoneId: number): Promise<MusicPlan> => {
    const plan = await getMusicPlan(db, { customerId, zoneId });
    const type = plan.defaultSourceType as MusicSourceType | null;
    const id = plan.defaultSourceId;
    const names =
      type !== null && id !== null ? await sourceNames(db, { customerId, sources: [{ type, id }] }) : new Map();
    return {
      enabled: plan.enabled,
      default_source_type: type,
      default_source_id: id,
      default_source_name: type !== null && id !== null ? (names.get(sourceKey(type, id)) ?? null) : null,
    };
  };

  /** 422 under `field` when the source is neither a catalogue channel nor one of this shop's playlists. */
  const checkSource = async (tx: Db, customerId: number, type: MusicSourceType, id: number, field: string) => {
    const names = await sourceNames(tx, { customerId, sources: [{ type, id }] });
    if (!names.has(sourceKey(type, id))) throw new ValidationError({ [field]: [musicPlanMessages.sourceUnknown] });
  };

  const config = { webApp: 'optional' } as const;

  // `?zone=`: the zone whose plan (absent: the first zone's); another shop's or a deleted zone: 404.
  app.get(
    '/api/music-plan',
    { config, schema: { querystring: zoneQuerySchema, response: { 200: musicPlanSchema, 404: messageSchema } } },
    async (req): Promise<MusicPlan> => {
      const zone = await zoneFor(db, req.tenant.id, req.query.zone);
      return planAnswer(req.tenant.id, zone.id);
    },
  );

  /** `enabled` absent keeps the switch as it is; the default source is replaced (blank: none). */
  app.post(
    '/api/music-plan',
    {
      config,
      schema: {
        querystring: zoneQuerySchema,
        body: musicPlanBodySchema,
        response: { 200: musicPlanSchema, 404: messageSchema },
      },
    },
    async (req): Promise<MusicPlan> => {
      const customerId = req.tenant.id;
      const body = req.body;
      const zoneId = (await zoneFor(db, customerId, req.query.zone)).id;
      await ctx.plan.change(customerId, zoneId, ctx.clock(), async (tx) => {
        await lockMusicPlan(tx, { customerId, zoneId });
        if (body.default_source_type !== null && body.default_source_id !== null)
          await checkSource(tx, customerId, body.default_source_type, body.default_source_id, 'default_source_id');
        const current = await getMusicPlan(tx, { customerId, zoneId });
        await saveMusicPlan(tx, {
          customerId,
          zoneId,
          enabled: body.enabled ?? current.enabled,
          defaultSourceType: body.default_source_type,
          defaultSourceId: body.default_source_id,
        });
      });
      return planAnswer(customerId, zoneId);
    },
  );

  /**
   * 'Vissza a napirendhez': a manager's hold ends at once and the plan's state of now applies
   * (the block's source from its start). 409 while the plan is off. Answers the shop's player.
   */
  app.post(
    '/api/music-plan/resume',
    {
      config,
      schema: { querystring: zoneQuerySchema, response: { 200: playerSchema, 404: messageSchema, 409: messageSchema } },
    },
    async (req): Promise<Player> => {
      const customerId = req.tenant.id;
      const zone = await zoneFor(db, customerId, req.query.zone);
      if (!(await ctx.plan.resume(customerId, zone.id, ctx.clock())))
        throw new HttpError(409, musicPlanMessages.planOff);
      const player = (await ctx.players.list(actor(req))).find((p) => p.zone_id === zone.id);
      if (!player) throw new HttpError(404, messages.notFound);
      return player;
    },
  );

  const blocksAnswer = async (customerId: number, rows: MusicBlockRow[]) => {
    const names = await sourceNames(db, {
      customerId,
      sources: rows.map((r) => ({ type: r.sourceType as MusicSourceType, id: r.sourceId })),
    });
    return rows.map((r) => blockResource(r, names));
  };

  app.get(
    '/api/music-plan/blocks',
    { config, schema: { querystring: zoneQuerySchema, response: { 200: musicBlockListSchema, 404: messageSchema } } },
    async (req): Promise<MusicBlock[]> => {
      const zone = await zoneFor(db, req.tenant.id, req.query.zone);
      return blocksAnswer(req.tenant.id, await listMusicBlocks(db, { customerId: req.tenant.id, zoneId: zone.id }));
    },
  );

  /** 'Hét másolása ide': the target zone's blocks become copies of the source zone's; answers the target's. */
  app.post(
    '/api/music-plan/copy',
    { config, schema: { body: copyMusicPlanBodySchema, response: { 200: musicBlockListSchema, 404: messageSchema } } },
    async (req): Promise<MusicBlock[]> => {
      const customerId = req.tenant.id;
      const from = (await zoneFor(db, customerId, req.body.from_zone)).id;
      const to = (await zoneFor(db, customerId, req.body.to_zone)).id;
      if (from !== to) {
        await ctx.plan.change(customerId, to, ctx.clock(), async (tx) => {
          await lockMusicPlan(tx, { customerId, zoneId: to });
          await copyMusicBlocks(tx, { customerId, from, to });
        });
      }
      return blocksAnswer(customerId, await listMusicBlocks(db, { customerId, zoneId: to }));
    },
  );

  /**
   * Saves a block inside the plan's lock: the source must be the shop's to play, and no day of the
   * block may share a minute with another block (422 on `from`, naming the other block by its
   * name, or by its source's name when it has none).
   */
  const saveBlock = async (
    customerId: number,
    zoneId: number,
    id: number | null,
    body: MusicBlockInput,
  ): Promise<number> =>
    ctx.plan.change(customerId, zoneId, ctx.clock(), async (tx) => {
      await lockMusicPlan(tx, { customerId, zoneId });
      const existing = await listMusicBlocks(tx, { customerId, zoneId });
      // A block moved from another zone is judged against its new zone's blocks.
      if (id !== null && !existing.some((b) => b.id === id) && !(await getMusicBlock(tx, { customerId, id })))
        throw new HttpError(404, messages.notFound);
      if (id === null && existing.length >= MUSIC_PLAN_BLOCKS_MAX)
        throw new ValidationError({ name: [musicPlanMessages.limit] });
      await checkSource(tx, customerId, body.source_type, body.source_id, 'source_id');
      const fields = blockFields(body);
      const candidate = blockRule({
        ...fields,
        id: id ?? 0,
        customerId,
        zoneId,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      const clash = overlappingBlock(
        candidate,
        existing.filter((b) => b.id !== id).map((b) => ({ ...blockRule(b), row: b })),
      );
      if (clash) {
        const other = clash.row;
        const names = await sourceNames(tx, {
          customerId,
          sources: [{ type: other.sourceType as MusicSourceType, id: other.sourceId }],
        });
        const label = other.name ?? names.get(sourceKey(other.sourceType, other.sourceId)) ?? 'Törölt lista';
        throw new ValidationError({ from: [musicPlanMessages.overlap(label, other.fromTime, other.toTime)] });
      }
      if (id === null) return (await createMusicBlock(tx, { customerId, zoneId, fields })).id;
      await updateMusicBlock(tx, { customerId, id, zoneId, fields });
      return id;
    });

  const blockAnswer = async (req: FastifyRequest, id: number): Promise<MusicBlock> => {
    const row = await getMusicBlock(db, { customerId: req.tenant.id, id });
    if (!row) throw new HttpError(404, messages.notFound);
    const [answer] = await blocksAnswer(req.tenant.id, [row]);
    return answer!;
  };

  app.post(
    '/api/music-plan/blocks',
    {
      config,
      schema: {
        querystring: zoneQuerySchema,
        body: musicBlockBodySchema,
        response: { 201: musicBlockSchema, 404: messageSchema },
      },
    },
    async (req, reply): Promise<MusicBlock> => {
      // The body's `zone_id`, else `?zone=`, else the first zone.
      const zone = await zoneFor(db, req.tenant.id, req.body.zone_id ?? req.query.zone);
      const id = await saveBlock(req.tenant.id, zone.id, null, req.body);
      reply.code(201);
      return blockAnswer(req, id);
    },
  );

  /** Overwrites every field. Another shop's id (or none) is 404 before any word about the fields. */
  app.post(
    '/api/music-plan/blocks/:id',
    {
      preValidation: rowBeforeBody(
        'id',
        async (req, id) => !!(await getMusicBlock(db, { customerId: req.tenant.id, id })),
      ),
      config,
      schema: {
        params: idParamsSchema,
        body: musicBlockBodySchema,
        response: { 200: musicBlockSchema, 404: messageSchema },
      },
    },
    async (req): Promise<MusicBlock> => {
      // Its own zone unless the body names another (the block moves there).
      const own = await getMusicBlock(db, { customerId: req.tenant.id, id: req.params.id });
      if (!own) throw new HttpError(404, messages.notFound);
      const zoneId =
        req.body.zone_id === undefined ? own.zoneId : (await zoneFor(db, req.tenant.id, req.body.zone_id)).id;
      await saveBlock(req.tenant.id, zoneId, req.params.id, req.body);
      return blockAnswer(req, req.params.id);
    },
  );

  app.post(
    '/api/music-plan/blocks/delete/:id',
    { config, schema: { params: idParamsSchema, response: { 200: trueAnswerSchema, 404: messageSchema } } },
    async (req, reply) => {
      const customerId = req.tenant.id;
      const { id } = req.params;
      const own = await getMusicBlock(db, { customerId, id });
      if (!own) throw new HttpError(404, messages.notFound);
      const row = await ctx.plan.change(customerId, own.zoneId, ctx.clock(), (tx) =>
        deleteMusicBlock(tx, { customerId, id }),
      );
      if (!row) throw new HttpError(404, messages.notFound);
      return sendJson(reply, true);
    },
  );
}
