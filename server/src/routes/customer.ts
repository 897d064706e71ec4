import type { FastifyInstance } from 'fastify';
import type { Customer, Setting } from '../../../contracts/auth';
import type { AppContext } from '../context';
import { listSettings, type SettingRow } from '../db/queries/settings';
import type { Storage } from '../storage';

/** What the login page may show before anyone logs in. */
const PUBLIC_SETTING_KEYS = ['logo'] as const;

export function settingResource(storage: Storage, row: SettingRow): Setting {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    url: row.filePath ? storage.signedUrl(row.filePath) : null,
  };
}

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/customer', { config: { auth: 'any' } }, async (req): Promise<Customer> => {
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
  });
}
