import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ping, type Db } from '../db/client';
import type { Config } from '../env';
import { healthLiveSchema, healthReadySchema } from '../../../contracts/health';
import { messages } from './errors';

/** How long a readiness probe waits for the database or Redis. */
const PROBE_MS = 1_500;

export interface Health {
  /** Whether the start work (migrations, the seed's syncs) is done; until then only /health/* answers. */
  started: boolean;
  /** Resolves once the start work is done (never, when the app closes first). */
  whenStarted: Promise<void>;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * GET /health/live (the process answers: 200) and GET /health/ready (200 when the start work is done
 * and the database answers, else 503): what a load balancer routes by, so an instance joins only once
 * it can serve, and leaves while its database is away. Both answer only `{status}`; the details (the
 * process id, the instance, the database's and Redis's state) only with the BFF secret
 * (X-BFF-Secret): in scale mode HAProxy reaches the instances from loopback, so the caller's address
 * proves nothing. Never counted by the request limit.
 */
export function registerHealthRoutes(app: FastifyInstance, { config, db }: { config: Config; db: Db }): Health {
  const health: Health = { started: true, whenStarted: Promise.resolve() };
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Its own connection: no offline queue, a short command deadline, so a probe never waits.
    redis = new Redis(config.redisUrl, {
      lazyConnect: true,
      connectionName: 'pulzus-health',
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: PROBE_MS,
      connectTimeout: PROBE_MS,
    });
    redis.on('error', () => {
      // Reported by the probe's answer; ioredis reconnects by itself.
    });
    redis.connect().catch(() => {});
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  // For load balancers: the web app never calls them.
  const routeConfig = { tenant: false, rateLimit: false as const, webApp: 'optional' as const };

  app.get(
    '/health/live',
    { config: routeConfig, schema: { response: { 200: healthLiveSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!req.fromTrustedProxy) return { status: 'ok' };
      return { status: 'ok', pid: process.pid, instance: config.schedulerInstance ?? null };
    },
  );

  app.get(
    '/health/ready',
    { config: routeConfig, schema: { response: { 200: healthReadySchema, 503: healthReadySchema } } },
    async (req, reply) => {
      const [database, cache] = await Promise.all([
        within(ping(db), PROBE_MS).then(
          () => 'ok',
          () => 'unavailable',
        ),
        redis
          ? within(redis.ping(), PROBE_MS).then(
              () => 'ok',
              () => 'unavailable',
            )
          : Promise.resolve('none'),
      ]);
      // Redis is reported, not required: every instance shares it, so leaving the load balancer over
      // it could only turn a Redis outage into a full one, while the API serves presses without it.
      const ready = health.started && database === 'ok';
      const status = ready ? 'ready' : 'unavailable';
      const body = req.fromTrustedProxy
        ? {
            status,
            ...(ready ? {} : { message: messages.unavailable }),
            started: health.started,
            database,
            redis: cache,
            pid: process.pid,
          }
        : { status };
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  return health;
}

/**
 * Runs the start work after the app is built, again with backoff (0.5 s doubling to 10 s) while it
 * fails (the database away); until it is done every route but /health/* answers 503.
 */
export function startInBackground(app: FastifyInstance, work: () => Promise<unknown>, health: Health): void {
  health.started = false;
  let done!: () => void;
  health.whenStarted = new Promise<void>((resolve) => (done = resolve));
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (req, reply) => {
    if (health.started || req.url.startsWith('/health/')) return;
    return reply.code(503).header('retry-after', '1').send({ message: messages.unavailable });
  });
  const run = async () => {
    const began = Date.now();
    for (let attempt = 0; !closing; attempt++) {
      try {
        await work();
        health.started = true;
        done();
        app.log.info({ ms: Date.now() - began }, 'start work done');
        return;
      } catch (err) {
        const delay = Math.min(500 * 2 ** attempt, 10_000);
        app.log.error({ err }, `start work failed; trying again in ${delay} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  };
  void run();
}
