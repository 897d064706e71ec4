/**
 * Data access for server components. They can read the sealed cookie but not write it, so the jar is
 * used read-only here; client calls through /api/** keep it current.
 */
import 'server-only';
import { headers } from 'next/headers';
import { notFound, redirect, unstable_rethrow } from 'next/navigation';
import type { ZodType } from 'zod';
import { env } from '@/lib/env';
import { TENANT_HEADER, tenantFromHost } from '@/lib/routing/tenant';
import { deviceIdOf } from './device';
import { clientIp, requestProto } from './headers';
import { getBffSession, jarFor } from './session';
import { newContext, upstreamFetch } from './upstream';

/** The tenant slug of the current request (set by proxy.ts; derived from Host as a fallback). */
export async function getTenant(): Promise<string> {
  const h = await headers();
  const fromProxy = h.get(TENANT_HEADER);
  if (fromProxy) return fromProxy;
  const { appDomains, defaultTenant } = env();
  const tenant = tenantFromHost(h.get('host'), { appDomains, defaultTenant });
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

export class UpstreamApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(`GET ${path} answered ${status}`);
    this.name = 'UpstreamApiError';
  }
}

interface Answer {
  status: number;
  body: unknown;
}

async function getAnswer(path: string): Promise<Answer> {
  const h = await headers();
  const tenant = await getTenant();
  const session = await getBffSession();
  const ctx = newContext({
    tenant,
    jar: jarFor(session, tenant),
    clientIp: clientIp(h),
    proto: requestProto(h),
    host: h.get('host'),
    deviceId: deviceIdOf(h.get('cookie')),
  });
  const res = await upstreamFetch(ctx, { method: 'GET', path: path.startsWith('/') ? path : `/${path}` });
  if (res.status === 401) redirect('/auth/expired');
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, body };
}

/**
 * GET a tenant API path (e.g. `/api/me`) as the visitor: what the page cannot be without (the
 * layout's user, the record whose id is in the page's URL). 401 → `/auth/expired` (which clears the
 * stale cookie and lands on /login), 404 → notFound(), other errors throw `UpstreamApiError`.
 */
export async function apiGet<T>(path: string, schema?: ZodType<T>): Promise<T> {
  const value = await apiGetUnless404(path, schema);
  if (value === null) notFound();
  return value;
}

/** `apiGet`, but a 404 answers `null`, so the page can look elsewhere before it says not found. */
export async function apiGetUnless404<T>(path: string, schema?: ZodType<T>): Promise<T | null> {
  const { status, body } = await getAnswer(path);
  if (status === 404) return null;
  if (status < 200 || status >= 300) throw new UpstreamApiError(status, path, body);
  return schema ? schema.parse(body) : (body as T);
}

/**
 * GET a list or a side call of a page (`/api/channels/subcategories`, `/api/channels/favorite`, …):
 * null when the API does not serve it, fails or answers a shape the reader refuses, so only that
 * section of the page is empty (and says so). A 401 still goes through `/auth/expired`.
 */
export async function apiGetOptional<T>(path: string, schema?: ZodType<T>): Promise<T | null> {
  let answer: Answer;
  try {
    answer = await getAnswer(path);
  } catch (error) {
    // redirect() throws too: only the API's own failures are swallowed.
    unstable_rethrow(error);
    console.error(`GET ${path} failed:`, error);
    return null;
  }
  if (answer.status < 200 || answer.status >= 300) return null;
  if (!schema) return answer.body as T;
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    console.error(`GET ${path}: the answer does not have the shape this page needs:`, parsed.error.issues.slice(0, 3));
    return null;
  }
  return parsed.data;
}
