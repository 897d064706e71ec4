/** Per-request BFF state shared by the proxy and the auth handlers. */
import 'server-only';
import type { NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { tenantFromHost } from '@/lib/routing/tenant';
import { clientIp, isCrossSite, requestProto } from './headers';
import { getBffSession, isSecureCookie, jarFor, saveBffSession, type BffSession } from './session';
import { newContext, type UpstreamContext } from './upstream';

export function jsonMessage(status: number, message: string, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json');
  h.set('cache-control', 'no-store');
  return new Response(JSON.stringify({ message }), { status, headers: h });
}

/**
 * From the Host, never from a header: proxy.ts skips /api/** (latency), so a browser-sent
 * x-pulzus-tenant would reach these handlers unchecked.
 */
export function requestTenant(request: NextRequest): string | null {
  const { appDomain, defaultTenant } = env();
  return tenantFromHost(request.headers.get('host'), { appDomain, defaultTenant });
}

/**
 * The cross-site guard of every BFF route (/api/**, /broadcasting/auth, /auth/login, /auth/logout),
 * for every method: SameSite=Lax lets a top-level navigation from another site carry the cookie, and
 * some GETs change the player (toggle-play, next, load-track). See `isCrossSite` for the rule.
 */
export function rejectCrossSite(request: NextRequest): Response | null {
  if (!isCrossSite(request.headers, request.headers.get('host'))) return null;
  return jsonMessage(403, 'A kérés más oldalról érkezett, ezért elutasítottuk.');
}

export interface BffRequest {
  tenant: string;
  session: BffSession;
  ctx: UpstreamContext;
}

export async function openBff(request: NextRequest): Promise<BffRequest | Response> {
  const tenant = requestTenant(request);
  if (!tenant) return jsonMessage(404, 'Ismeretlen ügyfél.');
  const proto = requestProto(request.headers, request.url);
  const session = await getBffSession({ secure: isSecureCookie(proto) });
  if (session.tenant !== tenant) {
    // A cookie sealed for another tenant must not log anyone in here.
    delete session.auth;
    delete session.remember;
  }
  const ctx = newContext({
    tenant,
    jar: jarFor(session, tenant),
    clientIp: clientIp(request.headers),
    proto,
    host: request.headers.get('host'),
  });
  return { tenant, session, ctx };
}

/**
 * The upstream session's end moved this far since the seal recorded it: worth a new seal even when
 * the cookie values stayed the same, so proxy.ts does not renew a session that is still live.
 */
const UNTIL_STEP_MS = 5 * 60_000;

/** Writes the jar (and the upstream session's end) back into the sealed cookie when anything changed. */
export async function persist(bff: BffRequest, force = false): Promise<void> {
  const { session, ctx, tenant } = bff;
  const untilMoved = ctx.until !== null && ctx.until - (session.until ?? 0) > UNTIL_STEP_MS;
  if (!force && !ctx.jarChanged && !untilMoved && session.tenant === tenant) return;
  session.tenant = tenant;
  session.jar = ctx.jar;
  if (ctx.until !== null) session.until = ctx.until;
  else if (ctx.jarChanged) delete session.until;
  await saveBffSession(session, { secure: isSecureCookie(ctx.proto) });
}

export const UPSTREAM_DOWN = 'A szolgáltatás jelenleg nem érhető el, kérjük, próbálja újra később.';

export function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}
