/** @jest-environment node */
import { parseWebEnv } from '@/lib/env';
import { contentSecurityPolicy, mayBeFramed, originSource } from '@/lib/security/csp';
import { webRealtimeEnv } from '@/scripts/launch/web-env.mjs';

const origins = { apiPublicUrl: 'http://127.0.0.1:4000', realtime: null, extraOrigins: [] };

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split('; ')
      .map((d) => d.split(' '))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts only by the nonce, and names the API for media and the socket', () => {
    const csp = directives(contentSecurityPolicy({ nonce: 'abc123', pathname: '/channels', origins }));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'blob:', 'data:', 'http://127.0.0.1:4000']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'http://127.0.0.1:4000']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4000', 'ws://127.0.0.1:4000']);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('report-uri')).toBe(false);
  });

  it('lets any page frame a public screen, and only a screen', () => {
    expect(
      directives(contentSecurityPolicy({ nonce: 'n', pathname: '/screen/abcdefgh', origins })).get('frame-ancestors'),
    ).toEqual(['*']);
    expect(mayBeFramed('/screen')).toBe(false);
    expect(mayBeFramed('/screens')).toBe(false);
    expect(mayBeFramed('/mixer/screens')).toBe(false);
  });

  it('adds a Laravel deployment: hosted Pusher, extra origins, a TLS API per shop, reports', () => {
    const csp = directives(
      contentSecurityPolicy({
        nonce: 'n',
        pathname: '/login',
        origins: {
          apiPublicUrl: 'https://{tenant}.api.example.com',
          realtime: { key: 'k', wsHost: 'ws-eu.pusher.com', wsPort: 443, wssPort: 443, forceTLS: true, cluster: 'eu' },
          extraOrigins: ['https://cdn.example.com'],
          reportUri: 'https://report.example.com/csp',
        },
      }),
    );
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://*.api.example.com',
      'wss://*.api.example.com',
      'wss://ws-eu.pusher.com:443',
      'https://cdn.example.com',
    ]);
    expect(csp.get('media-src')).toContain('https://cdn.example.com');
    expect(csp.get('report-uri')).toEqual(['https://report.example.com/csp']);
  });

  it("adds 'unsafe-eval' only for the dev server", () => {
    expect(contentSecurityPolicy({ nonce: 'n', pathname: '/', origins })).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy({ nonce: 'n', pathname: '/', origins, dev: true })).toContain("'unsafe-eval'");
  });
});

describe('originSource', () => {
  it.each([
    ['http://127.0.0.1:4000/', 'http://127.0.0.1:4000'],
    ['https://api.example.com/base', 'https://api.example.com'],
    ['https://{tenant}.api.example.com', 'https://*.api.example.com'],
    ['https://api-{tenant}.example.com:8443', 'https://*.example.com:8443'],
    ['http://api.internal/{tenant}/', 'http://api.internal'],
  ])('%s → %s', (url, source) => {
    expect(originSource(url)).toBe(source);
  });
});

describe('the policy of a web app started beside the bundled API (npm start, test stacks, cluster)', () => {
  // What the launchers hand both processes: every secret, the built-in realtime server's key among them.
  const launched = {
    BFF_SECRET: 'b'.repeat(40),
    SESSION_SECRET: 's'.repeat(40),
    PUSHER_KEY: 'a1b2c3d4e5f6a7b8c9d0',
    TENANT_API_URL: 'http://127.0.0.1:4000',
  };

  function connectSrc(env: Record<string, string>): string[] {
    const w = parseWebEnv(webRealtimeEnv(env, 4000));
    const origins = { apiPublicUrl: w.apiPublicUrl, realtime: w.realtime, extraOrigins: w.cspExtraOrigins };
    return directives(contentSecurityPolicy({ nonce: 'n', pathname: '/', origins })).get('connect-src')!;
  }

  it('names only the built-in realtime server, never hosted Pusher', () => {
    expect(connectSrc(launched)).toEqual(["'self'", 'http://127.0.0.1:4000', 'ws://127.0.0.1:4000']);
    expect(connectSrc({ ...launched, BROADCAST_DRIVER: 'builtin' })).toEqual([
      "'self'",
      'http://127.0.0.1:4000',
      'ws://127.0.0.1:4000',
    ]);
  });

  it('names the built-in server where browsers reach it (PUSHER_PUBLIC_HOST)', () => {
    expect(
      connectSrc({
        ...launched,
        PUSHER_PUBLIC_HOST: 'rt.example.com',
        PUSHER_PUBLIC_PORT: '443',
        PUSHER_PUBLIC_TLS: 'on',
      }),
    ).toEqual(["'self'", 'http://127.0.0.1:4000', 'ws://127.0.0.1:4000', 'wss://rt.example.com:443']);
  });

  it('names hosted Pusher when the API broadcasts through it, or the service PUSHER_HOST names', () => {
    expect(connectSrc({ ...launched, BROADCAST_DRIVER: 'pusher', PUSHER_CLUSTER: 'mt1' })).toContain(
      'wss://ws-mt1.pusher.com:443',
    );
    const selfHosted = connectSrc({
      ...launched,
      BROADCAST_DRIVER: 'pusher',
      PUSHER_HOST: 'soketi.internal',
      PUSHER_PORT: '6001',
    });
    expect(selfHosted).toContain('ws://soketi.internal:6001');
    expect(selfHosted.join(' ')).not.toContain('pusher.com');
  });
});
