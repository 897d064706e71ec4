import 'server-only';
import type { ZodType } from 'zod';
import { apiGet, apiGetOptional, apiGetUnless404, getTenant } from '@/lib/bff/server-fetch';
import { env } from '@/lib/env';
import { upstreamBaseUrl } from '@/lib/routing/tenant';
import { resolveMediaUrls } from './media-urls';

/** The tenant API's base URL for this request (`TENANT_API_URL` with `{tenant}` filled in). */
export async function apiBase(): Promise<string> {
  return upstreamBaseUrl(env().tenantApiUrl, await getTenant());
}

/**
 * GET an API path for a server component, read with a lenient reader (lib/api/readers.ts), media
 * URLs made absolute against the API. `apiGet`'s 401/404 handling applies.
 */
export async function apiRead<T>(path: string, reader: ZodType<T>): Promise<T> {
  const [value, base] = await Promise.all([apiGet(path, reader), apiBase()]);
  return resolveMediaUrls(value, base);
}

/**
 * As `apiRead`, for a page's lists and side calls: null when the call fails in any way but a 401
 * (the page then empties that section and says so; only the page's own record is a not-found).
 */
export async function apiReadOptional<T>(path: string, reader: ZodType<T>): Promise<T | null> {
  const [value, base] = await Promise.all([apiGetOptional(path, reader), apiBase()]);
  return value === null ? null : resolveMediaUrls(value, base);
}

/** `apiRead`, but a 404 answers `null` (`apiGetUnless404`). */
export async function apiReadUnless404<T>(path: string, reader: ZodType<T>): Promise<T | null> {
  const [value, base] = await Promise.all([apiGetUnless404(path, reader), apiBase()]);
  return value === null ? null : resolveMediaUrls(value, base);
}
