/** The sealed cookie's shape and a read-only unseal, free of next/headers so proxy.ts can use it. */
import 'server-only';
import { unsealData, type SessionOptions } from 'iron-session';
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
