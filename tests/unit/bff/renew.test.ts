/** @jest-environment node */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unsealData } from 'iron-session';
import type { NextRequest } from 'next/server';
import { mergeSetCookies } from '@/lib/bff/cookie-jar';
import { needsRenewal, RENEW_MARGIN_MS, type SealedData } from '@/lib/bff/sealed';

const SESSION_SECRET = 's'.repeat(40);
const NOW = Date.parse('2026-03-01T10:00:00Z');

describe('needsRenewal (the proxy calls upstream only for a jar without a live session)', () => {
  const live: Partial<SealedData> = {
    auth: true,
    tenant: 'demo',
    jar: { laravel_session: 'x', remember_web_1: 'r' },
    until: NOW + 3_600_000,
  };

  it('leaves a live session alone: no upstream call on an ordinary page load', () => {
    expect(needsRenewal(live, 'demo', NOW)).toBe(false);
  });
  it('renews a session past its end, or about to end', () => {
    expect(needsRenewal({ ...live, until: NOW - 1 }, 'demo', NOW)).toBe(true);
    expect(needsRenewal({ ...live, until: NOW + RENEW_MARGIN_MS - 1 }, 'demo', NOW)).toBe(true);
    expect(needsRenewal({ ...live, until: NOW + RENEW_MARGIN_MS + 1000 }, 'demo', NOW)).toBe(false);
  });
  it('never renews when the end is unknown (browser-session cookies, older seals)', () => {
    const { until: _until, ...unknown } = live;
    expect(needsRenewal(unknown, 'demo', NOW)).toBe(false);
  });
  it('never renews for a visitor who is not logged in here', () => {
    const expired = { ...live, until: NOW - 1 };
    expect(needsRenewal({ ...expired, auth: undefined }, 'demo', NOW)).toBe(false);
    expect(needsRenewal(expired, 'other-shop', NOW)).toBe(false);
    expect(needsRenewal({ ...expired, jar: {} }, 'demo', NOW)).toBe(false);
    expect(needsRenewal({}, 'demo', NOW)).toBe(false);
  });
});

describe('mergeSetCookies: the upstream session end', () => {
  it("is the earliest end among the cookies an answer sets (Laravel's session, not the remember cookie)", () => {
    const r = mergeSetCookies(
      {},
      [
        'XSRF-TOKEN=a; expires=Sun, 01 Mar 2026 12:00:00 GMT; Max-Age=7200; path=/',
        'laravel_session=b; expires=Sun, 01 Mar 2026 12:00:00 GMT; Max-Age=7200; path=/; httponly',
        'remember_web_1=c; expires=Fri, 28 Feb 2031 10:00:00 GMT; Max-Age=157680000; path=/; httponly',
      ],
      NOW,
    );
    expect(r.expires).toBe(NOW + 7_200_000);
  });
  it('is null when the answer sets browser-session cookies only', () => {
    expect(mergeSetCookies({}, ['pulzus_session=a; Path=/; HttpOnly', 'XSRF-TOKEN=b; Path=/'], NOW).expires).toBeNull();
  });
  it('ignores deleted cookies', () => {
    expect(
      mergeSetCookies({ a: '1' }, ['a=; Max-Age=0', 'b=2; Expires=Sun, 01 Mar 2026 11:00:00 GMT'], NOW).expires,
    ).toBe(NOW + 3_600_000);
  });
});

describe('renewUpstreamSession (a Laravel session expired, a remember cookie left)', () => {
  let server: Server;
  let calls: { url: string; cookie: string | undefined }[] = [];
  let answer = 200;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      calls.push({ url: req.url ?? '', cookie: req.headers.cookie });
      if (answer !== 200) {
        res.writeHead(answer, { 'content-type': 'application/json' });
        res.end('{"message":"Unauthenticated."}');
        return;
      }
      // As Laravel after logging in from the remember cookie: a regenerated session, with its lifetime.
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': [
          'XSRF-TOKEN=new-token; Max-Age=7200; path=/',
          'laravel_session=renewed; Max-Age=7200; path=/; httponly',
        ],
      });
      res.end('{"id":1,"name":"Demo","email":"demo@pulzus.hu","session_id":"s-2"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.TENANT_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.BFF_SECRET = 'b'.repeat(40);
    process.env.SESSION_SECRET = SESSION_SECRET;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    calls = [];
    answer = 200;
  });

  const sealed: Partial<SealedData> = {
    auth: true,
    remember: true,
    tenant: 'demo',
    jar: { laravel_session: 'dead', 'XSRF-TOKEN': 'old', remember_web_1: 'r' },
    until: Date.now() - 60_000,
  };
  const request = () =>
    new Request('http://demo.localhost:3000/channels', {
      headers: { host: 'demo.localhost:3000', 'x-forwarded-for': '10.0.0.9' },
    }) as unknown as NextRequest;

  it('makes exactly one upstream call and seals the session it answers with, with its new end', async () => {
    const { renewUpstreamSession } = await import('@/lib/bff/renew');
    const before = Date.now();
    const renewed = await renewUpstreamSession(request(), 'demo', sealed);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/me');
    expect(calls[0]!.cookie).toContain('remember_web_1=r');
    expect(renewed).not.toBeNull();
    const data = await unsealData<Partial<SealedData>>(renewed!.seal, { password: SESSION_SECRET });
    expect(data.jar).toEqual({ laravel_session: 'renewed', 'XSRF-TOKEN': 'new-token', remember_web_1: 'r' });
    expect(data.auth).toBe(true);
    expect(data.remember).toBe(true);
    expect(data.until).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(needsRenewal(data, 'demo', Date.now())).toBe(false);
    // Remembered logins keep their long-lived cookie.
    expect(renewed!.cookieOptions.maxAge).toBeGreaterThan(0);
    expect(renewed!.cookieOptions.httpOnly).toBe(true);
  });

  it('leaves the seal as it is when the API refuses (the page then goes through /auth/expired)', async () => {
    const { renewUpstreamSession } = await import('@/lib/bff/renew');
    answer = 401;
    expect(await renewUpstreamSession(request(), 'demo', sealed)).toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe('withCookie', () => {
  it('replaces the sealed cookie in the forwarded Cookie header and keeps the others', async () => {
    const { withCookie } = await import('@/lib/bff/renew');
    expect(withCookie('a=1; pulzus=old; b=2', 'pulzus', 'new')).toBe('a=1; b=2; pulzus=new');
    expect(withCookie(null, 'pulzus', 'new')).toBe('pulzus=new');
    expect(withCookie('pulzus_x=1', 'pulzus', 'new')).toBe('pulzus_x=1; pulzus=new');
  });
});
