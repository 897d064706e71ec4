import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined. */
  json: unknown;
}

export interface RawRequest {
  method?: string;
  /** Path and query. */
  path: string;
  /** Sent as the Host header; the connection goes to 127.0.0.1 (Node does not resolve *.localhost). */
  host: string;
  port: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address of the connection (any 127.x.y.z works on the loopback). */
  localAddress?: string;
}

/**
 * One HTTP request to the web server exactly as written: no Origin, no Sec-Fetch-*, any header a
 * browser would not let a page set (X-Forwarded-For, Host).
 */
export function rawRequest(r: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: r.port,
        method: r.method ?? 'GET',
        path: r.path,
        localAddress: r.localAddress,
        // The length is declared as a one-piece body would declare it (the slices below must not
        // turn it into a chunked one).
        headers: {
          host: r.host,
          accept: 'application/json',
          ...(r.body !== undefined ? { 'content-length': String(Buffer.byteLength(r.body)) } : {}),
          ...r.headers,
        },
        agent: false,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    // A server may answer a body it refuses (413) before reading all of it and then close the
    // connection (RFC 9112 §9.6): a write after that fails, but the answer already came, and a
    // browser reads it. So does this client: an error after the answer began is not the answer.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${r.method ?? 'GET'} ${r.path}: no answer within 60 s`)));
    void sendBody(req, r.body, () => answered).catch(() => {});
  });
}

const CHUNK = 64 * 1024;

/**
 * Writes the body in slices, letting the event loop read between them, and stops once an answer
 * has arrived: a refusal that comes early is then parsed before a write can meet a closed socket.
 */
async function sendBody(
  req: http.ClientRequest,
  body: string | Buffer | undefined,
  answered: () => boolean,
): Promise<void> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (!bytes || bytes.length <= CHUNK) {
    req.end(bytes);
    return;
  }
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (answered() || req.destroyed) return;
    if (!req.write(bytes.subarray(offset, offset + CHUNK))) {
      await new Promise<void>((resolve) => {
        const done = () => {
          req.off('drain', done);
          req.off('close', done);
          resolve();
        };
        req.on('drain', done);
        req.on('close', done);
      });
    }
  }
  if (!answered() && !req.destroyed) req.end();
}

/** The sealed session cookie from a login answer, as a Cookie header value. */
export function sessionCookie(answer: RawAnswer): string {
  const lines = answer.headers['set-cookie'] ?? [];
  // Every cookie the answer set, as a browser sends them back: the sealed session and, on a first
  // visit, the browser's id (pulzus_device), which comes first and must not be taken for the session.
  const cookies = lines.map((l) => l.split(';')[0]!).filter((c) => !c.endsWith('='));
  if (!cookies.some((c) => c.startsWith('pulzus='))) {
    throw new Error(`no session cookie in the answer (${answer.status} ${answer.text})`);
  }
  return cookies.join('; ');
}
