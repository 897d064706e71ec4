import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { pageParamSchema } from '../../../contracts/pagination';
import { setPlayableBodySchema } from '../../../contracts/player';
import type { Actor } from '../player/service';
import { sha256 } from '../security/crypto';
import { commandKeyOf, socketIdOf } from './params';
import { validate } from './validation';

/*
 * The request vocabulary every route speaks: who is asking, the body as fields, and the inputs
 * that may come in the query or the body. Path ids are read with `idParam` (params.ts).
 */

export type Body = Record<string, unknown>;

/**
 * The tenant, the caller's device session, its socket (X-Socket-ID) and the command's Idempotency-Key
 * with the hash of the request it belongs to.
 */
export function actor(req: FastifyRequest): Actor {
  const commandKey = commandKeyOf(req);
  return {
    customerId: req.tenant.id,
    sessionId: req.session?.sessionId ?? null,
    socketId: socketIdOf(req),
    commandKey,
    commandHash: commandKey ? requestHashOf(req) : undefined,
  };
}

/**
 * sha256 of the method, the path with its query, and the body's fields (keys sorted, so the same
 * fields in another order are the same body): what an idempotency key is bound to.
 */
export function requestHashOf(req: FastifyRequest): string {
  return sha256(`${req.method}\n${req.url}\n${canonicalJson(bodyOf(req))}`);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
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

/**
 * A route's `preValidation` hook for fields the body or the query may carry, the body winning: a
 * field the body lacks is taken from the query, so the route's body schema judges it wherever it
 * came from.
 */
export function bodyOrQuery(...keys: string[]): preValidationAsyncHookHandler {
  return async (req) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const body: Body = { ...bodyOf(req) };
    for (const key of keys) body[key] ??= query[key];
    req.body = body;
  };
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
