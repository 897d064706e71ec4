/** @jest-environment node */
import { sealData } from 'iron-session';
import {
  clearUnsealCache,
  cookieValue,
  forTenant,
  readSealedCookie,
  recordCall,
  rememberSealed,
  REMEMBER_SECONDS,
  seal as sealSession,
  sessionOptions,
  setCookieLine,
  type SealedData,
} from '@/lib/bff/sealed';

const PASSWORD = 'p'.repeat(40);
const OTHER = 'o'.repeat(40);

beforeEach(() => clearUnsealCache());
afterEach(() => jest.restoreAllMocks());

describe('readSealedCookie', () => {
  it('reads a seal, and again from memory as an independent copy', async () => {
    const seal = await sealData({ jar: { a: '1' }, tenant: 'demo', auth: true }, { password: PASSWORD, ttl: 0 });
    const subtle = jest.spyOn(globalThis.crypto.subtle, 'deriveBits');
    const first = await readSealedCookie(seal, PASSWORD);
    expect(first).toEqual({ jar: { a: '1' }, tenant: 'demo', auth: true });
    expect(subtle).toHaveBeenCalled();
    subtle.mockClear();
    first.jar!.a = 'changed';
    delete first.auth;
    const second = await readSealedCookie(seal, PASSWORD);
    expect(second).toEqual({ jar: { a: '1' }, tenant: 'demo', auth: true });
    expect(subtle).not.toHaveBeenCalled();
  });

  it('reads a tampered, foreign or empty seal as empty, also after a good read', async () => {
    const seal = await sealData({ tenant: 'demo' }, { password: PASSWORD, ttl: 0 });
    await readSealedCookie(seal, PASSWORD);
    expect(await readSealedCookie(seal, OTHER)).toEqual({});
    expect(await readSealedCookie(`${seal.slice(0, -6)}AAAA~2`, PASSWORD)).toEqual({});
    expect(await readSealedCookie('garbage', PASSWORD)).toEqual({});
    expect(await readSealedCookie(undefined, PASSWORD)).toEqual({});
    expect(await readSealedCookie(seal, PASSWORD)).toEqual({ tenant: 'demo' });
  });

  it('honours the seal’s own expiry on a remembered read', async () => {
    const seal = await sealData({ tenant: 'demo', remember: true }, { password: PASSWORD, ttl: 3600 });
    expect(await readSealedCookie(seal, PASSWORD)).toEqual({ tenant: 'demo', remember: true });
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 3600_000 + 61_000);
    expect(await readSealedCookie(seal, PASSWORD)).toEqual({});
  });

  it('knows a seal this process made without unsealing it', async () => {
    const data = { jar: { s: 'x' }, tenant: 'demo' };
    const seal = await sealData(data, { password: PASSWORD, ttl: REMEMBER_SECONDS });
    rememberSealed(seal, PASSWORD, data);
    const subtle = jest.spyOn(globalThis.crypto.subtle, 'deriveBits');
    expect(await readSealedCookie(seal, PASSWORD)).toEqual(data);
    expect(subtle).not.toHaveBeenCalled();
  });
});

describe('the seal of a call', () => {
  const call = (jar: Record<string, string>, jarChanged: boolean, until: number | null = null) => ({
    jar,
    jarChanged,
    until,
  });

  it('reseals only when the jar, the tenant or the session end moved (by more than five minutes)', () => {
    const data: Partial<SealedData> = { tenant: 'demo', jar: { a: '1' }, until: 1_000_000 };
    expect(recordCall(data, 'demo', call({ a: '1' }, false))).toBe(false);
    expect(recordCall(data, 'demo', call({ a: '1' }, false, 1_000_000 + 4 * 60_000))).toBe(false);
    expect(recordCall(data, 'demo', call({ a: '1' }, false, 1_000_000 + 6 * 60_000))).toBe(true);
    expect(data.until).toBe(1_000_000 + 6 * 60_000);
    expect(recordCall(data, 'demo', call({ a: '2' }, true))).toBe(true);
    expect(data).toEqual({ tenant: 'demo', jar: { a: '2' } });
    expect(recordCall(data, 'other', call({}, false))).toBe(true);
    expect(data.tenant).toBe('other');
    expect(recordCall(data, 'other', call({}, false), true)).toBe(true);
  });

  it('forgets the login of a cookie sealed for another tenant', () => {
    expect(forTenant({ tenant: 'demo', auth: true, remember: true, jar: {} }, 'other')).toEqual({
      tenant: 'demo',
      jar: {},
    });
    expect(forTenant({ tenant: 'demo', auth: true }, 'demo')).toEqual({ tenant: 'demo', auth: true });
  });

  it('seals what reads back, remembered without an unseal', async () => {
    const value = await sealSession(
      { tenant: 'demo', jar: { a: '1' } },
      sessionOptions({ remember: false, secure: false, password: PASSWORD }),
    );
    const subtle = jest.spyOn(globalThis.crypto.subtle, 'deriveBits');
    expect(await readSealedCookie(value, PASSWORD)).toEqual({ tenant: 'demo', jar: { a: '1' } });
    expect(subtle).not.toHaveBeenCalled();
  });

  it('refuses a seal browsers would not keep', async () => {
    const jar = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`cookie${i}`, 'x'.repeat(20)]));
    await expect(
      sealSession({ tenant: 'demo', jar }, sessionOptions({ remember: false, secure: false, password: PASSWORD })),
    ).rejects.toThrow(/too big/);
  });

  it('writes the Set-Cookie line as Next does: a browser-session cookie, or one with Expires and Max-Age', () => {
    const session = sessionOptions({ remember: false, secure: false, password: PASSWORD }).cookieOptions!;
    expect(setCookieLine('pulzus', 'Fe26.2*a*b~2', session)).toBe(
      'pulzus=Fe26.2*a*b~2; Path=/; HttpOnly; SameSite=lax',
    );
    const remembered = sessionOptions({ remember: true, secure: true, password: PASSWORD }).cookieOptions!;
    const now = Date.UTC(2026, 0, 1);
    expect(setCookieLine('pulzus', 'v', remembered, now)).toBe(
      `pulzus=v; Path=/; Expires=${new Date(now + (REMEMBER_SECONDS - 60) * 1000).toUTCString()}; Max-Age=${REMEMBER_SECONDS - 60}; Secure; HttpOnly; SameSite=lax`,
    );
  });

  it('finds a cookie in the Cookie header', () => {
    expect(cookieValue('a=1; pulzus=Fe26.2*x~2; b=2', 'pulzus')).toBe('Fe26.2*x~2');
    expect(cookieValue('xpulzus=1; pulzus2=2', 'pulzus')).toBeUndefined();
    expect(cookieValue('pulzus=a%20b', 'pulzus')).toBe('a b');
    expect(cookieValue(undefined, 'pulzus')).toBeUndefined();
  });
});
