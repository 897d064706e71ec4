/** @jest-environment node */
import { NextRequest } from 'next/server';
import {
  browserDevice,
  DEVICE_COOKIE,
  deviceCookieOptions,
  newDeviceId,
  signDeviceId,
  verifyDeviceCookie,
} from '@/lib/bff/device';

const SECRET = 's'.repeat(40);

describe('the device cookie value', () => {
  it('is a random id of 16 bytes, different every time', () => {
    const ids = new Set(Array.from({ length: 50 }, newDeviceId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('verifies to its id when this secret signed it', () => {
    const id = newDeviceId();
    const value = signDeviceId(id, SECRET);
    expect(value.startsWith(`${id}.`)).toBe(true);
    expect(verifyDeviceCookie(value, SECRET)).toBe(id);
  });

  it('names no device when unsigned, forged, signed with another secret, or malformed', () => {
    const id = newDeviceId();
    const value = signDeviceId(id, SECRET);
    const other = newDeviceId();
    const signature = value.slice(id.length + 1);
    expect(verifyDeviceCookie(id, SECRET)).toBeNull();
    expect(verifyDeviceCookie(`${other}.${signature}`, SECRET)).toBeNull();
    expect(verifyDeviceCookie(`${id}.${signature.slice(0, -1)}`, SECRET)).toBeNull();
    expect(verifyDeviceCookie(`${id}.${signature}x`, SECRET)).toBeNull();
    expect(verifyDeviceCookie(signDeviceId(id, 't'.repeat(40)), SECRET)).toBeNull();
    expect(verifyDeviceCookie(`${id}.${signature}`.replace(id, 'short'), SECRET)).toBeNull();
    expect(verifyDeviceCookie('', SECRET)).toBeNull();
    expect(verifyDeviceCookie(undefined, SECRET)).toBeNull();
    expect(verifyDeviceCookie('.', SECRET)).toBeNull();
  });

  it('browserDevice keeps a valid id and issues a new signed one otherwise', () => {
    const id = newDeviceId();
    expect(browserDevice(signDeviceId(id, SECRET), SECRET)).toEqual({ id, issued: null });
    for (const cookie of [undefined, id, `${id}.forged`]) {
      const fresh = browserDevice(cookie, SECRET);
      expect(fresh.id).not.toBe(id);
      expect(fresh.issued).not.toBeNull();
      expect(verifyDeviceCookie(fresh.issued, SECRET)).toBe(fresh.id);
    }
  });

  it('is HttpOnly, SameSite=Lax, on the whole site for a year; Secure as asked', () => {
    expect(deviceCookieOptions(false)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 365 * 24 * 3600,
      secure: false,
    });
    expect(deviceCookieOptions(true).secure).toBe(true);
  });
});

describe('proxy.ts gives the cookie at the first visit', () => {
  beforeAll(() => {
    process.env.SESSION_SECRET = SECRET;
    process.env.BFF_SECRET = 'b'.repeat(40);
    process.env.TENANT_API_URL = 'http://127.0.0.1:9';
  });

  async function visit(method: string, path: string, headers: Record<string, string> = {}) {
    const { proxy } = await import('@/proxy');
    return proxy(
      new NextRequest(`http://demo.localhost:3000${path}`, {
        method,
        headers: { host: 'demo.localhost:3000', ...headers },
      }),
    );
  }

  /** What the handler behind the proxy reads as the request's cookies (Next's request-header override). */
  function forwardedCookie(response: Response): string | null {
    return response.headers.get('x-middleware-request-cookie');
  }

  function deviceSetCookie(response: Response): string | undefined {
    return response.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
  }

  it('sets a signed id on the first page load, and the page itself already sees it', async () => {
    const response = await visit('GET', '/login');
    const line = deviceSetCookie(response);
    expect(line).toBeDefined();
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=lax/i);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=31536000/);
    expect(line).not.toMatch(/; Secure/i);
    const value = /^pulzus_device=([^;]+)/.exec(line!)![1]!;
    expect(verifyDeviceCookie(decodeURIComponent(value), SECRET)).not.toBeNull();
    expect(forwardedCookie(response)).toContain(`${DEVICE_COOKIE}=${value}`);
  });

  it('gives a login posted before any page an id of its own', async () => {
    const response = await visit('POST', '/auth/login', { 'content-type': 'application/json', cookie: 'other=1' });
    const value = /^pulzus_device=([^;]+)/.exec(deviceSetCookie(response) ?? '')?.[1];
    expect(value).toBeDefined();
    expect(forwardedCookie(response)).toBe(`other=1; ${DEVICE_COOKIE}=${value}`);
  });

  it('sets it on a redirect too, Secure over https', async () => {
    const response = await visit('GET', '/channels', { 'x-forwarded-proto': 'https' });
    expect(response.status).toBe(307);
    expect(deviceSetCookie(response)).toMatch(/; Secure/i);
  });

  it("deviceIdOf reads the verified id out of a Cookie header, the BFF's X-Device-Id", async () => {
    const { deviceIdOf } = await import('@/lib/bff/device');
    const id = newDeviceId();
    const header = `pulzus=sealed; ${DEVICE_COOKIE}=${signDeviceId(id, SECRET)}; x=1`;
    expect(deviceIdOf(header)).toBe(id);
    expect(deviceIdOf(header)).toBe(id);
    expect(deviceIdOf(`${DEVICE_COOKIE}=${id}.forged`)).toBeNull();
    expect(deviceIdOf(`${DEVICE_COOKIE}=${signDeviceId(id, 't'.repeat(40))}`)).toBeNull();
    expect(deviceIdOf('pulzus=sealed')).toBeNull();
    expect(deviceIdOf(null)).toBeNull();
  });

  it('leaves a valid cookie alone and replaces a forged one', async () => {
    const valid = signDeviceId(newDeviceId(), SECRET);
    const kept = await visit('GET', '/login', { cookie: `${DEVICE_COOKIE}=${valid}` });
    expect(deviceSetCookie(kept)).toBeUndefined();

    const forged = `${newDeviceId()}.not-a-signature`;
    const replaced = await visit('GET', '/login', { cookie: `${DEVICE_COOKIE}=${forged}` });
    const value = /^pulzus_device=([^;]+)/.exec(deviceSetCookie(replaced) ?? '')?.[1];
    expect(value).toBeDefined();
    expect(value).not.toBe(forged);
    expect(forwardedCookie(replaced)).toBe(`${DEVICE_COOKIE}=${value}`);
  });
});
