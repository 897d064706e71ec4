/** The sealed cookie's shape and a read-only unseal, free of next/headers so proxy.ts can use it. */
import { unsealData } from 'iron-session';
import type { CookieJar } from './cookie-jar';

export const SESSION_COOKIE = 'pulzus';
/** 'Remember me' keeps the sealed cookie as long as the API's remember cookie lives. */
export const REMEMBER_SECONDS = 400 * 24 * 3600;

export interface SealedData {
  jar: CookieJar;
  tenant: string;
  auth?: true;
  remember?: true;
}

/** proxy.ts cannot save (iron-session 8), only read. A bad or foreign seal reads as empty. */
export async function readSealedCookie(value: string | undefined, password: string): Promise<Partial<SealedData>> {
  if (!value) return {};
  try {
    return await unsealData<Partial<SealedData>>(value, { password, ttl: REMEMBER_SECONDS });
  } catch {
    return {};
  }
}
