import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { playerSchema } from '../../contracts/player';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { playerCommands, players } from '../../server/src/db/schema';
import { loadConfig } from '../../server/src/env';
import type { PlayerChange } from '../../server/src/player/service';
import { BFF_SECRET, Client, createTestApp, loggedIn, parsePlayer, type TestApp } from './helpers';

/*
 * Player commands are idempotent (issue 29, defect 3): a press carries an Idempotency-Key, and the
 * same request arriving again (a proxy or the browser sending it once more after a lost connection)
 * changes nothing and answers the first answer. And the player's row lock is held for the write only
 * (defects 5 and 11): a slow presence check (Redis) does not queue a busy shop's presses.
 */

/**
 * Every statement sent to PostgreSQL, with the connection it went on (pg's clients take their query
 * method when made, so this is put in place before the test app opens its pool).
 */
type Sent = { client: object; text: string };
let sent: Sent[] | undefined;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
  const [config] = args;
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
  if (sent && typeof text === 'string') sent.push({ client: this, text });
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

let t: TestApp;
let a: Client;
let b: Client;
let playerId: number;
let sessionA: string;

const base = () => `/api/players/${playerId}`;
const dbPlayer = async () => (await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]!;
const key = (n: number | string) => `press-${n}-${Math.random().toString(36).slice(2, 10)}`;

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  b = await loggedIn(t.app);
  sessionA = (JSON.parse((await a.get('/api/me')).body) as { session_id: string }).session_id;
  const list = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body));
  playerId = list[0]!.id;
});
after(async () => {
  await t.close();
});

async function reset() {
  await t.database.db.delete(playerCommands);
  await t.database.db
    .update(players)
    .set({ isPlaying: false, isRepeat: true, isRandom: false, sessionId: null, currentTime: 0 })
    .where(eq(players.id, playerId));
  // A channel with its tracks: next and toggle-play have something to do.
  parsePlayer(await a.post(`${base()}/playable/channel/1`));
  parsePlayer(await a.get(`${base()}/toggle-play`)); // paused again
}

describe('player commands with an idempotency key', () => {
  beforeEach(() => reset());

  test('toggle-play sent twice with one key is applied once and answers the first answer twice', async () => {
    const before = await dbPlayer();
    assert.equal(before.isPlaying, false);
    const changes: PlayerChange[] = [];
    const remove = t.app.ctx.players.addListener((_p, change) => void changes.push(change));
    try {
      const k = key('toggle');
      const first = await a.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': k } });
      const again = await a.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': k } });
      assert.equal(first.statusCode, 200);
      assert.equal(again.statusCode, 200);
      assert.deepEqual(JSON.parse(again.body), JSON.parse(first.body));
      assert.equal(parsePlayer(first).is_playing, true);
      const now = await dbPlayer();
      assert.equal(now.isPlaying, true, 'the repeat did not pause it again');
      assert.equal(now.version, before.version + 1);
      assert.equal(changes.length, 1, 'one broadcast');
    } finally {
      remove();
    }
  });

  test('next sent twice at once with one key moves one track', async () => {
    const before = await dbPlayer();
    const k = key('next');
    const [one, two] = await Promise.all([
      a.get(`${base()}/next`, { headers: { 'idempotency-key': k } }),
      a.get(`${base()}/next`, { headers: { 'idempotency-key': k } }),
    ]);
    assert.equal(one.statusCode, 200);
    assert.deepEqual(JSON.parse(two.body), JSON.parse(one.body));
    const now = await dbPlayer();
    assert.equal(now.version, before.version + 1);
    assert.equal(now.trackId, before.upcoming[0], 'the first announced track, not the second');
  });

  test('another key, or none, is another press', async () => {
    const before = await dbPlayer();
    await a.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': key('x') } });
    await a.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': key('y') } });
    await a.get(`${base()}/toggle-play`);
    await a.get(`${base()}/toggle-play`);
    assert.equal((await dbPlayer()).version, before.version + 4);
  });

  test('every command of the player honours the key (POSTs too)', async () => {
    const k1 = key('random');
    const r1 = await a.post(`${base()}/random`, undefined, { headers: { 'idempotency-key': k1 } });
    const r2 = await a.post(`${base()}/random`, undefined, { headers: { 'idempotency-key': k1 } });
    assert.deepEqual(JSON.parse(r2.body), JSON.parse(r1.body));
    assert.equal((await dbPlayer()).isRandom, true);
    const k2 = key('volume');
    const before = await dbPlayer();
    for (let i = 0; i < 2; i++)
      parsePlayer(await a.post(`${base()}/update-volume`, { volume: 40 }, { headers: { 'idempotency-key': k2 } }));
    const now = await dbPlayer();
    assert.equal(now.volume, 40);
    assert.equal(now.version, before.version + 1, 'the repeat changed nothing');
  });

  test('one key sent to two API instances on one database at once is applied once', async () => {
    // A second instance, as scale mode runs two API processes on one PostgreSQL.
    const second: FastifyInstance = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, APP_KEY: 'test-app-key', BFF_SECRET, SCHEDULER_ENABLED: '0' }),
      database: t.database,
      logger: false,
    });
    try {
      const before = await dbPlayer();
      const k = key('two');
      const headers = {
        cookie: a.cookieHeader(),
        accept: 'application/json',
        'idempotency-key': k,
      };
      const [one, two] = await Promise.all([
        a.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': k } }),
        second.inject({ method: 'GET', url: `${base()}/toggle-play`, headers }),
      ]);
      assert.equal(one.statusCode, 200, one.body);
      assert.equal(two.statusCode, 200, two.body);
      assert.deepEqual(JSON.parse(two.body), JSON.parse(one.body));
      const now = await dbPlayer();
      assert.equal(now.version, before.version + 1);
      assert.equal(now.isPlaying, true);
    } finally {
      await second.close();
    }
  });

  test('a refused command keeps no key: the same key may be tried again', async () => {
    const k = key('jump');
    assert.equal(
      (await a.get(`${base()}/next/tracks/99999999`, { headers: { 'idempotency-key': k } })).statusCode,
      404,
    );
    assert.equal((await t.database.db.select().from(playerCommands)).length, 0);
  });

  test('a malformed key counts as none', async () => {
    const before = await dbPlayer();
    await a.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': 'short' } });
    await a.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': 'short' } });
    assert.equal((await dbPlayer()).version, before.version + 2);
  });
});

describe('an idempotency key belongs to one login and one request (issue 38, defect 5)', () => {
  beforeEach(() => reset());

  test('update-volume 10 then 90 with one key: the 90 is refused with 422, never answered 10', async () => {
    const k = key('volume');
    const ten = await a.post(`${base()}/update-volume`, { volume: 10 }, { headers: { 'idempotency-key': k } });
    assert.equal(parsePlayer(ten).volume, 10);
    const ninety = await a.post(`${base()}/update-volume`, { volume: 90 }, { headers: { 'idempotency-key': k } });
    assert.equal(ninety.statusCode, 422, ninety.body);
    assert.deepEqual(JSON.parse(ninety.body), { message: 'Ez az azonosító már egy másik kéréshez tartozik.' });
    assert.equal((await dbPlayer()).volume, 10);
    // The first request again is still a repeat: its first answer.
    const again = await a.post(`${base()}/update-volume`, { volume: 10 }, { headers: { 'idempotency-key': k } });
    assert.deepEqual(JSON.parse(again.body), JSON.parse(ten.body));
  });

  test('repeat, toggle-play, random with one key: repeat runs, the other two are refused', async () => {
    const before = await dbPlayer();
    const k = key('three');
    const headers = { 'idempotency-key': k };
    const repeat = await a.post(`${base()}/repeat`, undefined, { headers });
    assert.equal(repeat.statusCode, 200, repeat.body);
    const toggle = await a.get(`${base()}/toggle-play`, { headers });
    const random = await a.post(`${base()}/random`, undefined, { headers });
    assert.equal(toggle.statusCode, 422, toggle.body);
    assert.equal(random.statusCode, 422, random.body);
    const now = await dbPlayer();
    assert.equal(now.isRepeat, !before.isRepeat);
    assert.equal(now.isPlaying, before.isPlaying, 'toggle-play did not run');
    assert.equal(now.isRandom, before.isRandom, 'random did not run');
    assert.equal(now.version, before.version + 1);
  });

  test('the path and query count: next and next?auto=1 are two requests', async () => {
    const k = key('next');
    assert.equal((await a.get(`${base()}/next`, { headers: { 'idempotency-key': k } })).statusCode, 200);
    assert.equal((await a.get(`${base()}/next?auto=1`, { headers: { 'idempotency-key': k } })).statusCode, 422);
  });

  test("another login's same key is its own: applied, not answered with the first login's answer", async () => {
    const before = await dbPlayer();
    const k = key('shared');
    const one = await a.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': k } });
    const two = await b.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': k } });
    assert.equal(one.statusCode, 200, one.body);
    assert.equal(two.statusCode, 200, two.body);
    assert.equal(parsePlayer(one).is_playing, true);
    assert.equal(parsePlayer(two).is_playing, false);
    assert.equal((await dbPlayer()).version, before.version + 2);
  });
});

describe("the player's lock is for the write only", () => {
  beforeEach(() => reset());

  test('40 play presses at once, with a presence check of 250 ms each: the checks run side by side, not one at a time under the lock, and every press is applied', async () => {
    // Device A holds output; B's presses each ask whether A is present (Redis in scale mode), which
    // here takes 250 ms. Asked under the player's lock, the checks would run one at a time and 40
    // presses would queue for 10 s; outside it they overlap (counted, not timed: the machine may be busy).
    await t.database.db.update(players).set({ sessionId: sessionA }).where(eq(players.id, playerId));
    const before = await dbPlayer();
    let asked = 0;
    let running = 0;
    let mostAtOnce = 0;
    t.app.ctx.players.setPresenceCheck(async () => {
      asked++;
      mostAtOnce = Math.max(mostAtOnce, ++running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 250));
      } finally {
        running--;
      }
      return true;
    });
    try {
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          b.post(`${base()}/playable/channel/${1 + (i % 2)}`, undefined, { headers: { 'idempotency-key': key(i) } }),
        ),
      );
      const took = Date.now() - started;
      for (const res of answers) assert.equal(res.statusCode, 200, res.body);
      assert.ok(asked >= 40, `presence asked ${asked} times`);
      const now = await dbPlayer();
      assert.equal(now.version, before.version + 40, 'every press applied');
      assert.equal(now.sessionId, sessionA, 'A was present: it keeps output');
      assert.ok(mostAtOnce >= 10, `at most ${mostAtOnce} presence checks ran at once (40 presses took ${took} ms)`);
    } finally {
      t.app.ctx.players.setPresenceCheck(t.app.ctx.realtime.isSessionPresent);
    }
  });

  test(
    "a press's statements under the player's lock are the player's own: the lock, its key, the write, the key's note",
    {
      skip: process.env.TEST_DATABASE_URL ? false : 'statements are watched on PostgreSQL',
    },
    async () => {
      // What the answer reads besides (the tracks, the channel's name) and the music plan's hold are
      // read before the lock: under it, each statement more is a wait for every other press of the shop.
      sent = [];
      try {
        const res = await b.get(`${base()}/toggle-play`, { headers: { 'idempotency-key': key('statements') } });
        assert.equal(res.statusCode, 200, res.body);
      } finally {
        const all = sent;
        sent = undefined;
        const lock = all.findIndex((q) => /from "players".*for update/is.test(q.text));
        assert.ok(lock >= 0, 'the player was locked');
        const own = all.slice(lock).filter((q) => q.client === all[lock]!.client);
        const end = own.findIndex((q) => /^\s*commit/i.test(q.text));
        const underLock = own.slice(0, end + 1).map((q) => q.text.replace(/\s+/g, ' '));
        const shown = underLock.map((text) => text.slice(0, 100)).join('\n');
        assert.equal(underLock.length, 5, `under the lock:\n${shown}`);
        for (const text of underLock.slice(0, -1)) {
          const tables = [...text.matchAll(/(?:from|into|update|join) "?(\w+)"?/gi)].map((m) => m[1]);
          assert.ok(
            tables.length > 0 && tables.every((table) => table === 'players' || table === 'player_commands'),
            `a statement under the lock reads ${tables.join(', ')}: ${text.slice(0, 200)}`,
          );
        }
      }
    },
  );
});
