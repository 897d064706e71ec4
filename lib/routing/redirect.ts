/** Which paths proxy.ts redirects, as pure functions so the rules are unit-tested. */

export type RouteKind = 'passthrough' | 'root' | 'guest' | 'app';

/** Pages a logged-in user has no business on (the guest layout sends them on). */
const GUEST_PREFIXES = ['/login', '/forgot', '/reset'];
/**
 * Served by route handlers, Next itself or public pages (an in-store screen has no login): never
 * redirected. `/_not-found` is where the web server sends a path it cannot decode.
 */
const PASSTHROUGH_PREFIXES = [
  '/_next',
  '/_not-found',
  '/api',
  '/auth',
  '/broadcasting',
  '/sanctum',
  '/img',
  '/media',
  '/fonts',
  '/screen',
];

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
      // A logged-in visitor is sent on by the page itself, and only once the API has confirmed the
      // login: a seal that says logged in while /api/me fails must still reach the login page.
      return null;
    case 'app':
      return loggedIn ? null : '/login';
  }
}
