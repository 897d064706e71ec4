/** @jest-environment node */
import { sealData } from 'iron-session';
import { clearUnsealCache, readSealedCookie, rememberSealed, REMEMBER_SECONDS } from '@/lib/bff/sealed';

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
