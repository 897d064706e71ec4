/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { toResponse, transportRequest } from '@/lib/bff/transport';

interface WebCall {
  method: string;
  headers: Headers;
  body?: string | Uint8Array | ReadableStream<Uint8Array> | null;
  bodyLength?: number;
  signal?: AbortSignal;
}

/** `transportRequest` seen through `toResponse`, with the web's shapes in: the way a route handler uses it. */
async function upstreamRequest(url: string, init: WebCall): Promise<Response> {
  const headers: Record<string, string> = {};
  init.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body =
    init.body instanceof ReadableStream ? Readable.fromWeb(init.body as NodeReadableStream<Uint8Array>) : init.body;
  return toResponse(await transportRequest(url, { ...init, headers, body }));
}

let server: Server;
let base: string;
const ports = new Set<number>();
let route: (req: IncomingMessage, body: string, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    ports.add(req.socket.remotePort!);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => route(req, Buffer.concat(chunks).toString(), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => ports.clear());

const get = (path: string, init: Partial<Parameters<typeof upstreamRequest>[1]> = {}) =>
  upstreamRequest(`${base}${path}`, { method: 'GET', headers: new Headers(), ...init });

describe('upstreamRequest', () => {
  it('reuses one kept-alive connection for calls in a row', async () => {
    route = (_req, _body, res) => res.end('ok');
    for (let i = 0; i < 5; i++) expect(await (await get('/a')).text()).toBe('ok');
    expect(ports.size).toBe(1);
  });

  it('keeps every Set-Cookie line and the status text, and follows no redirect', async () => {
    route = (_req, _body, res) => {
      res.writeHead(302, 'Found It', {
        location: '/x',
        'set-cookie': ['a=1; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT', 'b=2'],
      });
      res.end();
    };
    const res = await get('/r');
    expect(res.status).toBe(302);
    expect(res.statusText).toBe('Found It');
    expect(res.headers.get('location')).toBe('/x');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT', 'b=2']);
  });

  it('sends headers and a buffered body with its length', async () => {
    let seen: { headers: IncomingMessage['headers']; body: string; method?: string } | undefined;
    route = (req, body, res) => {
      seen = { headers: req.headers, body, method: req.method };
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    };
    const res = await upstreamRequest(`${base}/p?q=1`, {
      method: 'post',
      headers: new Headers({ 'x-tenant': 'demo', 'content-type': 'application/json' }),
      body: '{"név":"é"}',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen).toMatchObject({ method: 'POST', body: '{"név":"é"}' });
    expect(seen!.headers['x-tenant']).toBe('demo');
    expect(seen!.headers['content-length']).toBe(String(Buffer.byteLength('{"név":"é"}')));
  });

  it('streams a request body', async () => {
    let seen = '';
    route = (req, body, res) => {
      seen = `${req.headers['transfer-encoding']} ${body}`;
      res.end();
    };
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode('part1-'));
        c.enqueue(enc.encode('part2'));
        c.close();
      },
    });
    await (await upstreamRequest(`${base}/s`, { method: 'PUT', headers: new Headers(), body })).arrayBuffer();
    expect(seen).toBe('chunked part1-part2');
  });

  it('streams the answer as it arrives', async () => {
    let finish: () => void = () => {};
    route = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first ');
      finish = () => res.end('last');
    };
    const res = await get('/stream');
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first ');
    finish();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('last');
  });

  it('decodes a compressed answer, as fetch does', async () => {
    route = (_req, _body, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
      res.end(gzipSync('{"zipped":true}'));
    };
    const res = await get('/gz');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.json()).toEqual({ zipped: true });
  });

  it('gives HEAD and 204 answers a null body', async () => {
    route = (req, _body, res) => {
      res.writeHead(req.method === 'HEAD' ? 200 : 204, { 'x-app-version': '3' });
      res.end();
    };
    const head = await get('/h', { method: 'HEAD' });
    expect(head.body).toBeNull();
    const empty = await get('/e');
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(empty.headers.get('x-app-version')).toBe('3');
  });

  it('aborts with an AbortError, before and during the answer', async () => {
    route = () => {};
    const early = new AbortController();
    early.abort();
    await expect(get('/never', { signal: early.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const late = new AbortController();
    const pending = get('/never', { signal: late.signal });
    setTimeout(() => late.abort(), 30);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  /** The API takes the call on a kept-alive connection and drops it unanswered (an instance dying behind the balancer). */
  async function dropFirst(): Promise<{ calls: () => number }> {
    route = (_req, _body, res) => res.end('fresh');
    await (await get('/warm')).text();
    let calls = 0;
    route = (req, _body, res) => {
      calls++;
      if (calls === 1) {
        req.socket.destroy();
        return;
      }
      res.end('again');
    };
    return { calls: () => calls };
  }

  it('never sends again a call that reached the API and lost its connection', async () => {
    // toggle-play is a GET that changes the player: sent twice, the toggle would be undone.
    const calls: WebCall[] = [
      { method: 'GET', headers: new Headers() },
      { method: 'POST', headers: new Headers(), body: 'x' },
    ];
    for (const call of calls) {
      const seen = await dropFirst();
      await expect(upstreamRequest(`${base}/api/players/1/toggle-play`, call)).rejects.toThrow('fetch failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen.calls()).toBe(1);
    }
  });

  it('sends a call with an Idempotency-Key once more on a fresh socket (the API answers a repeat with the first answer)', async () => {
    const seen = await dropFirst();
    const res = await upstreamRequest(`${base}/api/players/1/next`, {
      method: 'GET',
      headers: new Headers({ 'Idempotency-Key': 'press-0123456789' }),
    });
    expect(await res.text()).toBe('again');
    expect(seen.calls()).toBe(2);
  });

  it('fails like fetch when the API is down', async () => {
    await expect(upstreamRequest('http://127.0.0.1:1/x', { method: 'GET', headers: new Headers() })).rejects.toThrow(
      'fetch failed',
    );
  });
});
