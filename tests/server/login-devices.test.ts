import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { getCustomerBySlug } from '../../server/src/db/queries/customers';
import { deleteStaleDevices, rememberDevice } from '../../server/src/db/queries/user-devices';
import { userDevices, users } from '../../server/src/db/schema';
import { sha256 } from '../../server/src/security/crypto';
import { hashPassword } from '../../server/src/security/passwords';
import { BFF_SECRET, Client, createTestApp, type TestApp } from './helpers';

/**
 * OWASP's device cookies: the web app gives every browser a lasting id (`pulzus_device`), the BFF
 * passes it as X-Device-Id with its secret, and the API spares a browser that has logged in to an
 * account before the account-wide limit that strangers can trip.
 */

const THROTTLED = /^Túl sok bejelentkezési kísérlet\. Kérjük, próbálja újra \d+ másodperc múlva\.$/;
const PASSWORD = 'jo-jelszo-2026';

let t: TestApp;
let customerId: number;
let userCount = 0;

before(async () => {
  t = await createTestApp();
  customerId = (await getCustomerBySlug(t.database.db, { slug: 'demo' }))!.id;
});
after(async () => {
  await t.close();
});

/** A manager of the demo shop of this test alone: tripping its limits disturbs no other test. */
async function freshUser(): Promise<{ id: number; email: string }> {
  userCount += 1;
  const email = `device-${userCount}-${Date.now()}@example.com`;
  const [row] = await t.database.db
    .insert(users)
    .values({ customerId, name: `Eszköz ${userCount}`, email, password: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

const newDeviceId = () => randomBytes(16).toString('base64url');

/** A browser as the BFF forwards it: its address and, when it has one, its device id, with the BFF secret. */
function viaBff(ip: string, deviceId?: string): Client {
  return new Client(t.app, {
    remoteAddress: ip,
    headers: { 'x-bff-secret': BFF_SECRET, ...(deviceId ? { 'x-device-id': deviceId } : {}) },
  });
}

async function attempt(c: Client, email: string, password: string) {
  await c.csrf();
  return c.post('/login', { email, password });
}

/** Logs the browser in once, so the API knows it for this account. */
async function remember(email: string, ip: string, deviceId: string) {
  const res = await attempt(viaBff(ip, deviceId), email, PASSWORD);
  assert.equal(res.statusCode, 204, res.body);
}

/** 5 wrong passwords from each of 10 addresses: the account-wide limit (50 in 15 minutes) is full. */
async function tripAccountLimit(email: string, net: string) {
  for (let ip = 1; ip <= 10; ip += 1) {
    const c = new Client(t.app, { remoteAddress: `${net}.${ip}` });
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await attempt(c, email, 'rossz')).statusCode, 422, `address ${ip}, attempt ${i + 1}`);
    }
  }
}

describe('login from a known browser (device cookie)', () => {
  test('a browser that logged in before still logs in after 10 other addresses tripped the account limit', async () => {
    const user = await freshUser();
    const device = newDeviceId();
    await remember(user.email, '10.40.0.1', device);
    const [row] = await t.database.db
      .select()
      .from(userDevices)
      .where(and(eq(userDevices.userId, user.id), eq(userDevices.deviceHash, sha256(device))));
    assert.ok(row, 'the device is remembered, by its hash only');
    assert.equal(row.customerId, customerId);

    await tripAccountLimit(user.email, '10.40.1');
    const stranger = await attempt(viaBff('10.40.2.1', newDeviceId()), user.email, PASSWORD);
    assert.equal(stranger.statusCode, 429, 'the account-wide limit is full');

    const own = await attempt(viaBff('10.40.0.1', device), user.email, PASSWORD);
    assert.equal(own.statusCode, 204, own.body);
    // From another address too: the browser, not the address, is what is known.
    assert.equal((await attempt(viaBff('10.40.3.1', device), user.email, PASSWORD)).statusCode, 204);
  });

  test("a known browser's own 5 failures lock that browser for 15 minutes, and only it", async () => {
    const user = await freshUser();
    const laptop = newDeviceId();
    const desk = newDeviceId();
    await remember(user.email, '10.41.0.1', laptop);
    await remember(user.email, '10.41.0.2', desk);

    // From five addresses, so the per-address limit (5 a minute) is not what stops it.
    for (let i = 1; i <= 5; i += 1) {
      assert.equal(
        (await attempt(viaBff(`10.41.1.${i}`, laptop), user.email, 'rossz')).statusCode,
        422,
        `attempt ${i}`,
      );
    }
    const locked = await attempt(viaBff('10.41.1.6', laptop), user.email, PASSWORD);
    assert.equal(locked.statusCode, 429);
    assert.match(locked.json().errors.email[0], THROTTLED);
    const retryAfter = Number(locked.headers['retry-after']);
    assert.ok(retryAfter > 60 && retryAfter <= 900, `Retry-After ${locked.headers['retry-after']}`);

    // The user's other browser, and a stranger's attempt, are not held by the laptop's failures.
    assert.equal((await attempt(viaBff('10.41.2.1', desk), user.email, PASSWORD)).statusCode, 204);
    assert.equal((await attempt(viaBff('10.41.3.1', newDeviceId()), user.email, 'rossz')).statusCode, 422);
  });

  test('an unknown browser is refused by the account-wide limit, also one known to another account', async () => {
    const user = await freshUser();
    const colleague = await freshUser();
    const colleaguesDevice = newDeviceId();
    await remember(colleague.email, '10.42.0.1', colleaguesDevice);

    await tripAccountLimit(user.email, '10.42.1');
    for (const [ip, device] of [
      ['10.42.2.1', newDeviceId()],
      ['10.42.2.2', colleaguesDevice],
      ['10.42.2.3', undefined],
    ] as const) {
      const res = await attempt(viaBff(ip, device), user.email, PASSWORD);
      assert.equal(res.statusCode, 429, `${ip}: ${res.body}`);
      assert.match(res.json().errors.email[0], THROTTLED);
    }
  });

  test('a browser known to a manager of one shop is a stranger to the same e-mail at another shop', async () => {
    const user = await freshUser();
    const otherId = (await getCustomerBySlug(t.database.db, { slug: 'other' }))!.id;
    await t.database.db
      .insert(users)
      .values({ customerId: otherId, name: 'Másik bolt', email: user.email, password: await hashPassword(PASSWORD) });
    const device = newDeviceId();
    await remember(user.email, '10.45.0.1', device);

    const atOther = (ip: string, deviceId?: string) =>
      new Client(t.app, {
        remoteAddress: ip,
        headers: { 'x-bff-secret': BFF_SECRET, 'x-tenant': 'other', ...(deviceId ? { 'x-device-id': deviceId } : {}) },
      });
    for (let ip = 1; ip <= 10; ip += 1) {
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await attempt(atOther(`10.45.1.${ip}`), user.email, 'rossz')).statusCode, 422);
      }
    }
    assert.equal((await attempt(atOther('10.45.0.1', device), user.email, PASSWORD)).statusCode, 429);
    // At its own shop the browser is still known, and that shop's limit is untouched anyway.
    assert.equal((await attempt(viaBff('10.45.0.1', device), user.email, PASSWORD)).statusCode, 204);
  });

  test('a device header without the BFF secret counts for nothing', async () => {
    const user = await freshUser();
    const device = newDeviceId();
    await remember(user.email, '10.43.0.1', device);
    await tripAccountLimit(user.email, '10.43.1');

    const unsigned = new Client(t.app, { remoteAddress: '10.43.0.1', headers: { 'x-device-id': device } });
    assert.equal((await attempt(unsigned, user.email, PASSWORD)).statusCode, 429);
    const wrongSecret = new Client(t.app, {
      remoteAddress: '10.43.0.1',
      headers: { 'x-device-id': device, 'x-bff-secret': 'not-the-secret' },
    });
    assert.equal((await attempt(wrongSecret, user.email, PASSWORD)).statusCode, 429);
    // The same id through the BFF is the known browser.
    assert.equal((await attempt(viaBff('10.43.0.1', device), user.email, PASSWORD)).statusCode, 204);
  });

  test('at most 50 guesses per account in 15 minutes from browsers it does not know, whatever ids they name', async () => {
    const user = await freshUser();
    const codes: number[] = [];
    for (let ip = 1; ip <= 12; ip += 1) {
      for (let i = 0; i < 5; i += 1) {
        // A fresh id for every guess, as an attacker dropping the cookie each time would get.
        codes.push((await attempt(viaBff(`10.44.1.${ip}`, newDeviceId()), user.email, 'rossz')).statusCode);
      }
    }
    assert.equal(codes.filter((s) => s === 422).length, 50, codes.join(','));
    assert.equal(codes.filter((s) => s === 429).length, 10, codes.join(','));
    assert.deepEqual(codes.slice(0, 50), Array(50).fill(422));
  });

  test("a browser is forgotten a year after its last login (its cookie's lifetime), not before", async () => {
    const user = await freshUser();
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    const hashes = { old: sha256(newDeviceId()), recent: sha256(newDeviceId()) };
    await rememberDevice(t.database.db, {
      customerId,
      userId: user.id,
      deviceHash: hashes.old,
      now: new Date(now - 400 * day),
    });
    await rememberDevice(t.database.db, {
      customerId,
      userId: user.id,
      deviceHash: hashes.recent,
      now: new Date(now - 400 * day),
    });
    // A login since keeps a browser: only its last login counts.
    await rememberDevice(t.database.db, {
      customerId,
      userId: user.id,
      deviceHash: hashes.recent,
      now: new Date(now - 10 * day),
    });

    await deleteStaleDevices(t.database.db, { loggedInBefore: new Date(now - 365 * day) });
    const left = await t.database.db.select().from(userDevices).where(eq(userDevices.userId, user.id));
    assert.deepEqual(
      left.map((r) => r.deviceHash),
      [hashes.recent],
    );
  });
});
