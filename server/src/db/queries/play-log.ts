import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PlayedType, PlayLogType } from '../../../../contracts/play-log';
import type { Db } from '../client';
import { playReports, schedulerFires, sounds, spots, tracks } from '../schema';

/*
 * Proof of play: the devices' reports (play_reports) and the scheduler's fires (scheduler_fires),
 * read together as one log. Every function takes `customerId` and filters by it.
 */

type Scope = { customerId: number };

export type PlayReportRow = typeof playReports.$inferSelect;
export type NewPlayReport = Omit<typeof playReports.$inferInsert, 'id' | 'receivedAt'>;

/** The name a played item had, or null when the shop cannot see it (another shop's spot or sound, none such). */
export async function playedItemName(
  db: Db,
  { customerId, type, id }: Scope & { type: PlayedType; id: number },
): Promise<string | null> {
  if (type === 'track') {
    const [row] = await db
      .select({ title: tracks.title, artist: tracks.artist, fileName: tracks.fileName })
      .from(tracks)
      .where(eq(tracks.id, id))
      .limit(1);
    if (!row) return null;
    const title = row.title?.trim() || row.fileName;
    return row.artist?.trim() ? `${row.artist.trim()} – ${title}` : title;
  }
  if (type === 'spot') {
    const [row] = await db
      .select({ name: spots.name })
      .from(spots)
      .where(and(eq(spots.customerId, customerId), eq(spots.id, id)))
      .limit(1);
    return row?.name ?? null;
  }
  const [row] = await db
    .select({ name: sounds.name })
    .from(sounds)
    .where(and(eq(sounds.id, id), or(eq(sounds.customerId, customerId), isNull(sounds.customerId))))
    .limit(1);
  return row?.name ?? null;
}

/**
 * Stores a report once: a second report with the same `reportId` changes nothing and answers the
 * first one (`created` false), so a device may resend whatever it is unsure of.
 */
export async function recordPlayReport(
  db: Db,
  report: NewPlayReport,
): Promise<{ row: PlayReportRow; created: boolean }> {
  const [inserted] = await db
    .insert(playReports)
    .values(report)
    .onConflictDoNothing({ target: [playReports.customerId, playReports.reportId] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(playReports)
    .where(and(eq(playReports.customerId, report.customerId), eq(playReports.reportId, report.reportId)))
    .limit(1);
  if (!existing) throw new Error('play report vanished between insert and select');
  return { row: existing, created: false };
}

export interface PlayLogRow {
  key: string;
  type: PlayLogType;
  itemId: number | null;
  name: string;
  startedAt: Date;
  seconds: number | null;
  ended: boolean | null;
  playerId: number | null;
  /** The playing browser's key and its label then (reports only; see play_reports). */
  deviceKey: string | null;
  deviceLabel: string | null;
  /** The zone's name when it played (reports; null for the scheduler's fires). */
  zoneName: string | null;
  spotIds: number[] | null;
}

export interface PlayLogRange extends Scope {
  /** Inclusive start, exclusive end. */
  from: Date;
  to: Date;
  type?: PlayLogType;
  /** Only the plays of this zone's player (the scheduler's fires, the shop's, stay). */
  zoneId?: number;
}

/**
 * Reports and fires in one set. A fire's time is the minute it was due (what the schedule said),
 * not when the instance got to it.
 */
function logUnion({ customerId, from, to, type, zoneId }: PlayLogRange) {
  const reports = sql`
    SELECT 'r' || id AS key, type, item_id, name, started_at, seconds, ended, player_id, device_key, device_label, zone_name, NULL::jsonb AS spot_ids, id AS seq
    FROM ${playReports}
    WHERE customer_id = ${customerId} AND started_at >= ${from.toISOString()}::timestamptz AND started_at < ${to.toISOString()}::timestamptz
      ${type && type !== 'schedule' ? sql`AND type = ${type}` : sql``}
      ${zoneId !== undefined ? sql`AND player_id IN (SELECT id FROM players WHERE customer_id = ${customerId} AND zone_id = ${zoneId})` : sql``}`;
  const fires = sql`
    SELECT 'f' || id AS key, 'schedule' AS type, scheduled_content_id AS item_id, name, minute AS started_at,
      NULL::double precision AS seconds, NULL::boolean AS ended, NULL::integer AS player_id, NULL::text AS device_key, NULL::text AS device_label, NULL::text AS zone_name, spot_ids, id AS seq
    FROM ${schedulerFires}
    WHERE customer_id = ${customerId} AND minute >= ${from.toISOString()}::timestamptz AND minute < ${to.toISOString()}::timestamptz
      AND NOT missed`;
  if (type === 'schedule') return fires;
  if (type) return reports;
  return sql`${reports} UNION ALL ${fires}`;
}

type RawLogRow = {
  key: string;
  type: PlayLogType;
  item_id: number | null;
  name: string;
  started_at: Date | string;
  seconds: number | string | null;
  ended: boolean | null;
  player_id: number | null;
  device_key: string | null;
  device_label: string | null;
  zone_name: string | null;
  spot_ids: number[] | string | null;
};

function logRow(r: RawLogRow): PlayLogRow {
  return {
    key: r.key,
    type: r.type,
    itemId: r.item_id === null ? null : Number(r.item_id),
    name: r.name,
    startedAt: new Date(r.started_at),
    seconds: r.seconds === null ? null : Number(r.seconds),
    ended: r.ended,
    playerId: r.player_id === null ? null : Number(r.player_id),
    deviceKey: r.device_key,
    deviceLabel: r.device_label,
    zoneName: r.zone_name ?? null,
    spotIds:
      r.spot_ids === null ? null : typeof r.spot_ids === 'string' ? (JSON.parse(r.spot_ids) as number[]) : r.spot_ids,
  };
}

// Both drivers (node-postgres, PGlite) answer `{ rows }`.
type Rows<T> = { rows: T[] };

/** One page of the log and the total count. */
export async function listPlayLog(
  db: Db,
  range: PlayLogRange & { offset: number; limit: number },
): Promise<{ rows: PlayLogRow[]; total: number }> {
  const union = logUnion(range);
  const [page, count] = await Promise.all([
    db.execute(
      sql`SELECT * FROM (${union}) AS log ORDER BY started_at DESC, seq DESC, key DESC LIMIT ${range.limit} OFFSET ${range.offset}`,
    ),
    db.execute(sql`SELECT count(*)::int AS total FROM (${union}) AS log`),
  ]);
  const total = Number((count as unknown as Rows<{ total: number }>).rows[0]?.total ?? 0);
  return { rows: (page as unknown as Rows<RawLogRow>).rows.map(logRow), total };
}

/**
 * The whole range oldest first, `batch` rows at a time (keyset by time and key, so a long export
 * neither holds every row in memory nor skips rows that tie on time).
 */
export async function* eachPlayLogBatch(db: Db, range: PlayLogRange, batch = 1000): AsyncGenerator<PlayLogRow[]> {
  let after: { startedAt: string; key: string } | null = null;
  for (;;) {
    const cursor: ReturnType<typeof sql> = after
      ? sql`WHERE (started_at, key) > (${after.startedAt}::timestamptz, ${after.key})`
      : sql``;
    const result = await db.execute(
      sql`SELECT * FROM (${logUnion(range)}) AS log ${cursor} ORDER BY started_at ASC, key ASC LIMIT ${batch}`,
    );
    const rows = (result as unknown as Rows<RawLogRow>).rows.map(logRow);
    if (!rows.length) return;
    yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { startedAt: last.startedAt.toISOString(), key: last.key };
  }
}

export interface SpotDayCountRow {
  spotId: number;
  name: string;
  day: string;
  plays: number;
  completed: number;
}

/** Per spot per shop day: reports, and those heard to the end. Newest day first, then by name. */
export async function spotDayCounts(
  db: Db,
  { customerId, from, to, timeZone }: Scope & { from: Date; to: Date; timeZone: string },
): Promise<SpotDayCountRow[]> {
  const result = await db.execute(sql`
    SELECT item_id AS spot_id,
      (array_agg(name ORDER BY started_at DESC))[1] AS name,
      to_char(started_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day,
      count(*)::int AS plays,
      count(*) FILTER (WHERE ended)::int AS completed
    FROM ${playReports}
    WHERE customer_id = ${customerId} AND type = 'spot'
      AND started_at >= ${from.toISOString()}::timestamptz AND started_at < ${to.toISOString()}::timestamptz
    GROUP BY item_id, day
    ORDER BY day DESC, name ASC, item_id ASC`);
  return (
    result as unknown as Rows<{ spot_id: number; name: string; day: string; plays: number; completed: number }>
  ).rows.map((r) => ({
    spotId: Number(r.spot_id),
    name: r.name,
    day: r.day,
    plays: Number(r.plays),
    completed: Number(r.completed),
  }));
}

/** The names of the shop's spots among `ids` (a fire's spots; a deleted one is left out). */
export async function spotNames(db: Db, { customerId, ids }: Scope & { ids: number[] }): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: spots.id, name: spots.name })
    .from(spots)
    .where(and(eq(spots.customerId, customerId), inArray(spots.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}
