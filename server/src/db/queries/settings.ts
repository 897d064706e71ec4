import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { settings } from '../schema';

export type SettingRow = typeof settings.$inferSelect;

export async function listSettings(db: Db, { customerId, keys }: { customerId: number; keys?: readonly string[] }) {
  const scope = eq(settings.customerId, customerId);
  return db
    .select()
    .from(settings)
    .where(keys ? and(scope, inArray(settings.key, [...keys])) : scope)
    .orderBy(asc(settings.id));
}

export async function upsertSetting(
  db: Db,
  { customerId, key, value, filePath }: { customerId: number; key: string; value: string | null; filePath: string | null },
) {
  const [row] = await db
    .insert(settings)
    .values({ customerId, key, value, filePath })
    .onConflictDoUpdate({
      target: [settings.customerId, settings.key],
      set: { value, filePath, updatedAt: new Date() },
    })
    .returning();
  return row!;
}
