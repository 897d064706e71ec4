import { readFile } from 'node:fs/promises';
import { customers, users } from '../../db/schema';
import { upsertSetting } from '../../db/queries/settings';
import { hashPassword } from '../../security/passwords';
import type { SeedStep } from '../index';

const demoCustomers = [
  {
    slug: 'demo',
    name: 'Demo Bolt',
    user: { name: 'Demo Bolt vezető', email: 'demo@pulzus.hu', password: 'pulzus-demo' },
    logo: 'demo-logo.svg',
  },
  {
    slug: 'other',
    name: 'Másik Üzlet',
    user: { name: 'Másik Üzlet vezető', email: 'other@pulzus.hu', password: 'pulzus-other' },
    logo: 'other-logo.svg',
  },
];

/** Two customers, so that a login and its data can be shown not to cross between them. */
export const demoCustomersStep: SeedStep = {
  name: '0001_demo_customers',
  async run({ db, storage }) {
    for (const c of demoCustomers) {
      const [customer] = await db
        .insert(customers)
        .values({ slug: c.slug, name: c.name })
        .onConflictDoNothing({ target: customers.slug })
        .returning();
      // Already there (created by hand before the seed ran): leave it as it is.
      if (!customer) continue;
      await db.insert(users).values({
        customerId: customer.id,
        name: c.user.name,
        email: c.user.email,
        password: await hashPassword(c.user.password),
      });
      const filePath = `customers/${customer.id}/logo.svg`;
      await storage.put(filePath, await readFile(new URL(`../assets/${c.logo}`, import.meta.url)));
      await upsertSetting(db, { customerId: customer.id, key: 'logo', value: null, filePath });
    }
  },
};
