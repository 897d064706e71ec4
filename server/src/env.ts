import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readOrCreateSecrets } from '../../contracts/secrets.mjs';
import { parseTrustedProxies, type TrustedProxies } from '../../contracts/trusted-proxies';

/**
 * The one place that reads the environment. Every variable has a default that works for the
 * embedded mode (`npm start` on one machine); invalid values stop the start with a clear error.
 */

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL via node-postgres when set; otherwise PGlite under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** PostgreSQL: how long a statement may run, and how long a query waits for the database (DB_STATEMENT_TIMEOUT_MS). */
  dbStatementTimeoutMs: number;
  appKey: string;
  bffSecret: string;
  appVersion: string;
  defaultTenant: string;
  /** Base of the signed media links the API hands out. */
  apiPublicUrl: string;
  /** Web app base, may hold `{tenant}`; reset links point here. */
  webUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  logLevel: string;
  /** The Pusher app: our built-in server's, or the external service's with broadcastDriver 'pusher'. */
  pusherAppId: string;
  pusherKey: string;
  pusherSecret: string;
  /** 'builtin' delivers through our own Pusher server; 'pusher' posts to an external service. */
  broadcastDriver: 'builtin' | 'pusher';
  /** External service host/port (soketi…); hosted Pusher (by cluster) when the host is unset. */
  pusherHost: string | undefined;
  pusherPort: number | undefined;
  pusherCluster: string;
  pusherUseTls: boolean;
  /** Where browsers reach the socket (GET /api/realtime-config); defaults depend on the driver. */
  pusherPublicHost: string | undefined;
  pusherPublicPort: number | undefined;
  pusherPublicTls: boolean | undefined;
  /** Pusher's "client events" app setting for the built-in server. */
  pusherClientEvents: boolean;
  /** Open realtime sockets per client address (REALTIME_MAX_CONNECTIONS_PER_IP). */
  realtimeMaxConnectionsPerIp: number;
  /** How often each instance checks that the logins behind its sockets are still live. */
  realtimeLoginCheckSeconds: number;
  /** TRUSTED_PROXIES: the load balancers whose X-Forwarded-For names the realtime client. */
  trustedProxies: TrustedProxies;
  /** Seconds, sent in the handshake; idle sockets are pinged after it and dropped after twice it. */
  pusherActivityTimeout: number;
  /** Redis for several API instances: real-time fan-out, shared presence and the request limit's counters. */
  redisUrl: string | undefined;
  /** Requests a minute per login, or per client address without one (API_RATE_LIMIT_PER_MINUTE); then 429. */
  apiRateLimitPerMinute: number;
  /** Upload limits in bytes: one audio file (sounds, spots), one image (slideshows). */
  uploadAudioMaxBytes: number;
  uploadImageMaxBytes: number;
  /** Hard cap on a whole upload request's body, in bytes: above it 413 (a file over its own limit is a 422). */
  uploadBodyMaxBytes: number;
  /**
   * Whether uploads and older files are measured for loudness (issue 28). On by default; the
   * upload bench's peer turns it off to weigh what measuring costs.
   */
  loudnessMeasure: boolean;
  /** Whether this instance runs the scheduler's minute loop (several may: each due minute fires once). */
  schedulerEnabled: boolean;
  /**
   * Test builds only: `POST /api/_test/scheduler/tick` drives the scheduler's time and the minute
   * loop stays off. `npm start` never passes it on.
   */
  schedulerTestControl: boolean;
  /** This instance's name in the fire log; hostname, pid and a random suffix when unset. */
  schedulerInstance: string | undefined;
  /**
   * Whether the demo shop's music plan is seeded switched on ('Automatikus napirend'). `npm start`
   * passes it; the test, bench and tutorial stacks do not, so their music never follows the wall clock.
   */
  demoMusicPlan: boolean;
  /**
   * Hosts a Web Push subscription's endpoint may name (PUSH_SERVICE_HOSTS, comma-separated; a
   * leading '*.' matches any subdomain): the API posts only to these, never to an address a
   * browser chose.
   */
  pushServiceHosts: string[];
  /** VAPID keys (base64url) and subject; the keys are created into DATA_DIR/vapid.json when unset. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string;
  /** Seconds after an instance starts before it evaluates alerts (presence is not yet known). */
  alertWarmupSeconds: number;
  /** The first retry of a failed alert mail or push waits this long; each later one three times more. */
  alertRetryBaseMs: number;
  /** A mail or push send with no answer after this long has an unknown outcome (never retried). */
  alertSendTimeoutMs: number;
}

/** The push services of Chrome and Edge, Firefox, Windows and Safari. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
];

const MB = 1024 * 1024;

export const TENANT_SLUG = /^[a-z0-9-]{1,63}$/;

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));

const positiveNumber = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(fallback));

const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
    .transform((v) => ['true', '1', 'on', 'yes'].includes(v))
    .optional(),
);
const optionalPort = z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional());

const envSchema = z.object({
  API_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(4000)),
  API_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DB_STATEMENT_TIMEOUT_MS: positiveInt(5000),
  APP_KEY: optionalString,
  BFF_SECRET: optionalString,
  APP_VERSION: optionalString,
  DEFAULT_TENANT: z.preprocess(
    emptyAsUndefined,
    z.string().regex(TENANT_SLUG, 'must match [a-z0-9-]{1,63}').default('demo'),
  ),
  API_PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  WEB_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .default('http://{tenant}.localhost:3000'),
  ),
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Pulzus <no-reply@pulzus.hu>')),
  // A fraction is allowed so that a test can end a session sooner than an open page's minutely /api/me call renews it.
  SESSION_IDLE_MINUTES: positiveNumber(120),
  SESSION_ABSOLUTE_HOURS: positiveInt(24),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  PUSHER_APP_ID: optionalString,
  PUSHER_KEY: optionalString,
  PUSHER_SECRET: optionalString,
  BROADCAST_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['builtin', 'pusher']).default('builtin')),
  PUSHER_HOST: optionalString,
  PUSHER_PORT: optionalPort,
  PUSHER_CLUSTER: z.preprocess(emptyAsUndefined, z.string().default('eu')),
  PUSHER_USE_TLS: booleanFlag,
  PUSHER_PUBLIC_HOST: optionalString,
  PUSHER_PUBLIC_PORT: optionalPort,
  PUSHER_PUBLIC_TLS: booleanFlag,
  PUSHER_CLIENT_EVENTS: booleanFlag,
  PUSHER_ACTIVITY_TIMEOUT: positiveInt(30),
  REALTIME_MAX_CONNECTIONS_PER_IP: positiveInt(200),
  REALTIME_LOGIN_CHECK_SECONDS: positiveInt(60),
  TRUSTED_PROXIES: z.preprocess(emptyAsUndefined, z.string().optional()).superRefine((value, ctx) => {
    try {
      parseTrustedProxies(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
    }
  }),
  UPLOAD_AUDIO_MAX_MB: positiveInt(20),
  UPLOAD_IMAGE_MAX_MB: positiveInt(10),
  UPLOAD_BODY_MAX_MB: positiveInt(64),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  API_RATE_LIMIT_PER_MINUTE: positiveInt(600),
  SCHEDULER_ENABLED: booleanFlag,
  LOUDNESS_MEASURE: booleanFlag,
  SCHEDULER_TEST_CONTROL: booleanFlag,
  SCHEDULER_INSTANCE: optionalString,
  DEMO_MUSIC_PLAN: booleanFlag,
  PUSH_SERVICE_HOSTS: optionalString,
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z.preprocess(emptyAsUndefined, z.string().default('mailto:no-reply@pulzus.hu')),
  ALERT_WARMUP_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).default(60)),
  ALERT_RETRY_BASE_MS: positiveInt(10_000),
  ALERT_SEND_TIMEOUT_MS: positiveInt(15_000),
});

function packageVersion(): string {
  const file = fileURLToPath(new URL('../../package.json', import.meta.url));
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid tenant API configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.UPLOAD_BODY_MAX_MB <= Math.max(e.UPLOAD_AUDIO_MAX_MB, e.UPLOAD_IMAGE_MAX_MB)) {
    throw new Error(
      'Invalid tenant API configuration:\n  UPLOAD_BODY_MAX_MB: must be larger than UPLOAD_AUDIO_MAX_MB and UPLOAD_IMAGE_MAX_MB',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const needsFile = !e.APP_KEY || !e.BFF_SECRET || !e.PUSHER_APP_ID || !e.PUSHER_KEY || !e.PUSHER_SECRET;
  const fileSecrets = needsFile ? readOrCreateSecrets(dataDir) : undefined;

  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    appKey: e.APP_KEY ?? fileSecrets!.appKey,
    bffSecret: e.BFF_SECRET ?? fileSecrets!.bffSecret,
    appVersion: e.APP_VERSION ?? packageVersion(),
    defaultTenant: e.DEFAULT_TENANT,
    apiPublicUrl: (e.API_PUBLIC_URL ?? `http://127.0.0.1:${e.API_PORT}`).replace(/\/+$/, ''),
    webUrl: e.WEB_URL.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    logLevel: e.LOG_LEVEL,
    pusherAppId: e.PUSHER_APP_ID ?? fileSecrets!.pusherAppId,
    pusherKey: e.PUSHER_KEY ?? fileSecrets!.pusherKey,
    pusherSecret: e.PUSHER_SECRET ?? fileSecrets!.pusherSecret,
    broadcastDriver: e.BROADCAST_DRIVER,
    pusherHost: e.PUSHER_HOST,
    pusherPort: e.PUSHER_PORT,
    pusherCluster: e.PUSHER_CLUSTER,
    // Hosted Pusher is TLS; a self-hosted server named by PUSHER_HOST is plain unless told otherwise.
    pusherUseTls: e.PUSHER_USE_TLS ?? !e.PUSHER_HOST,
    pusherPublicHost: e.PUSHER_PUBLIC_HOST,
    pusherPublicPort: e.PUSHER_PUBLIC_PORT,
    pusherPublicTls: e.PUSHER_PUBLIC_TLS,
    // Off unless asked for: our web app sends none, and they let one device talk to all others unchecked.
    pusherClientEvents: e.PUSHER_CLIENT_EVENTS ?? false,
    realtimeMaxConnectionsPerIp: e.REALTIME_MAX_CONNECTIONS_PER_IP,
    realtimeLoginCheckSeconds: e.REALTIME_LOGIN_CHECK_SECONDS,
    trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES),
    pusherActivityTimeout: e.PUSHER_ACTIVITY_TIMEOUT,
    redisUrl: e.REDIS_URL,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    uploadAudioMaxBytes: e.UPLOAD_AUDIO_MAX_MB * MB,
    uploadImageMaxBytes: e.UPLOAD_IMAGE_MAX_MB * MB,
    uploadBodyMaxBytes: e.UPLOAD_BODY_MAX_MB * MB,
    loudnessMeasure: e.LOUDNESS_MEASURE ?? true,
    schedulerEnabled: e.SCHEDULER_ENABLED ?? true,
    schedulerTestControl: e.SCHEDULER_TEST_CONTROL ?? false,
    schedulerInstance: e.SCHEDULER_INSTANCE,
    demoMusicPlan: e.DEMO_MUSIC_PLAN ?? false,
    pushServiceHosts: (e.PUSH_SERVICE_HOSTS?.split(',') ?? DEFAULT_PUSH_SERVICE_HOSTS)
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT,
    alertWarmupSeconds: e.ALERT_WARMUP_SECONDS,
    alertRetryBaseMs: e.ALERT_RETRY_BASE_MS,
    alertSendTimeoutMs: e.ALERT_SEND_TIMEOUT_MS,
  };
}
