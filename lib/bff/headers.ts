/** Header rules of the streaming proxy (CONTRACTS.md §5.2), pure so they are unit-tested. */
import 'server-only';

/** RFC 9110 §7.6.1 plus what undici refuses or rewrites (host, content-length, expect). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

export function stripHopByHop(headers: Headers, extra: readonly string[] = []): Headers {
  const out = new Headers(headers);
  const named = (headers.get('connection') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const name of [...HOP_BY_HOP, ...named, ...extra]) out.delete(name);
  return out;
}

/**
 * Browser headers that must not reach the API: the sealed cookie (upstream cookies come from the
 * jar), the trust headers the BFF sets itself, and Sec-Fetch-* (Laravel 13 skips its CSRF check on
 * `Sec-Fetch-Site: same-origin`; the BFF sends the XSRF token instead).
 */
const NOT_FORWARDED = [
  'host',
  'content-length',
  'expect',
  'cookie',
  'accept-encoding',
  'x-tenant',
  'x-bff-secret',
  'x-pulzus-tenant',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-xsrf-token',
  'x-csrf-token',
  'forwarded',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-fetch-user',
];

export function forwardableRequestHeaders(incoming: Headers): Headers {
  return stripHopByHop(incoming, NOT_FORWARDED);
}

/**
 * Upstream answer headers for the browser: the API's cookies stay in the jar, and Node's fetch has
 * already decoded the body, so a kept content-encoding/length would break the browser.
 */
export function browserResponseHeaders(upstream: Headers): Headers {
  const out = stripHopByHop(upstream, ['set-cookie']);
  if (out.has('content-encoding')) {
    out.delete('content-encoding');
    out.delete('content-length');
  }
  return out;
}

export function isUnsafeMethod(method: string): boolean {
  const m = method.toUpperCase();
  return m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS';
}

/** Whether `url`'s host (with port) is `host`; the scheme is ignored, as a TLS-terminating proxy may sit in front. */
function sameHost(url: string, host: string): boolean {
  try {
    return new URL(url).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * True when the browser says the request comes from another site or origin, for any method: a
 * top-level navigation from another site carries the SameSite=Lax cookie, so even a GET (the
 * player's toggle-play) could be forged. `Sec-Fetch-Site` decides when present (only `same-origin`
 * passes; `none` is a typed address or a bookmark); without it an `Origin` must name the request's
 * host. A request with neither (an old browser, a server-to-server call) passes.
 */
export function isCrossSite(headers: Headers, host: string | null): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site.trim().toLowerCase() !== 'same-origin';
  const origin = headers.get('origin');
  if (origin === null) return false;
  return !host || origin === 'null' || !sameHost(origin, host);
}

/**
 * The client IP for X-Forwarded-For. The web's own server (scripts/web-server.mjs) sets
 * X-Forwarded-For from the socket, or, behind a proxy in TRUSTED_PROXIES, to the client that proxy
 * named; whatever the browser sent is gone by then. The last entry is taken should a chain arrive.
 */
export function clientIp(headers: Headers): string | null {
  const xff = headers.get('x-forwarded-for');
  if (!xff) return null;
  const parts = xff.split(',').map((s) => s.trim()).filter(Boolean);
  const last = parts[parts.length - 1];
  return last ? last.replace(/^::ffff:/, '') : null;
}

/** `https` or `http` as the browser used it. */
export function requestProto(headers: Headers, fallbackUrl?: string): 'http' | 'https' {
  const fwd = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (fwd === 'https' || fwd === 'http') return fwd;
  if (fallbackUrl) {
    try {
      return new URL(fallbackUrl).protocol === 'https:' ? 'https' : 'http';
    } catch {
      /* fall through */
    }
  }
  return 'http';
}

/** A redirect to the API's own origin would leave the web app: make it relative to the BFF. */
export function rewriteLocation(location: string | null, upstreamBase: string): string | null {
  if (!location) return location;
  const base = new URL(upstreamBase);
  try {
    const target = new URL(location, upstreamBase);
    if (target.origin !== base.origin) return location;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return location;
  }
}
