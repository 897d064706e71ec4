import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
// zod's own texts in Hungarian (the one error map of both servers), before any schema is used.
import '../../contracts/zod-errors';
import type { AppContext } from './context';
import type { Config } from './env';
import { isDatabaseUnavailable, migrateDatabase, openDatabase, type Database } from './db/client';
import { registerHealthRoutes, startInBackground } from './http/health';
import { HttpError, httpErrorOf, messages, summarize, ValidationError } from './http/errors';
import { registerRateLimit } from './http/rate-limit';
import { completeResponses, openapiTransform, openapiTransformObject, WEB_APP_EXTENSION } from './http/responses';
import { registerSessions } from './http/session';
import { registerTenantResolution } from './http/tenant';
import { fromSchemaValidation } from './http/validation';
import { createUploads, tooManyFilesOf } from './http/uploads';
import { createAlertEvaluator } from './alerts/evaluator';
import { createOutboxWorker } from './alerts/outbox';
import { createPushSender } from './alerts/push';
import { deletePushSubscriptionsOfLogins } from './alerts/subscriptions';
import { createMailer } from './mail/mailer';
import { PlayerRefusal } from './player/refusals';
import { createPlayerService } from './player/service';
import { registerAlertRoutes } from './routes/alerts';
import { registerAuthRoutes } from './routes/auth';
import { registerChannelRoutes } from './routes/channels';
import { registerCustomerRoutes } from './routes/customer';
import { registerDeviceRoutes } from './routes/devices';
import { registerMediaRoutes } from './routes/media';
import { registerPasswordResetRoutes } from './routes/password-reset';
import { registerPlayerRoutes } from './routes/players';
import { registerPlayLogRoutes } from './routes/play-log';
import { registerReportRoutes } from './routes/reports';
import { registerPlaylistRoutes } from './routes/playlists';
import { registerSoundRoutes } from './routes/sounds';
import { registerSpotRoutes } from './routes/spots';
import { registerSlideshowRoutes } from './routes/slideshows';
import { registerScreenRoutes } from './routes/screens';
import { registerScheduledContentRoutes } from './routes/scheduled-contents';
import { registerOpeningHoursRoutes } from './routes/opening-hours';
import { registerMusicPlanRoutes } from './routes/music-plan';
import { registerZoneRoutes } from './routes/zones';
import { registerBlockedTrackRoutes } from './routes/blocked-tracks';
import { registerSettingRoutes } from './routes/settings';
import { registerHelpRoutes } from './routes/help';
import { registerBroadcastingRoutes } from './routes/broadcasting';
import { registerPusherApiRoutes } from './routes/pusher-api';
import { createShiftableClock, registerSchedulerTestControlRoutes } from './routes/scheduler-test-control';
import { createRealtime } from './realtime';
import { liveLogins } from './realtime/logins';
import { createPlanRunner } from './scheduler/plan-runner';
import { createLoudnessService } from './audio/service';
import { createLoudnessQueue } from './audio/queue';
import { createScheduler, defaultInstanceId, type Scheduler } from './scheduler/runner';
import { createWeeklyMailRunner } from './reports/weekly-mail';
import { runSeed } from './seed';
import { createStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyInstance {
    /** Every route as registered (method, URL pattern): what tests walk to cover each route. */
    routeTable: ReadonlyArray<{
      method: string;
      url: string;
      /** Whether the route declares its answers (`schema.response`). */
      responses: boolean;
    }>;
  }
  interface FastifyInstance {
    /** The scheduler's runner: its loop runs from ready to close unless switched off (see env.ts). */
    scheduler: Scheduler;
  }
  interface FastifyRequest {
    /** True while the body is being read (multipart is read in a hook); see buildApp. */
    parsingBody: boolean;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database (tests pass an in-memory PGlite); otherwise one is opened from config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The scheduler's clock (ms since the epoch); real time by default. */
  clock?: () => number;
  /**
   * Run migrations and the seed's syncs in the background after the app is built (main.ts: the
   * instance listens at once and GET /health/ready answers 503 until they are done, retried while
   * the database is away) rather than before buildApp resolves (tests).
   */
  deferStartWork?: boolean;
  /**
   * false: every route's `response` schemas are left out, so answers are written as the handlers
   * return them (tests compare the two; default true).
   */
  responseSchemas?: boolean;
  /**
   * Register @fastify/swagger, so `app.swagger()` gives the OpenAPI document of this version
   * (server/src/openapi.ts; off by default: the API itself never serves it).
   */
  openapi?: { version: string };
}

/** Bodies of every route but the upload routes (config.uploadBodyMaxBytes). */
const BODY_LIMIT = 2 * 1024 * 1024;

const STATUS_MESSAGES: Record<number, string> = {
  400: messages.badRequest,
  401: messages.unauthenticated,
  403: messages.forbidden,
  404: messages.notFound,
  405: messages.methodNotAllowed,
  413: messages.tooLarge,
  415: messages.unsupportedMedia,
  419: messages.csrf,
  429: messages.tooManyRequests,
};

/** Builds the tenant API without listening: main.ts listens, tests use `inject`. */
export async function buildApp({
  config,
  database,
  logger,
  clock = Date.now,
  deferStartWork = false,
  responseSchemas = true,
  openapi,
}: BuildOptions): Promise<FastifyInstance> {
  const ownsDatabase = !database;
  // Lost connections are reported through the app's logger once there is one.
  let reportConnectionError = (err: Error) => console.error(`database connection lost: ${err.message}`);
  const dbHandle =
    database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
      { statementTimeoutMs: config.dbStatementTimeoutMs, onConnectionError: (err) => reportConnectionError(err) },
    ));
  const storage = createStorage({
    root: path.join(config.dataDir, 'media'),
    appKey: config.appKey,
    publicUrl: config.apiPublicUrl,
  });

  const startWork = () =>
    dbHandle.exclusive(async (db) => {
      await migrateDatabase(dbHandle, db);
      await runSeed({ db, storage, demoMusicPlan: config.demoMusicPlan });
    });
  if (!deferStartWork) {
    try {
      await startWork();
    } catch (err) {
      if (ownsDatabase) await dbHandle.close().catch(() => {});
      throw err;
    }
  }

  const uploads = createUploads({ config, storage });

  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: BODY_LIMIT,
    // The router's own refusals (a malformed percent-escape in the path) in our words.
    frameworkErrors: (_err, _req, reply) => {
      void (reply as FastifyReply).code(400).send({ message: messages.badRequest });
    },
  });

  const routeTable: Array<{ method: string; url: string; responses: boolean }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // A route declares its own answers; the shared error answers of the app's hooks join them.
    const { declared } = completeResponses(route);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, responses: declared });
    if (!responseSchemas && route.schema?.response) {
      const { response: _response, ...rest } = route.schema;
      route.schema = rest;
    }
    if (openapi) {
      const webApp = route.config?.webApp ?? 'required';
      route.schema = { ...route.schema, [WEB_APP_EXTENSION]: webApp } as FastifySchema;
    }
  });
  if (openapi) {
    // The document of the tenant API (server/src/openapi.ts, docs/openapi.json).
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Pulzus tenant API',
          description:
            'The calls of the web app to its API (SPEC.md). `x-pulzus-web-app` on each operation: ' +
            '`required`, the web app needs it; `optional`, the web app uses it when the API answers it ' +
            'and hides what it serves where it does not (404).',
          version: openapi.version,
        },
      },
      transform: openapiTransform,
      transformObject: openapiTransformObject,
    });
  }

  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-app-version', config.appVersion);
  });

  reportConnectionError = (err) => app.log.warn({ err: err.message }, 'database connection lost');

  const health = registerHealthRoutes(app, { config, db: dbHandle.db });
  if (deferStartWork) startInBackground(app, startWork, health);

  app.setErrorHandler((thrown, req, reply) => {
    // The database away, or not answering within its deadline: at once, in our words, retryable.
    if (isDatabaseUnavailable(thrown)) {
      req.log.warn({ err: (thrown as Error).message }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send({ message: messages.unavailable });
    }
    const err = thrown instanceof PlayerRefusal ? httpErrorOf(thrown) : (fromSchemaValidation(thrown) ?? thrown);
    if (req.parsingBody) {
      const tooMany = tooManyFilesOf(req, err);
      if (tooMany) return reply.code(422).send({ message: summarize(tooMany), errors: tooMany });
      // Whatever goes wrong while the body is read is the client's doing (a malformed multipart
      // stream throws busboy's bare Errors): 400, or the 413 of a limit. Never a 500.
      const status = (err as { statusCode?: number }).statusCode;
      const code = status === 413 ? 413 : 400;
      return reply.code(code).send({ message: STATUS_MESSAGES[code] });
    }
    if (err instanceof ValidationError) {
      return reply.code(err.statusCode).headers(err.headers).send({ message: err.message, errors: err.errors });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send({ message: err.message });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ message: STATUS_MESSAGES[status] ?? messages.badRequest });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: messages.server });
  });

  // Route schemas are the contract's zod schemas (fastify/demo's `schema: { params, querystring, body }`).
  app.setValidatorCompiler(validatorCompiler);
  // A route's `response` schemas (per status) are zod schemas too: its answer is checked against
  // them and written from what they describe.
  app.setSerializerCompiler(serializerCompiler);

  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: messages.notFound }));

  // Plugins from outside first, then ours (the order fastify/demo uses).
  await app.register(cookie);
  await app.register(formbody);
  // The API takes JSON, urlencoded and multipart forms; any other type (text/plain too) is a 415.
  app.removeContentTypeParser('text/plain');
  // @fastify/multipart reads the body in a preValidation hook, after the content-type parsers:
  // these two hooks around it mark that stretch, so the error handler knows a failure there is a
  // malformed body (400) rather than a fault of ours.
  app.decorateRequest('parsingBody', false);
  app.addHook('preValidation', async (req) => {
    req.parsingBody = true;
    // Multipart bodies are read past the content-type parsers' bodyLimit: a declared length over
    // the route's cap is refused before a byte is read (a chunked body meets busboy's limits).
    const length = Number(req.headers['content-length']);
    if (req.isMultipart() && length > uploads.bodyCapOf(req, BODY_LIMIT)) throw new HttpError(413, messages.tooLarge);
  });
  await app.register(multipart, {
    // Small forms become plain fields like JSON and urlencoded bodies. Upload routes stream their
    // one file to storage instead (http/uploads.ts), with their own limits; every other route
    // takes no file part at all, so a chunked body cannot make it buffer files.
    attachFieldsToBody: 'keyValues',
    onFile: uploads.onFile,
    limits: { fileSize: BODY_LIMIT, files: 0 },
  });
  uploads.register(app);
  app.addHook('preValidation', async (req) => {
    req.parsingBody = false;
    // Every body of ours is an object of fields. A JSON array, string, number or null names no
    // field, so it counts as an empty form, as Laravel reads it: each route's rules then answer
    // their own Hungarian 422s.
    const body: unknown = req.body;
    // No body at all is an empty form too where the route declares one (its schema then names
    // the missing fields, as `validate` does).
    if (body === undefined && req.routeOptions.schema?.body) req.body = {};
    if (body === undefined || Buffer.isBuffer(body)) return;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) req.body = {};
  });

  registerTenantResolution(app, { config, db: dbHandle.db });
  const countRequest = await registerRateLimit(app, { config, log: app.log });
  const sessions = registerSessions(app, { config, db: dbHandle.db, countRequest });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'mail'),
  });
  const players = createPlayerService({
    db: dbHandle.db,
    storage,
    sessionIdleMinutes: config.sessionIdleMinutes,
    sessionAbsoluteHours: config.sessionAbsoluteHours,
  });
  // Realtime: the Pusher server on this app's HTTP server, UpdatePlayer on every player change.
  const realtime = await createRealtime({
    config,
    server: app.server,
    players,
    log: app.log,
    liveLogins: (logins) => liveLogins(dbHandle.db, config, logins),
  });
  // Ending a login closes the sockets it authorised, on every instance.
  sessions.onLoginsEnded((customerId, sessionIds) => {
    realtime.endLogins(customerId, sessionIds);
    // A player whose audio device was one of them says so: the remotes stop saying they cannot tell.
    void players
      .outputLoginsEnded(customerId, sessionIds)
      .then((changed) => Promise.all(changed.map((player) => realtime.outputChanged(player))))
      .catch((error: unknown) => app.log.warn({ err: error }, 'output of an ended login not told'));
  });
  // Under test control the tick route moves the clock, so next-play times agree with the ticked minute.
  const testClock = config.schedulerTestControl ? createShiftableClock(clock) : undefined;
  const now = testClock?.now ?? clock;
  const instance = config.schedulerInstance ?? defaultInstanceId();
  // The music plan: its boundaries tick with the scheduler's minutes; a manager's press holds it.
  const plan = createPlanRunner({ db: dbHandle.db, players, instance, log: app.log, clock: now });
  players.setPressHold((tx, customerId, zoneId) => plan.holdUntil(tx, customerId, zoneId, now()));
  // Alerts: every mail and push through the outbox, which any instance's worker sends.
  const push = createPushSender(config);
  const outbox = createOutboxWorker({
    db: dbHandle.db,
    mailer,
    push,
    instance,
    retryBaseMs: config.alertRetryBaseMs,
    sendTimeoutMs: config.alertSendTimeoutMs,
    log: app.log,
  });
  const evaluator = createAlertEvaluator({
    db: dbHandle.db,
    webUrl: config.webUrl,
    instance,
    presenceKnown: () => realtime.presenceKnown(),
    sessionsPresent: (q) => realtime.sessionsPresent(q),
    broadcast: (channels, event, payload) => realtime.broadcaster.trigger(channels, event, payload),
    onEnqueued: () => outbox.kick(),
    warmupMs: config.alertWarmupSeconds * 1000,
    log: app.log,
  });
  // A device login that ends (logout, password reset) takes its push subscriptions along.
  sessions.onLoginsEnded((customerId, sessionIds) => {
    deletePushSubscriptionsOfLogins(dbHandle.db, customerId, sessionIds).catch((err: unknown) =>
      app.log.error({ err }, 'alerts: deleting the push subscriptions of ended logins failed'),
    );
  });
  const ctx: AppContext = {
    config,
    db: dbHandle.db,
    databaseKind: dbHandle.kind,
    storage,
    mailer,
    sessions,
    players,
    realtime,
    plan,
    loudness: createLoudnessService({
      db: dbHandle.db,
      storage,
      enabled: config.loudnessMeasure,
      queue: createLoudnessQueue({ log: app.log }),
      log: app.log,
    }),
    clock: now,
    alerts: { evaluator, outbox, push },
  };
  app.decorate('ctx', ctx);
  // Files stored before loudness was measured: in the background once the API serves and its start
  // work (the migrations that add the figures' columns) is done, never before.
  app.addHook('onReady', async () => {
    void health.whenStarted.then(() => {
      setTimeout(() => {
        ctx.loudness.backfill().catch((err: unknown) => app.log.warn({ err }, 'loudness: backfill failed'));
      }, 2000).unref();
    });
  });
  app.addHook('onClose', async () => ctx.loudness.close());

  const weeklyMail = createWeeklyMailRunner({
    db: dbHandle.db,
    webUrl: config.webUrl,
    instance,
    onEnqueued: () => outbox.kick(),
    log: app.log,
  });
  const scheduler = createScheduler(ctx, { instance, log: app.log, plan, alerts: evaluator, weeklyMail });
  app.decorate('scheduler', scheduler);
  // Under test control only the tick route moves the scheduler's time.
  let closing = false;
  if (config.schedulerEnabled && !config.schedulerTestControl) {
    // Once the start work is done too: the first tick reads the tables the migrations make.
    app.addHook('onReady', async () => {
      void health.whenStarted.then(() => {
        if (!closing) scheduler.start();
      });
    });
  }
  // The outbox's worker runs wherever the minute loop may (under test control too: its mails are real).
  if (config.schedulerEnabled) {
    app.addHook('onReady', async () => {
      void health.whenStarted.then(() => {
        if (!closing) outbox.start();
      });
    });
  }
  // Before the realtime server closes (preClose hooks run in order): a tick under way still sends.
  app.addHook('preClose', async () => {
    closing = true;
    await scheduler.stop();
    await outbox.stop();
    await realtime.close();
  });

  registerAuthRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  registerMediaRoutes(app, ctx);
  registerChannelRoutes(app, ctx);
  registerPlayerRoutes(app, ctx);
  registerPlaylistRoutes(app, ctx);
  registerSoundRoutes(app, ctx);
  registerSpotRoutes(app, ctx);
  registerSlideshowRoutes(app, ctx);
  registerScreenRoutes(app, ctx);
  registerScheduledContentRoutes(app, ctx);
  registerOpeningHoursRoutes(app, ctx);
  registerMusicPlanRoutes(app, ctx);
  registerZoneRoutes(app, ctx);
  registerBlockedTrackRoutes(app, ctx);
  registerPlayLogRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerSettingRoutes(app, ctx);
  registerHelpRoutes(app, ctx);
  registerBroadcastingRoutes(app, ctx);
  registerDeviceRoutes(app, ctx);
  registerPusherApiRoutes(app, ctx);
  registerAlertRoutes(app, ctx);
  if (testClock) registerSchedulerTestControlRoutes(app, { scheduler, clock: testClock });

  if (ownsDatabase) app.addHook('onClose', async () => dbHandle.close());
  return app;
}
