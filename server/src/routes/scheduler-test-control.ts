import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { floorMinute } from '../../../contracts/time';
import type { Scheduler } from '../scheduler/runner';

/**
 * Test control of the scheduler's time (SCHEDULER_TEST_CONTROL=1 only; app.ts does not register
 * it otherwise, so the path is a plain 404): the end-to-end tests and the bench fire a simulated
 * minute at once instead of waiting for a real one. No login and no tenant: it acts for every shop,
 * as the minute loop does.
 */

/** A clock that the test control can move: real time plus an offset, so time keeps running after a jump. */
export interface ShiftableClock {
  now(): number;
  /** From now on `now()` reads `at` plus the time elapsed since. */
  set(at: number): void;
}

export function createShiftableClock(base: () => number): ShiftableClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    set(at) {
      offset = at - base();
    },
  };
}

const tickBodySchema = z.object({ at: z.iso.datetime({ offset: true, error: 'Az időpont érvénytelen.' }) });

const tickAnswerSchema = z.object({
  /** UTC start of the fired minute, ISO 8601. */
  minute: z.string(),
  /** What this instance fired (items another instance had fired for that minute are left out). */
  fired: z.array(
    z.object({
      scheduled_content_id: z.number(),
      customer_id: z.number(),
      spots: z.array(z.number()),
      slideshows: z.array(z.number()),
      screens: z.array(z.number()),
    }),
  ),
});
export type TickAnswer = z.infer<typeof tickAnswerSchema>;

export function registerSchedulerTestControlRoutes(
  fastify: FastifyInstance,
  { scheduler, clock }: { scheduler: Scheduler; clock: ShiftableClock },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Fires the minute containing `at` and moves the app's clock there (next_play_at answers then agree). */
  app.post(
    '/api/_test/scheduler/tick',
    // Test-only: left out of docs/openapi.json (`hide`).
    { config: { tenant: false }, schema: { hide: true, body: tickBodySchema, response: { 200: tickAnswerSchema } } },
    async (req): Promise<TickAnswer> => {
      const at = Date.parse(req.body.at);
      clock.set(at);
      const minute = floorMinute(at);
      const fired = await scheduler.tick(minute);
      return {
        minute: new Date(minute).toISOString(),
        fired: fired.map((f) => ({
          scheduled_content_id: f.scheduledContentId,
          customer_id: f.customerId,
          spots: f.spotIds,
          slideshows: f.slideshowIds,
          screens: f.screenIds,
        })),
      };
    },
  );
}
