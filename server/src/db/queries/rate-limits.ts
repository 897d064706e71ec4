import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateLimits } from '../schema';

/** A fixed window: at most `max` hits per `windowSeconds` under `key`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export type Consumed =
  | { allowed: true; /** Gives the hits back (an attempt that turned out not to count). */ release(): Promise<void> }
  | { allowed: false; /** Seconds until every full window has reset. */ retryAfter: number };

/**
 * Takes one hit from every limit at once, or none when any of them is full: the count and the
 * check are the same statement (an upsert whose update only runs below the maximum, each row
 * locked by the conflict), so parallel requests can never all pass a check made before any of
 * them counted. A refused call gives back what it took from the other limits; in the short
 * moment before that, a parallel request may be refused too, never let through.
 */
export async function consume(db: Db, limits: Limit[], now = new Date()): Promise<Consumed> {
  if (limits.length === 0) return { allowed: true, release: async () => {} };
  const maxOf = sql.join(
    limits.map((l) => sql`when ${l.key} then ${l.max}::integer`),
    sql` `,
  );
  const taken = await db
    .insert(rateLimits)
    .values(limits.map((l) => ({ key: l.key, hits: 1, resetAt: new Date(now.getTime() + l.windowSeconds * 1000) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${rateLimits.resetAt} <= ${now} or ${rateLimits.hits} < (case ${rateLimits.key} ${maxOf} end)`,
    })
    .returning({ key: rateLimits.key, resetAt: rateLimits.resetAt });

  const giveBack = async () => {
    for (const row of taken) {
      // Only within the same window: a window that has rolled over since owes nothing.
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(and(eq(rateLimits.key, row.key), eq(rateLimits.resetAt, row.resetAt)));
    }
  };

  if (taken.length === limits.length) return { allowed: true, release: giveBack };

  await giveBack();
  const takenKeys = new Set(taken.map((r) => r.key));
  const full = limits.filter((l) => !takenKeys.has(l.key)).map((l) => l.key);
  const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, full));
  const latest = Math.max(now.getTime() + 1000, ...rows.map((r) => r.resetAt.getTime()));
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((latest - now.getTime()) / 1000)) };
}

export async function clearHits(db: Db, { key }: { key: string }) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpiredRateLimits(db: Db, { now }: { now: Date }) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
