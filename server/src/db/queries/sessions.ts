import { and, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { rememberTokens, sessions } from '../schema';

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
export async function deleteExpiredSessions(
  db: Db,
  { idleBefore, createdBefore }: { idleBefore: Date; createdBefore: Date },
) {
  await db.delete(sessions).where(or(lt(sessions.lastActivityAt, idleBefore), lt(sessions.createdAt, createdBefore)));
}

/** The device logins (session ids) of a user: its sessions and its remember tokens. */
export async function userSessionIds(
  db: Db,
  { customerId, userId }: { customerId: number; userId: number },
): Promise<string[]> {
  const [live, remembered] = await Promise.all([
    db
      .selectDistinct({ sessionId: sessions.sessionId })
      .from(sessions)
      .where(and(eq(sessions.customerId, customerId), eq(sessions.userId, userId))),
    db
      .selectDistinct({ sessionId: rememberTokens.sessionId })
      .from(rememberTokens)
      .where(and(eq(rememberTokens.customerId, customerId), eq(rememberTokens.userId, userId))),
  ]);
  return [...new Set([...live, ...remembered].map((r) => r.sessionId))];
}

/**
 * Which of a customer's device logins are live: a logged-in session active since `idleAfter` and
 * created since `createdAfter`, or a remember token valid at `now` (a remembered device comes back
 * with the same session id, so it has not logged out). Batched for the realtime server's check.
 */
export async function liveSessionIds(
  db: Db,
  {
    customerId,
    sessionIds,
    idleAfter,
    createdAfter,
    now,
  }: { customerId: number; sessionIds: string[]; idleAfter: Date; createdAfter: Date; now: Date },
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const [live, remembered] = await Promise.all([
    db
      .selectDistinct({ sessionId: sessions.sessionId })
      .from(sessions)
      .where(
        and(
          eq(sessions.customerId, customerId),
          inArray(sessions.sessionId, sessionIds),
          isNotNull(sessions.userId),
          gt(sessions.lastActivityAt, idleAfter),
          gt(sessions.createdAt, createdAfter),
        ),
      ),
    db
      .selectDistinct({ sessionId: rememberTokens.sessionId })
      .from(rememberTokens)
      .where(
        and(
          eq(rememberTokens.customerId, customerId),
          inArray(rememberTokens.sessionId, sessionIds),
          gt(rememberTokens.expiresAt, now),
        ),
      ),
  ]);
  return new Set([...live, ...remembered].map((r) => r.sessionId));
}
