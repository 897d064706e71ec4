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
export type MusicBlockFields = Omit<MusicBlockRow, 'id' | 'customerId' | 'createdAt' | 'updatedAt'>;

/** The plan's row; a shop that never saved one has the plan off and no default source. */
export async function getMusicPlan(db: Db, { customerId }: Scope): Promise<MusicPlanRow> {
  const [row] = await db.select().from(musicPlans).where(eq(musicPlans.customerId, customerId));
  return row ?? { customerId, enabled: false, defaultSourceType: null, defaultSourceId: null, updatedAt: new Date() };
}

export async function saveMusicPlan(
  db: Db,
  {
    customerId,
    enabled,
    defaultSourceType,
    defaultSourceId,
  }: Scope & { enabled: boolean; defaultSourceType: MusicSourceType | null; defaultSourceId: number | null },
) {
  await db
    .insert(musicPlans)
    .values({ customerId, enabled, defaultSourceType, defaultSourceId })
    .onConflictDoUpdate({
      target: musicPlans.customerId,
      set: { enabled, defaultSourceType, defaultSourceId, updatedAt: new Date() },
    });
}

/**
 * Locks the shop's plan (creating its row when missing) for the rest of the transaction: block
 * writes of one shop run one after another, so two overlapping blocks saved at once cannot both
 * pass the overlap check.
 */
export async function lockMusicPlan(tx: Db, { customerId }: Scope) {
  await tx.insert(musicPlans).values({ customerId }).onConflictDoNothing();
  await tx.select().from(musicPlans).where(eq(musicPlans.customerId, customerId)).for('update');
}

/** The shop's blocks, by start time then id. */
export async function listMusicBlocks(db: Db, { customerId }: Scope): Promise<MusicBlockRow[]> {
  return db
    .select()
    .from(musicPlanBlocks)
    .where(eq(musicPlanBlocks.customerId, customerId))
    .orderBy(asc(musicPlanBlocks.fromTime), asc(musicPlanBlocks.id));
}

export async function getMusicBlock(db: Db, { customerId, id }: Scope & { id: number }) {
  const [row] = await db
    .select()
    .from(musicPlanBlocks)
    .where(and(eq(musicPlanBlocks.customerId, customerId), eq(musicPlanBlocks.id, id)));
  return row;
}

export async function createMusicBlock(db: Db, { customerId, fields }: Scope & { fields: MusicBlockFields }) {
  const [row] = await db
    .insert(musicPlanBlocks)
    .values({ customerId, ...fields })
    .returning();
  return row!;
}

export async function updateMusicBlock(
  db: Db,
  { customerId, id, fields }: Scope & { id: number; fields: MusicBlockFields },
) {
  const [row] = await db
    .update(musicPlanBlocks)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(musicPlanBlocks.customerId, customerId), eq(musicPlanBlocks.id, id)))
    .returning();
  return row;
}

export async function deleteMusicBlock(db: Db, { customerId, id }: Scope & { id: number }) {
  const [row] = await db
    .delete(musicPlanBlocks)
    .where(and(eq(musicPlanBlocks.customerId, customerId), eq(musicPlanBlocks.id, id)))
    .returning({ id: musicPlanBlocks.id });
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

/** What the plan runner needs of one shop whose plan is on. */
export interface EnabledPlanRow {
  customerId: number;
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
export async function listEnabledPlanSignatures(db: Db): Promise<Array<{ customerId: number; signature: string }>> {
  const result = (await db.execute(sql`
    select mp.customer_id as "customerId",
      c.timezone || '|' || extract(epoch from mp.updated_at) || '|' || coalesce(extract(epoch from oh.updated_at), 0)
        || '|' || coalesce(b.n, 0) || ':' || coalesce(extract(epoch from b.latest), 0) as signature
    from ${musicPlans} mp
    join ${customers} c on c.id = mp.customer_id
    left join ${openingHours} oh on oh.customer_id = mp.customer_id
    left join (
      select customer_id, count(*) as n, max(updated_at) as latest from ${musicPlanBlocks} group by customer_id
    ) b on b.customer_id = mp.customer_id
    where mp.enabled
    order by mp.customer_id`)) as unknown as { rows: Array<{ customerId: number; signature: string }> };
  return result.rows.map((r) => ({ customerId: Number(r.customerId), signature: String(r.signature) }));
}

/**
 * The shops whose music plan is on (`customerIds`: only those), with their time zone, opening hours
 * and blocks, and the same key as listEnabledPlanSignatures: three queries however many shops.
 */
export async function listEnabledPlans(db: Db, only?: { customerIds: number[] }): Promise<EnabledPlanRow[]> {
  if (only && !only.customerIds.length) return [];
  const plans = await db
    .select({
      customerId: musicPlans.customerId,
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
      only
        ? and(eq(musicPlans.enabled, true), inArray(musicPlans.customerId, only.customerIds))
        : eq(musicPlans.enabled, true),
    )
    .orderBy(asc(musicPlans.customerId));
  if (!plans.length) return [];
  const blocks = await db
    .select()
    .from(musicPlanBlocks)
    .where(
      inArray(
        musicPlanBlocks.customerId,
        plans.map((p) => p.customerId),
      ),
    )
    .orderBy(asc(musicPlanBlocks.id));
  const byShop = new Map<number, MusicBlockRow[]>();
  for (const b of blocks) {
    const list = byShop.get(b.customerId);
    if (list) list.push(b);
    else byShop.set(b.customerId, [b]);
  }
  const ms = (d: Date | null) => (d ? Math.floor(d.getTime()) : 0);
  return plans.map((p) => {
    const own = byShop.get(p.customerId) ?? [];
    const latest = own.reduce((max, b) => Math.max(max, ms(b.updatedAt)), 0);
    return {
      customerId: p.customerId,
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

/** The boundaries claimed at or after `since` for these shops, as `kind:blockId:localDate:wallTime` keys by shop. */
export async function claimedBoundaryKeys(
  db: Db,
  { customerIds, since }: { customerIds: number[]; since: Date },
): Promise<Set<string>> {
  if (!customerIds.length) return new Set();
  const rows = await db
    .select({
      customerId: musicPlanApplied.customerId,
      kind: musicPlanApplied.kind,
      blockId: musicPlanApplied.blockId,
      localDate: musicPlanApplied.localDate,
      wallTime: musicPlanApplied.wallTime,
    })
    .from(musicPlanApplied)
    .where(and(inArray(musicPlanApplied.customerId, customerIds), gte(musicPlanApplied.at, since)));
  return new Set(rows.map((r) => `${r.customerId}:${r.kind}:${r.blockId}:${r.localDate}:${r.wallTime}`));
}
