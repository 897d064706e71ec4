/** @jest-environment node */
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseTrustedProxies } from '@/contracts/trusted-proxies';
import { createWebServer } from '@/lib/web-server/handler';
import { cachedProbe } from '@/lib/web-server/health';

/** The web server's /health/live and /health/ready, its request handling started in-process. */
const SECRET = 'h'.repeat(40);
let web: Server;
let port: number;
let apiReady: () => Promise<boolean> = async () => true;

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  web = createWebServer({
    trusted: parseTrustedProxies(undefined),
    health: {
      apiReady: () => apiReady(),
      secret: () => SECRET,
    },
    next: () => Promise.reject(new Error('not for Next')),
    proxiedPath: () => null,
    proxyCall: () => Promise.reject(new Error('not for the BFF')),
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  port = (web.address() as AddressInfo).port;
});

afterAll(async () => {
  web.closeAllConnections();
  await new Promise((resolve) => web.close(resolve));
});

describe('health', () => {
  it('tells anyone only its status, from the loopback too', async () => {
    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get('/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });
    const wrong = { 'x-bff-secret': 'x'.repeat(40) };
    expect(await get('/health/live', wrong)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get('/health/ready', { 'x-bff-secret': 'short' })).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('gives the details (process id, the API probe) with the BFF secret', async () => {
    const secret = { 'x-bff-secret': SECRET };
    expect(await get('/health/live', secret)).toEqual({ status: 200, body: { status: 'ok', pid: process.pid } });
    expect(await get('/health/ready', secret)).toEqual({
      status: 200,
      body: { status: 'ready', api: 'ok', pid: process.pid },
    });
  });

  it('is not ready while its API does not answer: 503', async () => {
    apiReady = async () => false;
    try {
      expect(await get('/health/ready')).toEqual({ status: 503, body: { status: 'unavailable' } });
      expect(await get('/health/ready', { 'x-bff-secret': SECRET })).toEqual({
        status: 503,
        body: { status: 'unavailable', api: 'unavailable', pid: process.pid },
      });
    } finally {
      apiReady = async () => true;
    }
  });
});

describe('cachedProbe', () => {
  it('looks at the API once in 2 s, and once for probes that arrive together', async () => {
    let now = 0;
    let count = 0;
    let up = true;
    const probe = cachedProbe(
      async () => {
        count++;
        return up;
      },
      2_000,
      () => now,
    );
    expect(await Promise.all([probe(), probe(), probe()])).toEqual([true, true, true]);
    expect(count).toBe(1);
    up = false;
    now = 1_999;
    expect(await probe()).toBe(true);
    expect(count).toBe(1);
    now = 2_000;
    expect(await probe()).toBe(false);
    expect(count).toBe(2);
  });

  it('counts a look that fails as down, and looks again next time', async () => {
    let calls = 0;
    const probe = cachedProbe(() => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(true)));
    expect(await probe()).toBe(false);
    expect(await probe()).toBe(true);
  });
});
