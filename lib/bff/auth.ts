/** The BFF-owned auth routes: the Sanctum dance on the server, the upstream cookies kept sealed. */
import 'server-only';
import { Readable } from 'node:stream';
import type { NextRequest } from 'next/server';
import { loginBodySchema } from '@/contracts/auth';
import { isAbort, jsonMessage, openBff, persist, rejectCrossSite, UPSTREAM_DOWN, type BffRequest } from './context';
import { browserResponseHeaders, rawHeader } from './headers';
import { isNativeFormPost } from './native-form';
import type { TransportAnswer } from './transport';
import { refreshCsrf, upstreamCall } from './upstream';

/** Laravel's `$request->boolean()`. */
export function truthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value !== 'string') return false;
  return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
}

async function readLoginBody(
  request: NextRequest,
): Promise<{ email: string; password: string; remember: boolean } | null> {
  const type = request.headers.get('content-type') ?? '';
  let raw: unknown;
  try {
    if (type.includes('application/json')) {
      raw = await request.json();
    } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const form = await request.formData();
      raw = {
        email: form.get('email') ?? '',
        password: form.get('password') ?? '',
        remember: form.get('remember') ?? undefined,
      };
    } else {
      return null;
    }
  } catch {
    return null;
  }
  const parsed = loginBodySchema.safeParse(raw);
  if (!parsed.success) return null;
  return { email: parsed.data.email, password: parsed.data.password, remember: truthy(parsed.data.remember) };
}

function passThrough(upstream: TransportAnswer): Response {
  const headers = new Headers();
  const raw = browserResponseHeaders(upstream.rawHeaders);
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const body = upstream.body ? (Readable.toWeb(upstream.body) as ReadableStream<Uint8Array>) : null;
  return new Response(body, { status: upstream.status, headers });
}

function noContent(upstream?: TransportAnswer): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  const version = upstream ? rawHeader(upstream.rawHeaders, 'x-app-version') : null;
  if (version) headers.set('x-app-version', version);
  return new Response(null, { status: 204, headers });
}

export async function login(request: NextRequest): Promise<Response> {
  const rejected = rejectCrossSite(request);
  if (rejected) return rejected;
  const opened = await openBff(request);
  if (opened instanceof Response) return opened;
  const bff = opened;
  const body = await readLoginBody(request);
  // The API validates the fields; a body we cannot read at all is sent as empty fields, for its 422.
  const payload = JSON.stringify(body ?? { email: '', password: '', remember: false });

  let upstream: TransportAnswer;
  try {
    await refreshCsrf(bff.ctx, request.signal);
    upstream = await upstreamCall(bff.ctx, {
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/json' },
      body: payload,
      signal: request.signal,
    });
  } catch (err) {
    if (isAbort(err)) return new Response(null, { status: 499 });
    console.error('BFF: login failed upstream:', err);
    return jsonMessage(502, UPSTREAM_DOWN);
  }

  // A 3xx is the `guest` middleware saying the session is already logged in.
  const already = upstream.status >= 300 && upstream.status < 400;
  if ((upstream.status >= 200 && upstream.status < 300) || already) {
    upstream.body?.resume();
    bff.session.auth = true;
    if (!already) {
      if (body?.remember) bff.session.remember = true;
      else delete bff.session.remember;
    }
    await persist(bff, true);
    return noContent(upstream);
  }
  await persist(bff);
  return passThrough(upstream);
}

/**
 * Revokes the upstream session (POST /api/logout, so a copy of the old seal no longer logs anyone in),
 * then clears the sealed cookie. A failing API does not keep the browser logged in.
 */
async function revokeAndClear(bff: BffRequest, signal?: AbortSignal): Promise<TransportAnswer | undefined> {
  let upstream: TransportAnswer | undefined;
  if (Object.keys(bff.ctx.jar).length > 0) {
    try {
      upstream = await upstreamCall(bff.ctx, { method: 'POST', path: '/api/logout', signal });
      upstream.body?.resume();
    } catch (err) {
      // Logging out locally matters more than telling the API.
      console.error('BFF: upstream logout failed:', err);
    }
  }
  bff.session.destroy();
  return upstream;
}

/**
 * A script's logout gets 204. A plain form post (the error page's 'Kijelentkezés', which must work
 * when the page around it failed) wants a page: 303 to /login. The cross-site guard applies to both.
 */
export async function logout(request: NextRequest): Promise<Response> {
  const rejected = rejectCrossSite(request);
  if (rejected) return rejected;
  const opened = await openBff(request);
  if (opened instanceof Response) return opened;
  const upstream = await revokeAndClear(opened, request.signal);
  if (isNativeFormPost(request)) {
    await request.body?.cancel();
    return seeOther('/login');
  }
  return noContent(upstream);
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

/**
 * Where server components send the browser after an upstream 401. Anyone can link here from another
 * site, so it logs out only what is already dead: it asks the API (GET /api/me) first, and only on a
 * 401 revokes and clears the seal and goes to /login; otherwise it goes to / and changes nothing.
 */
export async function expired(request: NextRequest): Promise<Response> {
  const opened = await openBff(request);
  if (opened instanceof Response) return opened;
  const bff = opened;
  let status = 0;
  try {
    const me = await upstreamCall(bff.ctx, { method: 'GET', path: '/api/me', signal: request.signal });
    status = me.status;
    me.body?.resume();
  } catch (err) {
    if (!isAbort(err)) console.error('BFF: /auth/expired could not ask the API:', err);
  }
  if (status !== 401) {
    // Cookies the API rotated meanwhile are kept; the login itself is left alone.
    await persist(bff);
    return seeOther('/');
  }
  await revokeAndClear(bff, request.signal);
  return seeOther('/login');
}
