/**
 * The upstream cookie jar kept inside the sealed cookie. The API's cookies are handled generically
 * (by name), as a browser would, so that a real Laravel with other cookie names works unchanged.
 */
import 'server-only';

export type CookieJar = Record<string, string>;

export const XSRF_COOKIE = 'XSRF-TOKEN';

interface ParsedSetCookie {
  name: string;
  value: string;
  /** True when the line deletes the cookie (empty value, Max-Age ≤ 0 or an Expires in the past). */
  deleted: boolean;
  /** Epoch ms when the cookie ends (Max-Age or Expires), null for a browser-session cookie. */
  expires: number | null;
}

export function parseSetCookie(line: string, now: number = Date.now()): ParsedSetCookie | null {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  let value = pair.slice(eq + 1).trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  if (!name) return null;
  let deleted = false;
  let maxAgeSeen = false;
  let expires: number | null = null;
  for (const attr of attributes) {
    const i = attr.indexOf('=');
    const key = (i === -1 ? attr : attr.slice(0, i)).trim().toLowerCase();
    const val = i === -1 ? '' : attr.slice(i + 1).trim();
    if (key === 'max-age') {
      // Max-Age wins over Expires (RFC 6265 §5.3 step 3).
      maxAgeSeen = true;
      const n = Number(val);
      deleted = Number.isFinite(n) && n <= 0;
      expires = Number.isFinite(n) ? now + n * 1000 : null;
    } else if (key === 'expires' && !maxAgeSeen) {
      const t = Date.parse(val);
      if (!Number.isNaN(t)) {
        expires = t;
        if (t <= now) deleted = true;
      }
    }
  }
  if (value === '') deleted = true;
  return { name, value, deleted, expires };
}

/**
 * Applies Set-Cookie lines to a jar; returns a new jar, whether anything changed, and the earliest
 * end of the cookies these lines set (null when none said): the upstream session's lifetime, since
 * Laravel re-sets its session and XSRF cookies, with their expiry, on every answer.
 */
export function mergeSetCookies(
  jar: CookieJar,
  setCookieLines: readonly string[],
  now: number = Date.now(),
): { jar: CookieJar; changed: boolean; expires: number | null } {
  const next: CookieJar = { ...jar };
  let changed = false;
  let expires: number | null = null;
  for (const line of setCookieLines) {
    const c = parseSetCookie(line, now);
    if (!c) continue;
    if (!c.deleted && c.expires !== null) expires = expires === null ? c.expires : Math.min(expires, c.expires);
    if (c.deleted) {
      if (c.name in next) {
        delete next[c.name];
        changed = true;
      }
    } else if (next[c.name] !== c.value) {
      next[c.name] = c.value;
      changed = true;
    }
  }
  return { jar: next, changed, expires };
}

/** The Cookie request header for the whole jar, or null when it is empty. */
export function cookieHeader(jar: CookieJar): string | null {
  const parts = Object.entries(jar).map(([k, v]) => `${k}=${v}`);
  return parts.length ? parts.join('; ') : null;
}

/** The X-XSRF-TOKEN value: the XSRF-TOKEN cookie URL-decoded, as axios and Sanctum expect. */
export function xsrfToken(jar: CookieJar): string | null {
  const raw = jar[XSRF_COOKIE];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
