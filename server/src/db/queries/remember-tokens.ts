import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { rememberTokens } from '../schema';

export type RememberTokenRow = typeof rememberTokens.$inferSelect;

export async function createRememberToken(db: Db, values: typeof rememberTokens.$inferInsert) {
  const [row] = await db.insert(rememberTokens).values(values).returning();
  return row!;
}

export async function getRememberToken(db: Db, { customerId, id }: { customerId: number; id: number }) {
  const [row] = await db
    .select()
    .from(rememberTokens)
    .where(and(eq(rememberTokens.customerId, customerId), eq(rememberTokens.id, id)))
    .limit(1);
  return row;
}

export async function deleteRememberToken(db: Db, { customerId, id }: { customerId: number; id: number }) {
  await db.delete(rememberTokens).where(and(eq(rememberTokens.customerId, customerId), eq(rememberTokens.id, id)));
}

/** Every remember token of one device login (logout ends that device, not the others). */
export async function deleteDeviceRememberTokens(
  db: Db,
  { customerId, userId, sessionId }: { customerId: number; userId: number; sessionId: string },
) {
  await db
    .delete(rememberTokens)
    .where(
      and(
        eq(rememberTokens.customerId, customerId),
        eq(rememberTokens.userId, userId),
        eq(rememberTokens.sessionId, sessionId),
      ),
    );
}

export async function deleteUserRememberTokens(db: Db, { customerId, userId }: { customerId: number; userId: number }) {
  await db
    .delete(rememberTokens)
    .where(and(eq(rememberTokens.customerId, customerId), eq(rememberTokens.userId, userId)));
}

export async function deleteExpiredRememberTokens(db: Db, { now }: { now: Date }) {
  await db.delete(rememberTokens).where(lt(rememberTokens.expiresAt, now));
}
