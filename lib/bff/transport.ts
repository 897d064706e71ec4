/**
 * The HTTP client under the BFF: `node:http`/`node:https` with keep-alive agents. `transportRequest`
 * answers with Node's own objects (the proxy streams them straight to the browser); `toResponse`
 * wraps an answer in a web `Response` for the route handlers and server components.
 *
 * Why not `fetch`: in a route handler `fetch` is Next's patched one (tracing, cache bookkeeping) on
 * top of undici's WHATWG fetch; together they cost more per call than the rest of the BFF. What
 * `fetch` gave that the proxy relies on is kept here: no redirect is followed (a 3xx comes back as
 * it is), a compressed answer is decoded (the proxy then drops `content-encoding`/`content-length`),
 * `signal` aborts the call with an `AbortError`, and every Set-Cookie line is kept.
 */
import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { BodyTooLargeError } from './body';

/** A call in Node's terms: the headers as a plain record, a streamed body as a Node stream. */
export interface TransportCall {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array | string | Readable | null;
  /** The size of a streamed body when the browser declared it (Content-Length). */
  bodyLength?: number;
  /**
   * The most a streamed body may carry: counted as it is sent, and past it the call ends with
   * `BodyTooLargeError` (nothing more is sent; the caller answers 413).
   */
  bodyLimit?: number;
  signal?: AbortSignal;
}

/** The API's answer in Node's terms. */
export interface TransportAnswer {
  status: number;
  statusText: string;
  /** As the API sent them: `name, value, name, value…`, repeats and spelling kept. */
  rawHeaders: string[];
  /** Every Set-Cookie line. */
  setCookie: string[];
  /** Decoded; null for HEAD and the null-body statuses (already drained). */
  body: Readable | null;
}

// LIFO hands out the most recently used socket, so a burst does not keep every socket half-idle.
// An idle socket is closed after 4 s, before any upstream closes it (Node's 5 s, Fastify's 72 s,
// HAProxy's 30 s): a call then rarely meets a socket the other side has just closed, and a call that
// fails on a used socket is not sent again (see `once`).
const agentOptions = {
  keepAlive: true,
  keepAliveMsecs: 1_000,
  maxFreeSockets: 64,
  scheduling: 'lifo' as const,
  timeout: 4_000,
};
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

function answerOf(res: http.IncomingMessage, method: string): TransportAnswer {
  const status = res.statusCode ?? 502;
  const setCookie = res.headers['set-cookie'] ?? [];
  const base = { status, statusText: res.statusMessage ?? '', rawHeaders: res.rawHeaders, setCookie };
  if (method === 'HEAD' || NULL_BODY.has(status)) {
    res.resume();
    return { ...base, body: null };
  }
  const decode = decoder(res.headers['content-encoding']);
  if (!decode) return { ...base, body: res };
  const decoded = res.pipe(decode) as unknown as zlib.Gunzip;
  res.on('error', (err) => decoded.destroy(err));
  decoded.on('close', () => res.destroy());
  return { ...base, body: decoded };
}

/** The answer as a web `Response` whose body streams; cancelling it closes the upstream stream. */
export function toResponse(answer: TransportAnswer): Response {
  const headers = new Headers();
  const raw = answer.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>) : null;
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
}

function once(url: Target, init: TransportCall, attempt: number): Promise<TransportAnswer> {
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const method = init.method.toUpperCase();
  const headers: Record<string, string> = { ...init.headers };
  const body = init.body;
  const streamed = body instanceof Readable;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  }
  // A streamed body of known size asks first (Expect: 100-continue): the API can refuse it (413) before
  // any of it is sent, and then closes a connection that holds nothing unread.
  const askFirst = streamed && init.bodyLength !== undefined;
  // A streamed body may be refused part-way (the API answers before it has all of it, and the rest is
  // never sent): such a connection must not carry another request, or the API would read the next
  // call as the rest of this body and never answer it. One connection per upload is cheap.
  if (streamed) headers['connection'] = 'close';
  if (askFirst) {
    headers['content-length'] = String(init.bodyLength);
    headers['expect'] = '100-continue';
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<TransportAnswer>((resolve, reject) => {
    let settled = false;
    const req = client.request({
      ...url,
      method,
      headers,
      agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
    });
    // Whether the request was handed to the connection (and so may have reached the API).
    let written = false;
    req.once('finish', () => (written = true));
    const onAbort = () => req.destroy(abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      settled = true;
      // Until the body is read to its end an abort must still cut the upstream call.
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      try {
        resolve(answerOf(res, method));
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
      if (err instanceof BodyTooLargeError) return reject(err);
      // A kept-alive socket failed under the call. It may have been closed by the API while idle (then
      // nothing reached it), or the request may have reached an instance that died before answering
      // (a balancer closes the connection without a word): sending it again could apply a press twice.
      // So it is sent again on a fresh socket only when it was never written, or when the API applies
      // it once whatever happens (an Idempotency-Key: a repeat gets the first answer).
      const replayable = !streamed && (!written || hasCommandKey(headers));
      if (req.reusedSocket && attempt === 0 && replayable && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
        resolve(once(url, init, attempt + 1));
        return;
      }
      const failure = new TypeError('fetch failed', { cause: err });
      // The API may have refused a streamed body and closed the connection while it was still being
      // sent: its answer is lost with the connection. Ask again with the headers alone; a refusal
      // that depends on them (413 on Content-Length) comes back at once, and nothing else is sent.
      if (streamed && init.bodyLength !== undefined && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
        void refusalOf(url, headers, method).then((answer) => (answer ? resolve(answer) : reject(failure)));
        return;
      }
      reject(failure);
    });
    if (streamed) {
      void pumpBody(body, req, askFirst, init.bodyLimit ?? Infinity);
    } else if (body != null) {
      req.end(body);
    } else {
      req.end();
    }
  });
}

function hasCommandKey(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
}

/** The next turn of the event loop, after its poll phase: data that has arrived is read by then. */
function afterPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Streams `body` into `req`, at most `limit` bytes: a body that passes it is not sent on further, and
 * the call fails with `BodyTooLargeError`. The API may answer before the body is complete (a file
 * over its own limit, a login that ended) and close the connection; a write after its close fails
 * (EPIPE/ECONNRESET) and would take the unread answer with it. So every write waits for the loop's
 * poll phase first (an answer that arrived is parsed then), and the upload stops as soon as a
 * refusal has arrived: the caller gets the API's own answer instead of a transport error.
 */
async function pumpBody(body: Readable, req: http.ClientRequest, askFirst: boolean, limit: number): Promise<void> {
  let refused = false;
  req.once('response', (res) => {
    if ((res.statusCode ?? 500) >= 400) refused = true;
  });
  const stop = () => refused || req.destroyed;
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let sent = 0;
  try {
    if (askFirst) await continueOrAnswer(req);
    for (;;) {
      const { done, value } = await chunks.next();
      if (!done) sent += value.byteLength;
      if (sent > limit) {
        req.destroy(new BodyTooLargeError(limit));
        break;
      }
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
    // Stopped early (refused, or the connection failed): the browser's rest is read and dropped.
    await discardRest(body, chunks);
  } catch (err) {
    req.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}

/** Waits for the API's 100 Continue (or its final answer); a server that sends neither gets the body after a second. */
function continueOrAnswer(req: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      req.off('continue', done);
      req.off('response', done);
      req.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, 1_000);
    req.on('continue', done);
    req.on('response', done);
    req.on('close', done);
  });
}

/** How much of a refused upload is still read (and dropped) so the browser gets to read the answer. */
const DISCARD_LIMIT = { bytes: 256 * 1024 * 1024, ms: 60_000 };

/**
 * The browser keeps sending a refused body until it is out, and its connection carries nothing else
 * before that; cancelling the body instead would close the connection under the answer. So the rest
 * is read and dropped, within limits.
 */
async function discardRest(body: Readable, chunks: AsyncIterator<Buffer>): Promise<void> {
  const deadline = Date.now() + DISCARD_LIMIT.ms;
  let left = DISCARD_LIMIT.bytes;
  try {
    for (;;) {
      const { done, value } = await chunks.next();
      if (done) return;
      left -= value.byteLength;
      if (left < 0 || Date.now() > deadline) break;
    }
  } catch {
    return;
  }
  body.destroy();
}

/** How long the API gets to refuse a body by its headers alone. */
const REFUSAL_WAIT_MS = 5_000;

/**
 * Sends only the headers of a call (the declared Content-Length included, no body) on a connection
 * of its own and returns the API's answer when it is a refusal (4xx) given before any body arrived;
 * otherwise (it waits for the body, it fails) null. No handler runs without the body.
 */
function refusalOf(url: Target, headers: Record<string, string>, method: string): Promise<TransportAnswer | null> {
  const probeHeaders = { ...headers };
  delete probeHeaders['expect'];
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request({ ...url, method, headers: probeHeaders, agent: false });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, REFUSAL_WAIT_MS);
    req.on('response', (res) => {
      clearTimeout(timer);
      const status = res.statusCode ?? 502;
      if (status < 400 || status >= 500) {
        res.destroy();
        req.destroy();
        resolve(null);
        return;
      }
      res.once('close', () => req.destroy());
      resolve(answerOf(res, method));
    });
    req.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    req.flushHeaders();
  });
}

/** Where a call goes, in `node:http`'s request options (as `urlToHttpOptions` gives them). */
interface Target {
  protocol: string;
  hostname: string;
  port: string;
  auth?: string;
  path: string;
}

/**
 * The API's origins, parsed once: `new URL` on every call was a measurable part of the BFF's cost.
 * Only a path that URL parsing would leave as it is (no character it escapes) skips it.
 */
const origins = new Map<string, Omit<Target, 'path'>>();
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;

function targetOf(url: string): Target {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const origin = slash === -1 ? url : url.slice(0, slash);
  const path = slash === -1 ? '/' : url.slice(slash);
  const known = origins.get(origin);
  if (known && PLAIN_PATH.test(path)) return { ...known, path };
  const full = new URL(url);
  const parsed = {
    protocol: full.protocol,
    hostname: full.hostname.replace(/^\[|\]$/g, ''),
    port: full.port,
    ...(full.username || full.password
      ? { auth: `${decodeURIComponent(full.username)}:${decodeURIComponent(full.password)}` }
      : {}),
  };
  if (full.origin === origin && !parsed.auth && origins.size < 64) origins.set(origin, parsed);
  return { ...parsed, path: `${full.pathname}${full.search}` };
}

/** One call to the API over a kept-alive socket; redirects are not followed. */
export function transportRequest(url: string, call: TransportCall): Promise<TransportAnswer> {
  return once(targetOf(url), call, 0);
}
