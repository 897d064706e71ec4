/** @jest-environment node */
import {
  browserResponseHeaders,
  clientIp,
  forwardableRequestHeaders,
  isCrossSite,
  isUnsafeMethod,
  requestProto,
  rewriteLocation,
  stripHopByHop,
} from '@/lib/bff/headers';

describe('stripHopByHop', () => {
  it('removes the hop-by-hop set and headers named in Connection', () => {
    const h = new Headers({
      connection: 'keep-alive, x-private',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      te: 'trailers',
      upgrade: 'h2c',
      'proxy-authorization': 'x',
      'x-private': '1',
      'content-type': 'application/json',
    });
    const out = stripHopByHop(h);
    expect([...out.keys()]).toEqual(['content-type']);
  });
});

describe('forwardableRequestHeaders', () => {
  it('drops what undici refuses, the browser cookie and spoofable trust headers', () => {
    const h = new Headers({
      host: 'demo.localhost:3000',
      'content-length': '10',
      expect: '100-continue',
      cookie: 'pulzus=sealed',
      'x-tenant': 'other',
      'x-bff-secret': 'guess',
      'x-forwarded-for': '1.2.3.4',
      'sec-fetch-site': 'same-origin',
      'accept-encoding': 'gzip, br',
      'x-socket-id': '123.456',
      'content-type': 'application/json',
      origin: 'http://demo.localhost:3000',
    });
    const out = forwardableRequestHeaders(h);
    expect(Object.fromEntries(out)).toEqual({
      'x-socket-id': '123.456',
      'content-type': 'application/json',
      origin: 'http://demo.localhost:3000',
    });
  });
});

describe('browserResponseHeaders', () => {
  it('never passes the API cookies to the browser', () => {
    const h = new Headers();
    h.append('set-cookie', 'pulzus_session=a; HttpOnly');
    h.append('set-cookie', 'XSRF-TOKEN=b');
    h.set('x-app-version', '1.2.3');
    h.set('content-type', 'application/json');
    h.set('content-length', '12');
    const out = browserResponseHeaders(h);
    expect(out.getSetCookie()).toEqual([]);
    expect(out.get('x-app-version')).toBe('1.2.3');
    expect(out.get('content-length')).toBe('12');
  });
  it('drops content-encoding and its length because fetch already decoded the body', () => {
    const out = browserResponseHeaders(
      new Headers({ 'content-encoding': 'gzip', 'content-length': '40', 'transfer-encoding': 'chunked' }),
    );
    expect(out.has('content-encoding')).toBe(false);
    expect(out.has('content-length')).toBe(false);
    expect(out.has('transfer-encoding')).toBe(false);
  });
});

describe('isCrossSite', () => {
  const host = 'demo.localhost:3000';
  const h = (init: Record<string, string>) => new Headers(init);
  it("passes the app's own calls: Sec-Fetch-Site same-origin, or a same-host Origin without it", () => {
    expect(isCrossSite(h({ 'sec-fetch-site': 'same-origin' }), host)).toBe(false);
    expect(isCrossSite(h({ 'sec-fetch-site': 'same-origin', origin: 'http://demo.localhost:3000' }), host)).toBe(false);
    expect(isCrossSite(h({ origin: 'http://demo.localhost:3000' }), host)).toBe(false);
    expect(isCrossSite(h({ origin: 'https://DEMO.localhost:3000' }), host)).toBe(false);
  });
  it('passes a request with neither header (old clients, server-to-server)', () => {
    expect(isCrossSite(h({}), host)).toBe(false);
    expect(isCrossSite(h({ referer: 'http://evil.example/' }), host)).toBe(false);
  });
  it('refuses every other Sec-Fetch-Site, whatever Origin says', () => {
    for (const site of ['cross-site', 'same-site', 'none', 'garbage']) {
      expect(isCrossSite(h({ 'sec-fetch-site': site, origin: 'http://demo.localhost:3000' }), host)).toBe(true);
    }
  });
  it('refuses, without Sec-Fetch-Site, an Origin of another host, port or an opaque one', () => {
    expect(isCrossSite(h({ origin: 'http://evil.example' }), host)).toBe(true);
    expect(isCrossSite(h({ origin: 'http://other.localhost:3000' }), host)).toBe(true);
    expect(isCrossSite(h({ origin: 'http://demo.localhost:3001' }), host)).toBe(true);
    expect(isCrossSite(h({ origin: 'http://demo.localhost:3000.evil.example' }), host)).toBe(true);
    expect(isCrossSite(h({ origin: 'null' }), host)).toBe(true);
    expect(isCrossSite(h({ origin: 'garbage' }), host)).toBe(true);
    expect(isCrossSite(h({ origin: 'http://demo.localhost:3000' }), null)).toBe(true);
  });
});

describe('misc', () => {
  it('knows the unsafe methods', () => {
    expect(['GET', 'head', 'OPTIONS'].map(isUnsafeMethod)).toEqual([false, false, false]);
    expect(['POST', 'put', 'PATCH', 'DELETE'].map(isUnsafeMethod)).toEqual([true, true, true, true]);
  });
  it('takes the client IP from the last X-Forwarded-For hop', () => {
    expect(clientIp(new Headers({ 'x-forwarded-for': '10.0.0.1' }))).toBe('10.0.0.1');
    expect(clientIp(new Headers({ 'x-forwarded-for': '6.6.6.6, 10.0.0.2' }))).toBe('10.0.0.2');
    expect(clientIp(new Headers({ 'x-forwarded-for': '::ffff:127.0.0.1' }))).toBe('127.0.0.1');
    expect(clientIp(new Headers())).toBeNull();
    // X-Real-IP is not the web server's: a browser could have sent it.
    expect(clientIp(new Headers({ 'x-real-ip': '6.6.6.6' }))).toBeNull();
  });
  it('reads the protocol', () => {
    expect(requestProto(new Headers({ 'x-forwarded-proto': 'https' }))).toBe('https');
    expect(requestProto(new Headers(), 'https://x/')).toBe('https');
    expect(requestProto(new Headers())).toBe('http');
  });
});

describe('rewriteLocation', () => {
  const base = 'http://127.0.0.1:4000';
  it('makes a redirect to the API origin relative to the BFF', () => {
    expect(rewriteLocation('http://127.0.0.1:4000/?a=1', base)).toBe('/?a=1');
    expect(rewriteLocation('/channels', base)).toBe('/channels');
  });
  it('leaves foreign redirects and nothing alone', () => {
    expect(rewriteLocation('https://example.com/x', base)).toBe('https://example.com/x');
    expect(rewriteLocation(null, base)).toBeNull();
  });
});
