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

/**
 * The methods of the web app's own route handlers (app/auth/*). Next answers any other method on
 * them with a bare 405; the web server answers it first, in the house's words.
 */
const ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/auth/login': ['POST', 'OPTIONS'],
  '/auth/logout': ['POST', 'OPTIONS'],
  '/auth/expired': ['GET', 'HEAD', 'OPTIONS'],
};

/** The methods `url` takes when `method` is not one of them (a 405), else null. */
export function methodNotAllowed(method: string | undefined, url: string): readonly string[] | null {
  const allowed = ROUTE_METHODS[url.split('?', 1)[0] ?? ''];
  if (!allowed || allowed.includes((method ?? 'GET').toUpperCase())) return null;
  return allowed.filter((m) => m !== 'OPTIONS' && m !== 'HEAD');
}

/** The 405 of the web server, as the API and the BFF word it. */
export function answerMethodNotAllowed(res: ServerResponse, allow: readonly string[]): void {
  const body = JSON.stringify({ message: 'A kérés módja nem megengedett.' });
  res.writeHead(405, {
    allow: allow.join(', '),
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
