/** @jest-environment node */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';

/**
 * The web server's BFF path end to end in one process: a browser-side client → a node:http server
 * that hands /api/** to `proxyCall` as web-server.ts does → a stand-in tenant API.
 */
const PASSWORD = 's'.repeat(40);
let api: Server;
let web: Server;
let webPort: number;
let apiPort: number;
let calls: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
/** Every request the API saw begin, body read or not. */
let arrived: string[] = [];
let route: (req: IncomingMessage, body: string, res: ServerResponse) => void;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function call(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: webPort, method, path, headers: { host: `demo.localhost:${webPort}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function load() {
  const proxy = await import('@/lib/bff/proxy');
  const sealed = await import('@/lib/bff/sealed');
  return { ...proxy, ...sealed };
}

/** The sealed cookie a browser would hold for `data`. */
async function cookieFor(data: Record<string, unknown>): Promise<string> {
  const { seal, sessionOptions } = await load();
  return `pulzus=${await seal(data, sessionOptions({ remember: false, secure: false, password: PASSWORD }))}`;
}

async function unsealedFrom(answer: Answer): Promise<Record<string, unknown> | null> {
  const line = (answer.headers['set-cookie'] ?? []).find((l) => l.startsWith('pulzus='));
  if (!line) return null;
  const { readSealedCookie } = await load();
  return readSealedCookie(line.slice('pulzus='.length).split(';')[0], PASSWORD);
}

beforeAll(async () => {
  api = createServer((req, res) => {
    arrived.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/sanctum/csrf-cookie') {
        res.writeHead(204, { 'set-cookie': ['XSRF-TOKEN=tok%3D1; Path=/', 'api_session=s1; Path=/; HttpOnly'] });
        res.end();
        return;
      }
      route(req, body, res);
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
  process.env.TENANT_API_URL = `http://127.0.0.1:${apiPort}`;
  process.env.BFF_SECRET = 'b'.repeat(40);
  process.env.SESSION_SECRET = PASSWORD;
  const { proxiedPath, proxyCall } = await load();
  web = createServer((req, res) => {
    const path = proxiedPath(req.url ?? '/');
    if (path === null) {
      res.writeHead(404, { 'x-handled-by': 'next' });
      res.end();
      return;
    }
    void proxyCall(req, res, path);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webPort = (web.address() as AddressInfo).port;
});

afterAll(async () => {
  web.closeAllConnections();
  api.closeAllConnections();
  await new Promise((resolve) => web.close(resolve));
  await new Promise((resolve) => api.close(resolve));
});

beforeEach(() => {
  calls = [];
  arrived = [];
  route = (_req, _body, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  };
});

describe('proxiedPath', () => {
  it('takes /api/** and /broadcasting/auth, and leaves the rest to Next', async () => {
    const { proxiedPath } = await load();
    expect(proxiedPath('/api/me?a=1')).toBe('/api/me?a=1');
    expect(proxiedPath('/broadcasting/auth')).toBe('/broadcasting/auth');
    expect(proxiedPath('/api')).toBeNull();
    expect(proxiedPath('/channels')).toBeNull();
    expect(proxiedPath('/broadcasting/auth/x')).toBeNull();
  });
  it('resolves dot segments first, so the API sees only its /api/** paths', async () => {
    const { proxiedPath } = await load();
    expect(proxiedPath('/api/../login')).toBeNull();
    expect(proxiedPath('/api/%2e%2e/login')).toBeNull();
    expect(proxiedPath('/api/x/../me?q=1')).toBe('/api/me?q=1');
  });
});

describe('proxyCall', () => {
  it('refuses a cross-site call before anything reaches the API', async () => {
    const res = await call('GET', '/api/player/toggle-play', { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ message: 'A kérés más oldalról érkezett, ezért elutasítottuk.' });
    expect(calls).toEqual([]);
  });

  it('answers 404 for a host that names no valid tenant', async () => {
    const res = await call('GET', '/api/me', { host: `bad_slug.localhost:${webPort}` });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: 'Ismeretlen ügyfél.' });
    expect(calls).toEqual([]);
  });

  it('sends the jar and the trust headers, keeps the API cookies and reseals when they moved', async () => {
    route = (_req, _body, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'api_session=s2; Path=/; HttpOnly',
        'x-app-version': '7',
      });
      res.end('{"email":"demo@pulzus.hu"}');
    };
    const cookie = await cookieFor({ tenant: 'demo', auth: true, jar: { api_session: 's1', 'XSRF-TOKEN': 'tok%3D1' } });
    const res = await call('GET', '/api/me', {
      cookie,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': '10.9.8.7',
      'x-forwarded-proto': 'http',
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe('{"email":"demo@pulzus.hu"}');
    expect(res.headers['x-app-version']).toBe('7');
    const seen = calls[0]!.headers;
    expect(seen.cookie).toBe('api_session=s1; XSRF-TOKEN=tok%3D1');
    expect(seen['x-tenant']).toBe('demo');
    expect(seen['x-forwarded-for']).toBe('10.9.8.7');
    expect(seen['sec-fetch-site']).toBeUndefined();
    expect(res.headers['set-cookie']).toHaveLength(1);
    expect(res.headers['set-cookie']![0]).toMatch(/; Path=\/; HttpOnly; SameSite=lax$/);
    expect(await unsealedFrom(res)).toEqual({
      tenant: 'demo',
      auth: true,
      jar: { api_session: 's2', 'XSRF-TOKEN': 'tok%3D1' },
    });
  });

  it('sets no cookie when the call changed nothing', async () => {
    const cookie = await cookieFor({ tenant: 'demo', auth: true, jar: { api_session: 's1' } });
    const res = await call('GET', '/api/me', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('fetches the XSRF token before the first unsafe call and retries a buffered body once after a 419', async () => {
    let first = true;
    route = (req, body, res) => {
      if (first) {
        first = false;
        res.writeHead(419, { 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ token: req.headers['x-xsrf-token'], body }));
    };
    const res = await call('POST', '/api/playlists', { 'content-type': 'application/json' }, '{"name":"Reggel"}');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/playlists',
      'GET /sanctum/csrf-cookie',
      'POST /api/playlists',
    ]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ token: 'tok=1', body: '{"name":"Reggel"}' });
    expect(await unsealedFrom(res)).toMatchObject({
      tenant: 'demo',
      jar: { 'XSRF-TOKEN': 'tok%3D1', api_session: 's1' },
    });
  });

  it('drops the login on a 401', async () => {
    route = (_req, _body, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"message":"Unauthenticated."}');
    };
    const cookie = await cookieFor({ tenant: 'demo', auth: true, jar: { api_session: 's1' } });
    const res = await call('GET', '/api/me', { cookie });
    expect(res.status).toBe(401);
    expect(await unsealedFrom(res)).toEqual({ tenant: 'demo', jar: { api_session: 's1' } });
  });

  it('makes a redirect to the API relative, and gives HEAD and 204 no body', async () => {
    route = (req, _body, res) => {
      if (req.url === '/api/go') res.writeHead(302, { location: `http://127.0.0.1:${apiPort}/login?x=1` });
      else if (req.url === '/api/none') res.writeHead(204);
      else res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5' });
      res.end(req.method === 'HEAD' || req.url === '/api/none' ? undefined : 'hello');
    };
    expect((await call('GET', '/api/go')).headers.location).toBe('/login?x=1');
    const none = await call('GET', '/api/none');
    expect([none.status, none.body]).toEqual([204, '']);
    const head = await call('HEAD', '/api/text');
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', '5']);
  });

  describe('an upload from a browser with no login here', () => {
    const BOUNDARY = 'pulzus-upload';
    const firstPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="nagy.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n${'x'.repeat(4096)}`;

    /**
     * A chunked upload whose body is still coming: the first piece goes, the rest never does. The
     * answer, when one comes, is one given without the body; `ended` tells the connection closed.
     */
    function openUpload(cookie?: string): Promise<{ head: string; body: string; ended: boolean }> {
      return new Promise((resolve, reject) => {
        const socket = connect(webPort, '127.0.0.1');
        const lines = [
          'POST /api/spots HTTP/1.1',
          `Host: demo.localhost:${webPort}`,
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
          'Transfer-Encoding: chunked',
          ...(cookie ? [`Cookie: ${cookie}`] : []),
        ];
        socket.write(`${lines.join('\r\n')}\r\n\r\n${Buffer.byteLength(firstPart).toString(16)}\r\n${firstPart}\r\n`);
        let raw = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => (raw += d));
        socket.on('error', reject);
        // Only a closed connection ends this: an answer that leaves it open fails the test by its timeout.
        socket.on('close', () => {
          const [head = '', body = ''] = raw.split('\r\n\r\n');
          resolve({ head, body, ended: true });
        });
      });
    }

    it('is refused with 401 at once, the connection closed, and nothing reaches the API', async () => {
      const answers = [
        await openUpload(),
        await openUpload(await cookieFor({ tenant: 'demo', jar: { api_session: 'guest', 'XSRF-TOKEN': 'tok' } })),
        await openUpload(await cookieFor({ tenant: 'other', auth: true, jar: { api_session: 'elsewhere' } })),
        await openUpload('pulzus=not-a-seal-of-ours'),
      ];
      for (const answer of answers) {
        expect(answer.head).toMatch(/^HTTP\/1\.1 401 /);
        expect(answer.head).toMatch(/\r\nconnection: close\r\n/i);
        expect(JSON.parse(answer.body)).toEqual({ message: 'Nincs bejelentkezve.' });
      }
      expect(arrived).toEqual([]);
    }, 30_000);

    it('while a logged-in upload goes on to the API', async () => {
      route = (_req, _body, res) => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{"id":1}');
      };
      const cookie = await cookieFor({ tenant: 'demo', auth: true, jar: { api_session: 's1', 'XSRF-TOKEN': 'tok' } });
      const body = `${firstPart}\r\n--${BOUNDARY}--\r\n`;
      const res = await call(
        'POST',
        '/api/spots',
        { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      );
      expect(res.status).toBe(201);
      expect(arrived).toEqual(['POST /api/spots']);
      expect(calls[0]!.body).toBe(body);
    });
  });

  it('answers 405 to anything but POST on /broadcasting/auth', async () => {
    const res = await call('GET', '/broadcasting/auth');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(JSON.parse(res.body)).toEqual({ message: 'A kérés módja nem megengedett.' });
    expect(calls).toEqual([]);
  });

  it('answers 502 with the message when the API is down', async () => {
    const { env } = await import('@/lib/env');
    const e = env();
    const saved = e.tenantApiUrl;
    e.tenantApiUrl = 'http://127.0.0.1:1';
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await call('GET', '/api/me');
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toEqual({
        message: 'A szolgáltatás jelenleg nem érhető el, kérjük, próbálja újra később.',
      });
    } finally {
      e.tenantApiUrl = saved;
      spy.mockRestore();
    }
  });
});
