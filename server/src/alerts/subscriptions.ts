import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';

/** Logging out (or a reset that ends every login) deletes the push subscriptions of those device logins. */
export async function deletePushSubscriptionsOfLogins(db: Db, customerId: number, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.customerId, customerId), inArray(pushSubscriptions.sessionId, sessionIds)));
}
