/**
 * Data access for server components. They can read the sealed cookie but not write it, so the jar is
 * used read-only here; client calls through /api/** keep it current.
 */
import 'server-only';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import type { ZodType } from 'zod';
import { env } from '@/lib/env';
import { TENANT_HEADER, tenantFromHost } from '@/lib/routing/tenant';
import { clientIp, requestProto } from './headers';
import { getBffSession, jarFor } from './session';
import { newContext, upstreamFetch } from './upstream';

/** The tenant slug of the current request (set by proxy.ts; derived from Host as a fallback). */
export async function getTenant(): Promise<string> {
  const h = await headers();
  const fromProxy = h.get(TENANT_HEADER);
  if (fromProxy) return fromProxy;
  const { appDomain, defaultTenant } = env();
  const tenant = tenantFromHost(h.get('host'), { appDomain, defaultTenant });
  if (!tenant) notFound();
  return tenant;
}

export interface SessionInfo {
  /** A login was seen and no 401 since; the API stays the judge (apiGet redirects on 401). */
  loggedIn: boolean;
  remember: boolean;
  tenant: string;
}

/** The sealed cookie's view of the visitor, read-only. */
export async function getSession(): Promise<SessionInfo> {
  const tenant = await getTenant();
  const session = await getBffSession();
  const sameTenant = session.tenant === tenant;
  return { loggedIn: sameTenant && session.auth === true, remember: sameTenant && session.remember === true, tenant };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(`GET ${path} answered ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * GET a tenant API path (e.g. `/api/me`) as the visitor. 401 → `/auth/expired` (which clears the
 * stale cookie and lands on /login), 404 → notFound(), other errors throw `ApiError`.
 */
export async function apiGet<T>(path: string, schema?: ZodType<T>): Promise<T> {
  const h = await headers();
  const tenant = await getTenant();
  const session = await getBffSession();
  const ctx = newContext({
    tenant,
    jar: jarFor(session, tenant),
    clientIp: clientIp(h),
    proto: requestProto(h),
    host: h.get('host'),
  });
  const res = await upstreamFetch(ctx, { method: 'GET', path: path.startsWith('/') ? path : `/${path}` });
  if (res.status === 401) redirect('/auth/expired');
  if (res.status === 404) notFound();
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok) throw new ApiError(res.status, path, body);
  return schema ? schema.parse(body) : (body as T);
}
