/** Per-request BFF state of the auth route handlers (the proxy itself runs in the web server: proxy.ts). */
import 'server-only';
import type { NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { tenantFromHost } from '@/lib/routing/tenant';
// zod's own texts in Hungarian: the one error map of both servers (contracts/zod-errors.ts).
import '@/contracts/zod-errors';
import { deviceIdOf } from './device';
import { clientIp, isCrossSite, requestProto } from './headers';
import { forTenant, recordCall } from './sealed';
import { getBffSession, isSecureCookie, jarFor, saveBffSession, type BffSession } from './session';
import { newContext, type UpstreamContext } from './upstream';

export function jsonMessage(status: number, message: string, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json');
  h.set('cache-control', 'no-store');
  return new Response(JSON.stringify({ message }), { status, headers: h });
}

/**
 * From the Host, never from a header: the Next proxy (proxy.ts at the root) does not run for the
 * BFF's paths, so a browser-sent x-pulzus-tenant would reach them unchecked.
 */
export function requestTenant(host: string | null | undefined): string | null {
  const { appDomains, defaultTenant } = env();
  return tenantFromHost(host, { appDomains, defaultTenant });
}

export const UNKNOWN_TENANT = 'Ismeretlen ügyfél.';
/** The API's own 401 message, for the refusals the BFF gives in its place. */
export const UNAUTHENTICATED = 'Nincs bejelentkezve.';
/** The 405 of a path that takes other methods only (the API's wording). */
export const METHOD_NOT_ALLOWED = 'A kérés módja nem megengedett.';
export const CROSS_SITE = 'A kérés más oldalról érkezett, ezért elutasítottuk.';
/** The API's own 413 message, for a body the web server refuses in its place. */
export const TOO_LARGE = 'A kérés túl nagy.';

/**
 * The cross-site guard of every BFF route (/api/**, /broadcasting/auth, /auth/login, /auth/logout),
 * for every method: SameSite=Lax lets a top-level navigation from another site carry the cookie, and
 * some GETs change the player (toggle-play, next, load-track). See `isCrossSite` for the rule.
 */
export function rejectCrossSite(request: NextRequest): Response | null {
  if (!isCrossSite(request.headers, request.headers.get('host'))) return null;
  return jsonMessage(403, CROSS_SITE);
}

export interface BffRequest {
  tenant: string;
  session: BffSession;
  ctx: UpstreamContext;
}

export async function openBff(request: NextRequest): Promise<BffRequest | Response> {
  const tenant = requestTenant(request.headers.get('host'));
  if (!tenant) return jsonMessage(404, UNKNOWN_TENANT);
  const proto = requestProto(request.headers, request.url);
  const session = await getBffSession({ secure: isSecureCookie(proto) });
  forTenant(session, tenant);
  const ctx = newContext({
    tenant,
    jar: jarFor(session, tenant),
    clientIp: clientIp(request.headers),
    proto,
    host: request.headers.get('host'),
    deviceId: deviceIdOf(request.headers.get('cookie')),
  });
  return { tenant, session, ctx };
}

/** Writes the jar (and the upstream session's end) back into the sealed cookie when anything changed. */
export async function persist(bff: BffRequest, force = false): Promise<void> {
  if (!recordCall(bff.session, bff.tenant, bff.ctx, force)) return;
  await saveBffSession(bff.session, { secure: isSecureCookie(bff.ctx.proto) });
}

export const UPSTREAM_DOWN = 'A szolgáltatás jelenleg nem érhető el, kérjük, próbálja újra később.';

export function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}
