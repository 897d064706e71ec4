/**
 * The 1:1 streaming proxy for /api/** and /broadcasting/auth (CONTRACTS.md §5.2), read top to bottom
 * as the story of one call: request in → tenant → cross-site → session → body → upstream with the jar
 * and the XSRF token → answer headers → reseal → stream out. The rules it applies are the small pure
 * helpers of headers.ts, body.ts, sealed.ts and cookie-jar.ts, unit-tested on their own.
 *
 * Where it runs: in the web's own server (web-server.ts at the root), which answers these paths itself
 * and hands every other request to Next. Next's route handler machinery (the web Request, the
 * `cookies()` store, the web Response it streams back) cost more per call than the BFF may add, so
 * this path works on Node's own request, answer and streams. The server's compile bundles this file
 * (the same TypeScript the route handlers and server components import); the auth handlers
 * (/auth/*) and server components stay in Next and share the same modules.
 */
import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { env } from '@/lib/env';
import { upstreamBaseUrl } from '@/lib/routing/tenant';
import { BodyTooLargeError, bodyLimitOf, declaredLength, isUpload, prepareBody } from './body';
import {
  CROSS_SITE,
  isAbort,
  METHOD_NOT_ALLOWED,
  requestTenant,
  TOO_LARGE,
  UNAUTHENTICATED,
  UNKNOWN_TENANT,
  UPSTREAM_DOWN,
} from './context';
import { deviceIdOf } from './device';
import {
  browserResponseHeaders,
  clientIp,
  forwardableRequestHeaders,
  isCrossSite,
  rawHeader,
  requestProto,
  rewriteLocation,
} from './headers';
import {
  cookieValue,
  forTenant,
  jarFor,
  readSealedCookie,
  recordCall,
  seal,
  SESSION_COOKIE,
  sessionOptions,
  setCookieLine,
  type SealedData,
} from './sealed';
import type { TransportAnswer } from './transport';
import { newContext, upstreamCall, type UpstreamContext } from './upstream';

/**
 * The path and query to send upstream when the web server answers `url` here, or null when it is
 * Next's. Dot segments are resolved first, as Next's router would, so `/api/../login` is not
 * the API's `/login`.
 */
export function proxiedPath(url: string): string | null {
  let path = url;
  if (/\/(\.|%2e)|\\/i.test(url)) {
    try {
      const resolved = new URL(url, 'http://bff');
      path = `${resolved.pathname}${resolved.search}`;
    } catch {
      return null;
    }
  }
  const pathname = path.split('?', 1)[0]!;
  return pathname.startsWith('/api/') || pathname === '/broadcasting/auth' ? path : null;
}

/**
 * Answers one proxied call (`path` from `proxiedPath`); never rejects: a failure becomes the answer,
 * or a closed connection.
 */
export async function proxyCall(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  // The one POST-only path: Next's route answered other methods with 405, so does this.
  if (method !== 'POST' && path.split('?', 1)[0] === '/broadcasting/auth') {
    return sendMessage(res, 405, METHOD_NOT_ALLOWED, { allow: 'POST' });
  }

  // Which shop, and whether the browser says the call comes from another site.
  const host = req.headers.host ?? null;
  if (isCrossSite(req.headers, host)) return sendMessage(res, 403, CROSS_SITE);
  const tenant = requestTenant(host);
  if (!tenant) return sendMessage(res, 404, UNKNOWN_TENANT);

  // The sealed session: the API's cookies for this tenant.
  const { sessionSecret: password, tenantApiUrl, uploadBodyMaxBytes } = env();
  const proto = requestProto(req.headers);
  const session = forTenant(await readSealedCookie(cookieValue(req.headers.cookie, SESSION_COOKIE), password), tenant);
  // An upload from a browser this shop has no login of (the seal's `auth`, as proxy.ts reads it)
  // is refused here: the API would refuse it too, but only after the BFF had fetched it a session
  // and started streaming the body on. Closing the connection stops the rest of the body; the web
  // server's lingering close lets the answer reach a browser that is still sending.
  if (isUpload(req.headers) && session.auth !== true) {
    return sendMessage(res, 401, UNAUTHENTICATED, { connection: 'close' });
  }
  const ctx = newContext({
    tenant,
    jar: jarFor(session, tenant),
    clientIp: clientIp(req.headers),
    proto,
    host,
    deviceId: deviceIdOf(req.headers.cookie),
  });

  // The browser going away cuts the upstream call.
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });

  // The body is counted here against the API's limit, declared or as it arrives (body.ts): over it
  // the answer is 413 from here, and what went on to the API stops there.
  const limit = bodyLimitOf(req.headers, uploadBodyMaxBytes);
  let answer: TransportAnswer;
  try {
    const body = await prepareBody(req, limit);
    const streamed = body instanceof Readable;
    answer = await upstreamCall(ctx, {
      method,
      path,
      headers: forwardableRequestHeaders(req.headers),
      body,
      bodyLength: streamed ? declaredLength(req.headers) : undefined,
      bodyLimit: streamed ? limit : undefined,
      signal: gone.signal,
    });
  } catch (err) {
    // The connection stays open: the web server reads and drops the rest of the body after the
    // answer (connections.ts), as a browser sends all of it before it reads the answer.
    if (err instanceof BodyTooLargeError && !res.headersSent) return sendMessage(res, 413, TOO_LARGE);
    // The browser went away: nothing to answer, but keep any cookie the API already rotated.
    if (isAbort(err) || gone.signal.aborted) {
      const cookie = await resealed(session, tenant, ctx, false).catch(() => null);
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(499, cookie ? { 'set-cookie': cookie } : {});
        res.end();
      }
      return;
    }
    console.error(`BFF: ${method} ${path} failed upstream:`, err);
    return sendMessage(res, 502, UPSTREAM_DOWN);
  }

  // A 401 ends the login the seal remembered.
  const authDropped = answer.status === 401 && session.auth === true;
  if (authDropped) delete session.auth;
  let cookie: string | null;
  try {
    cookie = await resealed(session, tenant, ctx, authDropped);
  } catch (err) {
    answer.body?.destroy();
    console.error(`BFF: ${method} ${path}: sealing the session failed:`, err);
    res.writeHead(500, { 'cache-control': 'no-store', 'content-length': 0 });
    res.end();
    return;
  }

  // The answer's headers: hop-by-hop and the API's cookies dropped, a redirect to the API made relative.
  const headers = browserResponseHeaders(answer.rawHeaders);
  const location = rawHeader(headers, 'location');
  if (location)
    setRaw(headers, 'location', rewriteLocation(location, upstreamBaseUrl(tenantApiUrl, tenant)) ?? location);
  if (cookie) headers.push('set-cookie', cookie);
  res.writeHead(answer.status, answer.statusText, headers);

  // Stream out; HEAD and the null-body statuses get none.
  const nullBody = method === 'HEAD' || answer.status === 204 || answer.status === 205 || answer.status === 304;
  if (nullBody || !answer.body) {
    answer.body?.resume();
    res.end();
    return;
  }
  streamOut(answer.body, res);
}

/**
 * Pipes the API's answer to the browser. Not `stream.pipeline`: it makes an AbortController per call
 * and aborts it when done, and the DOMException that costs was a tenth of the BFF's whole per-call
 * work. What it did is done here: a failing answer cuts the browser's connection (a truncated body
 * must not look complete), and a browser gone before the end closes the upstream stream (its
 * socket then goes, instead of carrying the next call half-read).
 */
function streamOut(body: Readable, res: ServerResponse): void {
  body.once('error', () => res.destroy());
  res.once('close', () => {
    if (!res.writableFinished) body.destroy();
  });
  body.pipe(res);
}

/** The new Set-Cookie line when the call moved the jar or the upstream session's end, else null. */
async function resealed(
  session: Partial<SealedData>,
  tenant: string,
  ctx: UpstreamContext,
  force: boolean,
): Promise<string | null> {
  if (!recordCall(session, tenant, ctx, force)) return null;
  const { sessionSecret: password, secureCookies } = env();
  const options = sessionOptions({
    remember: session.remember === true,
    secure: ctx.proto === 'https' || secureCookies,
    password,
  });
  return setCookieLine(SESSION_COOKIE, await seal(session, options), options.cookieOptions ?? {});
}

function setRaw(raw: string[], name: string, value: string): void {
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === name) raw[i + 1] = value;
  }
}

function sendMessage(res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    ...extra,
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
