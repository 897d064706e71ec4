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

/** Header names listed in a Connection header (they are hop-by-hop too). */
function connectionNamed(connection: string | null | undefined): string[] {
  if (!connection) return [];
  return connection
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
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
  'x-device-id',
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
const NOT_FORWARDED_SET = new Set([...HOP_BY_HOP, ...NOT_FORWARDED]);

/**
 * The browser's headers (Node's parsed `req.headers`) that go on to the API, as a plain record for
 * `node:http`. Node has already joined repeated headers; only Set-Cookie stays a list, and a browser
 * does not send that.
 */
export function forwardableRequestHeaders(
  incoming: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string> {
  const named = connectionNamed(first(incoming['connection']));
  const out: Record<string, string> = {};
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || NOT_FORWARDED_SET.has(name) || (named.length > 0 && named.includes(name))) continue;
    out[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return out;
}

const NOT_ANSWERED_SET = new Set([...HOP_BY_HOP, 'set-cookie']);

/**
 * Upstream answer headers for the browser, as Node's flat raw list (`name, value, name, value…`, the
 * API's spelling and repeats kept) that `res.writeHead` takes: the API's cookies stay in the jar, and
 * the transport has already decoded a compressed body, so a kept content-encoding/length would break
 * the browser.
 */
export function browserResponseHeaders(raw: readonly string[]): string[] {
  const named = connectionNamed(rawHeader(raw, 'connection'));
  const decoded = rawHeader(raw, 'content-encoding') !== null;
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (NOT_ANSWERED_SET.has(name) || (named.length > 0 && named.includes(name))) continue;
    if (decoded && (name === 'content-encoding' || name === 'content-length')) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/** The first value of `name` (lower-case) in a flat raw header list, or null. */
export function rawHeader(raw: readonly string[], name: string): string | null {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return raw[i + 1]!;
  return null;
}

/** Request headers as a route handler (`Headers`) or the web's own server (Node's `req.headers`) has them. */
export type AnyHeaders = Headers | Readonly<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return typeof value === 'string' ? value : (value[0] ?? null);
}

/** One request header, lower-case name, from either shape. */
export function header(headers: AnyHeaders, name: string): string | null {
  return headers instanceof Headers ? headers.get(name) : first(headers[name]);
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
export function isCrossSite(headers: AnyHeaders, host: string | null): boolean {
  const site = header(headers, 'sec-fetch-site');
  if (site !== null) return site.trim().toLowerCase() !== 'same-origin';
  const origin = header(headers, 'origin');
  if (origin === null) return false;
  return !host || origin === 'null' || !sameHost(origin, host);
}

/**
 * The client IP for X-Forwarded-For. The web's own server (web-server.ts) sets
 * X-Forwarded-For from the socket, or, behind a proxy in TRUSTED_PROXIES, to the client that proxy
 * named; whatever the browser sent is gone by then. The last entry is taken should a chain arrive.
 */
export function clientIp(headers: AnyHeaders): string | null {
  const xff = header(headers, 'x-forwarded-for');
  if (!xff) return null;
  const parts = xff
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const last = parts[parts.length - 1];
  return last ? last.replace(/^::ffff:/, '') : null;
}

/** `https` or `http` as the browser used it. */
export function requestProto(headers: AnyHeaders, fallbackUrl?: string): 'http' | 'https' {
  const fwd = header(headers, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
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
