import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The one place that reads the environment. Every variable has a default that works for the
 * embedded mode (`npm start` on one machine); invalid values stop the start with a clear error.
 */

export interface Secrets {
  appKey: string;
  bffSecret: string;
  sessionSecret: string;
  pusherAppId: string;
  pusherKey: string;
  pusherSecret: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL via node-postgres when set; otherwise PGlite under `dataDir/db`. */
  databaseUrl: string | undefined;
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
}

export const TENANT_SLUG = /^[a-z0-9-]{1,63}$/;

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));

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
  SESSION_IDLE_MINUTES: positiveInt(120),
  SESSION_ABSOLUTE_HOURS: positiveInt(24),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
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

const randomSecret = () => randomBytes(32).toString('base64url');

function generateSecrets(): Secrets {
  return {
    appKey: randomSecret(),
    bffSecret: randomSecret(),
    sessionSecret: randomSecret(),
    pusherAppId: String(100000 + (randomBytes(4).readUInt32BE() % 900000)),
    pusherKey: randomBytes(10).toString('hex'),
    pusherSecret: randomSecret(),
  };
}

function parseSecrets(text: string, file: string): Secrets {
  const parsed = z
    .object({
      appKey: z.string().min(1),
      bffSecret: z.string().min(1),
      sessionSecret: z.string().min(1),
      pusherAppId: z.string().min(1),
      pusherKey: z.string().min(1),
      pusherSecret: z.string().min(1),
    })
    .safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid secrets file: ${parsed.error.message}`);
  }
  return parsed.data;
}

/**
 * Reads `DATA_DIR/secrets.json`, creating it when missing. The web side does the same, so the
 * file is published with link(2), which fails if it exists: of two racing starters one file
 * wins and both read it, and nobody ever reads a half-written file.
 */
export function readOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return parseSecrets(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(generateSecrets(), null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  return parseSecrets(readFileSync(file, 'utf8'), file);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid tenant API configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const needsFile = !e.APP_KEY || !e.BFF_SECRET;
  const fileSecrets = needsFile ? readOrCreateSecrets(dataDir) : undefined;

  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
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
  };
}
