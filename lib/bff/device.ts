/**
 * The browser's lasting id (OWASP's "device cookie"): cookie `pulzus_device`, a random id signed with
 * SESSION_SECRET, given at the first visit and kept for a year. It is not part of the sealed session,
 * so logging out does not forget it. The BFF sends the id to the API as X-Device-Id (believed only
 * with X-BFF-Secret); the API spares a browser that has logged in to an account before the
 * account-wide login limit that strangers can trip. A Laravel API ignores the header.
 */
import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';
import { cookieValue } from './sealed';

export const DEVICE_COOKIE = 'pulzus_device';
export const DEVICE_HEADER = 'x-device-id';
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

const ID = /^[A-Za-z0-9_-]{22}$/;

/** Keyed apart from the session seals, which use the same secret. */
function signature(id: string, secret: string): string {
  return createHmac('sha256', secret).update(`${DEVICE_COOKIE}:${id}`).digest('base64url');
}

/** 16 random bytes: as unguessable as the session itself. */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The cookie's value: `<id>.<HMAC-SHA256 of the id>` (both base64url, so no cookie encoding). */
export function signDeviceId(id: string, secret: string): string {
  return `${id}.${signature(id, secret)}`;
}

/** The id of a cookie value this app signed, or null (missing, malformed, forged, or another secret's). */
export function verifyDeviceCookie(value: string | null | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  const id = value.slice(0, dot);
  if (dot === -1 || !ID.test(id)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(id, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * Values verified before, with their id: a browser sends the same cookie with every call, and the
 * HMAC would be most of what reading it costs. Bounded; emptied when full.
 */
const verified = new Map<string, string>();
const VERIFIED_MAX = 10_000;

/** The verified id in a Cookie request header, or null: what the BFF sends upstream. */
export function deviceIdOf(cookieHeader: string | null | undefined): string | null {
  const value = cookieValue(cookieHeader ?? undefined, DEVICE_COOKIE);
  if (!value) return null;
  const known = verified.get(value);
  if (known) return known;
  const id = verifyDeviceCookie(value, env().sessionSecret);
  if (id) {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(value, id);
  }
  return id;
}

export interface BrowserDevice {
  id: string;
  /** The signed value to set when the browser had no valid cookie (a first visit); null when it had one. */
  issued: string | null;
}

/** The browser's id from its cookie, or a new one when the cookie is missing or not ours. */
export function browserDevice(cookie: string | null | undefined, secret: string): BrowserDevice {
  const known = verifyDeviceCookie(cookie, secret);
  if (known) return { id: known, issued: null };
  const id = newDeviceId();
  return { id, issued: signDeviceId(id, secret) };
}

/** HttpOnly (no script needs it), SameSite=Lax like the session, a year from when it was last set. */
export function deviceCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', path: '/', maxAge: DEVICE_COOKIE_SECONDS, secure } as const;
}
