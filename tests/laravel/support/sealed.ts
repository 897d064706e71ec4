/**
 * The web app's sealed session cookie (`pulzus`), as the specs of an expired Laravel session need
 * it. The global setup starts the web app with a session secret of its own and names it in
 * LARAVEL_WEB_SESSION_SECRET, so a spec can unseal the cookie, change it, and seal it again exactly
 * as the web app does (iron-session's sealData/unsealData with the same password).
 */
import { expect, type BrowserContext } from '@playwright/test';
import { sealData, unsealData } from 'iron-session';
import type { SealedData } from '../../../lib/bff/sealed';

const COOKIE = 'pulzus';
/** The seal's time to live for a 'remember me' login (REMEMBER_SECONDS in lib/bff/sealed.ts). */
const SEAL_TTL_SECONDS = 400 * 24 * 3600;

function secret(): string {
  const value = process.env.LARAVEL_WEB_SESSION_SECRET;
  if (!value)
    throw new Error('LARAVEL_WEB_SESSION_SECRET is not set: run the specs through playwright.laravel.config.ts');
  return value;
}

/**
 * Lets the lifetime of the upstream session in the browser's sealed cookie run out: the end the
 * cookie recorded from Laravel's Set-Cookie (Expires/Max-Age) moves into the past, everything else
 * (the jar with the remember cookie, the login) stays. Returns that recorded end as it was.
 */
export async function ageUpstreamSession(context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
  if (!cookie) throw new Error(`the browser holds no ${COOKIE} cookie: log in first`);
  const password = secret();
  const data = await unsealData<Partial<SealedData>>(cookie.value, { password, ttl: SEAL_TTL_SECONDS });
  expect(data.auth, 'the sealed cookie records a login').toBe(true);
  // Laravel sends its session cookie with an Expires/Max-Age: the seal must have recorded it.
  expect(typeof data.until, 'the sealed cookie records when the Laravel session ends').toBe('number');
  const recorded = data.until!;
  const value = await sealData({ ...data, until: Date.now() - 1_000 }, { password, ttl: SEAL_TTL_SECONDS });
  await context.addCookies([
    {
      name: cookie.name,
      value,
      domain: cookie.domain,
      path: cookie.path,
      expires: cookie.expires,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: cookie.sameSite,
    },
  ]);
  return recorded;
}
