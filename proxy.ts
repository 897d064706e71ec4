import { NextResponse, type NextRequest } from 'next/server';
import { browserDevice, DEVICE_COOKIE, deviceCookieOptions, type BrowserDevice } from '@/lib/bff/device';
import { requestProto } from '@/lib/bff/headers';
import { renewUpstreamSession, withCookie, type Renewed } from '@/lib/bff/renew';
import { needsRenewal, readSealedCookie, SESSION_COOKIE } from '@/lib/bff/sealed';
import { env } from '@/lib/env';
import { classifyPath, redirectTarget } from '@/lib/routing/redirect';
import { TENANT_HEADER, tenantFromHost } from '@/lib/routing/tenant';
import { contentSecurityPolicy } from '@/lib/security/csp';

const CSP = 'content-security-policy';

/**
 * A fresh nonce and the policy naming it, for one page answer. Next reads the nonce for its own
 * inline scripts from the policy on the request headers it is handed, so both carry it.
 */
function pagePolicy(request: NextRequest): string {
  const { apiPublicUrl, realtime, cspExtraOrigins, cspReportUri } = env();
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  return contentSecurityPolicy({
    nonce,
    pathname: request.nextUrl.pathname,
    origins: { apiPublicUrl, realtime, extraOrigins: cspExtraOrigins, reportUri: cspReportUri },
    dev: process.env.NODE_ENV === 'development',
  });
}

/**
 * Tenant by Host, the browser's lasting id, the page redirects and the pages' Content-Security-Policy.
 * Only an optimistic check on the sealed cookie: route handlers and server components ask the API again.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { appDomains, defaultTenant, sessionSecret, secureCookies } = env();
  const policy = pagePolicy(request);
  const tenant = tenantFromHost(request.headers.get('host'), { appDomains, defaultTenant });
  if (!tenant) {
    // A host that is not ours gets the not-found page, never another shop's (Next answers it with 404).
    const headers = new Headers(request.headers);
    headers.delete(TENANT_HEADER);
    headers.set(CSP, policy);
    const response = NextResponse.rewrite(new URL('/_not-found', request.url), { request: { headers } });
    response.headers.set(CSP, policy);
    return response;
  }

  // Every page and /auth/* pass here, so a browser has its id from its first visit on, and a login
  // posted before any page (a bookmarked form, a script) carries one too (lib/bff/device.ts).
  const device = browserDevice(request.cookies.get(DEVICE_COOKIE)?.value, sessionSecret);
  const secure = secureCookies || requestProto(request.headers, request.url) === 'https';

  // Only page loads are redirected; a POST (server action, BFF call) gets its answer from its handler,
  // and BFF paths skip the unseal so the proxy adds nothing to API latency.
  const isPageLoad = request.method === 'GET' || request.method === 'HEAD';
  let renewed: Renewed | null = null;
  if (isPageLoad && classifyPath(request.nextUrl.pathname) !== 'passthrough') {
    const sealed = await readSealedCookie(request.cookies.get(SESSION_COOKIE)?.value, sessionSecret);
    const loggedIn = sealed.auth === true && sealed.tenant === tenant;
    const target = redirectTarget(request.nextUrl.pathname, loggedIn);
    if (target) {
      // Absolute on the request's own origin; Next turns it back into a relative Location.
      const url = request.nextUrl.clone();
      url.pathname = target;
      url.search = '';
      return withDevice(NextResponse.redirect(url, 307), device, secure);
    }
    // Only when the jar holds no live upstream session: one call here instead of one per server call.
    if (needsRenewal(sealed, tenant, Date.now())) renewed = await renewUpstreamSession(request, tenant, sealed);
  }

  // Overwrite whatever the browser sent under this name: handlers trust it.
  const headers = new Headers(request.headers);
  headers.set(TENANT_HEADER, tenant);
  headers.set(CSP, policy);
  // The page's server calls read the renewed seal and a new id from the forwarded cookie header, the browser keeps them.
  if (renewed) headers.set('cookie', withCookie(headers.get('cookie'), SESSION_COOKIE, renewed.seal));
  if (device.issued) headers.set('cookie', withCookie(headers.get('cookie'), DEVICE_COOKIE, device.issued));
  const response = NextResponse.next({ request: { headers } });
  if (renewed) response.cookies.set(SESSION_COOKIE, renewed.seal, renewed.cookieOptions);
  response.headers.set(CSP, policy);
  return withDevice(response, device, secure);
}

function withDevice(response: NextResponse, device: BrowserDevice, secure: boolean): NextResponse {
  if (device.issued) response.cookies.set(DEVICE_COOKIE, device.issued, deviceCookieOptions(secure));
  return response;
}

export const config = {
  // The BFF's /api/** and /broadcasting/** handlers take the tenant from the Host themselves: skipping
  // the proxy there keeps it out of the per-call latency budget.
  matcher: [
    '/((?!api/|broadcasting/|media-sw\\.js|_next/static|_next/image|favicon\\.ico|img/|.*\\.(?:png|jpe?g|gif|svg|webp|ico|mp3|woff2?)$).*)',
  ],
};
