/** @jest-environment node */
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type AddressInfo } from 'node:net';

/**
 * The web server's request handling (lib/web-server/handler.ts, as web-server.ts runs it) in one
 * process, with the BFF's proxy, a stand-in for Next and a stand-in tenant API that refuses an
 * oversized body as Fastify does: 413 with `Connection: close` as soon as the limit passes, the
 * connection then closed with the rest of the body unread.
 */
const PASSWORD = 's'.repeat(40);
const BFF_SECRET = 'b'.repeat(40);
const MB = 1024 * 1024;
const TOO_LARGE = { message: 'A kérés túl nagy.' };

/**
 * The stand-in API, in a process of its own as the real one is (in one process the refusal and the
 * proxy's writes take turns and never race). It prints its port, then each request it sees begin.
 */
const STAND_IN_API = `
const http = require('node:http');
const MB = 1024 * 1024;
const server = http.createServer((req, res) => {
  process.stdout.write('arrived ' + req.method + ' ' + req.url + '\\n');
  if (req.url === '/sanctum/csrf-cookie') {
    res.writeHead(204, { 'set-cookie': ['XSRF-TOKEN=tok; Path=/'] });
    res.end();
    return;
  }
  // Fastify's body limit: counted as the body comes, refused the moment it passes, the connection
  // then closed with the rest unread (the kernel resets it). Uploads: taken whole, however large.
  const limit = /^multipart\\//.test(req.headers['content-type'] || '') ? Infinity : 2 * MB;
  let seen = 0;
  req.on('close', () => {
    if (!res.headersSent || res.statusCode !== 413) {
      process.stdout.write((req.complete ? 'ended ' : 'cut ') + req.url + ' ' + seen + '\\n');
    }
  });
  const onData = (c) => {
    seen += c.length;
    if (seen <= limit) return;
    req.off('data', onData);
    res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ message: 'A kérés túl nagy.' }));
  };
  req.on('data', onData);
  req.on('end', () => {
    if (res.headersSent) return;
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bytes: seen }));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
`;

let api: ChildProcess;
let web: Server;
let webPort: number;
/** Every request the API saw begin, body read or not. */
let arrived: string[] = [];
/** How the bodies the API read ended: `ended <path> <bytes>` or `cut <path> <bytes>`. */
let bodies: string[] = [];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The sealed cookie of a logged-in browser of the demo shop. */
async function loggedIn(): Promise<string> {
  const { seal, sessionOptions } = await import('@/lib/bff/sealed');
  const data = { tenant: 'demo', auth: true as const, jar: { api_session: 's1', 'XSRF-TOKEN': 'tok' } };
  return `pulzus=${await seal(data, sessionOptions({ remember: false, secure: false, password: PASSWORD }))}`;
}

/**
 * A POST as a plain client sends it: the body in 64 kB writes while the answer may already be
 * coming (no Content-Length: chunked, unless `length` declares one). An error after the answer
 * began is not the answer, as for a browser.
 */
function post(
  path: string,
  headers: Record<string, string>,
  size: number,
  o: { length?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: webPort,
        method: 'POST',
        path,
        agent: false,
        headers: {
          host: `demo.localhost:${webPort}`,
          ...(o.length ? { 'content-length': String(size) } : {}),
          ...headers,
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const piece = Buffer.alloc(64 * 1024, 'x');
    void (async () => {
      for (let sent = 0; sent < size && !answered && !req.destroyed; sent += piece.length) {
        const part = piece.subarray(0, Math.min(piece.length, size - sent));
        if (!req.write(part)) await new Promise((r) => req.once('drain', r));
      }
      if (!req.destroyed) req.end();
    })().catch(() => undefined);
  });
}

/**
 * A request as Chromium sends one: the whole body written before the answer is read. The answer's
 * head, and how long the body took to go out (a server that stops reading holds it).
 */
function wholeBodyFirst(head: string[], size: number): Promise<{ head: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(webPort, '127.0.0.1');
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('error', reject);
    void (async () => {
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 'x');
      for (let sent = 0; sent < size; sent += piece.length) {
        if (!socket.write(piece.subarray(0, Math.min(piece.length, size - sent)))) {
          await new Promise((r) => socket.once('drain', r));
        }
      }
      const ms = Date.now() - started;
      socket.pause();
      socket.on('data', (d: string) => (raw += d));
      socket.resume();
      const done = () => {
        socket.destroy();
        resolve({ head: raw.split('\r\n\r\n', 1)[0]!, ms });
      };
      socket.once('end', done);
      setTimeout(done, 500);
    })().catch(reject);
  });
}

beforeAll(async () => {
  api = spawn(process.execPath, ['-e', STAND_IN_API], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    api.stdout!.setEncoding('utf8');
    api.stdout!.on('data', (d: string) => {
      out += d;
      for (const line of out.split('\n').slice(0, -1)) {
        if (line.startsWith('port ')) resolve(Number(line.slice(5)));
        else if (line.startsWith('arrived ')) arrived.push(line.slice(8));
        else if (/^(ended|cut) /.test(line)) bodies.push(line);
      }
      out = out.slice(out.lastIndexOf('\n') + 1);
    });
    api.once('exit', () => reject(new Error('the stand-in API stopped')));
  });
  process.env.TENANT_API_URL = `http://127.0.0.1:${port}`;
  process.env.BFF_SECRET = BFF_SECRET;
  process.env.SESSION_SECRET = PASSWORD;
  process.env.UPLOAD_BODY_MAX_MB = '3';
  const { proxiedPath, proxyCall } = await import('@/lib/bff/proxy');
  const { createWebServer } = await import('@/lib/web-server/handler');
  const { parseTrustedProxies } = await import('@/contracts/trusted-proxies');
  web = createWebServer({
    trusted: parseTrustedProxies(undefined),
    health: { apiReady: async () => true, secret: () => BFF_SECRET },
    next: async (_req, res) => {
      res.writeHead(404, { 'x-handled-by': 'next' });
      res.end();
    },
    proxiedPath,
    proxyCall,
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webPort = (web.address() as AddressInfo).port;
});

afterAll(async () => {
  web.closeAllConnections();
  await new Promise((resolve) => web.close(resolve));
  api.kill();
});

beforeEach(() => {
  arrived = [];
  bodies = [];
});

describe('an oversized body through the web server', () => {
  it('gets 413 every time when sent chunked, never a 502 from the API refusing it', async () => {
    const cookie = await loggedIn();
    const statuses: string[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await post('/api/playlists', { cookie, 'content-type': 'application/json' }, 5 * MB);
      statuses.push(`${answer.status} ${answer.body}`);
    }
    expect(statuses).toEqual(Array(20).fill(`413 ${JSON.stringify(TOO_LARGE)}`));
    // Counted here: none of it went on to the API.
    expect(arrived.filter((a) => a.startsWith('POST'))).toEqual([]);
  }, 60_000);

  it('gets 413 at once by its declared length, nothing forwarded', async () => {
    const cookie = await loggedIn();
    const answer = await post('/api/playlists', { cookie, 'content-type': 'application/json' }, 2 * MB + 1, {
      length: true,
    });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([413, TOO_LARGE]);
    expect(arrived).toEqual([]);
  });

  it('reaches a client that sends the whole body before it reads the answer, as a browser does', async () => {
    const cookie = await loggedIn();
    for (const [type, size] of [
      ['application/json', 5 * MB],
      ['multipart/form-data; boundary=x', 8 * MB],
    ] as const) {
      const answer = await wholeBodyFirst(
        [
          'POST /api/spots HTTP/1.1',
          `Host: demo.localhost:${webPort}`,
          `Cookie: ${cookie}`,
          `Content-Type: ${type}`,
          `Content-Length: ${size}`,
        ],
        size,
      );
      expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
      // The rest is read and dropped at once, not after the 30 s the server waits at most.
      expect(answer.ms).toBeLessThan(10_000);
    }
    expect(arrived).toEqual([]);
  }, 60_000);

  it('takes a body at the limit', async () => {
    const cookie = await loggedIn();
    const answer = await post('/api/playlists', { cookie, 'content-type': 'application/json' }, 2 * MB);
    expect([answer.status, JSON.parse(answer.body)]).toEqual([201, { bytes: 2 * MB }]);
  });

  it('counts an upload against UPLOAD_BODY_MAX_MB as it streams: 413, and the API call is cut', async () => {
    const cookie = await loggedIn();
    const headers = { cookie, 'content-type': 'multipart/form-data; boundary=x' };
    // Within the upload cap (3 MB here) but over the JSON limit: streamed on, the API's answer passes.
    const within = await post('/api/spots', headers, 3 * MB);
    expect([within.status, JSON.parse(within.body)]).toEqual([201, { bytes: 3 * MB }]);
    for (let i = 0; i < 5; i++) {
      const over = await post('/api/spots', headers, 5 * MB);
      expect([over.status, JSON.parse(over.body)]).toEqual([413, TOO_LARGE]);
    }
    // The API took the first whole, and got no more than the cap of each of the others.
    const spots = () => bodies.filter((line) => line.includes(' /api/spots '));
    for (let waited = 0; spots().length < 6 && waited < 5_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(spots()[0]).toBe(`ended /api/spots ${3 * MB}`);
    expect(spots().slice(1)).toHaveLength(5);
    for (const line of spots().slice(1)) {
      const [how, , bytes] = line.split(' ');
      expect(how).toBe('cut');
      expect(Number(bytes)).toBeLessThanOrEqual(3 * MB);
    }
    bodies = [];
    arrived = [];
    const declared = await post('/api/spots', headers, 3 * MB + 1, { length: true });
    expect([declared.status, JSON.parse(declared.body)]).toEqual([413, TOO_LARGE]);
    expect(arrived).toEqual([]);
  }, 60_000);
});
