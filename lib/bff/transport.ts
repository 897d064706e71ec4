/**
 * The HTTP client under `upstreamFetch`: `node:http`/`node:https` with keep-alive agents, answering
 * with a web `Response` whose body streams.
 *
 * Why not `fetch`: in a route handler `fetch` is Next's patched one (tracing, cache bookkeeping) on
 * top of undici's WHATWG fetch; together they cost more per call than the rest of the BFF, and the
 * BFF may add at most 2 ms to a call. What `fetch` gave that the proxy relies on is kept here: no
 * redirect is followed (a 3xx comes back as it is), a compressed answer is decoded (the proxy then
 * drops `content-encoding`/`content-length`), `signal` aborts the call with an `AbortError`, and
 * `headers.getSetCookie()` lists every Set-Cookie line.
 */
import 'server-only';
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

export interface TransportRequest {
  method: string;
  headers: Headers;
  body?: Uint8Array | string | ReadableStream<Uint8Array> | null;
  signal?: AbortSignal;
}

// LIFO hands out the most recently used socket, so a burst does not keep every socket half-idle.
const agentOptions = { keepAlive: true, keepAliveMsecs: 1_000, maxFreeSockets: 64, scheduling: 'lifo' as const };
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

/** Statuses whose Response must have a null body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('This operation was aborted');
  err.name = 'AbortError';
  return err;
}

function decoder(encoding: string | undefined): NodeJS.ReadWriteStream | null {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** A web stream over a Node stream, with back-pressure; cancelling it closes the source. */
function webStream(source: NodeJS.ReadableStream & { destroy(err?: Error): void }): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      source.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) source.pause();
      });
      source.on('end', () => controller.close());
      source.on('error', (err) => controller.error(err));
    },
    pull() {
      source.resume();
    },
    cancel() {
      source.destroy();
    },
  });
}

function toResponse(res: http.IncomingMessage, method: string): Response {
  const status = res.statusCode ?? 502;
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  if (method === 'HEAD' || NULL_BODY.has(status)) {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage ?? '', headers });
  }
  const decode = decoder(headers.get('content-encoding') ?? undefined);
  let source: NodeJS.ReadableStream & { destroy(err?: Error): void } = res;
  if (decode) {
    const decoded = res.pipe(decode) as unknown as zlib.Gunzip;
    res.on('error', (err) => decoded.destroy(err));
    decoded.on('close', () => res.destroy());
    source = decoded;
  }
  return new Response(webStream(source), { status, statusText: res.statusMessage ?? '', headers });
}

function once(url: URL, init: TransportRequest, attempt: number): Promise<Response> {
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const method = init.method.toUpperCase();
  const headers: Record<string, string> = {};
  init.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = init.body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const req = client.request(url, {
      method,
      headers,
      agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
    });
    const onAbort = () => req.destroy(abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      settled = true;
      // Until the body is read to its end an abort must still cut the upstream call.
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      try {
        resolve(toResponse(res, method));
      } catch (err) {
        res.destroy();
        reject(err);
      }
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(abortError(signal));
      // A kept-alive socket the API closed just as we reused it: nothing reached the API, so one
      // more try on a fresh socket is safe whenever the body can be sent again.
      const replayable = !(body instanceof ReadableStream);
      if (req.reusedSocket && attempt === 0 && replayable && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
        resolve(once(url, init, attempt + 1));
        return;
      }
      reject(new TypeError('fetch failed', { cause: err }));
    });
    if (body instanceof ReadableStream) {
      void pumpBody(body, req);
    } else if (body != null) {
      req.end(body);
    } else {
      req.end();
    }
  });
}

/** The next turn of the event loop, after its poll phase: data that has arrived is read by then. */
function afterPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Streams `body` into `req`. The API may answer before the body is complete (413 when it is too
 * large) and close the connection; a write after its close fails (EPIPE/ECONNRESET) and would take
 * the unread answer with it. So every write waits for the loop's poll phase first (an answer that
 * arrived is parsed then), and the upload stops as soon as a refusal has arrived: the caller gets
 * the API's own answer instead of a transport error.
 */
async function pumpBody(body: ReadableStream<Uint8Array>, req: http.ClientRequest): Promise<void> {
  let refused = false;
  req.once('response', (res) => {
    if ((res.statusCode ?? 500) >= 400) refused = true;
  });
  const stop = () => refused || req.destroyed;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      await afterPoll();
      if (stop()) break;
      if (done) {
        req.end();
        return;
      }
      if (!req.write(value)) {
        await new Promise<void>((resolve) => {
          const resume = () => {
            req.off('drain', resume);
            req.off('close', resume);
            resolve();
          };
          req.on('drain', resume);
          req.on('close', resume);
        });
        if (stop()) break;
      }
    }
    await reader.cancel().catch(() => undefined);
  } catch (err) {
    req.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}

/** `fetch(url, {method, headers, body, signal, redirect: 'manual'})`, over a kept-alive socket. */
export function upstreamRequest(url: string, init: TransportRequest): Promise<Response> {
  return once(new URL(url), init, 0);
}
