import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { rawRequest, type RawAnswer } from '../support/raw-http';
import { E2E, webUrl } from '../../../scripts/launch/stack';

/**
 * The headers every answer of the web server carries, the pages' Content-Security-Policy with its
 * framing rule, and the requests the web server refuses before any page runs: a Host that is not
 * ours and a path whose percent-escapes do not decode. Raw HTTP, so the Host is exactly as written.
 */
const host = `demo.localhost:${E2E.webPort}`;
const NOT_FOUND = 'Az oldal nem található';

function get(path: string, headers: Record<string, string> = {}, onHost = host): Promise<RawAnswer> {
  return rawRequest({ path, host: onHost, port: E2E.webPort, headers: { accept: 'text/html,*/*', ...headers } });
}

function expectCommonHeaders(answer: RawAnswer, what: string) {
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

/** The policy's directives by name. */
function directives(answer: RawAnswer): Map<string, string[]> {
  const header = answer.headers['content-security-policy'];
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

test('a page carries nosniff, the referrer policy and a CSP with a fresh nonce on its scripts', async () => {
  const first = await get('/login');
  expect(first.status).toBe(200);
  expectCommonHeaders(first, '/login');
  const csp = directives(first);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('worker-src')).toEqual(["'self'"]);
  // The bundled API's public origin: covers, audio and video come from there, the socket too.
  const api = `http://127.0.0.1:${E2E.apiPort}`;
  for (const name of ['img-src', 'media-src', 'connect-src']) expect(csp.get(name), name).toContain(api);
  expect(csp.get('connect-src')).toContain(`ws://127.0.0.1:${E2E.apiPort}`);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");

  const nonce = /^'nonce-([^']+)'$/.exec(csp.get('script-src')?.find((s) => s.startsWith("'nonce-")) ?? '')?.[1];
  expect(nonce, 'a nonce in script-src').toBeTruthy();
  // Every script of the page carries it, Next's inline ones included.
  const scripts = [...first.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script, script).toContain(`nonce="${nonce}"`);

  const second = await get('/login');
  expect(directives(second).get('script-src')).not.toContain(`'nonce-${nonce}'`);
});

test('the BFF, /broadcasting/auth and static files carry nosniff and the referrer policy', async () => {
  const api = await get('/api/me', { accept: 'application/json' });
  expect(api.status).toBe(401);
  expectCommonHeaders(api, '/api/me');

  const auth = await rawRequest({
    method: 'POST',
    path: '/broadcasting/auth',
    host,
    port: E2E.webPort,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
    body: 'socket_id=1.1&channel_name=private-player.1',
  });
  expect(auth.status).toBeGreaterThanOrEqual(400);
  expectCommonHeaders(auth, '/broadcasting/auth');

  const image = await get('/img/pulse_2.svg');
  expect(image.status).toBe(200);
  expectCommonHeaders(image, '/img/pulse_2.svg');

  const page = await get('/login');
  const chunk = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(page.text)?.[1];
  expect(chunk, 'a /_next/static script on the login page').toBeTruthy();
  const script = await get(chunk!);
  expect(script.status).toBe(200);
  expectCommonHeaders(script, chunk!);
  // Static files stay static: no per-request policy, still cacheable for good.
  expect(script.headers['content-security-policy']).toBeUndefined();
  expect(String(script.headers['cache-control'])).toContain('immutable');
});

test('public screen pages may be framed by any signage player; the other pages by nobody', async ({ page }) => {
  const screen = await get('/screen/abcdefghijkl');
  expectCommonHeaders(screen, '/screen/…');
  expect(directives(screen).get('frame-ancestors')).toEqual(['*']);

  // In Chromium: a signage player's page of another origin frames a screen and the login page. A
  // real server on the loopback: Chromium keeps a page it cannot place (a routed one) from framing a
  // local address whatever the policy says.
  const origin = webUrl(E2E.webPort);
  const player = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><iframe name="screen" src="${origin}/screen/abcdefghijkl"></iframe><iframe name="login" src="${origin}/login"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => player.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(player.address() as AddressInfo).port}/`);
    await expect.poll(() => page.frame('screen')?.url()).toBe(`${origin}/screen/abcdefghijkl`);
    // No such screen: the screen page itself says so, inside the frame.
    await expect(page.frameLocator('iframe[name="screen"]').getByText('Ez a képernyő nem található')).toBeVisible();
    // A refused frame is left on the browser's error page, never showing the login form.
    await expect.poll(() => page.frame('login')?.url()).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('iframe[name="login"]').getByRole('button', { name: 'Bejelentkezés' })).toHaveCount(
      0,
    );
  } finally {
    await new Promise((resolve) => player.close(resolve));
  }
});

test('an unknown Host answers 404 with the Hungarian not-found page, for pages and the BFF', async () => {
  for (const path of ['/', '/login', '/channels']) {
    const answer = await get(path, {}, 'evil.example');
    expect(answer.status, path).toBe(404);
    expect(answer.text, path).toContain(NOT_FOUND);
    expect(answer.text, path).not.toContain('Bejelentkezés');
    expectCommonHeaders(answer, path);
    expect(
      directives(answer)
        .get('script-src')
        ?.some((s) => s.startsWith("'nonce-")),
    ).toBe(true);
  }
  const api = await get('/api/customer', { accept: 'application/json' }, 'evil.example:80');
  expect(api.status).toBe(404);
  expect(api.json).toEqual({ message: 'Ismeretlen ügyfél.' });

  // Our own hosts are served as before.
  expect((await get('/login', {}, `127.0.0.1:${E2E.webPort}`)).status).toBe(200);
  expect((await get('/login', {}, `localhost:${E2E.webPort}`)).status).toBe(200);
});

test('a path with a bad percent-escape answers 404, never 500', async () => {
  for (const path of ['/screen/%ZZ', '/channels/%E0%A4%A', '/%ZZ', '/login/%C0']) {
    const answer = await get(path);
    expect(answer.status, path).toBe(404);
    expect(answer.text, path).toContain(NOT_FOUND);
    expectCommonHeaders(answer, path);
  }
  const api = await get('/api/channels/%ZZ', { accept: 'application/json' });
  expect(api.status).toBe(404);
  expect(api.json).toEqual({ message: 'Nem található.' });
});

test('a method a path does not take answers 405 in Hungarian, on the BFF and the auth routes', async () => {
  for (const [method, path, allow] of [
    ['GET', '/broadcasting/auth', 'POST'],
    ['GET', '/auth/login', 'POST'],
    ['DELETE', '/auth/logout', 'POST'],
    ['POST', '/auth/expired', 'GET'],
  ] as const) {
    const answer = await rawRequest({
      method,
      path,
      host,
      port: E2E.webPort,
      headers: { accept: 'application/json', origin: `http://${host}` },
    });
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.headers.allow, `${method} ${path}`).toBe(allow);
    expect(answer.json, `${method} ${path}`).toEqual({ message: 'A kérés módja nem megengedett.' });
    expectCommonHeaders(answer, `${method} ${path}`);
  }
});
