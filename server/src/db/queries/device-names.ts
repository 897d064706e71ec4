import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { deviceNames, sessions } from '../schema';

/** The key of a login that named no browser: its name lasts as long as the login (see deviceNames). */
export const sessionDeviceKey = (sessionId: string) => `session:${sessionId}`;

/** The key a login's device name belongs to: its browser's, else the login's own. */
export const loginDeviceKey = (session: { deviceKey: string | null; sessionId: string }) =>
  session.deviceKey ?? sessionDeviceKey(session.sessionId);

/** The name the shop gave the browser with this key, or null. */
export async function deviceName(
  db: Db,
  { customerId, deviceKey }: { customerId: number; deviceKey: string },
): Promise<string | null> {
  const [row] = await db
    .select({ name: deviceNames.name })
    .from(deviceNames)
    .where(and(eq(deviceNames.customerId, customerId), eq(deviceNames.deviceKey, deviceKey)))
    .limit(1);
  return row?.name ?? null;
}

/** Names by key, for the keys given (the play log's devices). */
export async function deviceNamesOf(
  db: Db,
  { customerId, keys }: { customerId: number; keys: string[] },
): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: deviceNames.deviceKey, name: deviceNames.name })
    .from(deviceNames)
    .where(and(eq(deviceNames.customerId, customerId), inArray(deviceNames.deviceKey, keys)));
  return new Map(rows.map((r) => [r.key, r.name]));
}

/**
 * The key of the browser holding the shop's login `sessionId` (its presence id), or undefined when
 * the shop has no such device login: another shop's, an ended, a guest's or a made-up one.
 */
export async function deviceKeyOfLogin(
  db: Db,
  { customerId, sessionId }: { customerId: number; sessionId: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ deviceKey: sessions.deviceKey })
    .from(sessions)
    .where(and(eq(sessions.customerId, customerId), eq(sessions.sessionId, sessionId), isNotNull(sessions.userId)))
    .orderBy(desc(sessions.lastActivityAt))
    .limit(1);
  return row && loginDeviceKey({ deviceKey: row.deviceKey, sessionId });
}

export async function setDeviceName(
  db: Db,
  { customerId, deviceKey, name }: { customerId: number; deviceKey: string; name: string },
) {
  await db
    .insert(deviceNames)
    .values({ customerId, deviceKey, name })
    .onConflictDoUpdate({
      target: [deviceNames.customerId, deviceNames.deviceKey],
      set: { name: sql`excluded.name`, updatedAt: sql`now()` },
    });
}
