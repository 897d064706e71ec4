import http from 'node:http';
import { expect, test } from '@playwright/test';
import { DEMO, logIn } from '../support/auth';
import { rawRequest, sessionCookie } from '../support/raw-http';
import { E2E } from '../../../scripts/launch/stack';

/**
 * A body over the API's limit gets the API's 413 through the BFF, also when it is large enough to be
 * streamed (over 4 MB) and the API answers before the BFF has sent it all.
 */
test('an oversized JSON body through the BFF gets 413, not 502', async ({ page }) => {
  await logIn(page, DEMO);
  const answers = await page.evaluate(async () => {
    const out: { size: number; status: number; body: string }[] = [];
    for (const mb of [3, 5, 5, 5, 5, 8]) {
      const body = JSON.stringify({ name: 'x'.repeat(mb * 1024 * 1024) });
      const res = await fetch('/api/playlists', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
      out.push({ size: mb, status: res.status, body: await res.text() });
    }
    return out;
  });
  for (const answer of answers) {
    expect(answer, `${answer.size} MB`).toEqual({
      size: answer.size,
      status: 413,
      body: JSON.stringify({ message: 'A kérés túl nagy.' }),
    });
  }
});

/**
 * The same refusal, read by a plain HTTP client that keeps sending while the answer comes back:
 * the web server ends such a connection with a lingering close, so the 413 is never lost to a
 * connection reset (seen as a broken pipe in about one request in ten before).
 */
test('an early 413 reaches a client still sending its body, every time', async () => {
  test.setTimeout(180_000);
  const port = E2E.webPort;
  const host = `demo.localhost:${port}`;
  const login = await rawRequest({
    method: 'POST',
    path: '/auth/login',
    host,
    port,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const cookie = sessionCookie(login);
  const body = JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) });
  const paths = [
    '/api/playlists',
    '/api/playlists/1',
    '/api/playlists/abc/tracks/2',
    '/api/spots/1',
    '/api/slideshows/3/image/remove',
  ];
  const outcomes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const path = paths[i % paths.length]!;
    try {
      const answer = await rawRequest({
        method: 'POST',
        path,
        host,
        port,
        headers: { 'content-type': 'application/json', cookie },
        body,
      });
      outcomes.push(`${path} ${answer.status}`);
    } catch (err) {
      outcomes.push(`${path} ${(err as Error).message}`);
    }
  }
  expect(outcomes.filter((o) => !o.endsWith(' 413'))).toEqual([]);
});

/**
 * A body sent chunked (no Content-Length) cannot be judged by its headers: the web server counts its
 * bytes as they arrive and answers 413 itself once they pass the API's limit. Before, it streamed the
 * body on, the API refused it and closed the connection mid-body, and about one post in three got
 * 502 (EPIPE) instead of the API's 413.
 */
test('an oversized chunked body gets 413 every time, never 502', async () => {
  test.setTimeout(120_000);
  const port = E2E.webPort;
  const host = `demo.localhost:${port}`;
  const login = await rawRequest({
    method: 'POST',
    path: '/auth/login',
    host,
    port,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const cookie = sessionCookie(login);
  const outcomes: string[] = [];
  for (let i = 0; i < 20; i++) {
    outcomes.push(
      await chunkedPost(port, { host, cookie, 'content-type': 'application/json' }, 5 * 1024 * 1024).catch(
        (err: Error) => err.message,
      ),
    );
  }
  expect(outcomes).toEqual(Array(20).fill(`413 ${JSON.stringify({ message: 'A kérés túl nagy.' })}`));
});

/** POST /api/playlists with a body of `size` bytes in 64 kB chunks; stops sending once the answer came. */
function chunkedPost(port: number, headers: Record<string, string>, size: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/playlists', headers, agent: false },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve(`${res.statusCode} ${text}`));
      },
    );
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const piece = Buffer.alloc(64 * 1024, 'x');
    void (async () => {
      for (let sent = 0; sent < size && !answered && !req.destroyed; sent += piece.length) {
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
      }
      if (!req.destroyed) req.end();
    })().catch(() => undefined);
  });
}
