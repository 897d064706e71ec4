import type { FastifyRequest } from 'fastify';
import { pageParamSchema } from '../../../contracts/pagination';
import { setPlayableBodySchema } from '../../../contracts/player';
import type { Actor } from '../player/service';
import { commandKeyOf, socketIdOf } from './params';
import { validate } from './validation';

/*
 * The request vocabulary every route speaks: who is asking, the body as fields, and the inputs
 * that may come in the query or the body. Path ids are read with `idParam` (params.ts).
 */

export type Body = Record<string, unknown>;

/** The tenant, the caller's device session, its socket (X-Socket-ID) and the command's Idempotency-Key. */
export function actor(req: FastifyRequest): Actor {
  return {
    customerId: req.tenant.id,
    sessionId: req.session?.sessionId ?? null,
    socketId: socketIdOf(req),
    commandKey: commandKeyOf(req),
  };
}

/** The body's fields (JSON, urlencoded or multipart alike); anything else counts as no fields. */
export function bodyOf(req: FastifyRequest): Body {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) && !Buffer.isBuffer(req.body)
    ? (req.body as Body)
    : {};
}

/** A field the query or the body may carry; the query wins (Laravel's `$request->input`). */
export function queryOrBody(req: FastifyRequest, key: string): unknown {
  const query = (req.query ?? {}) as Record<string, unknown>;
  return query[key] ?? bodyOf(req)[key];
}

/** The page of a `…/tracks/{page}` call; `?page=` wins over the path. 422 `errors.page` else. */
export function pageOf(req: FastifyRequest, pathPage: string): number {
  const query = (req.query ?? {}) as Record<string, unknown>;
  return validate(pageParamSchema, { page: query.page ?? pathPage }).page;
}

/** The optional `track` to start a playable from (query or body). 422 `errors.track` else. */
export function startTrackOf(req: FastifyRequest): number | undefined {
  return validate(setPlayableBodySchema, { track: queryOrBody(req, 'track') }).track;
}
