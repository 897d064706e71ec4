import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { routeIdSchema } from '../../../contracts/fields';
import { HttpError, messages } from './errors';

/**
 * A route's `preValidation` hook: the row its path names must be the tenant's (else 404) before a
 * word about the body (422), the order of Laravel's route-model binding and form request. The
 * route's params schema reads the same id again after.
 */
export function rowBeforeBody(
  key: string,
  exists: (req: FastifyRequest, id: number) => Promise<boolean>,
): preValidationAsyncHookHandler {
  return async (req) => {
    const id = routeIdSchema.safeParse((req.params as Record<string, unknown>)[key]);
    if (!id.success || !(await exists(req, id.data))) throw new HttpError(404, messages.notFound);
  };
}

/**
 * A `…/tracks/{page}` route's `preValidation` hook: `?page=` wins over the path, as Laravel's
 * paginate() reads it, so the path's page stands in for an absent query one; the route's
 * querystring schema (`pageParamSchema`) then judges it (422 `errors.page`).
 */
export const pageFromPath: preValidationAsyncHookHandler = async (req) => {
  const query = req.query as Record<string, unknown>;
  if (query.page === undefined) query.page = (req.params as Record<string, unknown>).page;
};

/** The X-Socket-ID of the caller (Pusher's `123.456` form), for broadcasts to skip it. */
export function socketIdOf(req: FastifyRequest): string | undefined {
  const value = req.headers['x-socket-id'];
  const id = Array.isArray(value) ? value[0] : value;
  return id && /^\d{1,20}\.\d{1,20}$/.test(id) ? id : undefined;
}

/**
 * The caller's idempotency key for a command (`Idempotency-Key`, one per press): 8–100 letters, digits,
 * `-` or `_`; anything else counts as none (the command is then applied every time it arrives).
 */
export function commandKeyOf(req: FastifyRequest): string | undefined {
  const value = req.headers['idempotency-key'];
  const key = Array.isArray(value) ? value[0] : value;
  return key && /^[A-Za-z0-9_-]{8,100}$/.test(key) ? key : undefined;
}
