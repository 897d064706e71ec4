import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { userDevices, users } from '../schema';

/**
 * Whether the browser has logged in to the user with this e-mail. One query whether or not the user
 * exists, so the answer's timing does not tell which e-mails are accounts.
 */
export async function isKnownDevice(
  db: Db,
  { customerId, email, deviceHash }: { customerId: number; email: string; deviceHash: string },
): Promise<boolean> {
  const [row] = await db
    .select({ userId: userDevices.userId })
    .from(userDevices)
    .innerJoin(users, eq(users.id, userDevices.userId))
    .where(
      and(
        eq(userDevices.customerId, customerId),
        eq(users.customerId, customerId),
        eq(users.email, email),
        eq(userDevices.deviceHash, deviceHash),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Remembers a browser's successful login (again: then only its last login moves). */
export async function rememberDevice(
  db: Db,
  {
    customerId,
    userId,
    deviceHash,
    now = new Date(),
  }: { customerId: number; userId: number; deviceHash: string; now?: Date },
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
