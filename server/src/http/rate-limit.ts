import { createRequire } from 'node:module';
import rateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * press: the count waits for Redis at most REDIS_WAIT_MS (well within the realtime layer's command
 * deadline, which its connection also has, with no offline queue), and when Redis fails or is late
 * the instance counts on its own (its share of the traffic, in memory) and leaves Redis be for
 * REDIS_PAUSE_MS, so a frozen Redis delays one request per instance every few seconds, not each. */

const WINDOW_MS = 60_000;

/** The longest a request waits for Redis's count before this instance counts on its own. */
export const REDIS_WAIT_MS = 100;
/** After Redis failed or was late, how long the instance counts on its own before asking it again. */
export const REDIS_PAUSE_MS = 5_000;

type Count = { current: number; ttl: number };
type CountCallback = (err: Error | null, res: Count | null) => void;
interface CountStore {
  incr(key: string, cb: CountCallback, timeWindow: number, max: number): void;
}
// The plugin's own stores (CommonJS, not in its typed exports): the Redis one's script, the memory one.
const requireStore = createRequire(import.meta.url);
const RedisStore = requireStore('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => CountStore;
const LocalStore = requireStore('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => CountStore;

/**
 * Redis's count, or this instance's own when Redis is away, frozen or late. Every request is counted
 * in memory too, so the fallback starts from this instance's share of the window, not from zero.
 */
function sharedOrOwnCount(redis: Redis, nameSpace: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const shared = new RedisStore(false, false, redis, nameSpace);
  const own = new LocalStore(false, false, 10_000);
  let pausedUntil = 0;
  const pause = (why: string) => {
    if (Date.now() >= pausedUntil) log.warn(`request limit: Redis ${why}; counting on this instance for a while`);
    pausedUntil = Date.now() + REDIS_PAUSE_MS;
  };
  const store: CountStore = {
    incr(key, cb, timeWindow, max) {
      let mine: Count | null = null;
      own.incr(key, (_err, res) => (mine = res && { current: res.current, ttl: res.ttl }), timeWindow, max);
      if (redis.status !== 'ready' || Date.now() < pausedUntil) return cb(null, mine);
      let settled = false;
      const late = setTimeout(() => {
        if (settled) return;
        settled = true;
        pause(`gave no count within ${REDIS_WAIT_MS} ms`);
        cb(null, mine);
      }, REDIS_WAIT_MS);
      shared.incr(
        key,
        (err, res) => {
          if (settled) return;
          settled = true;
          clearTimeout(late);
          if (err || !res) {
            pause(`failed (${err?.message ?? 'no answer'})`);
            return cb(null, mine);
          }
          cb(null, res);
        },
        timeWindow,
        max,
      );
    },
  };
  // The plugin makes its store with `new`; per-route limits (none here) would ask for a child.
  const ctor = function () {
    return { ...store, child: () => store } as unknown as FastifyRateLimitStore;
  };
  return ctor as unknown as FastifyRateLimitStoreCtor;
}

/** Whose requests count together: the login (its device session id, hashed), else the client address. */
export function rateLimitKey(req: FastifyRequest): string {
  if (req.user && req.session) return `login:${sha256(`${req.session.customerId}:${req.session.sessionId}`)}`;
  return `address:${normalizeIP(req.clientIp || req.ip)}`;
}

export type RateLimitHook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimitOptions {
  config: Config;
  log: FastifyBaseLogger;
}

/** Registers the plugin and answers the hook that counts a request (sessions.ts puts it in place). */
export async function registerRateLimit(
  app: FastifyInstance,
  { config, log }: RateLimitOptions,
): Promise<RateLimitHook> {
  let store: Redis | undefined;
  if (config.redisUrl) {
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
    // Not a hook per route: one app-wide hook at its place among the session's (http/session.ts).
    global: false,
    max: config.apiRateLimitPerMinute,
    timeWindow: WINDOW_MS,
    // One deployment's counters (its realtime app id, as the realtime keys), whatever else shares Redis.
    ...(store ? { store: sharedOrOwnCount(store, `pulzus:rate-limit:${config.pusherAppId}:`, log) } : {}),
    // Whatever else goes wrong while counting lets the request through.
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
