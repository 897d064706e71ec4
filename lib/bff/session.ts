/** The cookie bridge: the API's cookies sealed in one iron-session cookie on the web's own domain. */
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import { cookies, headers } from 'next/headers';
import { env } from '@/lib/env';
import type { CookieJar } from './cookie-jar';
import { requestProto } from './headers';
import { REMEMBER_SECONDS, SESSION_COOKIE, type SealedData } from './sealed';

export { REMEMBER_SECONDS, SESSION_COOKIE, type SealedData };

export type BffSession = IronSession<Partial<SealedData>>;

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

async function isSecureRequest(): Promise<boolean> {
  return requestProto(await headers()) === 'https';
}

/**
 * The sealed session of the current request. Works everywhere Next allows `cookies()`; `save()` and
 * `destroy()` only in route handlers and server actions.
 */
export async function getBffSession(): Promise<BffSession> {
  const secure = await isSecureRequest();
  const session = await getIronSession<Partial<SealedData>>(
    await cookies(),
    sessionOptions({ remember: false, secure, password: env().sessionSecret }),
  );
  return session;
}

/** Saves with the cookie lifetime that matches the session's `remember` flag. */
export async function saveBffSession(session: BffSession): Promise<void> {
  const secure = await isSecureRequest();
  session.updateConfig(sessionOptions({ remember: session.remember === true, secure, password: env().sessionSecret }));
  await session.save();
}

/** The jar to use for `tenant`: a jar sealed for another tenant is never sent to this one. */
export function jarFor(session: Partial<SealedData>, tenant: string): CookieJar {
  return session.tenant === tenant && session.jar ? { ...session.jar } : {};
}
