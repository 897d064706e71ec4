import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { SOUND_SETTING_DEFAULTS, SOUND_SETTING_KEYS } from '../../../../contracts/sound-settings';
import { customers, settings } from '../schema';

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
  {
    customerId,
    key,
    value,
    filePath,
  }: { customerId: number; key: string; value: string | null; filePath: string | null },
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

/** Keys every shop has; `listShopSettings` puts them first, in this order. */
export const SHOP_SETTING_KEYS = ['logo', 'timezone', ...SOUND_SETTING_KEYS] as const;

/**
 * Gives every customer that lacks them the rows `logo` (no file: the default logo), `timezone`
 * (its `customers.timezone`) and the sound settings at their defaults (issue 28); existing rows stay
 * as they are. One statement, run at every start.
 */
export async function ensureShopSettings(db: Db) {
  const sound = SOUND_SETTING_KEYS.map(
    (key) => sql`union all select c.id, ${key}::text, ${SOUND_SETTING_DEFAULTS[key]}::text, null from ${customers} c`,
  );
  await db.execute(sql`
    insert into ${settings} (customer_id, key, value, file_path)
    select c.id, 'logo', null, null from ${customers} c
    union all
    select c.id, 'timezone', c.timezone, null from ${customers} c
    ${sql.join(sound, sql` `)}
    on conflict (customer_id, key) do nothing`);
}

/** The shop's settings: logo, timezone, then the others by id. */
export async function listShopSettings(db: Db, { customerId }: { customerId: number }) {
  const rows = await listSettings(db, { customerId });
  const rank = (key: string) => {
    const i = (SHOP_SETTING_KEYS as readonly string[]).indexOf(key);
    return i === -1 ? SHOP_SETTING_KEYS.length : i;
  };
  return rows.sort((a, b) => rank(a.key) - rank(b.key) || a.id - b.id);
}

export async function getSetting(db: Db, { customerId, id }: { customerId: number; id: number }) {
  const [row] = await db
    .select()
    .from(settings)
    .where(and(eq(settings.customerId, customerId), eq(settings.id, id)))
    .limit(1);
  return row;
}

/** The row, locked for the rest of the transaction. */
export async function lockSetting(tx: Db, { customerId, id }: { customerId: number; id: number }) {
  const [row] = await tx
    .select()
    .from(settings)
    .where(and(eq(settings.customerId, customerId), eq(settings.id, id)))
    .for('update');
  return row;
}

export async function updateSetting(
  db: Db,
  { customerId, id, ...set }: { customerId: number; id: number; value?: string | null; filePath?: string | null },
) {
  const [row] = await db
    .update(settings)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(settings.customerId, customerId), eq(settings.id, id)))
    .returning();
  return row;
}
