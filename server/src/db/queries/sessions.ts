import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { sessions } from '../schema';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export async function getSession(db: Db, { customerId, id }: { customerId: number; id: string }) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.customerId, customerId), eq(sessions.id, id)))
    .limit(1);
  return row;
}

export async function createSession(db: Db, values: NewSession) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function touchSession(db: Db, { customerId, id }: { customerId: number; id: string }) {
  await db
    .update(sessions)
    .set({ lastActivityAt: new Date() })
    .where(and(eq(sessions.customerId, customerId), eq(sessions.id, id)));
}

export async function deleteSession(db: Db, { customerId, id }: { customerId: number; id: string }) {
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), eq(sessions.id, id)));
}

export async function deleteUserSessions(db: Db, { customerId, userId }: { customerId: number; userId: number }) {
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), eq(sessions.userId, userId)));
}

/** Garbage collection across tenants: expired rows are nobody's data any more. */
export async function deleteExpiredSessions(db: Db, { idleBefore, createdBefore }: { idleBefore: Date; createdBefore: Date }) {
  await db.delete(sessions).where(or(lt(sessions.lastActivityAt, idleBefore), lt(sessions.createdAt, createdBefore)));
}
