/** The cookie bridge: the API's cookies sealed in one iron-session cookie on the web's own domain. */
import 'server-only';
import type { IronSession, SessionOptions } from 'iron-session';
import { cookies, headers } from 'next/headers';
import { env } from '@/lib/env';
import { requestProto } from './headers';
import {
  jarFor,
  readSealedCookie,
  REMEMBER_SECONDS,
  seal,
  SESSION_COOKIE,
  sessionOptions,
  type SealedData,
} from './sealed';

export { jarFor, REMEMBER_SECONDS, SESSION_COOKIE, sessionOptions, type SealedData };

export type BffSession = IronSession<Partial<SealedData>>;

/** The cookie gets `Secure` when the browser used https (X-Forwarded-Proto) or SECURE_COOKIES=1 says so. */
export function isSecureCookie(proto: 'http' | 'https'): boolean {
  return proto === 'https' || env().secureCookies;
}

/**
 * The sealed session of the current request. Works everywhere Next allows `cookies()`; `save()` and
 * `destroy()` only in route handlers and server actions.
 *
 * This is iron-session 8's cookie-store session (same seal, same cookie, same size limit) with two
 * changes for the BFF's latency: the unseal goes through `readSealedCookie`, which remembers seals
 * it has verified, and a route handler that already knows the scheme passes `secure` instead of
 * reading `headers()` again.
 */
export async function getBffSession(known?: { secure: boolean }): Promise<BffSession> {
  const secure = known ? known.secure : isSecureCookie(requestProto(await headers()));
  const password = env().sessionSecret;
  const store = await cookies();
  const session = (await readSealedCookie(store.get(SESSION_COOKIE)?.value, password)) as BffSession;
  let options = sessionOptions({ remember: false, secure, password });
  Object.defineProperties(session, {
    updateConfig: {
      value: function updateConfig(next: SessionOptions) {
        options = next;
      },
    },
    save: {
      value: async function save() {
        store.set(SESSION_COOKIE, await seal({ ...session }, options), options.cookieOptions ?? {});
      },
    },
    destroy: {
      value: function destroy() {
        for (const key of Object.keys(session)) delete (session as Record<string, unknown>)[key];
        store.set(SESSION_COOKIE, '', { ...options.cookieOptions, maxAge: 0 });
      },
    },
  });
  return session;
}

/** Saves with the cookie lifetime that matches the session's `remember` flag. */
export async function saveBffSession(session: BffSession, known?: { secure: boolean }): Promise<void> {
  const secure = known ? known.secure : isSecureCookie(requestProto(await headers()));
  session.updateConfig(sessionOptions({ remember: session.remember === true, secure, password: env().sessionSecret }));
  await session.save();
}
