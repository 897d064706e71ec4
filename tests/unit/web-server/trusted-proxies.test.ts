/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardedClient, normalizeIp, parseTrustedProxies } from '@/contracts/trusted-proxies';
import { applyForwarded, forwardedHeaders } from '@/lib/web-server/forwarded';

describe('parseTrustedProxies', () => {
  it('is empty by default and trusts nobody', () => {
    for (const value of [undefined, '', '  ']) {
      const t = parseTrustedProxies(value);
      expect(t.entries).toEqual([]);
      expect(t.contains('127.0.0.1')).toBe(false);
      expect(t.contains('::1')).toBe(false);
    }
  });

  it('matches IPv4 and IPv6 addresses and CIDR ranges, comma or space separated', () => {
    const t = parseTrustedProxies('127.0.0.1, 10.0.0.0/8 ::1,fd00::/8');
    expect(t.entries).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(t.contains('127.0.0.1')).toBe(true);
    expect(t.contains('::ffff:127.0.0.1')).toBe(true);
    expect(t.contains('127.0.0.2')).toBe(false);
    expect(t.contains('10.200.3.4')).toBe(true);
    expect(t.contains('11.0.0.1')).toBe(false);
    expect(t.contains('::1')).toBe(true);
    expect(t.contains('fd12:3456::9')).toBe(true);
    expect(t.contains('fe80::1')).toBe(false);
    expect(t.contains('not an ip')).toBe(false);
    expect(t.contains(undefined)).toBe(false);
  });

  it('handles /0, /32 and /128', () => {
    expect(parseTrustedProxies('0.0.0.0/0').contains('203.0.113.9')).toBe(true);
    expect(parseTrustedProxies('0.0.0.0/0').contains('2001:db8::1')).toBe(false);
    expect(parseTrustedProxies('192.0.2.7/32').contains('192.0.2.7')).toBe(true);
    expect(parseTrustedProxies('192.0.2.7/32').contains('192.0.2.8')).toBe(false);
    expect(parseTrustedProxies('2001:db8::1/128').contains('2001:db8::1')).toBe(true);
  });

  it('refuses entries that are not an address or a range, naming them', () => {
    expect(() => parseTrustedProxies('127.0.0.1, localhost')).toThrow(/not an IP address or CIDR range: localhost/);
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustedProxies('::1/129')).toThrow(/::1\/129/);
    expect(() => parseTrustedProxies('10.0.0.0/8/1')).toThrow(/10\.0\.0\.0\/8\/1/);
    expect(() => parseTrustedProxies('10.0.0/8')).toThrow(/10\.0\.0\/8/);
    expect(() => parseTrustedProxies('10.0.0.0/x')).toThrow(/10\.0\.0\.0\/x/);
  });

  it('normalizes IPv4-mapped and bracketed addresses', () => {
    expect(normalizeIp('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeIp('[::1]')).toBe('::1');
    expect(normalizeIp('nope')).toBeNull();
  });
});

describe('forwardedClient (the web server and the API alike)', () => {
  const t = parseTrustedProxies('10.0.0.0/8');

  it('is the peer unless the peer is trusted', () => {
    expect(forwardedClient('198.51.100.4', '6.6.6.6', t)).toBe('198.51.100.4');
    expect(forwardedClient('10.0.0.2', '6.6.6.6', undefined)).toBe('10.0.0.2');
    expect(forwardedClient('10.0.0.2', undefined, t)).toBe('10.0.0.2');
  });

  it('walks the chain from the right to the first untrusted address, skipping empty entries', () => {
    expect(forwardedClient('10.0.0.2', '6.6.6.6, 203.0.113.5, 10.0.0.3', t)).toBe('203.0.113.5');
    expect(forwardedClient('10.0.0.2', ['6.6.6.6', '203.0.113.5 , '], t)).toBe('203.0.113.5');
    expect(forwardedClient('10.0.0.2', '6.6.6.6, garbage, 10.0.0.3', t)).toBe('10.0.0.3');
    expect(forwardedClient('10.0.0.2', '::ffff:203.0.113.7', t)).toBe('203.0.113.7');
  });
});

describe('forwardedHeaders', () => {
  const spoofed = {
    host: 'demo.example.com',
    'x-forwarded-for': '6.6.6.6',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'evil.example',
  };

  it('takes everything from the socket when the peer is not trusted (the default)', () => {
    expect(forwardedHeaders(spoofed, { remoteAddress: '::ffff:198.51.100.4' }, parseTrustedProxies(''))).toEqual({
      for: '198.51.100.4',
      proto: 'http',
      host: 'demo.example.com',
    });
    expect(forwardedHeaders(spoofed, { remoteAddress: '198.51.100.4', encrypted: true }, undefined).proto).toBe(
      'https',
    );
    const t = parseTrustedProxies('10.0.0.0/8');
    expect(forwardedHeaders(spoofed, { remoteAddress: '198.51.100.4' }, t).for).toBe('198.51.100.4');
  });

  it('believes a trusted proxy: the nearest untrusted hop of its chain, its proto and host', () => {
    const t = parseTrustedProxies('10.0.0.0/8');
    const headers = { ...spoofed, 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.0.0.3' };
    expect(forwardedHeaders(headers, { remoteAddress: '10.0.0.2' }, t)).toEqual({
      for: '203.0.113.5',
      proto: 'https',
      host: 'evil.example',
    });
  });

  it('falls back to the socket when a trusted proxy sends nothing or garbage', () => {
    const t = parseTrustedProxies('127.0.0.1');
    expect(forwardedHeaders({ host: 'h' }, { remoteAddress: '127.0.0.1' }, t)).toEqual({
      for: '127.0.0.1',
      proto: 'http',
      host: 'h',
    });
    expect(
      forwardedHeaders(
        { host: 'h', 'x-forwarded-for': 'garbage', 'x-forwarded-proto': 'gopher' },
        { remoteAddress: '127.0.0.1' },
        t,
      ),
    ).toEqual({ for: '127.0.0.1', proto: 'http', host: 'h' });
    // A chain of trusted hops only: the farthest one is the best guess.
    expect(forwardedHeaders({ host: 'h', 'x-forwarded-for': '127.0.0.1' }, { remoteAddress: '127.0.0.1' }, t).for).toBe(
      '127.0.0.1',
    );
  });
});

describe('applyForwarded on a real socket', () => {
  async function roundTrip(trustedValue: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
    const trusted = parseTrustedProxies(trustedValue);
    const server = http.createServer((req, res) => {
      applyForwarded(req, trusted);
      const raw: Record<string, string[]> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!.toLowerCase();
        (raw[name] ??= []).push(req.rawHeaders[i + 1]!);
      }
      res.end(JSON.stringify({ headers: req.headers, raw }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, headers }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c));
            res.on('end', () => resolve(JSON.parse(body)));
          })
          .on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  it('overwrites what the client sent, in the parsed and the raw headers', async () => {
    const out = (await roundTrip('', {
      'X-Forwarded-For': '6.6.6.6',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Port': '443',
      'X-Real-IP': '6.6.6.6',
      Forwarded: 'for=6.6.6.6',
    })) as { headers: Record<string, string>; raw: Record<string, string[]> };
    expect(out.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(out.headers['x-forwarded-proto']).toBe('http');
    expect(out.headers['x-forwarded-host']).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(out.headers['x-forwarded-port']).toBeUndefined();
    expect(out.headers['x-real-ip']).toBeUndefined();
    expect(out.headers.forwarded).toBeUndefined();
    expect(out.raw['x-forwarded-for']).toEqual(['127.0.0.1']);
    expect(out.raw['x-real-ip']).toBeUndefined();
  });

  it("keeps a trusted proxy's values", async () => {
    const out = (await roundTrip('127.0.0.0/8', {
      'X-Forwarded-For': '203.0.113.5',
      'X-Forwarded-Proto': 'https',
    })) as {
      headers: Record<string, string>;
    };
    expect(out.headers['x-forwarded-for']).toBe('203.0.113.5');
    expect(out.headers['x-forwarded-proto']).toBe('https');
  });
});
