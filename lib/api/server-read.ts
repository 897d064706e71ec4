import 'server-only';
import type { ZodType } from 'zod';
import { apiGet, getTenant } from '@/lib/bff/server-fetch';
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
