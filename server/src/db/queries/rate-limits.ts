import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateLimits } from '../schema';

/** A sliding window: at most `max` hits in any `windowSeconds` under `key`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export type Consumed =
  | { allowed: true; /** Gives the hits back (an attempt that turned out not to count). */ release(): Promise<void> }
  | { allowed: false; /** Seconds until every full limit has room for one more hit. */ retryAfter: number };

/**
 * Takes one hit from every limit at once, or none when any of them is full. Each key keeps the
 * times of its hits within its window (at most `max` of them), so no two windows meet at an edge:
 * `max` hits in any `windowSeconds` fill it, wherever they fall (a fixed window let nearly twice as
 * many through around its reset). The count and the check are the same statement (an upsert whose
 * update drops the hits that left the window and adds this one only while fewer than `max` remain,
 * each row locked by the conflict), so parallel requests can never all pass a check made before any
 * of them counted. A refused call gives back what it took from the other limits; in the short
 * moment before that, a parallel request may be refused too, never let through.
 */
export async function consume(db: Db, limits: Limit[], now = new Date()): Promise<Consumed> {
  if (limits.length === 0) return { allowed: true, release: async () => {} };
  const at = sql`${now.toISOString()}::timestamptz`;
  const byKey = (value: (l: Limit) => number) =>
    sql.join(
      limits.map((l) => sql`when ${l.key} then ${value(l)}::integer`),
      sql` `,
    );
  const windowOf = sql`make_interval(secs => case ${rateLimits.key} ${byKey((l) => l.windowSeconds)} end)`;
  const maxOf = sql`(case ${rateLimits.key} ${byKey((l) => l.max)} end)`;
  // The row's hits still inside its window, oldest first.
  const live = sql`array(select s from unnest(${rateLimits.hitsAt}) as s where s > ${at} - ${windowOf} order by s)`;
  const rows = limits.map(
    (l) =>
      sql`(${l.key}, 1, ${new Date(now.getTime() + l.windowSeconds * 1000).toISOString()}::timestamptz, array[${at}])`,
  );
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, hits, reset_at, hits_at)
    values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      hits_at = array_append(${live}, ${at}),
      hits = cardinality(${live}) + 1,
      reset_at = excluded.reset_at
    where cardinality(${live}) < ${maxOf}
    returning key`);
  const taken = (result as unknown as { rows: Array<{ key: string }> }).rows.map((r) => r.key);

  const giveBack = async () => {
    for (const key of taken) {
      // This hit only (one of the same time): one that has left the window since owes nothing.
      await db.execute(sql`
        update ${rateLimits} set
          hits_at = hits_at[1:array_position(hits_at, ${at}) - 1] || hits_at[array_position(hits_at, ${at}) + 1:],
          hits = greatest(hits - 1, 0)
        where key = ${key} and array_position(hits_at, ${at}) is not null`);
    }
  };

  if (taken.length === limits.length) return { allowed: true, release: giveBack };

  await giveBack();
  const takenKeys = new Set(taken);
  const full = limits.filter((l) => !takenKeys.has(l.key));
  const found = await db.execute(
    sql`select key, to_json(hits_at) as stamps from ${rateLimits} where key in (${sql.join(
      full.map((l) => sql`${l.key}`),
      sql`, `,
    )})`,
  );
  const stampsOf = new Map(
    (found as unknown as { rows: Array<{ key: string; stamps: string[] }> }).rows.map((r) => [
      r.key,
      r.stamps.map((t) => Date.parse(t)).sort((x, y) => x - y),
    ]),
  );
  // A full limit has room again when the hit that filled it to `max` leaves its window.
  let latest = now.getTime() + 1000;
  for (const l of full) {
    const windowMs = l.windowSeconds * 1000;
    const inWindow = (stampsOf.get(l.key) ?? []).filter((t) => t > now.getTime() - windowMs);
    const oldestThatCounts = inWindow[inWindow.length - l.max];
    if (oldestThatCounts !== undefined) latest = Math.max(latest, oldestThatCounts + windowMs);
  }
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((latest - now.getTime()) / 1000)) };
}

export async function clearHits(db: Db, { key }: { key: string }) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpiredRateLimits(db: Db, { now }: { now: Date }) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
