/** The 1:1 streaming proxy for /api/** and /broadcasting/auth (CONTRACTS.md §5.2). */
import 'server-only';
import type { NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { upstreamBaseUrl } from '@/lib/routing/tenant';
import { declaredLength, prepareBody } from './body';
import { isAbort, jsonMessage, openBff, persist, rejectCrossSite, UPSTREAM_DOWN } from './context';
import { browserResponseHeaders, forwardableRequestHeaders, rewriteLocation } from './headers';
import { upstreamFetch } from './upstream';

export async function proxyToUpstream(request: NextRequest): Promise<Response> {
  const rejected = rejectCrossSite(request);
  if (rejected) return rejected;
  const opened = await openBff(request);
  if (opened instanceof Response) return opened;
  const bff = opened;

  const path = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  let upstream: Response;
  try {
    const body = await prepareBody(request);
    upstream = await upstreamFetch(bff.ctx, {
      method: request.method,
      path,
      headers: forwardableRequestHeaders(request.headers),
      body,
      bodyLength: body instanceof ReadableStream ? declaredLength(request) : undefined,
      signal: request.signal,
    });
  } catch (err) {
    // The browser went away: nothing to answer, but keep any cookie the API already rotated.
    if (isAbort(err) || request.signal.aborted) {
      await persist(bff);
      return new Response(null, { status: 499 });
    }
    console.error(`BFF: ${request.method} ${path} failed upstream:`, err);
    return jsonMessage(502, UPSTREAM_DOWN);
  }

  const authDropped = upstream.status === 401 && bff.session.auth === true;
  if (authDropped) delete bff.session.auth;
  await persist(bff, authDropped);

  const headers = browserResponseHeaders(upstream.headers);
  const location = rewriteLocation(headers.get('location'), upstreamBaseUrl(env().tenantApiUrl, bff.tenant));
  if (location) headers.set('location', location);
  const nullBody = request.method === 'HEAD' || [204, 205, 304].includes(upstream.status);
  return new Response(nullBody ? null : upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers,
  });
}
