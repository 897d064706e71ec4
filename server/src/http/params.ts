import type { FastifyRequest } from 'fastify';
import { routeIdSchema } from '../../../contracts/fields';
import { HttpError, messages } from './errors';

/** A route id as Laravel's route-model binding sees it: anything but a positive integer is 404. */
export function idParam(value: unknown): number {
  const id = routeIdSchema.safeParse(value);
  if (!id.success) throw new HttpError(404, messages.notFound);
  return id.data;
}

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
