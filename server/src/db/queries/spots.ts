import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { customers, spots } from '../schema';

/* A customer's own spots. Every function takes `customerId` and filters by it. */

export type SpotRow = typeof spots.$inferSelect;

type Scope = { customerId: number };

/** Newest first. */
export async function listSpots(db: Db, { customerId }: Scope): Promise<SpotRow[]> {
  return db.select().from(spots).where(eq(spots.customerId, customerId)).orderBy(desc(spots.createdAt), desc(spots.id));
}

/** The customer's spots among `ids` (each once, in no particular order); foreign ids are left out. */
export async function getSpots(db: Db, { customerId, ids }: Scope & { ids: number[] }): Promise<SpotRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(spots)
    .where(and(eq(spots.customerId, customerId), inArray(spots.id, [...new Set(ids)])));
}

export async function getSpot(db: Db, { customerId, id }: Scope & { id: number }): Promise<SpotRow | undefined> {
  const [row] = await db
    .select()
    .from(spots)
    .where(and(eq(spots.customerId, customerId), eq(spots.id, id)))
    .limit(1);
  return row;
}

/** The customer's spot, locked for the rest of the transaction (an update reads its old file here). */
export async function lockSpot(tx: Db, { customerId, id }: Scope & { id: number }): Promise<SpotRow | undefined> {
  const [row] = await tx
    .select()
    .from(spots)
    .where(and(eq(spots.customerId, customerId), eq(spots.id, id)))
    .for('update')
    .limit(1);
  return row;
}

/** The customer's spots, counted with the customer's row locked: uploads that race count in turn. */
export async function countSpotsLocked(tx: Db, { customerId }: Scope): Promise<number> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  const [row] = await tx.select({ n: count() }).from(spots).where(eq(spots.customerId, customerId));
  return row?.n ?? 0;
}

export async function createSpot(
  db: Db,
  {
    customerId,
    name,
    fileName,
    filePath,
    duration,
  }: Scope & { name: string; fileName: string; filePath: string; duration: number },
): Promise<SpotRow> {
  const [row] = await db.insert(spots).values({ customerId, name, fileName, filePath, duration }).returning();
  return row!;
}

/** Renames the spot and, with `file`, points it at a new file. Undefined when not the customer's. */
export async function updateSpot(
  db: Db,
  {
    customerId,
    id,
    name,
    file,
  }: Scope & { id: number; name: string; file?: { fileName: string; filePath: string; duration: number } },
): Promise<SpotRow | undefined> {
  const [row] = await db
    .update(spots)
    .set({ name, ...(file ?? {}), updatedAt: new Date() })
    .where(and(eq(spots.customerId, customerId), eq(spots.id, id)))
    .returning();
  return row;
}

/** Deletes the spot; answers the deleted row (its file is the caller's to remove after commit). */
export async function deleteSpot(db: Db, { customerId, id }: Scope & { id: number }): Promise<SpotRow | undefined> {
  const [row] = await db
    .delete(spots)
    .where(and(eq(spots.customerId, customerId), eq(spots.id, id)))
    .returning();
  return row;
}
