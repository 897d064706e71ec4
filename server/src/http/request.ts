import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Actor } from '../player/service';
import { sha256 } from '../security/crypto';
import { commandKeyOf, socketIdOf } from './params';

/*
 * The request vocabulary every route speaks: who is asking, the body as fields, and the inputs
 * that may come in the query or the body. Inputs themselves are the route's schemas.
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
