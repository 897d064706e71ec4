import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { customers, deviceZones, players, zones } from '../schema';

/*
 * A shop's zones (issue 43): 1 to ZONES_MAX areas, each with exactly one player (players.zone_id)
 * and its own music plan. Every function takes `customerId`.
 */

export type ZoneRow = typeof zones.$inferSelect;
export type ZoneWithPlayer = ZoneRow & { playerId: number };

type Scope = { customerId: number };

/** The shop's zones in order (position, then id), each with its player's id. */
export async function listZones(db: Db, { customerId }: Scope): Promise<ZoneWithPlayer[]> {
  return db
    .select({ ...getTableColumns(zones), playerId: players.id })
    .from(zones)
    .innerJoin(players, eq(players.zoneId, zones.id))
    .where(eq(zones.customerId, customerId))
    .orderBy(asc(zones.position), asc(zones.id));
}

export async function getZone(db: Db, { customerId, id }: Scope & { id: number }): Promise<ZoneRow | undefined> {
  const [row] = await db
    .select()
    .from(zones)
    .where(and(eq(zones.customerId, customerId), eq(zones.id, id)))
    .limit(1);
  return row;
}

/** The shop's first zone (the one a call naming no zone means). */
export async function firstZone(db: Db, { customerId }: Scope): Promise<ZoneRow | undefined> {
  const [row] = await db
    .select()
    .from(zones)
    .where(eq(zones.customerId, customerId))
    .orderBy(asc(zones.position), asc(zones.id))
    .limit(1);
  return row;
}

/** How many zones the shop has. */
export async function countZones(db: Db, { customerId }: Scope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(zones)
    .where(eq(zones.customerId, customerId));
  return Number(row?.n ?? 0);
}

/** Locks the shop's row: zone creations, reorders and deletions of one shop run one after another. */
export async function lockZonesOfCustomer(tx: Db, { customerId }: Scope): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** A new zone at the end of the order, with its player. Inside the shop's lock. */
export async function createZone(tx: Db, { customerId, name }: Scope & { name: string }): Promise<ZoneWithPlayer> {
  const [next] = await tx
    .select({ position: sql<number>`coalesce(max(${zones.position}) + 1, 0)::int` })
    .from(zones)
    .where(eq(zones.customerId, customerId));
  const [zone] = await tx
    .insert(zones)
    .values({ customerId, name, position: Number(next?.position ?? 0) })
    .returning();
  const [player] = await tx.insert(players).values({ customerId, zoneId: zone!.id }).returning({ id: players.id });
  return { ...zone!, playerId: player!.id };
}

export async function renameZone(db: Db, { customerId, id, name }: Scope & { id: number; name: string }) {
  const [row] = await db
    .update(zones)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(zones.customerId, customerId), eq(zones.id, id)))
    .returning();
  return row;
}

/** Numbers the shop's zones 0..n-1 in the order of `ids` (every zone of the shop, each once). */
export async function reorderZones(tx: Db, { customerId, ids }: Scope & { ids: number[] }) {
  for (const [position, id] of ids.entries()) {
    await tx
      .update(zones)
      .set({ position, updatedAt: new Date() })
      .where(and(eq(zones.customerId, customerId), eq(zones.id, id)));
  }
}

/** Deletes the zone (its player, plan and blocks go with it); the row deleted, or undefined. */
export async function deleteZone(tx: Db, { customerId, id }: Scope & { id: number }) {
  const [row] = await tx
    .delete(zones)
    .where(and(eq(zones.customerId, customerId), eq(zones.id, id)))
    .returning();
  return row;
}

/** Each zone's name by its player's id (the play log names the zone a report's player plays for). */
export async function zoneOfPlayer(
  db: Db,
  { customerId, playerId }: Scope & { playerId: number },
): Promise<ZoneRow | undefined> {
  const [row] = await db
    .select(getTableColumns(zones))
    .from(players)
    .innerJoin(zones, eq(zones.id, players.zoneId))
    .where(and(eq(players.customerId, customerId), eq(players.id, playerId)))
    .limit(1);
  return row;
}

/** The zone the browser with this key last steered, or null. */
export async function deviceZone(db: Db, { customerId, deviceKey }: Scope & { deviceKey: string }) {
  const [row] = await db
    .select({ zoneId: deviceZones.zoneId })
    .from(deviceZones)
    .where(and(eq(deviceZones.customerId, customerId), eq(deviceZones.deviceKey, deviceKey)))
    .limit(1);
  return row?.zoneId ?? null;
}

export async function setDeviceZone(
  db: Db,
  { customerId, deviceKey, zoneId }: Scope & { deviceKey: string; zoneId: number },
) {
  await db
    .insert(deviceZones)
    .values({ customerId, deviceKey, zoneId })
    .onConflictDoUpdate({
      target: [deviceZones.customerId, deviceZones.deviceKey],
      set: { zoneId: sql`excluded.zone_id`, updatedAt: sql`now()` },
    });
}
