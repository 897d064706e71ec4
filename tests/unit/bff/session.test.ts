/**
 * @jest-environment node
 */
import type * as SessionModule from '@/lib/bff/session';

function sessionModule(env: Record<string, string>): typeof SessionModule {
  const saved = { ...process.env };
  Object.assign(process.env, { BFF_SECRET: 'b'.repeat(32), SESSION_SECRET: 's'.repeat(32) }, env);
  try {
    let mod: typeof SessionModule | undefined;
    jest.isolateModules(() => {
      mod = jest.requireActual<typeof SessionModule>('@/lib/bff/session');
    });
    mod!.isSecureCookie('http'); // reads the environment now
    return mod!;
  } finally {
    process.env = saved;
  }
}

describe('isSecureCookie', () => {
  it('is Secure only on https by default', () => {
    const { isSecureCookie } = sessionModule({ SECURE_COOKIES: '' });
    expect(isSecureCookie('http')).toBe(false);
    expect(isSecureCookie('https')).toBe(true);
  });

  it('is always Secure with SECURE_COOKIES=1', () => {
    const { isSecureCookie, sessionOptions } = sessionModule({ SECURE_COOKIES: '1' });
    expect(isSecureCookie('http')).toBe(true);
    expect(
      sessionOptions({ remember: false, secure: isSecureCookie('http'), password: 's'.repeat(32) }).cookieOptions
        ?.secure,
    ).toBe(true);
  });
});
