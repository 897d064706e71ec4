/**
 * The pages' Content-Security-Policy, as a pure function of the request's nonce, its path and the
 * configured origins (proxy.ts sets it; unit-tested on its own). Browser-safe: no env reads here.
 */
import type { PublicRealtimeConfig } from '@/lib/env';

export interface CspOrigins {
  /** The API's public base (may hold `{tenant}`): media at signed URLs, and the bundled API's socket. */
  apiPublicUrl: string;
  /** The socket settings the web knows itself (an API without /api/realtime-config); null without them. */
  realtime: PublicRealtimeConfig | null;
  /** CSP_EXTRA_ORIGINS: a CDN, hosted Pusher's socket, … */
  extraOrigins: readonly string[];
  /** CSP_REPORT_URI: where violations are reported, if anywhere. */
  reportUri?: string | null;
}

/** Public in-store screens are opened inside signage players, whose pages we do not know. */
export function mayBeFramed(pathname: string): boolean {
  return pathname.startsWith('/screen/');
}

const TENANT = 'tenant-placeholder-0';

/**
 * The origin of a base URL as a CSP source: a `{tenant}` in the host becomes a `*.` wildcard (CSP
 * allows one only as the leftmost label), so one policy covers every shop's API host.
 */
export function originSource(baseUrl: string): string {
  const url = new URL(baseUrl.replaceAll('{tenant}', TENANT));
  const labels = url.hostname.split('.');
  const at = labels.findIndex((l) => l.includes(TENANT));
  const host = at === -1 ? url.hostname : ['*', ...labels.slice(at + 1)].join('.');
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/** The WebSocket source on the same host and port as an http(s) source. */
function socketSource(httpSource: string): string {
  return httpSource.replace(/^http/, 'ws');
}

function realtimeSource(r: PublicRealtimeConfig): string {
  const port = r.forceTLS ? r.wssPort : r.wsPort;
  return `${r.forceTLS ? 'wss' : 'ws'}://${r.wsHost}:${port}`;
}

export function contentSecurityPolicy(o: {
  nonce: string;
  pathname: string;
  origins: CspOrigins;
  /** Next's dev server: React's debugging needs eval. */
  dev?: boolean;
}): string {
  const api = originSource(o.origins.apiPublicUrl);
  const extra = o.origins.extraOrigins;
  const sockets = [socketSource(api), ...(o.origins.realtime ? [realtimeSource(o.origins.realtime)] : [])];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'strict-dynamic': the chunks Next's nonced scripts load run too; hosts are ignored by browsers that know it.
    ['script-src', "'self'", `'nonce-${o.nonce}'`, "'strict-dynamic'", ...(o.dev ? ["'unsafe-eval'"] : [])],
    // React renders `style` props as attributes in the server's HTML, which no nonce can cover; a
    // style cannot run code, and scripts stay nonce-only.
    ['style-src', "'self'", "'unsafe-inline'"],
    // blob: previews of a chosen file before upload; data: the inline SVG icons of the stylesheets.
    ['img-src', "'self'", 'blob:', 'data:', api, ...extra],
    ['media-src', "'self'", 'blob:', api, ...extra],
    ['connect-src', "'self'", api, ...sockets, ...extra],
    ['font-src', "'self'"],
    // The media cache (public/media-sw.js).
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', mayBeFramed(o.pathname) ? '*' : "'none'"],
    ...(o.origins.reportUri ? [['report-uri', o.origins.reportUri] as [string, string]] : []),
  ];
  return directives.map((d) => [...new Set(d)].join(' ')).join('; ');
}
