/** @jest-environment node */
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The web server's request handling (lib/web-server/handler.ts, as web-server.ts runs it) in one
 * process with the BFF's proxy: calls it answers before reading their bodies, many of them on one
 * kept-alive connection.
 */
const MB = 1024 * 1024;
let web: Server;
let webPort: number;
const webSockets: Socket[] = [];

/** A 2 MB POST from another site, its whole body sent (as a browser does) on `agent`'s one connection. */
function crossSitePost(agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: webPort,
        method: 'POST',
        path: '/api/playlists',
        agent,
        headers: {
          host: `demo.localhost:${webPort}`,
          'content-type': 'application/json',
          'sec-fetch-site': 'cross-site',
          'content-length': String(2 * MB),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(Buffer.alloc(2 * MB, 'x'));
  });
}

beforeAll(async () => {
  process.env.TENANT_API_URL = 'http://127.0.0.1:9';
  process.env.BFF_SECRET = 'b'.repeat(40);
  process.env.SESSION_SECRET = 's'.repeat(40);
  const { proxiedPath, proxyCall } = await import('@/lib/bff/proxy');
  const { createWebServer } = await import('@/lib/web-server/handler');
  const { parseTrustedProxies } = await import('@/contracts/trusted-proxies');
  web = createWebServer({
    trusted: parseTrustedProxies(undefined),
    health: { apiReady: async () => true, secret: () => 'b'.repeat(40) },
    next: () => Promise.reject(new Error('not for Next')),
    proxiedPath,
    proxyCall,
  });
  web.on('connection', (s: Socket) => webSockets.push(s));
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webPort = (web.address() as AddressInfo).port;
});

afterAll(async () => {
  web.closeAllConnections();
  await new Promise((resolve) => web.close(resolve));
});

describe('a kept-alive connection', () => {
  it('carries 15 cross-site 2 MB posts without piling up close listeners', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const before = webSockets.length;
    const counts: number[] = [];
    try {
      for (let i = 0; i < 15; i++) {
        expect(await crossSitePost(agent)).toBe(403);
        // The rest of the body is read and dropped; then the connection is free for the next.
        await new Promise((r) => setTimeout(r, 20));
        counts.push(webSockets.at(-1)!.listenerCount('close'));
      }
    } finally {
      agent.destroy();
      process.off('warning', onWarning);
    }
    expect(webSockets.length - before).toBe(1);
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    // As many as after the first call: none added per request.
    expect(new Set(counts)).toEqual(new Set([counts[0]]));
  }, 60_000);
});
