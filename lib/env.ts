/**
 * The web side's configuration, read and validated once. Server-only: it touches the file system and
 * holds the secrets shared with the tenant API.
 */
import { z } from 'zod';
import { readOrCreateSecrets } from '@/contracts/secrets.mjs';
import { DEFAULT_UPLOAD_BODY_MAX_MB } from '@/contracts/uploads';

const slug = z.string().regex(/^[a-z0-9-]{1,63}$/, 'must be a tenant slug: 1–63 characters of a-z, 0-9 and -');

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
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().toLowerCase().replace(/\.$/, ''))
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((d) => /^[a-z0-9.-]+$/.test(d) && !d.startsWith('.')), {
      message:
        'must be bare host names, comma-separated, such as localhost or pulzus.hu,pulzus.com (no scheme, no port)',
    }),
  // Where the browser loads media (covers, logos, slides, audio, video) from: the API's own
  // API_PUBLIC_URL. The Content-Security-Policy names it.
  API_PUBLIC_URL: z
    .string()
    .refine((v) => isHttpUrl(v.replaceAll('{tenant}', 'demo')), {
      message: 'must be an http(s) URL, optionally with {tenant} in its host (e.g. https://{tenant}.api.example.com)',
    })
    .optional(),
  // Further origins the pages may load media from or connect to (a CDN, hosted Pusher's socket).
  CSP_EXTRA_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(/[\s,]+/)
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isCspOrigin), {
      message:
        'must be origins, comma-separated, such as wss://ws-eu.pusher.com,https://cdn.example.com (a leading *. is allowed)',
    })
    .default([]),
  CSP_REPORT_URI: z
    .string()
    .refine((v) => isHttpUrl(v) && !/[;,\s]/.test(v), { message: 'must be an http(s) URL without ; , or spaces' })
    .optional(),
  DEFAULT_TENANT: slug.default('demo'),
  // The API's cap on an upload call's whole body, by the same variable: the web server counts an
  // upload against it as it streams on, and refuses it with 413 once it passes.
  UPLOAD_BODY_MAX_MB: z.coerce
    .number({ message: 'must be a whole number of megabytes' })
    .int('must be a whole number of megabytes')
    .positive('must be a whole number of megabytes')
    .default(DEFAULT_UPLOAD_BODY_MAX_MB),
  DATA_DIR: z.string().min(1).default('./data'),
  BFF_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters (iron-session needs that)').optional(),
  SECURE_COOKIES: z
    .enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' })
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  // Where browsers reach the real-time service when the API has no /api/realtime-config (a Laravel
  // API). Not the API's PUSHER_HOST / PUSHER_PORT: those are where the API publishes.
  PUSHER_KEY: z.string().min(1).optional(),
  PUSHER_CLUSTER: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a Pusher cluster name such as eu or mt1')
    .default('eu'),
  PUSHER_PUBLIC_HOST: z
    .string()
    .regex(/^[a-zA-Z0-9.-]+$/, 'must be a bare host name (no scheme, no port)')
    .optional(),
  PUSHER_PUBLIC_PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(1, 'must be a port number')
    .max(65535, 'must be a port number')
    .optional(),
  PUSHER_PUBLIC_TLS: z
    .enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

/** The browser's socket settings (the shape of the API's /api/realtime-config). */
export interface PublicRealtimeConfig {
  key: string;
  wsHost: string;
  wsPort: number;
  wssPort: number;
  forceTLS: boolean;
  cluster: string;
}

export interface WebEnv {
  tenantApiUrl: string;
  /** APP_DOMAIN: the served domains; a sub-domain of one selects a shop. */
  appDomains: string[];
  /** The API's public base (may hold `{tenant}`): where media come from and, by default, the socket. */
  apiPublicUrl: string;
  /** CSP_EXTRA_ORIGINS, allowed besides the API for media and connections. */
  cspExtraOrigins: string[];
  /** CSP_REPORT_URI: where browsers post the policy's violation reports; null: nowhere. */
  cspReportUri: string | null;
  defaultTenant: string;
  dataDir: string;
  bffSecret: string;
  sessionSecret: string;
  /** SECURE_COOKIES=1: the session cookie is always `Secure` (else only on https as X-Forwarded-Proto says). */
  secureCookies: boolean;
  /** From PUSHER_KEY and PUSHER_PUBLIC_*; used when the API has no /api/realtime-config. Null without a key. */
  realtime: PublicRealtimeConfig | null;
  /** UPLOAD_BODY_MAX_MB in bytes: the largest upload body passed on (the API's own cap). */
  uploadBodyMaxBytes: number;
}

/**
 * Hosted Pusher (`ws-<cluster>.pusher.com`, TLS) unless PUSHER_PUBLIC_HOST names a self-hosted
 * service, which is plain unless PUSHER_PUBLIC_TLS says otherwise; the port follows the scheme.
 */
export function publicRealtimeConfig(e: {
  key?: string;
  cluster: string;
  host?: string;
  port?: number;
  tls?: boolean;
}): PublicRealtimeConfig | null {
  if (!e.key) return null;
  const forceTLS = e.tls ?? !e.host;
  const port = e.port ?? (forceTLS ? 443 : 80);
  return {
    key: e.key,
    wsHost: e.host ?? `ws-${e.cluster}.pusher.com`,
    wsPort: port,
    wssPort: port,
    forceTLS,
    cluster: e.cluster,
  };
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `scheme://host[:port]`, the host optionally `*.`-prefixed: what a CSP source names, nothing more. */
function isCspOrigin(v: string): boolean {
  return /^(https?|wss?):\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(v);
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
    const secrets = readOrCreateSecrets(e.DATA_DIR);
    bffSecret ??= secrets.bffSecret;
    sessionSecret ??= secrets.sessionSecret;
  }
  return {
    tenantApiUrl: e.TENANT_API_URL,
    appDomains: e.APP_DOMAIN,
    // The bundled API's default API_PUBLIC_URL is its own address, which is what TENANT_API_URL names.
    apiPublicUrl: e.API_PUBLIC_URL ?? e.TENANT_API_URL,
    cspExtraOrigins: e.CSP_EXTRA_ORIGINS,
    cspReportUri: e.CSP_REPORT_URI ?? null,
    defaultTenant: e.DEFAULT_TENANT,
    dataDir: e.DATA_DIR,
    bffSecret,
    sessionSecret,
    secureCookies: e.SECURE_COOKIES,
    realtime: publicRealtimeConfig({
      key: e.PUSHER_KEY,
      cluster: e.PUSHER_CLUSTER,
      host: e.PUSHER_PUBLIC_HOST,
      port: e.PUSHER_PUBLIC_PORT,
      tls: e.PUSHER_PUBLIC_TLS,
    }),
    uploadBodyMaxBytes: e.UPLOAD_BODY_MAX_MB * 1024 * 1024,
  };
}

let cached: WebEnv | undefined;

/** Lazy so that `next build` does not need the secrets; the first request reads them. */
export function env(): WebEnv {
  cached ??= parseWebEnv(process.env);
  return cached;
}
