/** The one function that talks to the tenant API; the proxy, the auth handlers and server components use it. */
import 'server-only';
import { env } from '@/lib/env';
import { upstreamBaseUrl, upstreamUrl } from '@/lib/routing/tenant';
import { cookieHeader, mergeSetCookies, xsrfToken, type CookieJar } from './cookie-jar';
import { isUnsafeMethod } from './headers';
import { upstreamRequest } from './transport';

export interface UpstreamContext {
  tenant: string;
  /** Updated in place from every upstream answer. */
  jar: CookieJar;
  /** Set when `jar` changed, so the caller knows the sealed cookie must be saved. */
  jarChanged: boolean;
  /** When the upstream session ends, as the latest answer's cookies said (epoch ms); null if none did. */
  until: number | null;
  clientIp: string | null;
  proto: 'http' | 'https';
  /** The host the browser used (with port), for Origin and X-Forwarded-Host. */
  host: string | null;
}

export interface UpstreamCall {
  method: string;
  /** Path and query, starting with `/`. */
  path: string;
  /** Browser headers already filtered by `forwardableRequestHeaders`. */
  headers?: Headers;
  /** A buffered body can be replayed after a 419; a stream cannot. */
  body?: Uint8Array | string | ReadableStream<Uint8Array> | null;
  /** The declared size of a streamed body, when known. */
  bodyLength?: number;
  signal?: AbortSignal;
}

export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';

export function newContext(init: Omit<UpstreamContext, 'jarChanged' | 'until'>): UpstreamContext {
  return { ...init, jar: { ...init.jar }, jarChanged: false, until: null };
}

function buildHeaders(ctx: UpstreamContext, call: UpstreamCall): Headers {
  const { bffSecret } = env();
  const h = new Headers(call.headers);
  h.set('accept', 'application/json');
  // Node's fetch would decode a compressed answer but keep its headers; asking for none avoids that.
  h.set('accept-encoding', 'identity');
  h.set('x-tenant', ctx.tenant);
  h.set('x-bff-secret', bffSecret);
  h.set('x-forwarded-proto', ctx.proto);
  if (ctx.clientIp) h.set('x-forwarded-for', ctx.clientIp);
  if (ctx.host) {
    h.set('x-forwarded-host', ctx.host);
    // Sanctum treats a request as stateful only with an Origin/Referer of a stateful domain.
    if (!h.has('origin')) h.set('origin', `${ctx.proto}://${ctx.host}`);
  }
  const cookie = cookieHeader(ctx.jar);
  if (cookie) h.set('cookie', cookie);
  else h.delete('cookie');
  if (isUnsafeMethod(call.method)) {
    const token = xsrfToken(ctx.jar);
    if (token) h.set('x-xsrf-token', token);
  }
  return h;
}

async function send(ctx: UpstreamContext, call: UpstreamCall): Promise<Response> {
  const base = upstreamBaseUrl(env().tenantApiUrl, ctx.tenant);
  const method = call.method.toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD' && call.body != null;
  // Never follows redirects: Laravel's 302s go to the browser as they are.
  const res = await upstreamRequest(upstreamUrl(base, call.path), {
    method,
    headers: buildHeaders(ctx, call),
    body: hasBody ? call.body : null,
    bodyLength: hasBody ? call.bodyLength : undefined,
    signal: call.signal,
  });
  const merged = mergeSetCookies(ctx.jar, res.headers.getSetCookie());
  if (merged.changed) {
    ctx.jar = merged.jar;
    ctx.jarChanged = true;
  }
  if (merged.expires !== null) ctx.until = merged.expires;
  return res;
}

async function discard(res: Response): Promise<void> {
  try {
    await res.body?.cancel();
  } catch {
    /* already closed */
  }
}

/** GET /sanctum/csrf-cookie so that the jar holds a fresh XSRF-TOKEN (and a session). */
export async function refreshCsrf(ctx: UpstreamContext, signal?: AbortSignal): Promise<void> {
  const res = await send(ctx, { method: 'GET', path: CSRF_COOKIE_PATH, signal });
  await discard(res);
}

/**
 * Calls the API with the jar, keeping the jar current. Unsafe calls get an XSRF token first when the
 * jar has none, and one retry after a 419 (session or token rotated meanwhile) when the body is
 * buffered.
 */
export async function upstreamFetch(ctx: UpstreamContext, call: UpstreamCall): Promise<Response> {
  const unsafe = isUnsafeMethod(call.method);
  if (unsafe && !xsrfToken(ctx.jar)) await refreshCsrf(ctx, call.signal);
  const res = await send(ctx, call);
  if (res.status !== 419 || !unsafe || call.body instanceof ReadableStream) return res;
  await discard(res);
  await refreshCsrf(ctx, call.signal);
  return send(ctx, call);
}
