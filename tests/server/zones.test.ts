import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { musicBlockListSchema, musicBlockSchema, musicPlanSchema } from '../../contracts/music-plan';
import { playerSchema, type Player } from '../../contracts/player';
import {
  PLAY_SPOTS_EVENT,
  presenceChannelDataSchema,
  privatePlayerChannel,
  UPDATE_PLAYER_EVENT,
} from '../../contracts/realtime';
import { scheduledContentSchema } from '../../contracts/scheduled-contents';
import { spotListSchema } from '../../contracts/spots';
import {
  DEFAULT_ZONE_NAME,
  DEVICE_ZONE_EVENT,
  zoneListSchema,
  zoneMessages,
  zoneSchema,
  ZONES_MAX,
  type Zone,
} from '../../contracts/zones';
import { customers, musicPlanBlocks, players, zones } from '../../server/src/db/schema';
import { Client, createTestApp, loggedIn, OTHER, type TestApp } from './helpers';

/**
 * Zones (issue 43), the API side: the migration's one zone per shop, the zone calls and their rules,
 * the players in zone order, the plan per zone, spots to the chosen zones only, a device sounding
 * for one zone at most, a zone's deletion (its device told at once, its schedules, two at once) and
 * another shop's zones.
 */

const MINUTE = 60_000;
/** A Tuesday in winter, 09:00 in Budapest: the demo shop is open. */
const BASE = Date.parse('2030-01-08T08:00:00Z');

let now = BASE;
let t: TestApp;
let a: Client;
let other: Client;

interface Broadcast {
  channels: string[];
  event: string;
  payload: unknown;
}

/** Records the app's broadcasts from now on (and passes them on). */
function capture(app: FastifyInstance): Broadcast[] {
  const seen: Broadcast[] = [];
  const broadcaster = app.ctx.realtime.broadcaster;
  const original = broadcaster.trigger.bind(broadcaster);
  broadcaster.trigger = async (channels, event, payload, options) => {
    seen.push({ channels: [...channels], event, payload });
    return original(channels, event, payload, options);
  };
  return seen;
}

const json = (res: { body: string }) => JSON.parse(res.body) as unknown;
const errorsOf = (res: { body: string }) => (json(res) as { errors: Record<string, string[]> }).errors;
const zonesOf = async (c: Client): Promise<Zone[]> => {
  const res = await c.get('/api/zones');
  assert.equal(res.statusCode, 200, res.body);
  return zoneListSchema.parse(json(res));
};
const playersOf = async (c: Client): Promise<Player[]> => {
  const res = await c.get('/api/players');
  assert.equal(res.statusCode, 200, res.body);
  return z.array(playerSchema).parse(json(res));
};
const newZone = async (c: Client, name: string): Promise<Zone> => {
  const res = await c.post('/api/zones', { name });
  assert.equal(res.statusCode, 201, res.body);
  return zoneSchema.parse(json(res));
};
const sessionOf = async (c: Client) => (json(await c.get('/api/me')) as { session_id: string }).session_id;
/** Deletes every zone of the demo shop but the first (each test starts from one zone). */
async function backToOneZone() {
  for (const zone of (await zonesOf(a)).slice(1)) {
    const res = await a.post(`/api/zones/delete/${zone.id}`, {});
    assert.equal(res.statusCode, 200, res.body);
  }
}

before(async () => {
  t = await createTestApp({ SCHEDULER_INSTANCE: 'zones-a' }, { clock: () => now });
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
});
after(async () => {
  await t.close();
});

describe('after the migrations', () => {
  test("every shop has exactly one zone, 'Üzlettér', holding its one player; the plan's blocks are the first zone's", async () => {
    const { db } = t.database;
    const rows = await db
      .select({ customerId: customers.id, zones: sql<number>`count(${zones.id})::int` })
      .from(customers)
      .leftJoin(zones, eq(zones.customerId, customers.id))
      .groupBy(customers.id);
    assert.ok(rows.length >= 2);
    for (const r of rows) assert.equal(r.zones, 1, `customer ${r.customerId}`);
    const pairs = await db
      .select({
        customerId: players.customerId,
        zoneCustomer: zones.customerId,
        name: zones.name,
        position: zones.position,
      })
      .from(players)
      .innerJoin(zones, eq(zones.id, players.zoneId));
    assert.equal(pairs.length, rows.length, 'one player per shop');
    for (const p of pairs) {
      assert.equal(p.zoneCustomer, p.customerId);
      assert.equal(p.name, DEFAULT_ZONE_NAME);
      assert.equal(p.position, 0);
    }
    // The demo plan's blocks (seeded) sit in the demo's zone, and the API lists them with it.
    const [zone] = await zonesOf(a);
    const blocks = await db.select().from(musicPlanBlocks).orderBy(asc(musicPlanBlocks.id));
    assert.ok(blocks.length > 0);
    for (const b of blocks) assert.equal(b.zoneId, zone!.id);
    const listed = musicBlockListSchema.parse(json(await a.get('/api/music-plan/blocks')));
    assert.deepEqual(
      listed.map((b) => b.id).sort((x, y) => x - y),
      blocks.map((b) => b.id),
    );
    for (const b of listed) assert.equal(b.zone_id, zone!.id);
  });

  test('a shop made now gets its zone and player at once', async () => {
    const { db } = t.database;
    const [made] = await db.insert(customers).values({ slug: 'uj-bolt', name: 'Új bolt' }).returning();
    const own = await db.select().from(zones).where(eq(zones.customerId, made!.id));
    assert.deepEqual(
      own.map((z) => [z.name, z.position]),
      [[DEFAULT_ZONE_NAME, 0]],
    );
    const [player] = await db.select().from(players).where(eq(players.customerId, made!.id));
    assert.equal(player!.zoneId, own[0]!.id);
  });
});

describe('the zone calls', () => {
  test('GET /api/zones: the one zone with its player; GET /api/players carries zone_id and zone_name', async () => {
    const list = await zonesOf(a);
    const [player] = await playersOf(a);
    assert.deepEqual(list, [{ id: list[0]!.id, name: DEFAULT_ZONE_NAME, position: 0, player_id: player!.id }]);
    assert.equal(player!.zone_id, list[0]!.id);
    assert.equal(player!.zone_name, DEFAULT_ZONE_NAME);
  });

  test("create (201, with its own player, in zone order), rename, the names' rules, at most 10", async () => {
    await backToOneZone();
    const cafe = await newZone(a, '  Kávézó ');
    assert.equal(cafe.name, 'Kávézó');
    assert.equal(cafe.position, 1);
    const list = await playersOf(a);
    assert.deepEqual(
      list.map((p) => [p.zone_id, p.zone_name, p.is_playing, p.session_id]),
      [
        [list[0]!.zone_id, DEFAULT_ZONE_NAME, list[0]!.is_playing, list[0]!.session_id],
        [cafe.id, 'Kávézó', false, null],
      ],
    );
    assert.equal(list[1]!.id, cafe.player_id);

    const empty = await a.post('/api/zones', { name: '   ' });
    assert.equal(empty.statusCode, 422);
    assert.ok(errorsOf(empty).name?.[0]);

    const renamed = await a.post(`/api/zones/${cafe.id}`, { name: 'Terasz' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(zoneSchema.parse(json(renamed)).name, 'Terasz');
    assert.equal((await playersOf(a))[1]!.zone_name, 'Terasz');

    while ((await zonesOf(a)).length < ZONES_MAX) await newZone(a, `Zóna ${(await zonesOf(a)).length + 1}`);
    const eleventh = await a.post('/api/zones', { name: 'Egy túl sok' });
    assert.equal(eleventh.statusCode, 422);
    assert.deepEqual(errorsOf(eleventh), { name: [zoneMessages.limit] });
    assert.equal(zoneMessages.limit, 'Legfeljebb 10 zóna lehet.');
    assert.equal((await zonesOf(a)).length, ZONES_MAX);
    await backToOneZone();
  });

  test('reorder: every zone once, else 422 under ids; the players follow the order', async () => {
    await backToOneZone();
    const [first] = await zonesOf(a);
    const b = await newZone(a, 'Kávézó');
    const c = await newZone(a, 'Terasz');
    const [theirs] = await zonesOf(other);
    for (const ids of [[c.id, b.id], [c.id, b.id, b.id, first!.id], [c.id, b.id, theirs!.id], []]) {
      const res = await a.post('/api/zones/reorder', { ids });
      assert.equal(res.statusCode, 422, JSON.stringify(ids));
      assert.deepEqual(errorsOf(res), { ids: [zoneMessages.reorder] });
    }
    const res = await a.post('/api/zones/reorder', { ids: [c.id, first!.id, b.id] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      zoneListSchema.parse(json(res)).map((z) => [z.id, z.position]),
      [
        [c.id, 0],
        [first!.id, 1],
        [b.id, 2],
      ],
    );
    assert.deepEqual(
      (await playersOf(a)).map((p) => p.zone_name),
      ['Terasz', DEFAULT_ZONE_NAME, 'Kávézó'],
    );
    // A call naming no zone means the first one: now the terrace.
    const blocks = musicBlockListSchema.parse(json(await a.get('/api/music-plan/blocks')));
    assert.deepEqual(blocks, []);
    await a.post('/api/zones/reorder', { ids: [first!.id, c.id, b.id] });
    await backToOneZone();
  });

  test("another shop's zone, and a deleted one, are 404 everywhere", async () => {
    await backToOneZone();
    const [theirs] = await zonesOf(other);
    const gone = await newZone(a, 'Múló');
    assert.equal((await a.post(`/api/zones/delete/${gone.id}`, {})).statusCode, 200);
    for (const id of [theirs!.id, gone.id]) {
      const calls = [
        a.post(`/api/zones/${id}`, { name: 'Idegen' }),
        a.post(`/api/zones/delete/${id}`, {}),
        a.get(`/api/music-plan?zone=${id}`),
        a.post(`/api/music-plan?zone=${id}`, { enabled: true, default_source_type: null, default_source_id: null }),
        a.get(`/api/music-plan/blocks?zone=${id}`),
        a.post('/api/music-plan/copy', { from_zone: id, to_zone: (await zonesOf(a))[0]!.id }),
        a.post(`/api/devices/${await sessionOf(a)}/zone`, { zone_id: id }),
        a.get(`/api/play-log?zone=${id}`),
      ];
      for (const res of await Promise.all(calls)) {
        assert.equal(res.statusCode, 404, res.body);
        assert.deepEqual(json(res), { message: 'Nem található.' });
      }
    }
    // The other shop's zone is as it was.
    assert.equal((await zonesOf(other))[0]!.name, theirs!.name);
  });
});

describe('deleting a zone', () => {
  test('the last zone cannot go: 422', async () => {
    await backToOneZone();
    const [only] = await zonesOf(a);
    const res = await a.post(`/api/zones/delete/${only!.id}`, {});
    assert.equal(res.statusCode, 422);
    assert.deepEqual(json(res), { message: zoneMessages.last });
    assert.equal(zoneMessages.last, 'Az utolsó zóna nem törölhető.');
  });

  test('two deletes of one zone at once: one 200, one 404, the player gone with it', async () => {
    await backToOneZone();
    const zone = await newZone(a, 'Kettős');
    const results = await Promise.all([
      a.post(`/api/zones/delete/${zone.id}`, {}),
      a.post(`/api/zones/delete/${zone.id}`, {}),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 404]);
    assert.equal((await zonesOf(a)).length, 1);
    const left = await t.database.db.select().from(players).where(eq(players.id, zone.player_id));
    assert.deepEqual(left, []);
  });

  test('its playing device is told at once (UpdatePlayer: stopped, no audio device); the other zones are untouched', async () => {
    await backToOneZone();
    const [first] = await playersOf(a);
    const zone = await newZone(a, 'Szól');
    const device = await loggedIn(t.app);
    const sid = await sessionOf(device);
    // The device takes the new zone and plays there.
    const moved = await device.post(`/api/players/${zone.player_id}/sessions/${sid}`, { currentTime: 0 });
    assert.equal(moved.statusCode, 200, moved.body);
    const channels = await a.get('/api/channels');
    const channelId = (json(channels) as Array<{ id: number }>)[0]!.id;
    const played = await device.post(`/api/players/${zone.player_id}/playable/channel/${channelId}`, {});
    assert.equal(played.statusCode, 200, played.body);
    assert.equal(playerSchema.parse(json(played)).is_playing, true);

    const seen = capture(t.app);
    const res = await a.post(`/api/zones/delete/${zone.id}`, {});
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.body, 'true');
    const told = seen.filter(
      (b) => b.event === UPDATE_PLAYER_EVENT && b.channels.includes(privatePlayerChannel(zone.player_id)),
    );
    assert.equal(told.length, 1, 'one UpdatePlayer on the deleted zone’s channel');
    const last = (told[0]!.payload as { player: Player }).player;
    assert.equal(last.is_playing, false);
    assert.equal(last.session_id, null);
    assert.ok(!seen.some((b) => b.channels.includes(privatePlayerChannel(first!.id))), 'the first zone is untouched');
    const [still] = await playersOf(a);
    assert.deepEqual(
      [still!.id, still!.is_playing, still!.session_id],
      [first!.id, first!.is_playing, first!.session_id],
    );
  });
});

describe('a device sounds for one zone at most', () => {
  test('making the audio device of zone A the one of zone B leaves A paused with no audio device', async () => {
    await backToOneZone();
    const [zoneA] = await playersOf(a);
    const b = await newZone(a, 'Terasz');
    const device = await loggedIn(t.app);
    const sid = await sessionOf(device);
    assert.equal((await device.post(`/api/players/${zoneA!.id}/sessions/${sid}`, { currentTime: 0 })).statusCode, 200);
    const channelId = (json(await a.get('/api/channels')) as Array<{ id: number }>)[0]!.id;
    const playing = await device.post(`/api/players/${zoneA!.id}/playable/channel/${channelId}`, {});
    assert.equal(playerSchema.parse(json(playing)).is_playing, true);

    const seen = capture(t.app);
    const res = await device.post(`/api/players/${b.player_id}/sessions/${sid}`, { currentTime: 0 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(playerSchema.parse(json(res)).session_id, sid);
    const [afterA, afterB] = await playersOf(a);
    assert.equal(afterA!.session_id, null);
    assert.equal(afterA!.is_playing, false);
    assert.equal(afterB!.session_id, sid);
    // Zone A's devices learn it.
    const toldA = seen.find(
      (x) => x.event === UPDATE_PLAYER_EVENT && x.channels.includes(privatePlayerChannel(zoneA!.id)),
    );
    assert.ok(toldA);
    assert.equal((toldA.payload as { player: Player }).player.session_id, null);
    await backToOneZone();
  });

  test('two devices crossing zones at the same moment both get their answer, and each zone ends with one device', async () => {
    await backToOneZone();
    const [zoneA] = await playersOf(a);
    const b = await newZone(a, 'Terasz');
    const x = await loggedIn(t.app);
    const y = await loggedIn(t.app);
    const [sx, sy] = [await sessionOf(x), await sessionOf(y)];
    const take = (device: typeof x, playerId: number, sid: string) =>
      device.post(`/api/players/${playerId}/sessions/${sid}`, { currentTime: 0 });
    // Each cross locks the two players in opposite orders: on PostgreSQL one of a pair may be
    // ended as a deadlock, and it must run again rather than answer 500.
    for (let round = 0; round < 6; round++) {
      assert.equal((await take(x, zoneA!.id, sx)).statusCode, 200);
      assert.equal((await take(y, b.player_id, sy)).statusCode, 200);
      const answers = await Promise.all([take(x, b.player_id, sx), take(y, zoneA!.id, sy)]);
      assert.deepEqual(
        answers.map((r) => r.statusCode),
        [200, 200],
        answers.map((r) => r.body).join('\n'),
      );
      const sessions = (await playersOf(a)).map((p) => p.session_id);
      // Each device sounds for one zone at most, whichever order the two took.
      assert.ok(sessions.filter((s) => s === sx).length <= 1, JSON.stringify(sessions));
      assert.ok(sessions.filter((s) => s === sy).length <= 1, JSON.stringify(sessions));
    }
    await backToOneZone();
  });
});

describe('the music plan per zone', () => {
  test("blocks go to their zone; a call naming none means the first; copy replaces the target's blocks", async () => {
    await backToOneZone();
    const [first] = await zonesOf(a);
    const firstBlocks = musicBlockListSchema.parse(json(await a.get('/api/music-plan/blocks')));
    const b = await newZone(a, 'Kávézó');
    const channelId = (json(await a.get('/api/channels')) as Array<{ id: number }>)[0]!.id;
    const body = { name: 'Kávé', from: '08:00', to: '10:00', source_type: 'channel', source_id: channelId };
    // The same hours as the first zone's morning block: no overlap across zones.
    const made = await a.post('/api/music-plan/blocks', { ...body, zone_id: b.id });
    assert.equal(made.statusCode, 201, made.body);
    const block = musicBlockSchema.parse(json(made));
    assert.equal(block.zone_id, b.id);
    const inB = musicBlockListSchema.parse(json(await a.get(`/api/music-plan/blocks?zone=${b.id}`)));
    assert.deepEqual(
      inB.map((x) => x.id),
      [block.id],
    );
    assert.deepEqual(musicBlockListSchema.parse(json(await a.get('/api/music-plan/blocks'))), firstBlocks);
    // ?zone= on the block's create too.
    const viaQuery = await a.post(`/api/music-plan/blocks?zone=${b.id}`, { ...body, from: '11:00', to: '12:00' });
    assert.equal(viaQuery.statusCode, 201, viaQuery.body);
    assert.equal(musicBlockSchema.parse(json(viaQuery)).zone_id, b.id);
    // An overlap within the zone is still refused.
    const clash = await a.post('/api/music-plan/blocks', { ...body, from: '09:00', to: '09:30', zone_id: b.id });
    assert.equal(clash.statusCode, 422);
    assert.ok(errorsOf(clash).from?.[0]);

    // The plan's switch per zone.
    const on = await a.post(`/api/music-plan?zone=${b.id}`, {
      enabled: true,
      default_source_type: 'channel',
      default_source_id: channelId,
    });
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(musicPlanSchema.parse(json(await a.get(`/api/music-plan?zone=${b.id}`))).enabled, true);
    assert.equal(
      musicPlanSchema.parse(json(await a.get(`/api/music-plan?zone=${first!.id}`))).enabled,
      musicPlanSchema.parse(json(await a.get('/api/music-plan'))).enabled,
    );

    const copied = await a.post('/api/music-plan/copy', { from_zone: first!.id, to_zone: b.id });
    assert.equal(copied.statusCode, 200, copied.body);
    const target = musicBlockListSchema.parse(json(copied));
    assert.deepEqual(
      target.map((x) => [x.name, x.from, x.to, x.source_id, x.zone_id]),
      firstBlocks.map((x) => [x.name, x.from, x.to, x.source_id, b.id]),
    );
    assert.ok(
      target.every((x) => !firstBlocks.some((f) => f.id === x.id)),
      'copies, with ids of their own',
    );
    // The source is as it was.
    assert.deepEqual(musicBlockListSchema.parse(json(await a.get('/api/music-plan/blocks'))), firstBlocks);
    await backToOneZone();
  });
});

describe("each zone's plan runs on its own player", () => {
  test("a zone's plan plays on that zone's player at its boundary; the first zone's player is untouched", async () => {
    await backToOneZone();
    const [first] = await playersOf(a);
    const b = await newZone(a, 'Kávézó');
    const channelId = (json(await a.get('/api/channels')) as Array<{ id: number }>)[0]!.id;
    // The first zone's plan off; the café's on, with its own block from 09:00 (Budapest) on Tuesdays.
    await a.post(`/api/music-plan?zone=${first!.zone_id}`, {
      enabled: false,
      default_source_type: null,
      default_source_id: null,
    });
    const on = await a.post(`/api/music-plan?zone=${b.id}`, {
      enabled: true,
      default_source_type: 'channel',
      default_source_id: channelId,
    });
    assert.equal(on.statusCode, 200, on.body);
    const made = await a.post('/api/music-plan/blocks', {
      name: 'Kávé',
      from: '09:00',
      to: '11:00',
      source_type: 'channel',
      source_id: channelId,
      volume: 40,
      zone_id: b.id,
    });
    assert.equal(made.statusCode, 201, made.body);
    const before = (await playersOf(a))[0]!;
    now = BASE + 150;
    await t.app.scheduler.tick(BASE + 150);
    const [afterFirst, afterB] = await playersOf(a);
    assert.equal(afterB!.playable_id, channelId);
    assert.equal(afterB!.volume, 40);
    assert.equal(afterB!.is_playing, true);
    assert.equal(afterB!.plan?.applied, true);
    assert.deepEqual(
      [afterFirst!.version, afterFirst!.playable_id, afterFirst!.volume],
      [before.version, before.playable_id, before.volume],
    );
    await backToOneZone();
  });
});

describe('scheduled items and zones', () => {
  test("'Zónák': every zone by default; a list of at least one; spots go to the chosen zones' players only", async () => {
    await backToOneZone();
    const [first] = await playersOf(a);
    const b = await newZone(a, 'Terasz');
    const [spot] = spotListSchema.parse(json(await a.get('/api/spots')));
    const [theirZone] = await zonesOf(other);

    const none = await a.post('/api/scheduled-contents', {
      name: 'Sehol',
      spots: [spot!.id],
      all_zones: false,
      zones: [],
    });
    assert.equal(none.statusCode, 422);
    assert.deepEqual(errorsOf(none).zones, [zoneMessages.zonesEmpty]);
    assert.equal(zoneMessages.zonesEmpty, 'Válasszon legalább egy zónát.');
    const foreign = await a.post('/api/scheduled-contents', {
      name: 'Idegen',
      spots: [spot!.id],
      zones: [theirZone!.id],
    });
    assert.equal(foreign.statusCode, 422);
    assert.deepEqual(errorsOf(foreign).zones, [zoneMessages.zoneUnknown]);

    const everywhere = scheduledContentSchema.parse(
      json(await a.post('/api/scheduled-contents', { name: 'Mindenhol', spots: [spot!.id], active: false })),
    );
    assert.equal(everywhere.all_zones, true);
    assert.deepEqual(everywhere.zones, []);
    assert.equal(everywhere.no_zone_left, false);

    const made = await a.post('/api/scheduled-contents', { name: 'Csak terasz', spots: [spot!.id], zones: [b.id] });
    assert.equal(made.statusCode, 201, made.body);
    const item = scheduledContentSchema.parse(json(made));
    assert.equal(item.all_zones, false);
    assert.deepEqual(item.zones, [{ id: b.id, name: 'Terasz' }]);

    // Only this item is active: the spots of one minute go to the terrace's player alone.
    await t.database.db.execute(sql`update scheduled_contents set active = (id = ${item.id})`);
    const seen = capture(t.app);
    now = BASE + 150;
    const fired = await t.app.scheduler.tick(BASE + 150);
    assert.deepEqual(
      fired.map((f) => f.scheduledContentId),
      [item.id],
    );
    const plays = seen.filter((x) => x.event === PLAY_SPOTS_EVENT);
    assert.equal(plays.length, 1);
    assert.deepEqual(plays[0]!.channels, [privatePlayerChannel(b.player_id)]);
    assert.ok(!plays[0]!.channels.includes(privatePlayerChannel(first!.id)));

    // An item of every zone reaches a zone added later too.
    await t.database.db.execute(sql`update scheduled_contents set active = (id = ${everywhere.id})`);
    const later = await newZone(a, 'Raktár');
    now = BASE + MINUTE + 150;
    await t.app.scheduler.tick(BASE + MINUTE + 150);
    const all = seen.filter((x) => x.event === PLAY_SPOTS_EVENT)[1]!;
    assert.deepEqual(
      [...all.channels].sort(),
      [first!.id, b.player_id, later.player_id].map(privatePlayerChannel).sort(),
    );

    // The terrace goes: the item that played only there is switched off and says so.
    await t.database.db.execute(sql`update scheduled_contents set active = true where id = ${item.id}`);
    assert.equal((await a.post(`/api/zones/delete/${b.id}`, {})).statusCode, 200);
    const left = (json(await a.get('/api/scheduled-contents')) as Array<{ id: number }>).find((x) => x.id === item.id);
    const parsed = scheduledContentSchema.parse(left);
    assert.equal(parsed.active, false);
    assert.equal(parsed.no_zone_left, true);
    assert.deepEqual(parsed.zones, []);
    assert.equal(zoneMessages.noZoneLeft, 'Ez az ütemezés egyik zónában sem szól.');
    await backToOneZone();
  });
});

describe('the device a remote steers from', () => {
  test('POST /api/devices/{id}/zone remembers it per browser, tells the shop, and the presence data carries it', async () => {
    await backToOneZone();
    const b = await newZone(a, 'Kávézó');
    const sid = await sessionOf(a);
    const seen = capture(t.app);
    const res = await a.post(`/api/devices/${sid}/zone`, { zone_id: b.id });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(json(res), { id: sid, zone_id: b.id });
    const told = seen.find((x) => x.event === DEVICE_ZONE_EVENT);
    assert.ok(told);
    assert.deepEqual(told.payload, { id: sid, zone_id: b.id });
    // Another shop's device: 404.
    const theirs = await a.post(`/api/devices/${await sessionOf(other)}/zone`, { zone_id: b.id });
    assert.equal(theirs.statusCode, 404);
    // The presence member's user_info carries it.
    const me = json(await a.get('/api/me')) as { id: number };
    const customerId = (await t.database.db.select().from(customers).where(eq(customers.slug, 'demo')))[0]!.id;
    const auth = await a.post(
      '/broadcasting/auth',
      `socket_id=1234.5678&channel_name=${encodeURIComponent(`presence-customer.${customerId}`)}`,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, xsrf: false },
    );
    assert.equal(auth.statusCode, 200, auth.body);
    const data = presenceChannelDataSchema.parse(JSON.parse((json(auth) as { channel_data: string }).channel_data));
    assert.equal((data.user_info as { zone_id?: number }).zone_id, b.id);
    assert.ok(me);
    await backToOneZone();
  });
});

describe('the play log and zones', () => {
  test("each play keeps its zone's name, also after the zone is deleted; ?zone= filters; the CSV has a 'Zóna' column", async () => {
    await backToOneZone();
    const [first] = await playersOf(a);
    const b = await newZone(a, 'Terasz');
    const [spot] = spotListSchema.parse(json(await a.get('/api/spots')));
    const report = (playerId: number, id: string) =>
      a.post(`/api/players/${playerId}/played`, {
        type: 'spot',
        id: spot!.id,
        started_at: new Date(Date.now() - 60_000).toISOString(),
        seconds: 10,
        ended: true,
        report_id: id,
      });
    const mine = await report(first!.id, `zones-first-${process.pid}`);
    assert.equal(mine.statusCode, 201, mine.body);
    assert.equal((json(mine) as { zone_name: string }).zone_name, DEFAULT_ZONE_NAME);
    const theirs = await report(b.player_id, `zones-terrace-${process.pid}`);
    assert.equal((json(theirs) as { zone_name: string }).zone_name, 'Terasz');

    type Page = { data: Array<{ key: string; zone_name?: string | null; player_id: number | null }> };
    const onlyB = json(await a.get(`/api/play-log?zone=${b.id}&type=spot`)) as Page;
    assert.deepEqual(
      onlyB.data.map((e) => e.zone_name),
      ['Terasz'],
    );
    assert.equal((await a.post(`/api/zones/delete/${b.id}`, {})).statusCode, 200);
    const all = json(await a.get('/api/play-log?type=spot')) as Page;
    const names = all.data.map((e) => e.zone_name);
    assert.ok(names.includes('Terasz') && names.includes(DEFAULT_ZONE_NAME), JSON.stringify(names));
    const csv = (await a.get('/api/play-log/export')).body;
    const [header, ...rows] = csv.slice(1).split('\r\n').filter(Boolean);
    assert.equal(header!.split(';').at(-1), 'Zóna');
    assert.ok(rows.some((r) => r.endsWith(';Terasz')));
    assert.ok(rows.some((r) => r.endsWith(`;${DEFAULT_ZONE_NAME}`)));
  });
});
