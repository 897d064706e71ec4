import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { channelAuthSchema, presenceChannelDataSchema } from '../../contracts/realtime';
import {
  BFF_SECRET,
  Client,
  createTestApp,
  DEMO,
  loggedIn,
  multipart,
  OTHER,
  silentMp3,
  type TestApp,
} from './helpers';
import type { PresenceChannel } from 'pusher-js';
import { client, connected, disconnectAll, listen, next, subscribe, type Authorize } from './realtime-helpers';

/**
 * Named devices (the bundled API's POST /api/devices/{id}/name): the names rule in Hungarian, the
 * shop's own devices only, DeviceRenamed on the presence channel, the name kept for the browser
 * (its `pulzus_device` id) across logins, and the play log's CSV naming the device.
 */

const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

let t: TestApp;
let port: number;
let customerId: number;

before(async () => {
  t = await createTestApp({ PUSHER_PUBLIC_PORT: '6001' });
  port = await listen(t.app);
});
after(async () => {
  disconnectAll();
  await t.close();
});

/** A browser as the BFF forwards it: with its lasting id, its User-Agent and the BFF's secret. */
async function browser(deviceId = randomBytes(16).toString('base64url'), who = DEMO): Promise<Client> {
  const c = new Client(t.app, {
    headers: {
      'x-bff-secret': BFF_SECRET,
      'x-device-id': deviceId,
      'user-agent': WINDOWS,
      ...(who.tenant ? { 'x-tenant': who.tenant } : {}),
    },
  });
  const res = await c.login(who.email, who.password);
  assert.equal(res.statusCode, 204, res.body);
  return c;
}

const me = async (c: Client) => (await c.get('/api/me')).json() as { session_id: string; customer_id: number };

const authorize =
  (c: Client): Authorize =>
  async (socketId, channel) => {
    const res = await c.post(
      '/broadcasting/auth',
      `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, xsrf: false },
    );
    assert.equal(res.statusCode, 200, res.body);
    return channelAuthSchema.parse(res.json());
  };

/** The presence member the browser `c` joins as (its signed channel_data). */
async function memberOf(c: Client) {
  const auth = await authorize(c)('123.456', `presence-customer.${customerId}`);
  return presenceChannelDataSchema.parse(JSON.parse(auth.channel_data!)).user_info;
}

describe('POST /api/devices/{id}/name', () => {
  before(async () => {
    customerId = (await me(await loggedIn(t.app))).customer_id;
  });

  test('names another device of the shop; the answer is the event, which every device of the shop gets', async () => {
    const counter = await browser();
    const phone = await browser();
    const watcher = client(port, t.config.pusherKey, authorize(phone));
    await connected(watcher);
    const channel = await subscribe(watcher, `presence-customer.${customerId}`);
    const heard = next<{ id: string; name: string }>(channel, 'App\\Events\\DeviceRenamed');
    const target = (await me(counter)).session_id;

    const res = await phone.post(`/api/devices/${target}/name`, { name: '  Pult  ' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { id: target, name: 'Pult' });
    assert.deepEqual(await heard, { id: target, name: 'Pult' });
    assert.equal((await memberOf(counter)).name, 'Pult');
  });

  test('a device that joins after the rename lists the renamed device by its new name', async () => {
    const counter = await browser();
    const target = (await me(counter)).session_id;
    // The counter is online before it is named: the user_info it joined with has no name.
    const counterSocket = client(port, t.config.pusherKey, authorize(counter));
    await connected(counterSocket);
    await subscribe(counterSocket, `presence-customer.${customerId}`);
    const phone = await browser();
    assert.equal((await phone.post(`/api/devices/${target}/name`, { name: 'Kassza' })).statusCode, 200);

    const late = await browser();
    const lateSocket = client(port, t.config.pusherKey, authorize(late));
    await connected(lateSocket);
    const channel = (await subscribe(lateSocket, `presence-customer.${customerId}`)) as PresenceChannel;
    const member = channel.members.get(target) as { info?: { name?: string } } | null;
    assert.equal(member?.info?.name, 'Kassza');
  });

  test('the name belongs to the browser: it survives logging out and in again (a new login id)', async () => {
    const deviceId = randomBytes(16).toString('base64url');
    const first = await browser(deviceId);
    const before = (await me(first)).session_id;
    assert.equal((await first.post(`/api/devices/${before}/name`, { name: 'Raktár' })).statusCode, 200);
    assert.equal((await first.post('/api/logout')).statusCode, 204);

    const again = await browser(deviceId);
    assert.notEqual((await me(again)).session_id, before);
    assert.equal((await memberOf(again)).name, 'Raktár');
    // Another browser of the shop is not named by it.
    assert.equal((await memberOf(await browser())).name, undefined);
  });

  test('the names rule: 1–40 characters, no invisible or direction characters, in Hungarian (422, nothing stored)', async () => {
    const c = await browser();
    const id = (await me(c)).session_id;
    const cases: Array<[unknown, string]> = [
      ['', 'A név megadása kötelező.'],
      ['   ', 'A név megadása kötelező.'],
      [undefined, 'A név megadása kötelező.'],
      ['x'.repeat(41), 'A név legfeljebb 40 karakter lehet.'],
      ['Pult\nkettő', 'A név nem tartalmazhat sortörést vagy vezérlőkaraktert.'],
      ['Pult\u202Eelőre', 'A név nem tartalmazhat szövegirány-vezérlő karaktert.'],
      [['Pult'], 'A név csak szöveg lehet.'],
    ];
    for (const [name, message] of cases) {
      const res = await c.post(`/api/devices/${id}/name`, name === undefined ? {} : { name });
      assert.equal(res.statusCode, 422, `${JSON.stringify(name)}: ${res.body}`);
      assert.deepEqual(res.json().errors, { name: [message] }, JSON.stringify(name));
    }
    assert.equal((await memberOf(c)).name, undefined);
    const longest = 'é'.repeat(40);
    assert.equal((await c.post(`/api/devices/${id}/name`, { name: longest })).statusCode, 200);
    assert.equal((await memberOf(c)).name, longest);
  });

  test("another shop's device or a made-up id: 404 in Hungarian, and the other shop's device stays unnamed", async () => {
    const demo = await browser();
    const foreign = await browser(undefined, OTHER);
    const foreignId = (await me(foreign)).session_id;
    for (const id of [foreignId, 'nincs-ilyen', 'a'.repeat(65)]) {
      const res = await demo.post(`/api/devices/${encodeURIComponent(id)}/name`, { name: 'Idegen' });
      assert.equal(res.statusCode, 404, `${id}: ${res.body}`);
      assert.deepEqual(res.json(), { message: 'Nem található.' });
    }
    const otherShop = (await me(foreign)).customer_id;
    const auth = await authorize(foreign)('123.456', `presence-customer.${otherShop}`);
    assert.equal(presenceChannelDataSchema.parse(JSON.parse(auth.channel_data!)).user_info.name, undefined);
  });

  test('a guest cannot name anything (401)', async () => {
    const guest = new Client(t.app);
    await guest.csrf();
    const res = await guest.post(`/api/devices/valami/name`, { name: 'Pult' });
    assert.equal(res.statusCode, 401, res.body);
  });
});

describe('play log CSV', () => {
  test("'Lejátszó' names the device: its name, else its kind; never an internal id", async () => {
    const named = await browser();
    const unnamed = await browser();
    assert.equal(
      (await named.post(`/api/devices/${(await me(named)).session_id}/name`, { name: 'Pult' })).statusCode,
      200,
    );
    const upload = multipart({ name: 'CSV szpot' }, [{ filename: 'szpot.mp3', data: silentMp3(2) }]);
    const spot = await named.post('/api/spots', upload.body, { headers: upload.headers });
    assert.equal(spot.statusCode, 201, spot.body);
    const playerId = (await named.get('/api/players')).json()[0].id as number;
    for (const [c, report] of [
      [named, 'csv-named'],
      [unnamed, 'csv-unnamed'],
    ] as const) {
      const res = await c.post(`/api/players/${playerId}/played`, {
        type: 'spot',
        id: spot.json().id,
        started_at: new Date().toISOString(),
        seconds: 2,
        ended: true,
        report_id: `${report}-${Date.now()}`,
      });
      assert.ok(res.statusCode < 300, res.body);
    }
    const csv = (await named.get('/api/play-log/export')).body;
    const rows = csv
      .split('\r\n')
      .map((line) => line.split(';'))
      .filter((f) => f[2] === 'CSV szpot');
    assert.deepEqual(rows.map((f) => f[5]).sort(), ['Chrome · Windows', 'Pult']);
  });
});
