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
 * Takes `slot` of the shop for `holder` when it is free or its lease has passed (the database's
 * clock, the same for every instance); whether it was taken. One statement: of two instances asking
 * at once, one gets it.
 */
export async function takePreviewSlot(
  db: Db,
  { customerId, slot, holder, leaseMs }: Scope & { slot: number; holder: string; leaseMs: number },
): Promise<boolean> {
  const expiresAt = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  const rows = await db
    .insert(previewSlots)
    .values({ customerId, slot, holder, expiresAt })
    .onConflictDoUpdate({
      target: [previewSlots.customerId, previewSlots.slot],
      set: { holder, expiresAt },
      setWhere: sql`${previewSlots.expiresAt} <= now()`,
    })
    .returning({ slot: previewSlots.slot });
  return rows.length > 0;
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
