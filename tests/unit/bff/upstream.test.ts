/** @jest-environment node */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

const BFF_SECRET = 'b'.repeat(40);
let server: Server;
let base: string;
let calls: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let validToken = 'tok%3D1';
let sessionCounter = 0;

function handle(req: IncomingMessage, body: string, res: import('node:http').ServerResponse): void {
  calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
  const cookies = ['XSRF-TOKEN=' + validToken + '; Path=/', `api_session=s${++sessionCounter}; Path=/; HttpOnly`];
  if (req.url === '/api/hang') return; // never answers: the abort test cancels it
  if (req.url === '/sanctum/csrf-cookie') {
    res.writeHead(204, { 'set-cookie': cookies });
    res.end();
    return;
  }
  const badToken = req.headers['x-xsrf-token'] !== decodeURIComponent(validToken);
  if (req.method !== 'GET' && (badToken || req.url === '/api/always-419')) {
    res.writeHead(419, { 'content-type': 'application/json' });
    res.end('{"message":"A munkamenet lejárt, kérjük, frissítse az oldalt."}');
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/json',
    'set-cookie': [...cookies, 'gone=; Max-Age=0'],
    'x-app-version': '9',
  });
  res.end(JSON.stringify({ echo: body, url: req.url }));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString(), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.TENANT_API_URL = base;
  process.env.BFF_SECRET = BFF_SECRET;
  process.env.SESSION_SECRET = 's'.repeat(40);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  calls = [];
  validToken = 'tok%3D1';
});

async function load() {
  return import('@/lib/bff/upstream');
}

function ctxWith(jar: Record<string, string>, deviceId: string | null = null) {
  return {
    tenant: 'demo',
    jar,
    jarChanged: false,
    until: null as number | null,
    clientIp: '10.1.2.3',
    proto: 'http' as const,
    host: 'demo.localhost:3000',
    deviceId,
  };
}

describe('upstreamFetch', () => {
  it('sends the trust headers, the jar and Accept: application/json', async () => {
    const { upstreamFetch } = await load();
    const ctx = ctxWith({ api_session: 'x', 'XSRF-TOKEN': validToken });
    const res = await upstreamFetch(ctx, { method: 'GET', path: '/api/me?a=1' });
    expect(res.status).toBe(200);
    const h = calls[0]!.headers;
    expect(calls[0]!.url).toBe('/api/me?a=1');
    expect(h['x-tenant']).toBe('demo');
    expect(h['x-bff-secret']).toBe(BFF_SECRET);
    expect(h['x-forwarded-for']).toBe('10.1.2.3');
    expect(h['x-forwarded-proto']).toBe('http');
    expect(h.accept).toBe('application/json');
    expect(h.origin).toBe('http://demo.localhost:3000');
    expect(h.cookie).toBe(`api_session=x; XSRF-TOKEN=${validToken}`);
    expect(h['x-xsrf-token']).toBeUndefined();
  });

  it("sends the browser's id from its signed cookie as X-Device-Id, never one the browser named", async () => {
    const { upstreamFetch } = await load();
    const forged = { 'x-device-id': 'AAAAAAAAAAAAAAAAAAAAAA' };
    await upstreamFetch(ctxWith({}, 'BBBBBBBBBBBBBBBBBBBBBB'), { method: 'GET', path: '/api/me', headers: forged });
    await upstreamFetch(ctxWith({}), { method: 'GET', path: '/api/me', headers: forged });
    const seen = calls.filter((c) => c.url === '/api/me').map((c) => c.headers['x-device-id']);
    expect(seen).toEqual(['BBBBBBBBBBBBBBBBBBBBBB', undefined]);
  });

  it('keeps the jar current from the answer', async () => {
    const { upstreamFetch } = await load();
    const ctx = ctxWith({ gone: 'bye' });
    await upstreamFetch(ctx, { method: 'GET', path: '/api/me' });
    expect(ctx.jarChanged).toBe(true);
    expect(ctx.jar).toEqual({ 'XSRF-TOKEN': validToken, api_session: `s${sessionCounter}` });
  });

  it('fetches a CSRF cookie before an unsafe call with none in the jar', async () => {
    const { upstreamFetch } = await load();
    const ctx = ctxWith({});
    const res = await upstreamFetch(ctx, { method: 'POST', path: '/api/x', body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/x']);
    expect(calls[1]!.headers['x-xsrf-token']).toBe('tok=1');
  });

  it('refreshes the CSRF cookie on a 419 and retries a buffered body once', async () => {
    const { upstreamFetch } = await load();
    const ctx = ctxWith({ 'XSRF-TOKEN': 'stale' });
    const res = await upstreamFetch(ctx, {
      method: 'PUT',
      path: '/api/x',
      body: new TextEncoder().encode('payload'),
    });
    expect(res.status).toBe(200);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/x', 'GET /sanctum/csrf-cookie', 'PUT /api/x']);
    expect(calls[2]!.body).toBe('payload');
    expect(await res.json()).toMatchObject({ echo: 'payload' });
  });

  it('retries only once when the API keeps answering 419', async () => {
    const { upstreamFetch } = await load();
    const ctx = ctxWith({ 'XSRF-TOKEN': validToken });
    const res = await upstreamFetch(ctx, { method: 'POST', path: '/api/always-419', body: 'a' });
    expect(res.status).toBe(419);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/always-419',
      'GET /sanctum/csrf-cookie',
      'POST /api/always-419',
    ]);
  });

  it('streams a large body without a retry', async () => {
    const { upstreamFetch } = await load();
    const ctx = ctxWith({ 'XSRF-TOKEN': 'stale' });
    const res = await upstreamFetch(ctx, {
      method: 'POST',
      path: '/api/upload',
      body: Readable.from([Buffer.from('big')]),
    });
    expect(res.status).toBe(419);
    expect(calls.map((c) => c.url)).toEqual(['/api/upload']);
    expect(calls[0]!.body).toBe('big');
  });

  it('cancels the upstream call when the browser goes away', async () => {
    const { upstreamFetch } = await load();
    const abort = new AbortController();
    const pending = upstreamFetch(ctxWith({}), { method: 'GET', path: '/api/hang', signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does not follow redirects', async () => {
    const { upstreamFetch } = await load();
    const redirecting = createServer((_req, res) => {
      res.writeHead(302, { location: '/elsewhere', 'set-cookie': 'k=v; Path=/' });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const saved = process.env.TENANT_API_URL;
    const { env } = await import('@/lib/env');
    const e = env();
    const old = e.tenantApiUrl;
    e.tenantApiUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    try {
      const ctx = ctxWith({});
      const res = await upstreamFetch(ctx, { method: 'GET', path: '/login' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/elsewhere');
      expect(ctx.jar).toEqual({ k: 'v' });
    } finally {
      e.tenantApiUrl = old;
      process.env.TENANT_API_URL = saved;
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});
