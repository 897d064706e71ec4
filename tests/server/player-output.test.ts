import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { playerMessages, playerSchema } from '../../contracts/player';
import {
  channelAuthSchema,
  OUTPUT_CHANGED_EVENT,
  outputChangedEventSchema,
  PLAY_SPOTS_EVENT,
  UPDATE_PLAYER_EVENT,
} from '../../contracts/realtime';
import { spotListSchema } from '../../contracts/spots';
import { players } from '../../server/src/db/schema';
import { Client, createTestApp, loggedIn, OTHER, parsePlayer, type TestApp } from './helpers';
import {
  client,
  connected,
  disconnectAll,
  listen,
  next,
  record,
  subscribe,
  untilSentinel,
  type Authorize,
} from './realtime-helpers';

/**
 * POST /api/players/{id}/output: the audio device says what it really does (audible, needs_tap,
 * stalled, paused). Kept as the player's `output: {state, since}` without raising `version`, and
 * sent to the other devices as OutputChanged on the player's channel.
 */

let t: TestApp;
let port: number;
let device: Client; // the audio device
let phone: Client; // a remote of the same shop
let other: Client; // another shop
let playerId: number;
let otherPlayerId: number;
let deviceSession: string;

const base = () => `/api/players/${playerId}`;
const dbPlayer = async () => (await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]!;

const viaApp =
  (c: Client): Authorize =>
  async (socketId, channel) => {
    const res = await c.post(
      '/broadcasting/auth',
      `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, xsrf: false },
    );
    if (res.statusCode !== 200) throw new Error(`auth ${res.statusCode}: ${res.body}`);
    return channelAuthSchema.parse(JSON.parse(res.body));
  };

const firstPlayer = async (c: Client) =>
  playerSchema.parse((JSON.parse((await c.get('/api/players')).body) as unknown[])[0]);
const sessionOf = async (c: Client) => (JSON.parse((await c.get('/api/me')).body) as { session_id: string }).session_id;

before(async () => {
  t = await createTestApp();
  port = await listen(t.app);
  device = await loggedIn(t.app);
  phone = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  deviceSession = await sessionOf(device);
  playerId = (await firstPlayer(device)).id;
  otherPlayerId = (await firstPlayer(other)).id;
});
after(async () => {
  disconnectAll();
  await t.close();
});

describe('POST /api/players/{id}/output', () => {
  beforeEach(async () => {
    // The device holds the output and plays channel 1; nothing reported yet.
    await t.database.db
      .update(players)
      .set({ sessionId: deviceSession, isPlaying: true, outputState: null, outputSince: null })
      .where(eq(players.id, playerId));
    await device.post(`${base()}/playable/channel/1`);
  });

  test('the audio device reports: kept as output {state, since}, version unchanged, OutputChanged to the others', async () => {
    const before = await firstPlayer(phone);
    assert.equal(before.output, null);
    const deviceSocket = client(port, t.config.pusherKey, viaApp(device));
    const deviceSocketId = await connected(deviceSocket);
    const onDevice = record(await subscribe(deviceSocket, `private-player.${playerId}`));
    const onPhone = await subscribe(client(port, t.config.pusherKey, viaApp(phone)), `private-player.${playerId}`);
    const seenByPhone = record(onPhone);
    const event = next(onPhone, OUTPUT_CHANGED_EVENT, 10_000);

    const sentAt = Date.now();
    const res = await device.post(
      `${base()}/output`,
      { state: 'needs_tap' },
      { headers: { 'x-socket-id': deviceSocketId } },
    );
    const player = parsePlayer(res);
    assert.equal(player.output?.state, 'needs_tap');
    assert.ok(Math.abs(Date.parse(player.output!.since) - sentAt) < 5_000, player.output!.since);
    assert.equal(player.version, before.version, 'a report does not raise the version');
    assert.equal((await dbPlayer()).version, before.version);

    const payload = outputChangedEventSchema.parse(await event);
    assert.deepEqual(payload, { player_id: playerId, session_id: deviceSession, output: player.output });

    // The same state again changes nothing and sends nothing; the next state does.
    const same = parsePlayer(await device.post(`${base()}/output`, { state: 'needs_tap' }));
    assert.deepEqual(same.output, player.output);
    const audible = parsePlayer(
      await device.post(`${base()}/output`, { state: 'audible' }, { headers: { 'x-socket-id': deviceSocketId } }),
    );
    assert.equal(audible.output?.state, 'audible');
    assert.ok(audible.output!.since >= player.output!.since);
    assert.equal(audible.version, before.version);
    // A PlaySpots last (it changes no player): what came before it has arrived.
    const [spot] = spotListSchema.parse(JSON.parse((await device.get('/api/spots')).body));
    assert.equal((await device.post(`${base()}/spots/play`, { spots: [spot!.id] })).statusCode, 200);
    const phoneEvents = (await untilSentinel(seenByPhone, (e) => e.event === PLAY_SPOTS_EVENT)).before;
    assert.deepEqual(
      phoneEvents
        .filter((e) => e.event === OUTPUT_CHANGED_EVENT)
        .map((e) => (e.data as { output: { state: string } }).output.state),
      ['needs_tap', 'audible'],
    );
    assert.equal(phoneEvents.filter((e) => e.event === UPDATE_PLAYER_EVENT).length, 0, 'no UpdatePlayer for a report');
    const deviceEvents = (await untilSentinel(onDevice, (e) => e.event === PLAY_SPOTS_EVENT)).before;
    assert.equal(
      deviceEvents.filter((e) => e.event === OUTPUT_CHANGED_EVENT).length,
      0,
      "the sender's socket is skipped",
    );

    // Every later read carries it.
    assert.deepEqual((await firstPlayer(phone)).output, audible.output);
  });

  test('moving the output clears what the old device reported; the new one reports for itself', async () => {
    parsePlayer(await device.post(`${base()}/output`, { state: 'stalled' }));
    const phoneSession = await sessionOf(phone);
    const moved = parsePlayer(await phone.post(`${base()}/sessions/${phoneSession}`, { currentTime: 3 }));
    assert.equal(moved.session_id, phoneSession);
    assert.equal(moved.output, null);
    // The old device lost the output: its report speaks for no sound of this player.
    const late = await device.post(`${base()}/output`, { state: 'audible' });
    assert.equal(late.statusCode, 409, late.body);
    assert.equal((JSON.parse(late.body) as { message: string }).message, playerMessages.notOutput);
    assert.equal((await dbPlayer()).outputState, null);
    assert.equal(parsePlayer(await phone.post(`${base()}/output`, { state: 'audible' })).output?.state, 'audible');
  });

  test('a remote cannot report for the audio device (409), and nothing changes', async () => {
    const res = await phone.post(`${base()}/output`, { state: 'audible' });
    assert.equal(res.statusCode, 409, res.body);
    const row = await dbPlayer();
    assert.equal(row.outputState, null);
  });

  test('a bad state is 422 in Hungarian under `state`, and nothing changes', async () => {
    // `logged_out` is the server's own word (a login that ended), never a device's report.
    for (const body of [
      { state: 'playing' },
      { state: 'logged_out' },
      { state: '' },
      { state: 1 },
      {},
      { state: null },
    ]) {
      const res = await device.post(`${base()}/output`, body);
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      const answer = JSON.parse(res.body) as { errors: Record<string, string[]> };
      assert.deepEqual(answer.errors, { state: [playerMessages.outputState] }, JSON.stringify(body));
    }
    assert.equal((await dbPlayer()).outputState, null);
  });

  test("a guest gets 401; another shop's player, an unknown or malformed id 404 and nothing changes", async () => {
    const guest = new Client(t.app);
    await guest.csrf(); // with its CSRF token, so the missing login is what is refused
    assert.equal((await guest.post(`${base()}/output`, { state: 'audible' })).statusCode, 401);
    for (const id of [otherPlayerId, 999_999, 'abc']) {
      const res = await device.post(`/api/players/${id}/output`, { state: 'audible' });
      assert.equal(res.statusCode, 404, String(id));
    }
    const theirs = await other.post(`/api/players/${playerId}/output`, { state: 'audible' });
    assert.equal(theirs.statusCode, 404);
    assert.equal((await dbPlayer()).outputState, null);
  });
});

describe("the audio device's login ends", () => {
  test('its player says so (`logged_out`, version unchanged, OutputChanged); a remote that logs out changes nothing', async () => {
    const counter = await loggedIn(t.app);
    const counterSession = await sessionOf(counter);
    await t.database.db
      .update(players)
      .set({ sessionId: counterSession, isPlaying: true, outputState: null, outputSince: null })
      .where(eq(players.id, playerId));
    assert.equal(parsePlayer(await counter.post(`${base()}/output`, { state: 'audible' })).output?.state, 'audible');
    const before = await firstPlayer(phone);

    // Another device of the shop leaving says nothing of the one that sounds.
    const passerby = await loggedIn(t.app);
    assert.equal((await passerby.post('/api/logout')).statusCode < 300, true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await firstPlayer(phone)).output?.state, 'audible');

    const onPhone = await subscribe(client(port, t.config.pusherKey, viaApp(phone)), `private-player.${playerId}`);
    const event = next(onPhone, OUTPUT_CHANGED_EVENT, 10_000);
    const endedAt = Date.now();
    const res = await counter.post('/api/logout');
    assert.ok(res.statusCode < 300, res.body);
    const payload = outputChangedEventSchema.parse(await event);
    assert.equal(payload.session_id, counterSession);
    assert.equal(payload.output.state, 'logged_out');
    assert.ok(Math.abs(Date.parse(payload.output.since) - endedAt) < 5_000, payload.output.since);
    const after = await firstPlayer(phone);
    assert.deepEqual(after.output, payload.output);
    assert.equal(after.version, before.version, 'no version raised: the play state is as it was');
    assert.equal(after.is_playing, true);
    assert.equal(after.session_id, counterSession);
  });
});
