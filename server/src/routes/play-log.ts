import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import { idParamsSchema } from '../../../contracts/fields';
import type { Paginator } from '../../../contracts/pagination';
import {
  PLAY_LOG_PER_PAGE,
  PLAY_LOG_RANGE_MAX_DAYS,
  PLAYED_FUTURE_SLACK_MS,
  PLAYED_MAX_AGE_DAYS,
  playedAnswerSchema,
  playedBodySchema,
  playLogMessages,
  playLogPageQuerySchema,
  playLogPageSchema,
  playLogQuerySchema,
  spotDayCountListSchema,
  type PlayedAnswer,
  type PlayLogEntry,
  type PlayLogQuery,
  type PlayLogType,
  type SpotDayCount,
} from '../../../contracts/play-log';
import type { AppContext } from '../context';
import { zoneOfPlayer } from '../db/queries/zones';
import { zoneFor } from './zones';
import { deviceNamesOf, loginDeviceKey } from '../db/queries/device-names';
import {
  eachPlayLogBatch,
  listPlayLog,
  playedItemName,
  recordPlayReport,
  spotDayCounts,
  spotNames,
  type PlayLogRange,
  type PlayLogRow,
} from '../db/queries/play-log';
import { csvField } from '../http/csv';
import { ValidationError } from '../http/errors';
import { rowBeforeBody } from '../http/params';
import { actor } from '../http/request';
import { deviceFromUserAgent, deviceLabelOf } from '../realtime/device';
import { paginate } from '../resources/paginator';
import { isoWithOffset, localMinute, timeZoneOf, zonedDayStart } from '../../../contracts/time';

const DAY_MS = 86_400_000;

export { playLogMessages };

/** `YYYY-MM-DD` plus `days` (calendar arithmetic, no time zone involved). */
function addDays(dateKey: string, days: number): string {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The CSV's type column. */
const TYPE_LABELS: Record<PlayLogType, string> = { track: 'Zene', spot: 'Szpot', sound: 'Hang', schedule: 'Ütemezés' };

export const CSV_HEADER = [
  'Időpont',
  'Típus',
  'Név',
  'Lejátszott idő (mp)',
  'Végig szólt',
  'Lejátszó',
  'Ütemezett szpotok',
  'Zóna',
];

/**
 * Proof of play (issue: never silent, provably played): the audio device reports each play; the
 * log reads the reports and the scheduler's fires together, pages them, counts spot plays per
 * day, and exports them as CSV that opens in Excel.
 */
export function registerPlayLogRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const played = {
    // The bundled API's own: the web app reports plays where it is answered.
    config: { webApp: 'optional' as const },
    // The player must be the customer's (404) before a word about the report (422).
    preValidation: rowBeforeBody('id', async (req, id) => !!(await ctx.players.get(actor(req), id))),
    schema: {
      params: idParamsSchema,
      body: playedBodySchema,
      response: { 200: playedAnswerSchema, 201: playedAnswerSchema, 404: messageSchema, 422: validationErrorSchema },
    },
  };
  app.post('/api/players/:id/played', played, async (req, reply): Promise<PlayedAnswer> => {
    const who = actor(req);
    const player = await ctx.players.get(who, req.params.id);
    const body = req.body;
    // The device's wall clock against ours (not the scheduler's clock, which tests may move).
    const now = Date.now();
    // Stamped by our clock: the device's may be hours off. Its own time is kept beside it.
    const startedAt = body.age_ms === undefined ? body.started_at : new Date(now - body.age_ms);
    const at = startedAt.getTime();
    if (at > now + PLAYED_FUTURE_SLACK_MS || at < now - PLAYED_MAX_AGE_DAYS * DAY_MS) {
      throw new ValidationError({ started_at: [playLogMessages.startedAtRange] });
    }
    const customerId = req.tenant.id;
    const name = await playedItemName(db, { customerId, type: body.type, id: body.id });
    if (name === null) throw new ValidationError({ id: [playLogMessages.unknown] });
    const zone = await zoneOfPlayer(db, { customerId, playerId: player.id });
    const { row, created } = await recordPlayReport(db, {
      customerId,
      playerId: player.id,
      zoneName: zone?.name ?? null,
      reportId: body.report_id,
      type: body.type,
      itemId: body.id,
      name,
      startedAt,
      deviceStartedAt: body.started_at,
      seconds: Math.round(body.seconds * 10) / 10,
      ended: body.ended,
      sessionId: who.sessionId,
      // So the CSV names the device: by the name the shop gives it, else as it was then.
      deviceKey: req.session ? loginDeviceKey(req.session) : null,
      deviceLabel: deviceLabelOf(deviceFromUserAgent('', ([] as string[]).concat(req.headers['user-agent'] ?? [])[0])),
    });
    reply.code(created ? 201 : 200);
    return {
      report_id: row.reportId,
      type: row.type as PlayedAnswer['type'],
      id: row.itemId,
      name: row.name,
      started_at: row.startedAt.toISOString(),
      seconds: row.seconds,
      ended: row.ended,
      player_id: row.playerId,
      zone_name: row.zoneName,
    };
  });

  /** The shop's time zone and the asked range as instants: `from` 00:00 to the day after `to`. */
  async function rangeOf(
    req: FastifyRequest,
    query: PlayLogQuery,
  ): Promise<PlayLogRange & { timeZone: string; fromKey: string; toKey: string }> {
    const timeZone = timeZoneOf(req.tenant);
    // Real time, as the reports are (the scheduler's clock may be moved by tests).
    const today = localMinute(Date.now(), timeZone).dateKey;
    const toKey = query.to ?? (query.from && query.from > today ? query.from : today);
    const fromKey = query.from ?? addDays(toKey, -6);
    if (fromKey > toKey) throw new ValidationError({ to: [playLogMessages.dateOrder] });
    if (dayCount(fromKey, toKey) > PLAY_LOG_RANGE_MAX_DAYS)
      throw new ValidationError({ from: [playLogMessages.range] });
    return {
      customerId: req.tenant.id,
      from: new Date(zonedDayStart(fromKey, timeZone)),
      to: new Date(zonedDayStart(addDays(toKey, 1), timeZone)),
      type: query.type,
      ...(query.zone === undefined ? {} : { zoneId: (await zoneFor(db, req.tenant.id, query.zone)).id }),
      timeZone,
      fromKey,
      toKey,
    };
  }

  async function entries(customerId: number, rows: PlayLogRow[], timeZone: string): Promise<PlayLogEntry[]> {
    const names = await spotNames(db, { customerId, ids: rows.flatMap((r) => r.spotIds ?? []) });
    return rows.map((r) => ({
      key: r.key,
      type: r.type,
      item_id: r.itemId,
      name: r.name,
      started_at: isoWithOffset(r.startedAt.getTime(), timeZone),
      seconds: r.seconds,
      ended: r.ended,
      player_id: r.playerId,
      zone_name: r.zoneName,
      ...(r.spotIds ? { spots: r.spotIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` })) } : {}),
    }));
  }

  const refused = { 422: validationErrorSchema };
  // The play log is the bundled API's own: the web app shows it where it is answered.
  const config = { webApp: 'optional' } as const;
  const page = {
    config,
    schema: { querystring: playLogPageQuerySchema, response: { 200: playLogPageSchema, ...refused } },
  };
  app.get(
    '/api/play-log',
    page,
    async (req): Promise<Paginator<PlayLogEntry> & { range: { from: string; to: string } }> => {
      const range = await rangeOf(req, req.query);
      const { page } = req.query;
      const { rows, total } = await listPlayLog(db, {
        ...range,
        offset: (page - 1) * PLAY_LOG_PER_PAGE,
        limit: PLAY_LOG_PER_PAGE,
      });
      const search = (n: number) => {
        const q = new URLSearchParams({
          from: range.fromKey,
          to: range.toKey,
          ...(range.type ? { type: range.type } : {}),
          ...(range.zoneId !== undefined ? { zone: String(range.zoneId) } : {}),
          page: String(n),
        });
        return `/api/play-log?${q}`;
      };
      return {
        ...paginate({
          items: await entries(range.customerId, rows, range.timeZone),
          page,
          perPage: PLAY_LOG_PER_PAGE,
          total,
          path: '/api/play-log',
          pageUrl: search,
        }),
        // The days the page covers (the defaults filled in), for the page's date inputs.
        range: { from: range.fromKey, to: range.toKey },
      };
    },
  );

  const spots = {
    config,
    schema: { querystring: playLogQuerySchema, response: { 200: spotDayCountListSchema, ...refused } },
  };
  app.get('/api/play-log/spots', spots, async (req): Promise<SpotDayCount[]> => {
    const range = await rangeOf(req, req.query);
    const rows = await spotDayCounts(db, range);
    return rows.map((r) => ({ spot_id: r.spotId, name: r.name, day: r.day, plays: r.plays, completed: r.completed }));
  });

  // The CSV streams as it is read (a stream is written as it is, never through the serializer).
  const csvExport = {
    config,
    schema: {
      querystring: playLogQuerySchema,
      response: { 200: z.unknown().describe('the CSV, text/csv; charset=utf-8'), ...refused },
    },
  };
  app.get('/api/play-log/export', csvExport, async (req, reply) => {
    const range = await rangeOf(req, req.query);
    const line = (fields: Array<string | number | null>) => `${fields.map(csvField).join(';')}\r\n`;
    async function* csv() {
      // The BOM tells Excel the file is UTF-8 (else ő and ű come out garbled).
      yield `\uFEFF${line(CSV_HEADER)}`;
      for await (const rows of eachPlayLogBatch(db, range)) {
        let chunk = '';
        const keys = [...new Set(rows.flatMap((r) => (r.deviceKey ? [r.deviceKey] : [])))];
        const deviceNames = await deviceNamesOf(db, { customerId: range.customerId, keys });
        const device = (r: PlayLogRow) => (r.deviceKey && deviceNames.get(r.deviceKey)) || r.deviceLabel;
        const list = await entries(range.customerId, rows, range.timeZone);
        for (const [i, e] of list.entries()) {
          const when = e.started_at.slice(0, 19).replace('T', ' ').replace(/-/g, '.');
          chunk += line([
            when,
            TYPE_LABELS[e.type],
            e.name,
            e.seconds === null ? null : e.seconds.toFixed(1).replace('.', ','),
            e.ended === null ? null : e.ended ? 'igen' : 'nem',
            device(rows[i]!),
            e.spots ? e.spots.map((s) => s.name).join(', ') : null,
            e.zone_name ?? null,
          ]);
        }
        yield chunk;
      }
    }
    const name = `lejatszasi-naplo_${range.fromKey}_${range.toKey}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csv()));
  });
}
