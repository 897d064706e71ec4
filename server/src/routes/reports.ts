import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertMessages,
  weeklyReportQuerySchema,
  weeklyReportSchema,
  type WeeklyReport,
} from '../../../contracts/alerts';
import { parseIsoWeek } from '../../../contracts/iso-week';
import { PLAY_LOG_YEAR_MAX, PLAY_LOG_YEAR_MIN } from '../../../contracts/play-log';
import type { AppContext } from '../context';
import { ValidationError } from '../http/errors';
import { currentWeek, weeklyReport } from '../reports/weekly';
import { weeklyCsv } from '../reports/weekly-format';
import { timeZoneOf } from '../../../contracts/time';

/**
 * 'Heti jelentés': GET /api/reports/weekly?week=2026-W48 (the shop's current week when absent) as
 * JSON, or with `format=csv` as the 'Letöltés CSV-ben' file, the same rows. Only the bundled API has
 * it; the web hides the page where it answers 404.
 */
export function registerReportRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get(
    '/api/reports/weekly',
    {
      config: { webApp: 'optional' },
      schema: {
        querystring: weeklyReportQuerySchema,
        // JSON, or with `format=csv` the same rows as a file.
        response: {
          200: {
            content: {
              'application/json': { schema: weeklyReportSchema },
              'text/csv': { schema: z.string().describe('The report as CSV (UTF-8)') },
            },
          },
        },
      },
    },
    async (req, reply): Promise<WeeklyReport | string> => {
      const timeZone = timeZoneOf(req.tenant);
      // The scheduler's clock (real time unless a test moves it), so the Monday mail and the page agree.
      const now = ctx.clock();
      const current = currentWeek(now, timeZone);
      const week = req.query.week === undefined ? current : parseIsoWeek(req.query.week);
      const year = week ? Number(week.week.slice(0, 4)) : 0;
      // A week that has not begun has nothing to report; years outside the log's are refused as its dates are.
      if (!week || week.from > current.from || year < PLAY_LOG_YEAR_MIN || year > PLAY_LOG_YEAR_MAX)
        throw new ValidationError({ week: [alertMessages.week] });
      const report = await weeklyReport(db, { shop: req.tenant, week, now });
      if (req.query.format !== 'csv') return { ...report, current_week: current.week };
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="heti-jelentes_${week.week}.csv"`)
        .header('cache-control', 'no-store')
        .send(weeklyCsv(report, timeZone));
    },
  );
}
