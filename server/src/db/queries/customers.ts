import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { customers } from '../schema';

export type CustomerRow = typeof customers.$inferSelect;

export async function getCustomerBySlug(db: Db, { slug }: { slug: string }) {
  const [row] = await db.select().from(customers).where(eq(customers.slug, slug)).limit(1);
  return row;
}

/** The shop's IANA zone, which the scheduler evaluates its schedules in. */
export async function setCustomerTimeZone(db: Db, { customerId, timezone }: { customerId: number; timezone: string }) {
  await db.update(customers).set({ timezone, updatedAt: new Date() }).where(eq(customers.id, customerId));
}
