/**
 * The web side's configuration, read and validated once. Server-only: it touches the file system and
 * holds the secrets shared with the tenant API.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const secretsFileSchema = z.object({
  appKey: z.string().min(32),
  bffSecret: z.string().min(32),
  sessionSecret: z.string().min(32),
  pusherAppId: z.string().min(1),
  pusherKey: z.string().min(1),
  pusherSecret: z.string().min(1),
});
export type SecretsFile = z.infer<typeof secretsFileSchema>;

const slug = z
  .string()
  .regex(/^[a-z0-9-]{1,63}$/, 'must be a tenant slug: 1–63 characters of a-z, 0-9 and -');

const envSchema = z.object({
  TENANT_API_URL: z
    .string()
    .default('http://127.0.0.1:4000')
    .refine((v) => isHttpUrl(v.replaceAll('{tenant}', 'demo')), {
      message: 'must be an http(s) URL, optionally with {tenant} in it (e.g. http://{tenant}.api.example.com)',
    }),
  APP_DOMAIN: z
    .string()
    .default('localhost')
    .transform((v) => v.toLowerCase().replace(/\.$/, ''))
    .refine((v) => /^[a-z0-9.-]+$/.test(v) && !v.startsWith('.'), {
      message: 'must be a bare host name such as localhost or pulzus.hu (no scheme, no port)',
    }),
  DEFAULT_TENANT: slug.default('demo'),
  DATA_DIR: z.string().min(1).default('./data'),
  BFF_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters (iron-session needs that)').optional(),
});

export interface WebEnv {
  tenantApiUrl: string;
  appDomain: string;
  defaultTenant: string;
  dataDir: string;
  bffSecret: string;
  sessionSecret: string;
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Reads DATA_DIR/secrets.json, creating it when missing. The create is exclusive so that when the API
 * and the web start together, one file wins and both read it.
 */
export function loadOrCreateSecrets(dataDir: string): SecretsFile {
  const file = path.join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  const fresh: SecretsFile = {
    appKey: randomSecret(),
    bffSecret: randomSecret(),
    sessionSecret: randomSecret(),
    pusherAppId: randomSecret(),
    pusherKey: randomSecret(),
    pusherSecret: randomSecret(),
  };
  try {
    writeFileSync(file, JSON.stringify(fresh, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // The other side may be between creating and writing the file: retry briefly on an empty read.
  let lastError: unknown;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const parsed = secretsFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return parsed.data;
      throw new Error(
        `${file} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    } catch (err) {
      lastError = err;
      if (!(err instanceof SyntaxError)) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  throw lastError;
}

export function parseWebEnv(source: Record<string, string | undefined>): WebEnv {
  // Empty strings count as unset, as they usually come from `FOO= npm start`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid web configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let bffSecret = e.BFF_SECRET;
  let sessionSecret = e.SESSION_SECRET;
  if (!bffSecret || !sessionSecret) {
    const secrets = loadOrCreateSecrets(e.DATA_DIR);
    bffSecret ??= secrets.bffSecret;
    sessionSecret ??= secrets.sessionSecret;
  }
  return {
    tenantApiUrl: e.TENANT_API_URL,
    appDomain: e.APP_DOMAIN,
    defaultTenant: e.DEFAULT_TENANT,
    dataDir: e.DATA_DIR,
    bffSecret,
    sessionSecret,
  };
}

let cached: WebEnv | undefined;

/** Lazy so that `next build` does not need the secrets; the first request reads them. */
export function env(): WebEnv {
  cached ??= parseWebEnv(process.env);
  return cached;
}
