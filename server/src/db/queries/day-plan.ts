import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { OpeningHours } from '../../../../contracts/opening-hours';
import type { MusicSourceType } from '../../../../contracts/music-plan';
import type { Db } from '../client';
import {
  blockedTracks,
  channels,
  customers,
  musicPlanApplied,
  musicPlanBlocks,
  musicPlans,
  openingHours,
  playlists,
  tracks,
} from '../schema';

/*
 * The shop's day (issue 26): opening hours, the music plan and its blocks, blocked tracks. Every
 * query is scoped by customer.
 */

type Scope = { customerId: number };

export async function getOpeningHours(db: Db, { customerId }: Scope): Promise<OpeningHours> {
  const [row] = await db.select().from(openingHours).where(eq(openingHours.customerId, customerId));
  return { week: row?.week ?? [], exceptions: row?.exceptions ?? [] };
}

export async function saveOpeningHours(db: Db, { customerId, hours }: Scope & { hours: OpeningHours }) {
  await db
    .insert(openingHours)
    .values({ customerId, week: hours.week, exceptions: hours.exceptions })
    .onConflictDoUpdate({
      target: openingHours.customerId,
      set: { week: hours.week, exceptions: hours.exceptions, updatedAt: new Date() },
    });
}

export type MusicPlanRow = typeof musicPlans.$inferSelect;
export type MusicBlockRow = typeof musicPlanBlocks.$inferSelect;
export type MusicBlockFields = Omit<MusicBlockRow, 'id' | 'customerId' | 'zoneId' | 'createdAt' | 'updatedAt'>;

/** One zone's plan (issue 43: the plan is per zone; the opening hours stay the shop's). */
type ZoneScope = Scope & { zoneId: number };

/** The zone's plan row; a zone that never saved one has the plan off and no default source. */
export async function getMusicPlan(db: Db, { customerId, zoneId }: ZoneScope): Promise<MusicPlanRow> {
  const [row] = await db
    .select()
    .from(musicPlans)
    .where(and(eq(musicPlans.customerId, customerId), eq(musicPlans.zoneId, zoneId)));
  return (
    row ?? {
      zoneId,
      customerId,
      enabled: false,
      defaultSourceType: null,
      defaultSourceId: null,
      updatedAt: new Date(),
    }
  );
}

export async function saveMusicPlan(
  db: Db,
  {
    customerId,
    zoneId,
    enabled,
    defaultSourceType,
    defaultSourceId,
  }: ZoneScope & { enabled: boolean; defaultSourceType: MusicSourceType | null; defaultSourceId: number | null },
) {
  await db
    .insert(musicPlans)
    .values({ customerId, zoneId, enabled, defaultSourceType, defaultSourceId })
    .onConflictDoUpdate({
      target: musicPlans.zoneId,
      set: { enabled, defaultSourceType, defaultSourceId, updatedAt: new Date() },
    });
}

/**
 * Locks the zone's plan (creating its row when missing) for the rest of the transaction: block
 * writes of one zone run one after another, so two overlapping blocks saved at once cannot both
 * pass the overlap check.
 */
export async function lockMusicPlan(tx: Db, { customerId, zoneId }: ZoneScope) {
  await tx.insert(musicPlans).values({ customerId, zoneId }).onConflictDoNothing();
  await tx.select().from(musicPlans).where(eq(musicPlans.zoneId, zoneId)).for('update');
}

/** The zone's blocks (`zoneId` absent: the whole shop's), by start time then id. */
export async function listMusicBlocks(
  db: Db,
  { customerId, zoneId }: Scope & { zoneId?: number },
): Promise<MusicBlockRow[]> {
  return db
    .select()
    .from(musicPlanBlocks)
    .where(
      zoneId === undefined
        ? eq(musicPlanBlocks.customerId, customerId)
        : and(eq(musicPlanBlocks.customerId, customerId), eq(musicPlanBlocks.zoneId, zoneId)),
    )
    .orderBy(asc(musicPlanBlocks.fromTime), asc(musicPlanBlocks.id));
}

export async function getMusicBlock(db: Db, { customerId, id }: Scope & { id: number }) {
  const [row] = await db
    .select()
    .from(musicPlanBlocks)
    .where(and(eq(musicPlanBlocks.customerId, customerId), eq(musicPlanBlocks.id, id)));
  return row;
}

export async function createMusicBlock(
  db: Db,
  { customerId, zoneId, fields }: ZoneScope & { fields: MusicBlockFields },
) {
  const [row] = await db
    .insert(musicPlanBlocks)
    .values({ customerId, zoneId, ...fields })
    .returning();
  return row!;
}

/** Replaces the target zone's blocks with copies of the source zone's ('Hét másolása ide'). */
export async function copyMusicBlocks(db: Db, { customerId, from, to }: Scope & { from: number; to: number }) {
  await db
    .delete(musicPlanBlocks)
    .where(and(eq(musicPlanBlocks.customerId, customerId), eq(musicPlanBlocks.zoneId, to)));
  const source = await listMusicBlocks(db, { customerId, zoneId: from });
  if (!source.length) return;
  await db
    .insert(musicPlanBlocks)
    .values(source.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => ({ ...rest, zoneId: to })));
}

export async function updateMusicBlock(
  db: Db,
  { customerId, id, zoneId, fields }: Scope & { id: number; zoneId?: number; fields: MusicBlockFields },
) {
  const [row] = await db
    .update(musicPlanBlocks)
    .set({ ...fields, ...(zoneId === undefined ? {} : { zoneId }), updatedAt: new Date() })
    .where(and(eq(musicPlanBlocks.customerId, customerId), eq(musicPlanBlocks.id, id)))
    .returning();
  return row;
}

export async function deleteMusicBlock(db: Db, { customerId, id }: Scope & { id: number }) {
  const [row] = await db
    .delete(musicPlanBlocks)
    .where(and(eq(musicPlanBlocks.customerId, customerId), eq(musicPlanBlocks.id, id)))
    .returning({ id: musicPlanBlocks.id, zoneId: musicPlanBlocks.zoneId });
  return row;
}

export interface SourceRef {
  type: MusicSourceType;
  id: number;
}

/**
 * The names of the sources that exist for this shop, keyed `type:id`: any catalogue channel, and
 * the shop's own playlists. A source missing from the answer names nothing (a deleted playlist, or
 * another shop's).
 */
export async function sourceNames(db: Db, { customerId, sources }: Scope & { sources: SourceRef[] }) {
  const names = new Map<string, string>();
  const channelIds = [...new Set(sources.filter((s) => s.type === 'channel').map((s) => s.id))];
  const playlistIds = [...new Set(sources.filter((s) => s.type === 'playlist').map((s) => s.id))];
  if (channelIds.length) {
    const rows = await db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(inArray(channels.id, channelIds));
    for (const r of rows) names.set(`channel:${r.id}`, r.name);
  }
  if (playlistIds.length) {
    const rows = await db
      .select({ id: playlists.id, name: playlists.name })
      .from(playlists)
      .where(and(eq(playlists.customerId, customerId), inArray(playlists.id, playlistIds)));
    for (const r of rows) names.set(`playlist:${r.id}`, r.name);
  }
  return names;
}

export const sourceKey = (type: string, id: number) => `${type}:${id}`;

// ---------------------------------------------------------------------------------------------
// Blocked tracks

/** Blocks the track, or unblocks it when it was blocked; whether it is blocked now. */
export async function toggleBlockedTrack(db: Db, { customerId, trackId }: Scope & { trackId: number }) {
  const removed = await db
    .delete(blockedTracks)
    .where(and(eq(blockedTracks.customerId, customerId), eq(blockedTracks.trackId, trackId)))
    .returning({ trackId: blockedTracks.trackId });
  if (removed.length) return false;
  await db.insert(blockedTracks).values({ customerId, trackId }).onConflictDoNothing();
  return true;
}

/** The shop's blocked tracks, the latest blocked first. */
export async function listBlockedTracks(db: Db, { customerId }: Scope) {
  return db
    .select({ track: tracks, blockedAt: blockedTracks.createdAt })
    .from(blockedTracks)
    .innerJoin(tracks, eq(tracks.id, blockedTracks.trackId))
    .where(eq(blockedTracks.customerId, customerId))
    .orderBy(desc(blockedTracks.createdAt), asc(blockedTracks.trackId));
}

/** The ids of the shop's blocked tracks. */
export async function blockedTrackIds(db: Db, { customerId }: Scope): Promise<Set<number>> {
  const rows = await db
    .select({ id: blockedTracks.trackId })
    .from(blockedTracks)
    .where(eq(blockedTracks.customerId, customerId));
  return new Set(rows.map((r) => r.id));
}

/** A subquery of the shop's blocked track ids, for `not in` filters. */
export const blockedTrackIdsSql = (customerId: number) =>
  sql`(select ${blockedTracks.trackId} from ${blockedTracks} where ${blockedTracks.customerId} = ${customerId})`;

/** What the plan runner needs of one zone whose plan is on. */
export interface EnabledPlanRow {
  customerId: number;
  zoneId: number;
  timeZone: string;
  hours: OpeningHours;
  defaultSourceType: string | null;
  defaultSourceId: number | null;
  blocks: MusicBlockRow[];
  /** Changes whenever the plan, its blocks, the hours or the time zone change (a cache key). */
  signature: string;
}

/**
 * One key over every shop's plan, blocks, opening hours and time zone: while it stays, no plan
 * changed, and a minute's tick needs no other query.
 */
export async function planTablesKey(db: Db): Promise<string> {
  const part = (table: string, where = '') =>
    `(select count(*) || ':' || coalesce(max(extract(epoch from updated_at)), 0) from ${table} ${where})`;
  const result = (await db.execute(
    sql.raw(
      `select ${part('music_plans')} || '|' || ${part('music_plans', 'where enabled')} || '|' || ${part(
        'music_plan_blocks',
      )} || '|' || ${part('opening_hours')} || '|' || ${part('customers')} as key`,
    ),
  )) as unknown as { rows: Array<{ key: string }> };
  return String(result.rows[0]!.key);
}

/**
 * The shops whose music plan is on, each with a key that changes whenever its plan, blocks, opening
 * hours or time zone do: one small row per shop, so a minute's tick loads whole plans only for the
 * shops whose key moved.
 */
export async function listEnabledPlanSignatures(
  db: Db,
): Promise<Array<{ customerId: number; zoneId: number; signature: string }>> {
  const result = (await db.execute(sql`
    select mp.customer_id as "customerId", mp.zone_id as "zoneId",
      c.timezone || '|' || extract(epoch from mp.updated_at) || '|' || coalesce(extract(epoch from oh.updated_at), 0)
        || '|' || coalesce(b.n, 0) || ':' || coalesce(extract(epoch from b.latest), 0) as signature
    from ${musicPlans} mp
    join ${customers} c on c.id = mp.customer_id
    left join ${openingHours} oh on oh.customer_id = mp.customer_id
    left join (
      select zone_id, count(*) as n, max(updated_at) as latest from ${musicPlanBlocks} group by zone_id
    ) b on b.zone_id = mp.zone_id
    where mp.enabled
    order by mp.customer_id, mp.zone_id`)) as unknown as {
    rows: Array<{ customerId: number; zoneId: number; signature: string }>;
  };
  return result.rows.map((r) => ({
    customerId: Number(r.customerId),
    zoneId: Number(r.zoneId),
    signature: String(r.signature),
  }));
}

/**
 * The shops whose music plan is on (`customerIds`: only those), with their time zone, opening hours
 * and blocks, and the same key as listEnabledPlanSignatures: three queries however many shops.
 */
export async function listEnabledPlans(db: Db, only?: { zoneIds: number[] }): Promise<EnabledPlanRow[]> {
  if (only && !only.zoneIds.length) return [];
  const plans = await db
    .select({
      customerId: musicPlans.customerId,
      zoneId: musicPlans.zoneId,
      timeZone: customers.timezone,
      updatedAt: musicPlans.updatedAt,
      defaultSourceType: musicPlans.defaultSourceType,
      defaultSourceId: musicPlans.defaultSourceId,
      week: openingHours.week,
      exceptions: openingHours.exceptions,
      hoursUpdatedAt: openingHours.updatedAt,
    })
    .from(musicPlans)
    .innerJoin(customers, eq(customers.id, musicPlans.customerId))
    .leftJoin(openingHours, eq(openingHours.customerId, musicPlans.customerId))
    .where(
      only ? and(eq(musicPlans.enabled, true), inArray(musicPlans.zoneId, only.zoneIds)) : eq(musicPlans.enabled, true),
    )
    .orderBy(asc(musicPlans.customerId), asc(musicPlans.zoneId));
  if (!plans.length) return [];
  const blocks = await db
    .select()
    .from(musicPlanBlocks)
    .where(
      inArray(
        musicPlanBlocks.zoneId,
        plans.map((p) => p.zoneId),
      ),
    )
    .orderBy(asc(musicPlanBlocks.id));
  const byZone = new Map<number, MusicBlockRow[]>();
  for (const b of blocks) {
    const list = byZone.get(b.zoneId);
    if (list) list.push(b);
    else byZone.set(b.zoneId, [b]);
  }
  const ms = (d: Date | null) => (d ? Math.floor(d.getTime()) : 0);
  return plans.map((p) => {
    const own = byZone.get(p.zoneId) ?? [];
    const latest = own.reduce((max, b) => Math.max(max, ms(b.updatedAt)), 0);
    return {
      customerId: p.customerId,
      zoneId: p.zoneId,
      timeZone: p.timeZone,
      hours: { week: p.week ?? [], exceptions: p.exceptions ?? [] },
      defaultSourceType: p.defaultSourceType,
      defaultSourceId: p.defaultSourceId,
      blocks: own,
      signature: `${p.timeZone}|${ms(p.updatedAt)}|${ms(p.hoursUpdatedAt)}|${own.length}:${latest}`,
    };
  });
}

export interface PlanClaim {
  customerId: number;
  zoneId: number;
  kind: 'open' | 'close' | 'block';
  blockId: number;
  localDate: string;
  wallTime: string;
  at: Date;
  applied: boolean;
  instance: string;
}

/** Claims one boundary of a shop's plan; false when it was claimed before (by any instance). */
export async function claimPlanBoundary(tx: Db, claim: PlanClaim): Promise<boolean> {
  const rows = await tx
    .insert(musicPlanApplied)
    .values(claim)
    .onConflictDoNothing()
    .returning({ customerId: musicPlanApplied.customerId });
  return rows.length > 0;
}

/** The boundaries claimed at or after `since` for these zones, as `zoneId:kind:blockId:localDate:wallTime` keys. */
export async function claimedBoundaryKeys(
  db: Db,
  { zoneIds, since }: { zoneIds: number[]; since: Date },
): Promise<Set<string>> {
  if (!zoneIds.length) return new Set();
  const rows = await db
    .select({
      zoneId: musicPlanApplied.zoneId,
      kind: musicPlanApplied.kind,
      blockId: musicPlanApplied.blockId,
      localDate: musicPlanApplied.localDate,
      wallTime: musicPlanApplied.wallTime,
    })
    .from(musicPlanApplied)
    .where(and(inArray(musicPlanApplied.zoneId, zoneIds), gte(musicPlanApplied.at, since)));
  return new Set(rows.map((r) => `${r.zoneId}:${r.kind}:${r.blockId}:${r.localDate}:${r.wallTime}`));
}
