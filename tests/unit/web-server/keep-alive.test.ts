/** @jest-environment node */
import { Agent, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

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

describe('a connection the answer closes', () => {
  it('reads the rest of the body first, so a client that sends it all before reading gets the answer at once', async () => {
    // An upload from a browser with no login here: 401 and Connection: close while the body is coming.
    const size = 8 * MB;
    const started = Date.now();
    // Half-open allowed: the server's FIN after its answer does not stop the client sending, as in a browser.
    const socket = connect({ port: webPort, host: '127.0.0.1', allowHalfOpen: true });
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (raw += d));
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      [
        'POST /api/spots HTTP/1.1',
        `Host: demo.localhost:${webPort}`,
        'Content-Type: multipart/form-data; boundary=x',
        `Content-Length: ${size}`,
        '',
        '',
      ].join('\r\n'),
    );
    // As Chromium does: the whole body goes before the answer is read (reading here only collects it).
    const piece = Buffer.alloc(64 * 1024, 'x');
    for (let sent = 0; sent < size && !socket.destroyed; sent += piece.length) {
      if (!socket.write(piece)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
    }
    const sentMs = Date.now() - started;
    socket.end();
    await closed;
    expect(raw).toMatch(/^HTTP\/1\.1 401 [^]*\r\nconnection: close\r\n/i);
    // Read and dropped as it came, not held until the server gives up after 30 s.
    expect(sentMs).toBeLessThan(10_000);
  }, 60_000);
});
