import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../env';
import { REDIS_COMMAND_TIMEOUT_MS } from '../realtime';
import { sha256 } from '../security/crypto';
import { HttpError, messages } from './errors';

/*
 * The general request limit (issue 38): API_RATE_LIMIT_PER_MINUTE requests a minute per login, and
 * per client address for calls without one, on every route but the health probes; then 429 in
 * Hungarian with Retry-After. The login and reset-mail limits (account-aware, in the database) are
 * apart from it and stay as they are.
 *
 * The key costs no database read of its own: the check runs as an onRequest hook after the session
 * is loaded (which every request does anyway) and before the login and CSRF are judged, so a flood
 * of anonymous calls is counted too. A cookie that names no live login counts by its address, so
 * a client cannot dodge its address's limit by sending made-up session cookies.
 *
 * In scale mode the counters live in Redis, shared by the instances. Redis away or frozen costs no
 * press: its connection has no offline queue (a command fails at once while it is down) and the
 * realtime layer's command deadline (a frozen Redis fails a command after that long), and a failed
 * count lets the request through (`skipOnError`).
 */

const WINDOW_MS = 60_000;

/** Whose requests count together: the login (its device session id, hashed), else the client address. */
export function rateLimitKey(req: FastifyRequest): string {
  if (req.user && req.session) return `login:${sha256(`${req.session.customerId}:${req.session.sessionId}`)}`;
  return `address:${normalizeIP(req.clientIp || req.ip)}`;
}

export type RateLimitHook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimitOptions {
  config: Config;
  /** Redis for the counters (tests pass one through a fault proxy); else one is opened from REDIS_URL. */
  redis?: Redis;
}

/** Registers the plugin and answers the hook that counts a request (sessions.ts puts it in place). */
export async function registerRateLimit(
  app: FastifyInstance,
  { config, redis }: RateLimitOptions,
): Promise<RateLimitHook> {
  let store = redis;
  if (!store && config.redisUrl) {
    const own = new Redis(config.redisUrl, {
      lazyConnect: true,
      connectionName: 'pulzus-rate-limit',
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 50, 500),
    });
    own.on('error', () => {
      // ioredis reconnects by itself; meanwhile every count fails open.
    });
    own.connect().catch(() => {});
    app.addHook('onClose', async () => {
      own.disconnect();
    });
    store = own;
  }
  await app.register(rateLimit, {
    // Not a hook per route: one app-wide hook at its place among the session's (see below).
    global: false,
    max: config.apiRateLimitPerMinute,
    timeWindow: WINDOW_MS,
    // One deployment's counters (its realtime app id, as the realtime keys), whatever else shares Redis.
    ...(store ? { redis: store, nameSpace: `pulzus:rate-limit:${config.pusherAppId}:` } : {}),
    skipOnError: true,
    keyGenerator: rateLimitKey,
    // Only the refusal says so; the answers below the limit stay as they were.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, context) =>
      new HttpError(429, messages.tooManyRequests, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
  const limit = app.rateLimit() as unknown as (
    this: FastifyInstance,
    req: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<void>;
  return async function countRequest(req, reply) {
    // Load balancers' probes are never refused.
    if (req.routeOptions.config?.rateLimit === false) return;
    await limit.call(app, req, reply);
  };
}
