/** @jest-environment node */
import {
  browserResponseHeaders,
  clientIp,
  forwardableRequestHeaders,
  isCrossSite,
  isUnsafeMethod,
  requestProto,
  rewriteLocation,
  rawHeader,
} from '@/lib/bff/headers';

/** Node's flat raw header list, as an answer's `rawHeaders` holds it. */
const raw = (...pairs: [string, string][]) => pairs.flat();

describe('forwardableRequestHeaders', () => {
  it('drops what undici refuses, the browser cookie and spoofable trust headers', () => {
    const out = forwardableRequestHeaders({
      host: 'demo.localhost:3000',
      'content-length': '10',
      expect: '100-continue',
      cookie: 'pulzus=sealed',
      'x-tenant': 'other',
      'x-bff-secret': 'guess',
      'x-device-id': 'AAAAAAAAAAAAAAAAAAAAAA',
      'x-forwarded-for': '1.2.3.4',
      'sec-fetch-site': 'same-origin',
      'accept-encoding': 'gzip, br',
      'x-socket-id': '123.456',
      'content-type': 'application/json',
      origin: 'http://demo.localhost:3000',
    });
    expect(out).toEqual({
      'x-socket-id': '123.456',
      'content-type': 'application/json',
      origin: 'http://demo.localhost:3000',
    });
  });
  it('removes the hop-by-hop set and headers named in Connection', () => {
    const out = forwardableRequestHeaders({
      connection: 'keep-alive, x-private',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      te: 'trailers',
      upgrade: 'h2c',
      'proxy-authorization': 'x',
      'x-private': '1',
      'content-type': 'application/json',
      accept: undefined,
    });
    expect(out).toEqual({ 'content-type': 'application/json' });
  });
});

describe('browserResponseHeaders', () => {
  it('never passes the API cookies to the browser, and keeps the rest as sent', () => {
    const out = browserResponseHeaders(
      raw(
        ['Set-Cookie', 'pulzus_session=a; HttpOnly'],
        ['X-App-Version', '1.2.3'],
        ['set-cookie', 'XSRF-TOKEN=b'],
        ['Content-Type', 'application/json'],
        ['Content-Length', '12'],
        ['Vary', 'Origin'],
        ['Vary', 'Accept'],
      ),
    );
    expect(out).toEqual(
      raw(
        ['X-App-Version', '1.2.3'],
        ['Content-Type', 'application/json'],
        ['Content-Length', '12'],
        ['Vary', 'Origin'],
        ['Vary', 'Accept'],
      ),
    );
  });
  it('drops content-encoding and its length because the transport already decoded the body', () => {
    const out = browserResponseHeaders(
      raw(['Content-Encoding', 'gzip'], ['Content-Length', '40'], ['Transfer-Encoding', 'chunked'], ['ETag', '"1"']),
    );
    expect(out).toEqual(raw(['ETag', '"1"']));
  });
  it('removes the hop-by-hop set and headers named in Connection', () => {
    const out = browserResponseHeaders(
      raw(
        ['Connection', 'keep-alive, X-Private'],
        ['Keep-Alive', 'timeout=5'],
        ['X-Private', '1'],
        ['Upgrade', 'h2c'],
        ['Content-Type', 'text/plain'],
      ),
    );
    expect(out).toEqual(raw(['Content-Type', 'text/plain']));
  });
  it('finds a header in a raw list whatever its spelling', () => {
    expect(rawHeader(raw(['Location', '/x']), 'location')).toBe('/x');
    expect(rawHeader(raw(['Location', '/x']), 'vary')).toBeNull();
  });
});

describe('isCrossSite', () => {
  const host = 'demo.localhost:3000';
  const h = (init: Record<string, string>) => new Headers(init);
  it("passes the app's own calls: Sec-Fetch-Site same-origin, or a same-host Origin without it", () => {
    expect(isCrossSite(h({ 'sec-fetch-site': 'same-origin' }), host)).toBe(false);
    // Node's own request headers (the web server's BFF path) read the same.
    expect(isCrossSite({ 'sec-fetch-site': 'same-origin' }, host)).toBe(false);
    expect(isCrossSite({ origin: 'http://demo.localhost:3000' }, host)).toBe(false);
    expect(isCrossSite({ origin: 'http://evil.example' }, host)).toBe(true);
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
    expect(clientIp({ 'x-forwarded-for': '6.6.6.6, 10.0.0.3' })).toBe('10.0.0.3');
    // X-Real-IP is not the web server's: a browser could have sent it.
    expect(clientIp(new Headers({ 'x-real-ip': '6.6.6.6' }))).toBeNull();
  });
  it('reads the protocol', () => {
    expect(requestProto(new Headers({ 'x-forwarded-proto': 'https' }))).toBe('https');
    expect(requestProto(new Headers(), 'https://x/')).toBe('https');
    expect(requestProto(new Headers())).toBe('http');
    expect(requestProto({ 'x-forwarded-proto': 'https' })).toBe('https');
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
