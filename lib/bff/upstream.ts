/**
 * The one way to the tenant API, with the jar and the XSRF token: `upstreamCall` in Node's terms (the
 * proxy), `upstreamFetch` as a web `Response` (the auth handlers, the session renewal, server components).
 */
import 'server-only';
import { env } from '@/lib/env';
import { upstreamBaseUrl, upstreamUrl } from '@/lib/routing/tenant';
import { cookieHeader, mergeSetCookies, xsrfToken, type CookieJar } from './cookie-jar';
import { DEVICE_HEADER } from './device';
import { isUnsafeMethod } from './headers';
import { Readable } from 'node:stream';
import { toResponse, transportRequest, type TransportAnswer } from './transport';

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
  /** The browser's id from its signed `pulzus_device` cookie (device.ts), or null without a valid one. */
  deviceId: string | null;
}

export interface UpstreamCall {
  method: string;
  /** Path and query, starting with `/`. */
  path: string;
  /** Browser headers already filtered by `forwardableRequestHeaders`. */
  headers?: Readonly<Record<string, string>>;
  /** A buffered body can be replayed after a 419; a stream cannot. */
  body?: Uint8Array | string | Readable | null;
  /** The declared size of a streamed body, when known. */
  bodyLength?: number;
  /** The most a streamed body may carry (counted as it is sent; past it the call fails with `BodyTooLargeError`). */
  bodyLimit?: number;
  signal?: AbortSignal;
}

export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';

export function newContext(init: Omit<UpstreamContext, 'jarChanged' | 'until'>): UpstreamContext {
  return { ...init, jar: { ...init.jar }, jarChanged: false, until: null };
}

function buildHeaders(ctx: UpstreamContext, call: UpstreamCall): Record<string, string> {
  const h: Record<string, string> = { ...call.headers };
  h['accept'] = 'application/json';
  // The transport would decode a compressed answer; asking for none saves the work.
  h['accept-encoding'] = 'identity';
  h['x-tenant'] = ctx.tenant;
  h['x-bff-secret'] = env().bffSecret;
  h['x-forwarded-proto'] = ctx.proto;
  if (ctx.clientIp) h['x-forwarded-for'] = ctx.clientIp;
  // Sent with the BFF secret, the API believes it: only the id of a cookie we signed, never a browser's header.
  if (ctx.deviceId) h[DEVICE_HEADER] = ctx.deviceId;
  else delete h[DEVICE_HEADER];
  if (ctx.host) {
    h['x-forwarded-host'] = ctx.host;
    // Sanctum treats a request as stateful only with an Origin/Referer of a stateful domain.
    if (!h['origin']) h['origin'] = `${ctx.proto}://${ctx.host}`;
  }
  const cookie = cookieHeader(ctx.jar);
  if (cookie) h['cookie'] = cookie;
  else delete h['cookie'];
  if (isUnsafeMethod(call.method)) {
    const token = xsrfToken(ctx.jar);
    if (token) h['x-xsrf-token'] = token;
  }
  return h;
}

async function send(ctx: UpstreamContext, call: UpstreamCall): Promise<TransportAnswer> {
  const base = upstreamBaseUrl(env().tenantApiUrl, ctx.tenant);
  const method = call.method.toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD' && call.body != null;
  // Never follows redirects: Laravel's 302s go to the browser as they are.
  const answer = await transportRequest(upstreamUrl(base, call.path), {
    method,
    headers: buildHeaders(ctx, call),
    body: hasBody ? call.body : null,
    bodyLength: hasBody ? call.bodyLength : undefined,
    bodyLimit: hasBody ? call.bodyLimit : undefined,
    signal: call.signal,
  });
  const merged = mergeSetCookies(ctx.jar, answer.setCookie);
  if (merged.changed) {
    ctx.jar = merged.jar;
    ctx.jarChanged = true;
  }
  if (merged.expires !== null) ctx.until = merged.expires;
  return answer;
}

/** Reads an answer nobody wants to its end, so its kept-alive socket can carry the next call. */
function discard(answer: TransportAnswer): void {
  answer.body?.resume();
}

/** GET /sanctum/csrf-cookie so that the jar holds a fresh XSRF-TOKEN (and a session). */
export async function refreshCsrf(ctx: UpstreamContext, signal?: AbortSignal): Promise<void> {
  discard(await send(ctx, { method: 'GET', path: CSRF_COOKIE_PATH, signal }));
}

/**
 * Calls the API with the jar, keeping the jar current. Unsafe calls get an XSRF token first when the
 * jar has none, and one retry after a 419 (session or token rotated meanwhile) when the body is
 * buffered.
 */
export async function upstreamCall(ctx: UpstreamContext, call: UpstreamCall): Promise<TransportAnswer> {
  const unsafe = isUnsafeMethod(call.method);
  if (unsafe && !xsrfToken(ctx.jar)) await refreshCsrf(ctx, call.signal);
  const answer = await send(ctx, call);
  if (answer.status !== 419 || !unsafe || call.body instanceof Readable) return answer;
  discard(answer);
  await refreshCsrf(ctx, call.signal);
  return send(ctx, call);
}

/** `upstreamCall` answering with a web `Response`. */
export async function upstreamFetch(ctx: UpstreamContext, call: UpstreamCall): Promise<Response> {
  return toResponse(await upstreamCall(ctx, call));
}
