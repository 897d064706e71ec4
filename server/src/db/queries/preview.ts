import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { previewSlots, scheduleVersions } from '../schema';

/*
 * The schedule preview's shared state (migration 0021): the shop's schedule version, raised by the
 * database's triggers on every write the preview shows, and the preview slots every API instance
 * takes from.
 */

type Scope = { customerId: number };

/** The shop's schedule version (0 before its first write). */
export async function scheduleVersion(db: Db, { customerId }: Scope): Promise<number> {
  const [row] = await db
    .select({ version: scheduleVersions.version })
    .from(scheduleVersions)
    .where(eq(scheduleVersions.customerId, customerId));
  return Number(row?.version ?? 0);
}

/**
 * Takes the first of the shop's `slots` slots that is free or whose lease has passed (the database's
 * clock, the same for every instance) for `holder`, in one statement: the slot taken; `none` when
 * every slot is held (nothing is written then); `lost` when another request took the free slot
 * first (ask again).
 */
export async function takePreviewSlot(
  db: Db,
  { customerId, slots, holder, leaseMs }: Scope & { slots: number; holder: string; leaseMs: number },
): Promise<number | 'none' | 'lost'> {
  const lease = `${leaseMs} milliseconds`;
  const result = (await db.execute(sql`
    with free as (
      select s.slot from generate_series(0, ${slots - 1}) as s(slot)
      where not exists (
        select 1 from ${previewSlots} p
        where p.customer_id = ${customerId} and p.slot = s.slot and p.expires_at > now()
      )
      order by s.slot
      limit 1
    ), taken as (
      insert into ${previewSlots} (customer_id, slot, holder, expires_at)
      select ${customerId}, free.slot, ${holder}, now() + ${lease}::interval from free
      on conflict (customer_id, slot) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where ${previewSlots}.expires_at <= now()
      returning slot
    )
    select (select count(*) from free)::int as free, (select slot from taken) as slot`)) as unknown as {
    rows: Array<{ free: number; slot: number | null }>;
  };
  const row = result.rows[0];
  if (!row || Number(row.free) === 0) return 'none';
  return row.slot === null ? 'lost' : Number(row.slot);
}

/** Gives the slot back (only when `holder` still holds it). */
export async function releasePreviewSlot(
  db: Db,
  { customerId, slot, holder }: Scope & { slot: number; holder: string },
): Promise<void> {
  await db
    .delete(previewSlots)
    .where(and(eq(previewSlots.customerId, customerId), eq(previewSlots.slot, slot), eq(previewSlots.holder, holder)));
}
