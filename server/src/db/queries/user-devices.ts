import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { userDevices } from '../schema';

export async function isKnownDevice(
  db: Db,
  { customerId, userId, deviceHash }: { customerId: number; userId: number; deviceHash: string },
): Promise<boolean> {
  const [row] = await db
    .select({ userId: userDevices.userId })
    .from(userDevices)
    .where(
      and(
        eq(userDevices.customerId, customerId),
        eq(userDevices.userId, userId),
        eq(userDevices.deviceHash, deviceHash),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Remembers a browser's successful login (again: then only its last login moves). */
export async function rememberDevice(
  db: Db,
  { customerId, userId, deviceHash, now = new Date() }: { customerId: number; userId: number; deviceHash: string; now?: Date },
) {
  await db
    .insert(userDevices)
    .values({ customerId, userId, deviceHash, createdAt: now, lastLoginAt: now })
    .onConflictDoUpdate({
      target: [userDevices.userId, userDevices.deviceHash],
      set: { lastLoginAt: sql`excluded.last_login_at` },
    });
}

/** Browsers whose cookie has run out since their last login can never come back. */
export async function deleteStaleDevices(db: Db, { loggedInBefore }: { loggedInBefore: Date }) {
  await db.delete(userDevices).where(lt(userDevices.lastLoginAt, loggedInBefore));
}
