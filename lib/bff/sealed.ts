/**
 * The sealed cookie: its shape, its unseal and seal, and its Set-Cookie line. Free of next/headers, so
 * proxy.ts and the web server's own BFF path (lib/bff/proxy.ts) use it as well as the route handlers.
 */
import 'server-only';
import { sealData, unsealData, type SessionOptions } from 'iron-session';
import type { CookieJar } from './cookie-jar';

export const SESSION_COOKIE = 'pulzus';
/** 'Remember me' keeps the sealed cookie as long as the API's remember cookie lives. */
export const REMEMBER_SECONDS = 400 * 24 * 3600;

export interface SealedData {
  jar: CookieJar;
  tenant: string;
  auth?: true;
  remember?: true;
  /**
   * When the upstream session in `jar` ends (epoch ms), as its cookies' Expires/Max-Age said. Absent
   * when the API sets browser-session cookies only (the bundled API, which renews by itself).
   */
  until?: number;
}

/** A session this close to its end is renewed before the page's server calls use it. */
export const RENEW_MARGIN_MS = 60_000;

/**
 * Whether proxy.ts must renew the upstream session before the page renders: a login whose jar holds
 * no live upstream session (a Laravel session past its lifetime, a remember cookie to start a new
 * one from). Never for a jar whose end is unknown or still ahead: the page load then makes no
 * extra upstream call.
 */
export function needsRenewal(data: Partial<SealedData>, tenant: string, now: number): boolean {
  if (data.auth !== true || data.tenant !== tenant || !data.jar || Object.keys(data.jar).length === 0) return false;
  return typeof data.until === 'number' && data.until <= now + RENEW_MARGIN_MS;
}

/** The jar to use for `tenant`: a jar sealed for another tenant is never sent to this one. */
export function jarFor(session: Partial<SealedData>, tenant: string): CookieJar {
  return session.tenant === tenant && session.jar ? { ...session.jar } : {};
}

export function sessionOptions(opts: { remember: boolean; secure: boolean; password: string }): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: opts.password,
    ttl: REMEMBER_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: opts.secure,
      // maxAge undefined makes a browser-session cookie (iron-session then seals without expiry).
      maxAge: opts.remember ? REMEMBER_SECONDS - 60 : undefined,
    },
  };
}

/** iron-session 8's rule: an explicit `maxAge: undefined` seals without expiry (ttl 0). */
export function sealTtl(options: SessionOptions): number {
  const cookieOptions = options.cookieOptions ?? {};
  if ('maxAge' in cookieOptions && cookieOptions.maxAge === undefined) return 0;
  return options.ttl ?? REMEMBER_SECONDS;
}

/**
 * Unsealed cookies of this process, by their exact sealed value. The API re-sends the same cookie
 * values on every answer, so a browser sends the same seal for many calls in a row; unsealing it
 * each time (two key derivations, an HMAC and a decryption, each a trip to the thread pool) was a
 * large part of the BFF's per-call cost. Only seals that verified are kept, so a hit is exactly
 * what unsealing would give; the seal's own expiry is checked again on every hit.
 */
const UNSEALED_MAX = 2000;
/** iron's default clock skew allowance (`timestampSkewSec`). */
const SKEW_MS = 60_000;

interface Unsealed {
  password: string;
  /** JSON, so every caller gets a copy it may change. */
  json: string;
  /** Epoch ms from the seal, 0 when it has none. */
  expires: number;
}

const unsealed = new Map<string, Unsealed>();

/** The expiry field of an iron seal (`Fe26.2*id*salt*iv*data*expiry*hmacSalt*hmac~2`). */
function sealExpiry(value: string): number {
  const parts = value.split('~')[0]!.split('*');
  const exp = parts[5];
  return exp && /^\d+$/.test(exp) ? Number(exp) : 0;
}

function isLive(entry: Unsealed, now: number): boolean {
  return entry.expires === 0 || entry.expires > now - SKEW_MS;
}

function remember(value: string, entry: Unsealed): void {
  unsealed.set(value, entry);
  if (unsealed.size > UNSEALED_MAX) unsealed.delete(unsealed.keys().next().value!);
}

/** A seal this process has just made: the browser sends it back next, and it needs no unseal then. */
export function rememberSealed(value: string, password: string, data: Partial<SealedData>): void {
  remember(value, { password, json: JSON.stringify(data), expires: sealExpiry(value) });
}

/** Drops every remembered unseal (tests; nothing else needs it). */
export function clearUnsealCache(): void {
  unsealed.clear();
}

/** proxy.ts cannot save (iron-session 8), only read. A bad or foreign seal reads as empty. */
export async function readSealedCookie(value: string | undefined, password: string): Promise<Partial<SealedData>> {
  if (!value) return {};
  const hit = unsealed.get(value);
  if (hit && hit.password === password && isLive(hit, Date.now())) {
    // Most recently used last, so the oldest entry is the first one dropped.
    unsealed.delete(value);
    unsealed.set(value, hit);
    return JSON.parse(hit.json) as Partial<SealedData>;
  }
  if (hit) unsealed.delete(value);
  let data: Partial<SealedData>;
  try {
    data = await unsealData<Partial<SealedData>>(value, { password, ttl: REMEMBER_SECONDS });
  } catch {
    return {};
  }
  // iron-session answers {} for a bad, expired or foreign seal: nothing worth remembering.
  if (data && Object.keys(data).length > 0) {
    remember(value, { password, json: JSON.stringify(data), expires: sealExpiry(value) });
  }
  return data ?? {};
}

/** The value of cookie `name` in a Cookie request header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** A cookie sealed for another tenant must not log anyone in here; its jar is not used either (`jarFor`). */
export function forTenant(data: Partial<SealedData>, tenant: string): Partial<SealedData> {
  if (data.tenant !== tenant) {
    delete data.auth;
    delete data.remember;
  }
  return data;
}

/** What a call to the API left behind that the seal may have to record (an `UpstreamContext`). */
export interface CallOutcome {
  jar: CookieJar;
  jarChanged: boolean;
  until: number | null;
}

/**
 * The upstream session's end moved this far since the seal recorded it: worth a new seal even when
 * the cookie values stayed the same, so proxy.ts does not renew a session that is still live.
 */
const UNTIL_STEP_MS = 5 * 60_000;

/**
 * Writes a call's jar (and the upstream session's end) into `data` when anything changed; true when
 * the browser needs a new seal. `force` seals whatever happened (a login, a dropped login).
 */
export function recordCall(data: Partial<SealedData>, tenant: string, call: CallOutcome, force = false): boolean {
  const untilMoved = call.until !== null && call.until - (data.until ?? 0) > UNTIL_STEP_MS;
  if (!force && !call.jarChanged && !untilMoved && data.tenant === tenant) return false;
  data.tenant = tenant;
  data.jar = call.jar;
  if (call.until !== null) data.until = call.until;
  else if (call.jarChanged) delete data.until;
  return true;
}

/** Browsers refuse a cookie longer than this (name, value and attributes). */
const COOKIE_MAX = 4096;

/** Seals `data` as `options` say (lifetime, password); the new seal is remembered as verified. */
export async function seal(data: Partial<SealedData>, options: SessionOptions): Promise<string> {
  const password = options.password as string;
  const sealed = await sealData(data, { password, ttl: sealTtl(options) });
  const length = options.cookieName.length + sealed.length + JSON.stringify(options.cookieOptions ?? {}).length;
  if (length > COOKIE_MAX) {
    throw new Error(
      `iron-session: Cookie length is too big (${length} bytes), browsers will refuse it. Try to remove some data.`,
    );
  }
  // The browser sends this seal on its next call: that one needs no unseal.
  rememberSealed(sealed, password, { ...data });
  return sealed;
}

/**
 * The Set-Cookie line for `value`, written the way Next's `cookies().set` writes it (Expires with
 * Max-Age, SameSite in lower case), so the route handlers and the web server's BFF path set the same cookie.
 */
export function setCookieLine(
  name: string,
  value: string,
  options: NonNullable<SessionOptions['cookieOptions']>,
  now = Date.now(),
): string {
  const attrs = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (typeof options.maxAge === 'number') {
    if (options.maxAge) attrs.push(`Expires=${new Date(now + options.maxAge * 1000).toUTCString()}`);
    attrs.push(`Max-Age=${options.maxAge}`);
  } else if (options.expires) {
    attrs.push(`Expires=${options.expires.toUTCString()}`);
  }
  if (options.domain) attrs.push(`Domain=${options.domain}`);
  if (options.secure) attrs.push('Secure');
  if (options.httpOnly) attrs.push('HttpOnly');
  if (options.sameSite) attrs.push(`SameSite=${String(options.sameSite)}`);
  return attrs.join('; ');
}
