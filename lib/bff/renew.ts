/**
 * One upstream session per page load. A page's server calls can read the sealed cookie but not save
 * it (iron-session 8, CONTRACTS.md §5): with a Laravel session past its lifetime, each of them would
 * start a session of its own from the remember cookie and throw it away, and the browser would then
 * keep yet another one. proxy.ts renews it once instead, before the page renders, and hands the new
 * seal both to the page (the forwarded cookie header) and to the browser (Set-Cookie).
 */
import 'server-only';
import type { NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { deviceIdOf } from './device';
import { clientIp, requestProto } from './headers';
import { jarFor, seal, sessionOptions, type SealedData } from './sealed';
import { newContext, upstreamCall } from './upstream';

/** How long a page load waits for the renewal before it renders with the old seal. */
const RENEW_TIMEOUT_MS = 5_000;

export interface Renewed {
  seal: string;
  cookieOptions: NonNullable<ReturnType<typeof sessionOptions>['cookieOptions']>;
}

/** The request's Cookie header with `name` set to `value` (added when absent), other cookies kept. */
export function withCookie(header: string | null, name: string, value: string): string {
  const parts = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(
      (part) => part && part.slice(0, part.indexOf('=') === -1 ? part.length : part.indexOf('=')).trim() !== name,
    );
  parts.push(`${name}=${value}`);
  return parts.join('; ');
}

/**
 * Asks the API who is logged in (GET /api/me: an authenticated call, so Laravel logs in from the
 * remember cookie and regenerates the session), and seals the jar it answers with. Null when
 * nothing changed or the API did not answer: the page then renders with the seal it has, and its
 * own calls decide (a 401 goes through /auth/expired).
 */
export async function renewUpstreamSession(
  request: NextRequest,
  tenant: string,
  sealed: Partial<SealedData>,
): Promise<Renewed | null> {
  const { sessionSecret: password, secureCookies } = env();
  const proto = requestProto(request.headers, request.url);
  const ctx = newContext({
    tenant,
    jar: jarFor(sealed, tenant),
    clientIp: clientIp(request.headers),
    proto,
    host: request.headers.get('host'),
    deviceId: deviceIdOf(request.headers.get('cookie')),
  });
  try {
    const res = await upstreamCall(ctx, {
      method: 'GET',
      path: '/api/me',
      signal: AbortSignal.timeout(RENEW_TIMEOUT_MS),
    });
    res.body?.resume();
    if (res.status < 200 || res.status >= 300) return null;
  } catch (err) {
    console.error('BFF: renewing the upstream session failed:', err);
    return null;
  }
  if (!ctx.jarChanged && ctx.until === null) return null;
  const data: Partial<SealedData> = { ...sealed, tenant, jar: ctx.jar };
  if (ctx.until !== null) data.until = ctx.until;
  else delete data.until;
  const options = sessionOptions({
    remember: data.remember === true,
    secure: proto === 'https' || secureCookies,
    password,
  });
  return { seal: await seal(data, options), cookieOptions: options.cookieOptions ?? {} };
}
