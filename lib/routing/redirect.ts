/** Which paths proxy.ts redirects, as pure functions so the rules are unit-tested. */

export type RouteKind = 'passthrough' | 'root' | 'guest' | 'app';

/** Pages a logged-in user has no business on. */
const GUEST_PREFIXES = ['/login', '/forgot', '/reset'];
/** Served by route handlers or Next itself: the proxy never redirects these. */
const PASSTHROUGH_PREFIXES = ['/_next', '/api', '/auth', '/broadcasting', '/sanctum', '/img', '/media', '/fonts'];

function hasPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function classifyPath(pathname: string): RouteKind {
  if (pathname === '/' || pathname === '') return 'root';
  if (PASSTHROUGH_PREFIXES.some((p) => hasPrefix(pathname, p))) return 'passthrough';
  // Files from public/ (favicon.ico, robots.txt, img/…): the last segment has an extension.
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (/\.[a-z0-9]{1,8}$/i.test(last)) return 'passthrough';
  if (GUEST_PREFIXES.some((p) => hasPrefix(pathname, p))) return 'guest';
  return 'app';
}

/** The redirect target for a page request, or null to let it through. */
export function redirectTarget(pathname: string, loggedIn: boolean): string | null {
  switch (classifyPath(pathname)) {
    case 'passthrough':
      return null;
    case 'root':
      return loggedIn ? '/channels' : '/login';
    case 'guest':
      return loggedIn ? '/' : null;
    case 'app':
      return loggedIn ? null : '/login';
  }
}
