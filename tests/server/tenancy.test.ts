import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { BFF_SECRET, Client, createTestApp, TEST_VERSION, type TestApp } from './helpers';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

/** What the BFF sends for a browser on <slug>.localhost. */
const viaBff = (slug: string, extra: Record<string, string> = {}) => ({
  headers: { 'x-tenant': slug, 'x-bff-secret': BFF_SECRET, ...extra },
});

describe('tenant selection', () => {
  test('without X-Tenant the default tenant answers', async () => {
    const res = await new Client(t.app).get('/api/customer');
    assert.equal(res.json().slug, 'demo');
  });

  test('the BFF picks the tenant with X-Tenant and the shared secret', async () => {
    const res = await new Client(t.app, viaBff('other')).get('/api/customer');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().name, 'Másik Üzlet');
    assert.equal(res.json().slug, 'other');
  });

  test('X-Tenant without the secret, or with a wrong one, answers 403', async () => {
    const attempts: Array<Record<string, string>> = [
      { 'x-tenant': 'other' },
      { 'x-tenant': 'other', 'x-bff-secret': 'guess' },
    ];
    for (const headers of attempts) {
      const res = await new Client(t.app, { headers }).get('/api/customer');
      assert.equal(res.statusCode, 403);
      assert.deepEqual(res.json(), { message: 'Érvénytelen proxy-azonosító.' });
      assert.equal(res.headers['x-app-version'], TEST_VERSION);
    }
  });

  test('an unknown or malformed slug answers 404', async () => {
    for (const slug of ['nosuchshop', 'Bad_Slug!']) {
      const res = await new Client(t.app, viaBff(slug)).get('/api/customer');
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { message: 'Ismeretlen ügyfél.' });
    }
  });
});

describe('isolation between customers', () => {
  test("another customer's user cannot log in, with the same answer as a wrong password", async () => {
    const res = await new Client(t.app).login('other@pulzus.hu', 'pulzus-other');
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().errors, { email: ['Hibás e-mail cím vagy jelszó.'] });
  });

  test('the same user logs in on its own tenant', async () => {
    const c = new Client(t.app, viaBff('other'));
    assert.equal((await c.login('other@pulzus.hu', 'pulzus-other')).statusCode, 204);
    const me = (await c.get('/api/me')).json();
    assert.equal(me.email, 'other@pulzus.hu');
    const customer = (await c.get('/api/customer')).json();
    assert.equal(me.customer_id, customer.id);
  });

  test('a demo session cookie presented on tenant other is no session', async () => {
    const demo = new Client(t.app, viaBff('demo'));
    await demo.login('demo@pulzus.hu', 'pulzus-demo', { remember: true });
    assert.equal((await demo.get('/api/me')).statusCode, 200);

    const cookie = demo.cookieHeader();
    const onOther = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...viaBff('other').headers, cookie },
    });
    assert.equal(onOther.statusCode, 401, 'neither the session nor the remember cookie crosses tenants');

    const xsrf = demo.jar.get('XSRF-TOKEN')!;
    const logoutOnOther = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...viaBff('other').headers, cookie, 'x-xsrf-token': xsrf },
    });
    assert.equal(logoutOnOther.statusCode, 419, "the demo session's CSRF token is not valid on other");
    assert.equal((await demo.get('/api/me')).statusCode, 200, 'the demo login is untouched');
  });
});

describe('client IP', () => {
  const email = `ip-check-${Date.now()}@example.com`;

  async function failFiveTimes(c: Client, ip?: string) {
    await c.csrf();
    for (let i = 0; i < 5; i += 1) {
      const headers = ip ? { 'x-forwarded-for': ip } : undefined;
      assert.equal((await c.post('/login', { email, password: 'x' }, { headers })).statusCode, 422);
    }
  }

  test('X-Forwarded-For from the trusted BFF separates browsers behind one proxy', async () => {
    const c = new Client(t.app, viaBff('demo'));
    await failFiveTimes(c, '203.0.113.10');
    const blocked = await c.post(
      '/login',
      { email, password: 'x' },
      { headers: { 'x-forwarded-for': '203.0.113.10' } },
    );
    assert.equal(blocked.statusCode, 429);
    const other = await c.post('/login', { email, password: 'x' }, { headers: { 'x-forwarded-for': '203.0.113.11' } });
    assert.equal(other.statusCode, 422, 'another browser behind the BFF is not locked out');
  });

  test('from the BFF, the last X-Forwarded-For entry counts, and only when it is an IP address', async () => {
    const email = `ip-chain-${Date.now()}@example.com`;
    const c = new Client(t.app, { ...viaBff('demo'), remoteAddress: '192.0.2.50' });
    await c.csrf();
    const chain = (claimed: string) => ({ headers: { 'x-forwarded-for': `${claimed}, 203.0.113.30` } });
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await c.post('/login', { email, password: 'x' }, chain(`198.18.0.${i}`))).statusCode, 422);
    }
    assert.equal(
      (await c.post('/login', { email, password: 'x' }, chain('198.18.1.1'))).statusCode,
      429,
      'a claimed first entry changes nothing',
    );

    // Not an address: the socket's address counts instead (here the BFF's).
    const d = new Client(t.app, { ...viaBff('demo'), remoteAddress: '192.0.2.51' });
    await d.csrf();
    for (const junk of ['not-an-ip', 'x'.repeat(500), '203.0.113.40 OR 1=1', '', 'unknown']) {
      assert.equal(
        (await d.post('/login', { email, password: 'x' }, { headers: { 'x-forwarded-for': junk } })).statusCode,
        422,
        junk,
      );
    }
    const rows = (await t.database.db.execute(
      sql`select key from rate_limits where key like ${`login:%:${email}|%`}`,
    )) as unknown as {
      rows: Array<{ key: string }>;
    };
    assert.deepEqual(rows.rows.map((r) => r.key.split('|')[1]).sort(), ['192.0.2.51', '203.0.113.30']);
  });

  test('an untrusted X-Forwarded-For is ignored', async () => {
    const c = new Client(t.app, { remoteAddress: '198.51.100.7' });
    await failFiveTimes(c, '203.0.113.20');
    const spoofed = await c.post(
      '/login',
      { email, password: 'x' },
      { headers: { 'x-forwarded-for': '203.0.113.21' } },
    );
    assert.equal(spoofed.statusCode, 429, 'a made-up header does not reset the throttle');
  });
});
