import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateLimits } from '../schema';

/** Seconds until the window of `key` resets, when it already holds `max` hits; otherwise 0. */
export async function secondsUntilAvailable(db: Db, { key, max, now = new Date() }: { key: string; max: number; now?: Date }) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row || row.resetAt <= now || row.hits < max) return 0;
  return Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
}

/** Counts one hit in a fixed window, atomically, so that several API instances agree. */
export async function hit(db: Db, { key, windowSeconds, now = new Date() }: { key: string; windowSeconds: number; now?: Date }) {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
      },
    });
}

export async function clearHits(db: Db, { key }: { key: string }) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpiredRateLimits(db: Db, { now }: { now: Date }) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
