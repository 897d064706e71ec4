import { NextResponse, type NextRequest } from 'next/server';
import { readSealedCookie, SESSION_COOKIE } from '@/lib/bff/sealed';
import { env } from '@/lib/env';
import { classifyPath, redirectTarget } from '@/lib/routing/redirect';
import { TENANT_HEADER, tenantFromHost } from '@/lib/routing/tenant';

/**
 * Tenant by Host and the page redirects. Only an optimistic check on the sealed cookie: route handlers
 * and server components ask the API again.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { appDomain, defaultTenant, sessionSecret } = env();
  const tenant = tenantFromHost(request.headers.get('host'), { appDomain, defaultTenant });
  if (!tenant) return NextResponse.json({ message: 'Ismeretlen ügyfél.' }, { status: 404 });

  // Only page loads are redirected; a POST (server action, BFF call) gets its answer from its handler,
  // and BFF paths skip the unseal so the proxy adds nothing to API latency.
  const isPageLoad = request.method === 'GET' || request.method === 'HEAD';
  if (isPageLoad && classifyPath(request.nextUrl.pathname) !== 'passthrough') {
    const sealed = await readSealedCookie(request.cookies.get(SESSION_COOKIE)?.value, sessionSecret);
    const loggedIn = sealed.auth === true && sealed.tenant === tenant;
    const target = redirectTarget(request.nextUrl.pathname, loggedIn);
    if (target) {
      // Absolute on the request's own origin; Next turns it back into a relative Location.
      const url = request.nextUrl.clone();
      url.pathname = target;
      url.search = '';
      return NextResponse.redirect(url, 307);
    }
  }

  // Overwrite whatever the browser sent under this name: handlers trust it.
  const headers = new Headers(request.headers);
  headers.set(TENANT_HEADER, tenant);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // The BFF's /api/** and /broadcasting/** handlers take the tenant from the Host themselves: skipping
  // the proxy there keeps it out of the per-call latency budget.
  matcher: [
    '/((?!api/|broadcasting/|_next/static|_next/image|favicon\\.ico|img/|.*\\.(?:png|jpe?g|gif|svg|webp|ico|mp3|woff2?)$).*)',
  ],
};
