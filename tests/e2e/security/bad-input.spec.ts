import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { DEMO } from '../support/auth';
import { bffWriteRoutes, type Route } from '../support/api-routes';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { rawRequest, sessionCookie, type RawAnswer } from '../support/raw-http';
import { E2E, type Stack } from '../../../scripts/launch/stack';

/**
 * Generated bad input through the BFF, on a stack of its own (the inputs change the data): every
 * write route of the tenant API's own route table plus the BFF's /auth/login and /auth/logout get
 * malformed JSON, wrong content types, huge strings, control and astral characters, arrays for
 * scalars and oversized bodies, logged in and not. No answer may be a 5xx (a 502/503 of the BFF
 * included), and every refusal is a 4xx with a Hungarian `message`.
 *
 * The seed is fixed (FC_SEED overrides it) and printed with any failure.
 */
const SEED = Number(process.env.FC_SEED || 20261123);
const RUNS = Number(process.env.FC_RUNS || 200);

/** Known fixed texts without accented letters; every other message must have one. */
const HUNGARIAN_WITHOUT_ACCENTS = new Set(['Nincs bejelentkezve.']);
const ENGLISH =
  /\b(the|is|are|must|should|invalid|error|request|unexpected|body|json|field|required|not|too|large|found|bad|unsupported|failed|cannot|empty|content)\b/i;

function isHungarianMessage(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '') return false;
  if (ENGLISH.test(message)) return false;
  return HUNGARIAN_WITHOUT_ACCENTS.has(message) || /[áéíóöőúüű]/i.test(message);
}

let stack: Stack | undefined;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startOwnStack(E2E.apiPort + 10, E2E.webPort + 10);
});
test.afterAll(async () => {
  await stopOwnStack(stack);
});

const FIELD = fc.constantFrom(
  'name',
  'email',
  'password',
  'password_confirmation',
  'remember',
  'token',
  'volume',
  'tracks',
  'track',
  'track_id',
  'ids',
  'order',
  'channel_id',
  'playlist_id',
  'position',
  'socket_id',
  'channel_name',
  'page',
);
const CONTROL = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  maxLength: 20,
});
const WEIRD_STRING = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  CONTROL,
  fc.constantFrom(
    '\u0000',
    '\uD800',
    '\uFFFF',
    '\u202E',
    '🎵'.repeat(50),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
  ),
  fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);
const SCALAR = fc.oneof(
  WEIRD_STRING,
  fc.integer(),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, false, null),
);
const VALUE = fc.oneof(
  { weight: 4, arbitrary: SCALAR },
  { weight: 1, arbitrary: fc.array(SCALAR, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(FIELD, SCALAR, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: -5, max: 50 }), { maxLength: 2000 }) },
);
const OBJECT = fc.dictionary(FIELD, VALUE, { maxKeys: 5 });

type Body = { type: string | null; body: string | Buffer; label: string };

/** Prints a body by its label and size (a counterexample may be megabytes long). */
function labelled(b: Body): Body {
  const text = typeof b.body === 'string' ? b.body : b.body.toString('utf8');
  const shown =
    text.length > 200 ? `${JSON.stringify(text.slice(0, 200))}… (${text.length} characters)` : JSON.stringify(text);
  return Object.assign(b, { [fc.toStringMethod]: () => `${b.label}, ${b.type ?? 'no content type'}: ${shown}` });
}

const BODY: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 4,
    arbitrary: OBJECT.map((o) => ({ type: 'application/json', body: JSON.stringify(o), label: 'json object' })),
  },
  {
    weight: 2,
    arbitrary: fc
      .jsonValue()
      .map((v) => ({ type: 'application/json', body: JSON.stringify(v) ?? 'null', label: 'json value' })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '{',
        '{"name":',
        '[',
        'nul',
        '{"name":"x",}',
        '\u0000',
        '',
        '{"a":1}{"b":2}',
        '"\\ud800"',
        '{"__proto__":{"x":1}}',
      )
      .map((b) => ({ type: 'application/json', body: b, label: 'malformed json' })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          null,
          'text/plain',
          'application/xml',
          'a/b/c',
          'application/json; charset=latin1',
          'multipart/form-data; boundary=xyz',
          'multipart/form-data',
          'application/octet-stream',
        ),
        OBJECT,
      )
      .map(([type, o]) => ({ type, body: JSON.stringify(o), label: `wrong type ${type}` })),
  },
  {
    weight: 2,
    arbitrary: OBJECT.map((o) => ({
      type: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(
        Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString(),
      label: 'urlencoded',
    })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(2.5, 5).map((mb) => ({
      type: 'application/json',
      body: JSON.stringify({ name: 'x'.repeat(Math.round(mb * 1024 * 1024)) }),
      label: `oversized ${mb} MB`,
    })),
  },
);

const PARAM = fc.constantFrom('1', '2', '3', '999999', '0', '-1', 'abc', '1.5', '%E2%82%AC', '9'.repeat(30));

function concrete(route: Route, params: string[]): string {
  let i = 0;
  return route.url.replace(/:[A-Za-z]+(\|:[A-Za-z]+)*/g, () => params[i++ % params.length]!);
}

test('bad input through the BFF never gets a 5xx, and every refusal is in Hungarian', async () => {
  test.setTimeout(240_000);
  const routes: Route[] = [
    ...bffWriteRoutes(),
    { method: 'POST', url: '/auth/login' },
    { method: 'POST', url: '/auth/logout' },
  ];
  expect(routes.length).toBeGreaterThan(15);
  expect(routes).toContainEqual({ method: 'POST', url: '/api/playlists' });

  const port = stack!.webPort;
  const host = `demo.localhost:${port}`;
  let cookie = '';
  async function logIn(): Promise<void> {
    const answer = await rawRequest({
      method: 'POST',
      path: '/auth/login',
      host,
      port,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(answer.status, answer.text).toBe(204);
    cookie = sessionCookie(answer);
  }
  await logIn();

  const seen = new Map<string, number>();
  const property = fc.asyncProperty(
    fc.constantFrom(...routes),
    fc.array(PARAM, { minLength: 3, maxLength: 3 }),
    BODY,
    fc.boolean(),
    async (route, params, rawBody, loggedIn) => {
      const body = labelled(rawBody);
      const path = concrete(route, params);
      const headers: Record<string, string> = {};
      if (body.type) headers['content-type'] = body.type;
      if (loggedIn) headers.cookie = cookie;
      let answer: RawAnswer;
      try {
        answer = await rawRequest({ method: route.method, path, host, port, headers, body: body.body });
      } catch (err) {
        throw new Error(
          `${route.method} ${path} (${body.label}, ${loggedIn ? 'logged in' : 'guest'}): ${(err as Error).message}`,
        );
      }
      const where = `${route.method} ${path} (${body.label}, ${loggedIn ? 'logged in' : 'guest'}) → ${answer.status} ${answer.text.slice(0, 300)}`;
      seen.set(String(answer.status), (seen.get(String(answer.status)) ?? 0) + 1);
      if (answer.status >= 500) throw new Error(`5xx: ${where}`);
      if (answer.status >= 400) {
        const message = (answer.json as { message?: unknown } | undefined)?.message;
        if (!isHungarianMessage(message)) throw new Error(`refusal without a Hungarian message: ${where}`);
      }
      // A logout (or a login as someone else) ends the session the logged-in inputs use.
      if (loggedIn && (route.url.endsWith('/logout') || route.url === '/auth/login')) await logIn();
    },
  );

  const started = Date.now();
  const result = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
  if (result.failed) {
    const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    throw new Error(
      `fast-check seed ${SEED} (rerun with FC_SEED=${SEED}), failed after ${result.numRuns} inputs:\n` +
        `${error.slice(0, 2000)}\ninput: ${fc.stringify(result.counterexample).slice(0, 2000)}`,
    );
  }
  console.log(
    `bad input: ${RUNS} inputs in ${((Date.now() - started) / 1000).toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries(seen))}`,
  );
});
