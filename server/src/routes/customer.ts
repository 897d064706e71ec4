import type { FastifyInstance } from 'fastify';
import { customerSchema, type Customer } from '../../../contracts/auth';
import type { AppContext } from '../context';
import { listSettings } from '../db/queries/settings';
import { settingResource } from '../resources';

/** What the login page may show before anyone logs in. */
const PUBLIC_SETTING_KEYS = ['logo'] as const;

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/customer',
    { config: { auth: 'any' }, schema: { response: { 200: customerSchema } } },
    async (req): Promise<Customer> => {
      const rows = await listSettings(ctx.db, {
        customerId: req.tenant.id,
        keys: req.user ? undefined : PUBLIC_SETTING_KEYS,
      });
      return {
        id: req.tenant.id,
        name: req.tenant.name,
        slug: req.tenant.slug,
        settings: rows.map((row) => settingResource(ctx.storage, row)),
      };
    },
  );
}
