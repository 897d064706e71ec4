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
    const req = http.request(
      {
        host: '127.0.0.1',
        port: r.port,
        method: r.method ?? 'GET',
        path: r.path,
        localAddress: r.localAddress,
        headers: { host: r.host, accept: 'application/json', ...r.headers },
        agent: false,
      },
      (res) => {
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
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`${r.method ?? 'GET'} ${r.path}: no answer within 60 s`)));
    req.end(r.body);
  });
}

/** The sealed session cookie from a login answer, as a Cookie header value. */
export function sessionCookie(answer: RawAnswer): string {
  const lines = answer.headers['set-cookie'] ?? [];
  const cookie = lines.map((l) => l.split(';')[0]!).find((c) => !c.endsWith('='));
  if (!cookie) throw new Error(`no session cookie in the answer (${answer.status} ${answer.text})`);
  return cookie;
}
