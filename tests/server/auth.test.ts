import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { customerSchema, userSchema } from '../../contracts';
import { consume } from '../../server/src/db/queries/rate-limits';
import { LOGIN_LIMITS } from '../../server/src/routes/auth';
import { BFF_SECRET, Client, createTestApp, REMEMBER_COOKIE, setCookie, TEST_VERSION, type TestApp } from './helpers';

const FAILED = 'Hibás e-mail cím vagy jelszó.';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

describe('csrf-cookie', () => {
  test('answers 204 with a guest session cookie and a readable XSRF-TOKEN', async () => {
    const c = new Client(t.app);
    const res = await c.csrf();
    assert.equal(res.statusCode, 204);
    const session = setCookie(res, 'pulzus_session');
    const xsrf = setCookie(res, 'XSRF-TOKEN');
    assert.ok(session && session.value.length === 40, 'session cookie of 40 chars');
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Lax');
    assert.equal(session.path, '/');
    assert.equal(session.maxAge, undefined, 'ends with the browser');
    assert.equal(session.secure, undefined, 'not Secure over plain http');
    assert.ok(xsrf && xsrf.value.length >= 40);
    assert.notEqual(xsrf.httpOnly, true, 'page scripts must be able to read XSRF-TOKEN');
  });

  test('a second call keeps the same session and re-sends both cookies', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const before = c.jar.get('pulzus_session');
    const res = await c.csrf();
    assert.equal(setCookie(res, 'pulzus_session')?.value, before);
    assert.ok(setCookie(res, 'XSRF-TOKEN'));
  });

  test('cookies are Secure when the trusted proxy says the request came over https', async () => {
    const c = new Client(t.app);
    const trusted = await c.get('/sanctum/csrf-cookie', {
      headers: { 'x-bff-secret': 'test-bff-secret', 'x-forwarded-proto': 'https' },
    });
    assert.equal(setCookie(trusted, 'pulzus_session')?.secure, true);
    const spoofed = await new Client(t.app).get('/sanctum/csrf-cookie', { headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(setCookie(spoofed, 'pulzus_session')?.secure, undefined);
  });
});

describe('CSRF protection', () => {
  test('an unsafe request without X-XSRF-TOKEN answers 419', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post('/login', { email: 'demo@pulzus.hu', password: 'pulzus-demo' }, { xsrf: false });
    assert.equal(res.statusCode, 419);
    assert.deepEqual(res.json(), { message: 'A munkamenet lejárt, kérjük, frissítse az oldalt.' });
  });

  test('a wrong X-XSRF-TOKEN answers 419', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post(
      '/login',
      { email: 'demo@pulzus.hu', password: 'pulzus-demo' },
      { xsrf: false, headers: { 'x-xsrf-token': 'not-the-token' } },
    );
    assert.equal(res.statusCode, 419);
  });

  test('a token without its session answers 419', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const token = c.jar.get('XSRF-TOKEN')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'x-xsrf-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'demo@pulzus.hu', password: 'pulzus-demo' }),
    });
    assert.equal(res.statusCode, 419);
  });
});

describe('login', () => {
  test('wrong credentials answer 422 with the Hungarian message under email', async () => {
    const c = new Client(t.app);
    const res = await c.login('demo@pulzus.hu', 'wrong-password');
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { message: FAILED, errors: { email: [FAILED] } });
  });

  test('missing fields answer 422 per field with a summary message', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post('/login', {});
    assert.equal(res.statusCode, 422);
    const body = res.json();
    assert.deepEqual(Object.keys(body.errors).sort(), ['email', 'password']);
    assert.match(body.errors.email[0], /kötelező/);
    assert.match(body.errors.password[0], /kötelező/);
    assert.equal(body.message, `${body.errors.email[0]} (és még 1 hiba)`);
  });

  test('a malformed JSON body is a 4xx, never a 500', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post('/login', '{"email":', { headers: { 'content-type': 'application/json' } });
    assert.equal(res.statusCode, 400);
    assert.ok(res.json().message);
  });

  test('a malformed multipart body answers 400, before and after login, never a 500', async () => {
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=xyz', 'garbage'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated',
      ],
    ];
    const guest = new Client(t.app);
    await guest.csrf();
    const user = new Client(t.app);
    await user.login('demo@pulzus.hu', 'pulzus-demo');
    for (const [type, payload] of bodies) {
      for (const [who, url] of [
        [guest, '/login'],
        [guest, '/api/password-reset-link'],
        [user, '/api/playlists'],
        [user, '/api/players/1/random'],
      ] as const) {
        const res = await who.post(url, payload, { headers: { 'content-type': type } });
        assert.equal(res.statusCode, 400, `${url} ${type} ${JSON.stringify(payload)}: ${res.body}`);
        assert.deepEqual(res.json(), { message: 'Hibás kérés.' });
      }
    }
    // Straight from curl: no session, no token. The body is not read at all: 419 comes first.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    assert.equal(raw.statusCode, 419);
  });

  test('a content type the API does not take answers 415; a JSON body that is not an object counts as empty', async () => {
    const c = new Client(t.app);
    await c.csrf();
    for (const type of ['text/plain', 'application/xml', 'text/csv', 'application/octet-stream']) {
      const res = await c.post('/login', 'email=demo@pulzus.hu', { headers: { 'content-type': type } });
      assert.equal(res.statusCode, 415, `${type}: ${res.body}`);
      assert.deepEqual(res.json(), { message: 'Nem támogatott tartalomtípus.' });
    }
    for (const payload of ['[1,2]', '["demo@pulzus.hu","pulzus-demo"]', '"text"', '42', 'null', 'true']) {
      const res = await c.post('/login', payload, { headers: { 'content-type': 'application/json' } });
      assert.equal(res.statusCode, 422, `${payload}: ${res.body}`);
      assert.deepEqual(Object.keys(res.json().errors).sort(), ['email', 'password'], payload);
    }
  });

  test('more than 5 failures a minute answer 429 with errors.email and Retry-After', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const email = `throwaway-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      const res = await c.post('/login', { email, password: 'nope' });
      assert.equal(res.statusCode, 422, `attempt ${i + 1}`);
    }
    const res = await c.post('/login', { email, password: 'nope' });
    assert.equal(res.statusCode, 429);
    const body = res.json();
    assert.match(
      body.errors.email[0],
      /^Túl sok bejelentkezési kísérlet\. Kérjük, próbálja újra \d+ másodperc múlva\.$/,
    );
    assert.equal(body.message, body.errors.email[0]);
    const retryAfter = Number(res.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${res.headers['retry-after']}`);
    assert.ok(body.errors.email[0].includes(`${retryAfter} másodperc`));

    // Another client address is counted separately.
    const elsewhere = new Client(t.app, { remoteAddress: '10.9.8.7' });
    await elsewhere.csrf();
    assert.equal((await elsewhere.post('/login', { email, password: 'nope' })).statusCode, 422);
  });

  test('of 20 parallel wrong logins exactly 5 are checked (422), the rest answer 429', async () => {
    const c = new Client(t.app, { remoteAddress: '10.20.0.1' });
    await c.csrf();
    const email = `parallel-${Date.now()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.post('/login', { email, password: 'nope' })));
    const codes = answers.map((r) => r.statusCode);
    assert.equal(codes.filter((s) => s === 422).length, 5, codes.join(','));
    assert.equal(codes.filter((s) => s === 429).length, 15, codes.join(','));
    for (const r of answers.filter((a) => a.statusCode === 429)) assert.ok(Number(r.headers['retry-after']) >= 1);
  });

  test('one address: 20 failures a minute across e-mails, then 429 for any e-mail of that shop', async () => {
    const ip = '10.21.0.1';
    const c = new Client(t.app, { remoteAddress: ip });
    await c.csrf();
    for (let i = 0; i < 20; i += 1) {
      const res = await c.post('/login', { email: `spray-${i % 4}@example.com`, password: 'nope' });
      assert.equal(res.statusCode, 422, `attempt ${i + 1}`);
    }
    const res = await c.post('/login', { email: 'fresh-address@example.com', password: 'nope' });
    assert.equal(res.statusCode, 429);
    assert.match(
      res.json().errors.email[0],
      /^Túl sok bejelentkezési kísérlet\. Kérjük, próbálja újra \d+ másodperc múlva\.$/,
    );
    const retryAfter = Number(res.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${res.headers['retry-after']}`);
    // Even the right password waits: the address is locked for this shop.
    assert.equal((await c.post('/login', { email: 'demo@pulzus.hu', password: 'pulzus-demo' })).statusCode, 429);

    // Another shop from the same address is counted on its own.
    const other = new Client(t.app, {
      remoteAddress: ip,
      headers: { 'x-tenant': 'other', 'x-bff-secret': BFF_SECRET },
    });
    await other.csrf();
    assert.equal(
      (await other.post('/login', { email: 'fresh-address@example.com', password: 'nope' })).statusCode,
      422,
    );
    // And another address of this shop.
    const elsewhere = new Client(t.app, { remoteAddress: '10.21.0.2' });
    await elsewhere.csrf();
    assert.equal(
      (await elsewhere.post('/login', { email: 'fresh-address@example.com', password: 'nope' })).statusCode,
      422,
    );
  });

  test('one e-mail: 50 failures in 15 minutes from many addresses, then 429 from any address', async () => {
    const email = `targeted-${Date.now()}@example.com`;
    for (let ip = 0; ip < 10; ip += 1) {
      const c = new Client(t.app, { remoteAddress: `10.22.0.${ip + 1}` });
      await c.csrf();
      for (let i = 0; i < 5; i += 1) {
        assert.equal(
          (await c.post('/login', { email, password: 'nope' })).statusCode,
          422,
          `address ${ip}, attempt ${i + 1}`,
        );
      }
    }
    const c = new Client(t.app, { remoteAddress: '10.22.1.1' });
    await c.csrf();
    const res = await c.post('/login', { email, password: 'nope' });
    assert.equal(res.statusCode, 429);
    const retryAfter = Number(res.headers['retry-after']);
    assert.ok(retryAfter > 60 && retryAfter <= 900, `Retry-After ${res.headers['retry-after']}`);
    assert.ok(res.json().errors.email[0].includes(`${retryAfter} másodperc`));
    // Another e-mail from that address is not affected.
    assert.equal((await c.post('/login', { email: `other-${email}`, password: 'nope' })).statusCode, 422);
  });

  test('a refused (429) attempt does not count against the other limits', async () => {
    const c = new Client(t.app, { remoteAddress: '10.23.0.1' });
    await c.csrf();
    for (let i = 0; i < 5; i += 1) await c.post('/login', { email: 'hammered@example.com', password: 'nope' });
    for (let i = 0; i < 30; i += 1) {
      assert.equal((await c.post('/login', { email: 'hammered@example.com', password: 'nope' })).statusCode, 429);
    }
    // 5 failures so far from this address: 15 more are still checked.
    for (let i = 0; i < 15; i += 1) {
      const res = await c.post('/login', { email: `next-${i % 3}@example.com`, password: 'nope' });
      assert.equal(res.statusCode, 422, `attempt ${i + 1}`);
    }
  });

  test('a success clears the failure counter', async () => {
    const c = new Client(t.app, { remoteAddress: '10.0.0.55' });
    await c.csrf();
    for (let i = 0; i < 4; i += 1) await c.post('/login', { email: 'demo@pulzus.hu', password: 'bad' });
    assert.equal((await c.post('/login', { email: 'DEMO@pulzus.hu', password: 'pulzus-demo' })).statusCode, 204);
    await c.post('/api/logout');
    await c.csrf();
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await c.post('/login', { email: 'demo@pulzus.hu', password: 'bad' })).statusCode, 422);
    }
  });

  test('success answers 204 and regenerates the session and the CSRF token', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const guestCookie = c.jar.get('pulzus_session')!;
    const guestXsrf = c.jar.get('XSRF-TOKEN')!;
    const res = await c.post('/login', { email: 'demo@pulzus.hu', password: 'pulzus-demo' });
    assert.equal(res.statusCode, 204);
    assert.notEqual(c.jar.get('pulzus_session'), guestCookie);
    assert.notEqual(c.jar.get('XSRF-TOKEN'), guestXsrf);
    assert.equal(setCookie(res, REMEMBER_COOKIE), undefined, 'no remember cookie without remember');

    assert.equal((await c.get('/api/me')).statusCode, 200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `pulzus_session=${guestCookie}` },
    });
    assert.equal(old.statusCode, 401, 'the pre-login session cookie is dead');
  });

  test('an urlencoded form login works too', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post('/login', 'email=demo%40pulzus.hu&password=pulzus-demo&remember=1', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.statusCode, 204);
    assert.ok(setCookie(res, REMEMBER_COOKIE), 'remember=1 counts as true');
  });

  test('remember is a boolean: true/false/1/0 only (the web app reads a checkbox for the API)', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post('/login', 'email=demo%40pulzus.hu&password=pulzus-demo&remember=on', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(res.json().errors.remember, ['A(z) emlékezz rám mező értéke csak igaz vagy hamis lehet.']);
  });

  test('a multipart form login works too', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const boundary = '----pulzus-test';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = `${part('email', 'demo@pulzus.hu')}${part('password', 'pulzus-demo')}--${boundary}--\r\n`;
    const res = await c.post('/login', payload, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    assert.equal(res.statusCode, 204);
  });

  test('a logged-in user posting /login is redirected to /', async () => {
    const c = new Client(t.app);
    await c.login('demo@pulzus.hu', 'pulzus-demo');
    const res = await c.post('/login', { email: 'demo@pulzus.hu', password: 'pulzus-demo' });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/');
  });
});

describe('/api/me', () => {
  test('answers 401 with the Hungarian message without a session', async () => {
    const res = await new Client(t.app).get('/api/me');
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: 'Nincs bejelentkezve.' });
  });

  test('gives the user with a session_id that differs per login and is not the cookie', async () => {
    const a = new Client(t.app);
    const b = new Client(t.app);
    await a.login('demo@pulzus.hu', 'pulzus-demo');
    await b.login('demo@pulzus.hu', 'pulzus-demo');
    const meA = (await a.get('/api/me')).json();
    const meB = (await b.get('/api/me')).json();
    assert.deepEqual(Object.keys(meA).sort(), ['customer_id', 'email', 'id', 'name', 'session_id']);
    userSchema.parse(meA);
    assert.equal(meA.email, 'demo@pulzus.hu');
    assert.equal(typeof meA.session_id, 'string');
    assert.ok(meA.session_id.length >= 16);
    assert.notEqual(meA.session_id, meB.session_id);
    assert.notEqual(meA.session_id, a.jar.get('pulzus_session'));
    assert.equal((await a.get('/api/me')).json().session_id, meA.session_id, 'stable within a login');
  });

  test('an idle session expires', async () => {
    const c = new Client(t.app);
    await c.login('demo@pulzus.hu', 'pulzus-demo');
    const me = (await c.get('/api/me')).json();
    await t.database.db.execute(
      sql`update sessions set last_activity_at = now() - interval '121 minutes' where session_id = ${me.session_id}`,
    );
    assert.equal((await c.get('/api/me')).statusCode, 401);
  });

  test('a session past its absolute lifetime expires even when active', async () => {
    const c = new Client(t.app);
    await c.login('demo@pulzus.hu', 'pulzus-demo');
    const me = (await c.get('/api/me')).json();
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '25 hours' where session_id = ${me.session_id}`,
    );
    assert.equal((await c.get('/api/me')).statusCode, 401);
  });
});

describe('remember me', () => {
  test('the remember cookie lasts 400 days and restores the login after the session cookie is gone', async () => {
    const c = new Client(t.app);
    const res = await c.login('demo@pulzus.hu', 'pulzus-demo', { remember: true });
    const remember = setCookie(res, REMEMBER_COOKIE);
    assert.ok(remember);
    assert.equal(remember.maxAge, 400 * 24 * 60 * 60);
    assert.equal(remember.httpOnly, true);
    const sessionId = (await c.get('/api/me')).json().session_id;

    // The browser restarted: session cookies are gone, the remember cookie stays.
    c.jar.delete('pulzus_session');
    c.jar.delete('XSRF-TOKEN');
    const restored = await c.get('/api/me');
    assert.equal(restored.statusCode, 200);
    assert.equal(restored.json().session_id, sessionId, 'the same device login');
    assert.ok(setCookie(restored, 'pulzus_session'), 'a fresh session cookie');
    assert.ok(setCookie(restored, 'XSRF-TOKEN'));
    assert.equal((await c.get('/api/me')).statusCode, 200);
  });

  test('without remember, dropping the session cookie logs out', async () => {
    const c = new Client(t.app);
    await c.login('demo@pulzus.hu', 'pulzus-demo', { remember: false });
    c.jar.delete('pulzus_session');
    assert.equal((await c.get('/api/me')).statusCode, 401);
  });

  test('a forged remember cookie restores nothing', async () => {
    const c = new Client(t.app);
    await c.login('demo@pulzus.hu', 'pulzus-demo', { remember: true });
    const [id] = c.jar.get(REMEMBER_COOKIE)!.split('|');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `${REMEMBER_COOKIE}=${id}|forged-token` },
    });
    assert.equal(res.statusCode, 401);
  });
});

describe('logout', () => {
  test('ends the session, revokes the remember token and clears the cookies', async () => {
    const c = new Client(t.app);
    await c.login('demo@pulzus.hu', 'pulzus-demo', { remember: true });
    const sessionCookie = c.jar.get('pulzus_session')!;
    const rememberCookie = c.jar.get(REMEMBER_COOKIE)!;
    const res = await c.post('/api/logout');
    assert.equal(res.statusCode, 204);
    for (const name of ['pulzus_session', 'XSRF-TOKEN', REMEMBER_COOKIE]) {
      assert.equal(setCookie(res, name)?.value, '', `${name} cleared`);
    }
    assert.equal((await c.get('/api/me')).statusCode, 401);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `pulzus_session=${sessionCookie}; ${REMEMBER_COOKIE}=${encodeURIComponent(rememberCookie)}` },
    });
    assert.equal(replay.statusCode, 401, 'neither old cookie works any more');
  });

  test('without a session it is 419 (no token) rather than a silent success', async () => {
    const res = await new Client(t.app).post('/api/logout');
    assert.equal(res.statusCode, 419);
  });
});

describe('/api/customer', () => {
  test('is public and gives the name and a signed logo URL', async () => {
    const res = await new Client(t.app).get('/api/customer');
    assert.equal(res.statusCode, 200);
    const body = customerSchema.parse(res.json());
    assert.equal(body.name, 'Demo Bolt');
    assert.equal(body.slug, 'demo');
    const logo = body.settings.find((s) => s.key === 'logo');
    assert.ok(logo?.url, 'logo setting with a URL');
    assert.equal(typeof logo.id, 'number');
    assert.match(logo.url, /^http:\/\/api\.test:4000\/media\/.+\.svg\?expires=\d+&signature=[0-9a-f]{64}$/);
    const file = await t.app.inject({ method: 'GET', url: logo.url.replace('http://api.test:4000', '') });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/svg+xml');
    assert.match(file.body, /Demo Bolt/);
  });
});

describe('every response carries x-app-version', () => {
  test('success, 204, 401, 404, 419 and 422 alike', async () => {
    const c = new Client(t.app);
    const responses = [
      await c.get('/api/customer'),
      await c.csrf(),
      await c.get('/api/me'),
      await c.get('/api/does-not-exist'),
      await c.get('/nothing-here'),
      await c.post('/login', {}, { xsrf: false }),
      await c.post('/login', {}),
    ];
    assert.deepEqual(
      responses.map((r) => r.statusCode),
      [200, 204, 401, 404, 404, 419, 422],
    );
    for (const r of responses) assert.equal(r.headers['x-app-version'], TEST_VERSION);
    assert.deepEqual(responses[4]!.json(), { message: 'Nem található.' });
  });

  test('trailing slashes are accepted', async () => {
    assert.equal((await new Client(t.app).get('/api/customer/')).statusCode, 200);
  });
});

describe('login limits: a sliding window (issue 38)', () => {
  // Far from the wall clock, so nothing else's clean-up or window meets these rows.
  const base = Date.now() + 3_600_000;

  for (const name of ['emailIp', 'ip', 'email', 'device'] as const) {
    const { max, windowSeconds } = LOGIN_LIMITS[name];
    test(`${name}: ${max} failures in any ${windowSeconds / 60} minutes fill it, even around the edge of a window`, async () => {
      const db = t.database.db;
      const limit = { key: `sliding-${name}-${Date.now()}`, max, windowSeconds };
      const at = (seconds: number) => new Date(base + seconds * 1000);
      // One failure at the start, the rest just before a fixed window would have ended.
      assert.equal((await consume(db, [limit], at(0))).allowed, true);
      for (let i = 1; i < max; i += 1) assert.equal((await consume(db, [limit], at(windowSeconds - 2))).allowed, true);
      assert.equal((await consume(db, [limit], at(windowSeconds - 1))).allowed, false, 'full within the window');
      // Just after that edge only the first failure has left: one more, not a fresh `max`.
      let allowed = 0;
      let retryAfter = 0;
      for (let i = 0; i < max + 1; i += 1) {
        const slot = await consume(db, [limit], at(windowSeconds + 1));
        if (slot.allowed) allowed += 1;
        else retryAfter = slot.retryAfter;
      }
      assert.equal(allowed, 1, `${allowed} failures let through just after the edge`);
      // Room again once the failures made just before the edge leave the window.
      assert.equal(retryAfter, windowSeconds - 3);
      assert.equal((await consume(db, [limit], at(2 * windowSeconds - 2))).allowed, true);
    });
  }

  test('a hit given back (a right password) frees its place, and only its own', async () => {
    const db = t.database.db;
    const limit = { key: `sliding-release-${Date.now()}`, max: 2, windowSeconds: 60 };
    const first = await consume(db, [limit], new Date(base));
    const second = await consume(db, [limit], new Date(base));
    assert.ok(first.allowed && second.allowed);
    await second.release();
    assert.equal((await consume(db, [limit], new Date(base + 1000))).allowed, true);
    assert.equal((await consume(db, [limit], new Date(base + 2000))).allowed, false);
  });
});
