import { z } from 'zod';

/**
 * GET /health/live and GET /health/ready: for load balancers, not the web app. Only `status` to
 * anyone; the details only to a caller with the BFF secret.
 */
export const healthLiveSchema = z.object({
  status: z.literal('ok'),
  pid: z.number().optional(),
  /** The scheduler instance's id, or null when unnamed. */
  instance: z.string().nullable().optional(),
});

/** 200 when ready ('ready'), 503 when not ('unavailable'). */
export const healthReadySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  message: z.string().optional(),
  started: z.boolean().optional(),
  database: z.enum(['ok', 'unavailable']).optional(),
  redis: z.enum(['ok', 'unavailable', 'none']).optional(),
  pid: z.number().optional(),
});
