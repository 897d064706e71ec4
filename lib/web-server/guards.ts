/**
 * Rules the web server (web-server.ts) applies to every request before Next or the BFF sees it, as
 * small functions (the end-to-end security specs check their effect).
 */
import type { ServerResponse } from 'node:http';

/**
 * Headers every answer carries: pages, the BFF's /api/** and /broadcasting/auth, static files and
 * error pages alike. Set before the handler runs, so an answer's own value of the same name (the
 * API's, Next's) still wins where it has one.
 */
export const SECURITY_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
});

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

/**
 * Whether the path holds a percent-escape that does not decode (`%ZZ`, a broken UTF-8 sequence).
 * Next's router throws on such a path while matching its routes, which surfaced as a 500; no page
 * or API path can have one, so it is a 404 before any of it runs.
 */
export function hasBadPercentEscape(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  if (!pathname.includes('%')) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** Next's own not-found route: handed this path, Next renders app/not-found.tsx with a 404. */
export const NOT_FOUND_PATH = '/_not-found';
