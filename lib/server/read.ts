/**
 * The one way a server component reads the tenant API: as the visitor (their sealed cookie's jar, read
 * only: server components cannot write cookies, so cookies the API rotates are picked up by the next
 * call through /api/**), each answer checked by a lenient reader (readers.ts) and its media URLs made
 * absolute against the API. Pages do not call these directly: they call the typed page reads of
 * `index.ts`, which name the paths.
 */
import 'server-only';
import { headers } from 'next/headers';
import { notFound, redirect, unstable_rethrow } from 'next/navigation';
import type { ZodType } from 'zod';
import { resolveMediaUrls } from '@/lib/api/media-urls';
import { deviceIdOf } from '@/lib/bff/device';
import { clientIp, requestProto } from '@/lib/bff/headers';
import { getBffSession, jarFor } from '@/lib/bff/session';
import { newContext, upstreamFetch } from '@/lib/bff/upstream';
import { env } from '@/lib/env';
import { TENANT_HEADER, tenantFromHost, upstreamBaseUrl } from '@/lib/routing/tenant';

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
  /** A login was seen and no 401 since; the API stays the judge (apiRead redirects on 401). */
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

/** The tenant API's base URL for this request (`TENANT_API_URL` with `{tenant}` filled in). */
export async function apiBase(): Promise<string> {
  return upstreamBaseUrl(env().tenantApiUrl, await getTenant());
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
export async function apiRead<T>(path: string, reader: ZodType<T>): Promise<T> {
  const value = await apiReadUnless404(path, reader);
  if (value === null) notFound();
  return value;
}

/** `apiRead`, but a 404 answers `null`, so the page can look elsewhere before it says not found. */
export async function apiReadUnless404<T>(path: string, reader: ZodType<T>): Promise<T | null> {
  const [{ status, body }, base] = await Promise.all([getAnswer(path), apiBase()]);
  if (status === 404) return null;
  if (status < 200 || status >= 300) throw new UpstreamApiError(status, path, body);
  return resolveMediaUrls(reader.parse(body), base);
}

/**
 * GET a list or a side call of a page (`/api/channels/subcategories`, `/api/channels/favorite`, …):
 * null when the API does not serve it, fails or answers a shape the reader refuses, so only that
 * section of the page is empty (and says so). A 401 still goes through `/auth/expired`.
 */
export async function apiReadOptional<T>(path: string, reader: ZodType<T>): Promise<T | null> {
  const [answer, base] = await Promise.all([answerOrNull(path), apiBase()]);
  if (answer === null || answer.status < 200 || answer.status >= 300) return null;
  const parsed = reader.safeParse(answer.body);
  if (!parsed.success) {
    console.error(`GET ${path}: the answer does not have the shape this page needs:`, parsed.error.issues.slice(0, 3));
    return null;
  }
  return resolveMediaUrls(parsed.data, base);
}

async function answerOrNull(path: string): Promise<Answer | null> {
  try {
    return await getAnswer(path);
  } catch (error) {
    // redirect() throws too: only the API's own failures are swallowed.
    unstable_rethrow(error);
    console.error(`GET ${path} failed:`, error);
    return null;
  }
}
