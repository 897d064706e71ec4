import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function getUserByEmail(db: Db, { customerId, email }: { customerId: number; email: string }) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.email, normalizeEmail(email))))
    .limit(1);
  return row;
}

export async function getUser(db: Db, { customerId, id }: { customerId: number; id: number }) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function updateUserPassword(
  db: Db,
  { customerId, id, passwordHash }: { customerId: number; id: number; passwordHash: string },
) {
  await db
    .update(users)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(users.customerId, customerId), eq(users.id, id)));
}
