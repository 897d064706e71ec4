import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { spots } from '../schema';

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
