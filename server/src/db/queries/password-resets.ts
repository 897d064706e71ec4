import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { passwordResetTokens } from '../schema';

export async function getPasswordResetToken(db: Db, { customerId, email }: { customerId: number; email: string }) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.customerId, customerId), eq(passwordResetTokens.email, email)))
    .limit(1);
  return row;
}

/** One live token per address: a new link replaces the previous one. */
export async function putPasswordResetToken(
  db: Db,
  { customerId, email, tokenHash }: { customerId: number; email: string; tokenHash: string },
) {
  const createdAt = new Date();
  await db
    .insert(passwordResetTokens)
    .values({ customerId, email, tokenHash, createdAt })
    .onConflictDoUpdate({
      target: [passwordResetTokens.customerId, passwordResetTokens.email],
      set: { tokenHash, createdAt },
    });
}

export async function deletePasswordResetToken(db: Db, { customerId, email }: { customerId: number; email: string }) {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.customerId, customerId), eq(passwordResetTokens.email, email)));
}
