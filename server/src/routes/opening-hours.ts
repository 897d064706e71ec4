import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openingHoursBodySchema, openingHoursSchema, type OpeningHours } from '../../../contracts/opening-hours';
import type { AppContext } from '../context';
import { getOpeningHours, saveOpeningHours } from '../db/queries/day-plan';

/**
 * The shop's opening hours ('Nyitvatartás', issue 26), a call only the bundled API has. The rules
 * live in contracts/opening-hours.ts; the engine that reads them is scheduler/day-plan.ts.
 */
export function registerOpeningHoursRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const config = { webApp: 'optional' } as const;
  const response = { 200: openingHoursSchema };

  app.get('/api/opening-hours', { config, schema: { response } }, async (req): Promise<OpeningHours> =>
    getOpeningHours(db, { customerId: req.tenant.id }),
  );

  /** Replaces the whole set; answers it as stored (the week Monday first, the exceptions by date). */
  app.post(
    '/api/opening-hours',
    { config, schema: { body: openingHoursBodySchema, response } },
    async (req): Promise<OpeningHours> => {
      const customerId = req.tenant.id;
      // A manager's hold follows the new hours in the same transaction ('Kézi vezérlés ma 23:05-ig').
      await ctx.plan.change(customerId, null, ctx.clock(), (tx) =>
        saveOpeningHours(tx, { customerId, hours: req.body }),
      );
      return getOpeningHours(db, { customerId });
    },
  );
}
