import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PLAY_SPOTS_EVENT,
  privatePlayerChannel,
  SHOW_SLIDESHOW_EVENT,
  screenChannelName,
} from '../../contracts/realtime';
import { buildApp } from '../../server/src/app';
import {
  customers,
  players,
  scheduledContents,
  scheduledContentScreens,
  scheduledContentSlideshows,
  scheduledContentSpots,
  schedulerFires,
  screens,
  slideshows,
  spots,
} from '../../server/src/db/schema';
import { loadConfig } from '../../server/src/env';
import { createScheduler } from '../../server/src/scheduler/runner';
import { BFF_SECRET, createTestApp, PGLITE_CHOSEN, TEST_DATABASE_URL, type TestApp } from './helpers';
import { createZone } from '../../server/src/db/queries/zones';

/**
 * The scheduler's runner (server/src/scheduler/runner.ts) on an injected clock: what fires, what it
 * sends and to whom, the fire log, the claim that keeps a minute single, the minute loop, the test
 * control route, and exactly-once across two API instances on one PostgreSQL (TEST_DATABASE_URL).
 */

const MINUTE = 60_000;
/** A Tuesday in winter: Budapest is UTC+1. */
const BASE = Date.parse('2030-01-08T08:00:00Z');

let now = BASE;
let t: TestApp;
let demoId: number;
let otherId: number;
let demoPlayers: number[];
let demoSpots: Array<{ id: number; name: string }>;
let demoScreens: Array<{ id: number; hashId: string }>;
let demoSlideshowId: number;
let otherSpotId: number;

interface Broadcast {
  channels: string[];
  event: string;
  payload: unknown;
}

type Trigger = FastifyInstance['ctx']['realtime']['broadcaster']['trigger'];
const originalTriggers = new WeakMap<object, Trigger>();

/**
 * Records the broadcasts of an app from now on (and passes them on), optionally failing some. A new
 * capture replaces the previous one of that app.
 */
function capture(app: FastifyInstance, fail?: (b: Broadcast) => boolean): Broadcast[] {
  const seen: Broadcast[] = [];
  const broadcaster = app.ctx.realtime.broadcaster;
  if (!originalTriggers.has(broadcaster)) originalTriggers.set(broadcaster, broadcaster.trigger.bind(broadcaster));
  const original = originalTriggers.get(broadcaster)!;
  broadcaster.trigger = async (channels, event, payload, options) => {
    const b = { channels: [...channels], event, payload };
    seen.push(b);
    if (fail?.(b)) throw new Error('broadcast failed (test)');
    return original(channels, event, payload, options);
  };
  return seen;
}

type Item = Partial<typeof scheduledContents.$inferInsert> & {
  customerId: number;
  spotIds?: number[];
  slideshowIds?: number[];
  screenIds?: number[];
};

/** Inserts an item with its links straight into the tables (the runner is what is under test here). */
async function createItem(
  db: TestApp['database']['db'],
  { spotIds = [], slideshowIds = [], screenIds = [], ...row }: Item,
): Promise<number> {
  const [item] = await db
    .insert(scheduledContents)
    .values({ name: 'Teszt ütemezés', frequency: 'everyMinute', ...row })
    .returning({ id: scheduledContents.id });
  const id = item!.id;
  if (spotIds.length)
    await db
      .insert(scheduledContentSpots)
      .values(spotIds.map((spotId, position) => ({ scheduledContentId: id, spotId, position })));
  if (slideshowIds.length) {
    await db
      .insert(scheduledContentSlideshows)
      .values(slideshowIds.map((slideshowId, position) => ({ scheduledContentId: id, slideshowId, position })));
  }
  if (screenIds.length)
    await db
      .insert(scheduledContentScreens)
      .values(screenIds.map((screenId, position) => ({ scheduledContentId: id, screenId, position })));
  return id;
}

async function fireRows(db: TestApp['database']['db'], ids: number[]) {
  return db
    .select()
    .from(schedulerFires)
    .where(inArray(schedulerFires.scheduledContentId, ids))
    .orderBy(asc(schedulerFires.minute), asc(schedulerFires.scheduledContentId));
}

/** Only one item of the test active at a time: earlier tests' items would fire in later minutes too. */
async function deactivateAll(db: TestApp['database']['db']) {
  await db.update(scheduledContents).set({ active: false });
}

const spotIdsOf = (b: Broadcast) => (b.payload as { spots: Array<{ id: number }> }).spots.map((s) => s.id);

before(async () => {
  t = await createTestApp({ SCHEDULER_INSTANCE: 'instance-a' }, { clock: () => now });
  const { db } = t.database;
  const [demo] = await db.select().from(customers).where(eq(customers.slug, 'demo'));
  const [other] = await db.select().from(customers).where(eq(customers.slug, 'other'));
  demoId = demo!.id;
  otherId = other!.id;
  // Two zones, so two players: PlaySpots (an item of every zone) goes to every player of the shop.
  await createZone(db, { customerId: demoId, name: 'Terasz' });
  demoPlayers = (await db.select({ id: players.id }).from(players).where(eq(players.customerId, demoId))).map(
    (p) => p.id,
  );
  demoSpots = await db
    .select({ id: spots.id, name: spots.name })
    .from(spots)
    .where(eq(spots.customerId, demoId))
    .orderBy(asc(spots.id));
  demoScreens = await db
    .select({ id: screens.id, hashId: screens.hashId })
    .from(screens)
    .where(eq(screens.customerId, demoId))
    .orderBy(asc(screens.id));
  const [slideshow] = await db.select({ id: slideshows.id }).from(slideshows).where(eq(slideshows.customerId, demoId));
  demoSlideshowId = slideshow!.id;
  const [otherSpot] = await db.select({ id: spots.id }).from(spots).where(eq(spots.customerId, otherId));
  otherSpotId = otherSpot!.id;
  assert.ok(
    demoPlayers.length >= 2 && demoSpots.length >= 2 && demoScreens.length >= 2,
    'the demo seed has players, spots and screens',
  );
});
after(async () => {
  await t.close();
});

describe('tick', () => {
  test('an everyMinute item fires each minute: one PlaySpots with its spots in the chosen order to every player, and a fire-log row', async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const chosen = [demoSpots[1]!.id, demoSpots[0]!.id];
    const id = await createItem(db, { customerId: demoId, name: 'Percenként', spotIds: chosen });
    const seen = capture(t.app);
    const minutes = [BASE, BASE + MINUTE, BASE + 2 * MINUTE];
    for (const minute of minutes) {
      now = minute + 150;
      const fired = await t.app.scheduler.tick(minute + 150);
      assert.deepEqual(
        fired.map((f) => [f.scheduledContentId, f.customerId, f.minute, f.spotIds]),
        [[id, demoId, minute, chosen]],
      );
    }
    const plays = seen.filter((b) => b.event === PLAY_SPOTS_EVENT);
    assert.equal(plays.length, 3, 'one PlaySpots per minute');
    for (const b of plays) {
      assert.deepEqual(b.channels.sort(), demoPlayers.map(privatePlayerChannel).sort());
      assert.deepEqual(spotIdsOf(b), chosen);
      const sound = (b.payload as { spots: Array<Record<string, unknown>> }).spots[0]!;
      assert.equal(sound.type, 'spot');
      assert.match(String(sound.url), /^http:\/\/api\.test:4000\/media\/.*signature=/);
    }
    const rows = await fireRows(db, [id]);
    assert.deepEqual(
      rows.map((r) => [
        r.scheduledContentId,
        r.customerId,
        r.minute.getTime(),
        r.name,
        r.spotIds,
        r.slideshowIds,
        r.screenIds,
        r.instance,
      ]),
      minutes.map((m) => [id, demoId, m, 'Percenként', chosen, [], [], 'instance-a']),
    );
  });

  test('the same minute ticked again, by this or a restarted instance, fires nothing', async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const id = await createItem(db, { customerId: demoId, spotIds: [demoSpots[0]!.id] });
    const minute = BASE + 10 * MINUTE;
    assert.equal((await t.app.scheduler.tick(minute)).length, 1);
    assert.equal((await t.app.scheduler.tick(minute + 59_000)).length, 0);
    const restarted = createScheduler(t.app.ctx, { instance: 'instance-a-restarted' });
    assert.equal((await restarted.tick(minute + 30_000)).length, 0);
    assert.equal((await fireRows(db, [id])).length, 1);
  });

  test('an inactive item, one not due at this minute, and one outside its days do not fire', async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const inactive = await createItem(db, { customerId: demoId, active: false, spotIds: [demoSpots[0]!.id] });
    const hourly = await createItem(db, { customerId: demoId, frequency: 'hourly', spotIds: [demoSpots[0]!.id] });
    const weekend = await createItem(db, { customerId: demoId, tuesday: false, spotIds: [demoSpots[0]!.id] });
    const seen = capture(t.app);
    // 08:05 UTC on a Tuesday: not the top of an hour.
    const fired = await t.app.scheduler.tick(BASE + 5 * MINUTE);
    assert.deepEqual(fired, []);
    assert.equal(seen.length, 0);
    assert.equal((await fireRows(db, [inactive, hourly, weekend])).length, 0);
  });

  test("the shop's local time decides: hourlyAt15 in Budapest fires at 09:15 local (08:15 UTC), in New York at 10:15 local (15:15 UTC)", async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const id = await createItem(db, {
      customerId: demoId,
      frequency: 'hourlyAt15',
      betweenFrom: '09:00',
      betweenTo: '10:00',
      spotIds: [demoSpots[0]!.id],
    });
    assert.deepEqual(
      (await t.app.scheduler.tick(Date.parse('2030-01-08T07:15:00Z'))).length,
      0,
      '08:15 local: outside 09:00–10:00',
    );
    assert.deepEqual(
      (await t.app.scheduler.tick(Date.parse('2030-01-08T08:15:00Z'))).map((f) => f.scheduledContentId),
      [id],
    );
    await db.update(customers).set({ timezone: 'America/New_York' }).where(eq(customers.id, demoId));
    try {
      await db
        .update(scheduledContents)
        .set({ betweenFrom: '10:00', betweenTo: '11:00' })
        .where(eq(scheduledContents.id, id));
      assert.equal((await t.app.scheduler.tick(Date.parse('2030-01-08T10:15:00Z'))).length, 0);
      assert.deepEqual(
        (await t.app.scheduler.tick(Date.parse('2030-01-08T15:15:00Z'))).map((f) => f.scheduledContentId),
        [id],
      );
    } finally {
      await db.update(customers).set({ timezone: 'Europe/Budapest' }).where(eq(customers.id, demoId));
    }
  });

  test("ShowSlideshow {slideshow_ids, once: true} goes to the item's screens only; no PlaySpots without spots", async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const [first, second] = demoScreens;
    const id = await createItem(db, { customerId: demoId, slideshowIds: [demoSlideshowId], screenIds: [second!.id] });
    const seen = capture(t.app);
    const minute = BASE + 20 * MINUTE;
    const fired = await t.app.scheduler.tick(minute);
    assert.deepEqual(
      fired.map((f) => [f.scheduledContentId, f.spotIds, f.slideshowIds, f.screenIds]),
      [[id, [], [demoSlideshowId], [second!.id]]],
    );
    assert.deepEqual(seen, [
      {
        channels: [screenChannelName(second!.hashId)],
        event: SHOW_SLIDESHOW_EVENT,
        payload: { slideshow_ids: [demoSlideshowId], once: true },
      },
    ]);
    assert.ok(!seen.some((b) => b.channels.includes(screenChannelName(first!.hashId))));
    const [row] = await fireRows(db, [id]);
    assert.deepEqual([row!.slideshowIds, row!.screenIds], [[demoSlideshowId], [second!.id]]);
  });

  test("one shop's failing broadcast does not keep another shop's item from firing", async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const demoItem = await createItem(db, { customerId: demoId, spotIds: [demoSpots[0]!.id] });
    const otherItem = await createItem(db, { customerId: otherId, spotIds: [otherSpotId] });
    const demoChannels = new Set(demoPlayers.map(privatePlayerChannel));
    const seen = capture(t.app, (b) => b.channels.some((c) => demoChannels.has(c)));
    const fired = await t.app.scheduler.tick(BASE + 30 * MINUTE);
    assert.deepEqual(fired.map((f) => f.scheduledContentId).sort(), [demoItem, otherItem].sort());
    assert.equal(seen.filter((b) => b.event === PLAY_SPOTS_EVENT).length, 2, 'both were sent; the demo one failed');
    assert.deepEqual(seen.filter((b) => spotIdsOf(b)[0] === otherSpotId).length, 1);
  });
});

describe('the minute loop', () => {
  test('ticks the current minute at start, the next one just after its boundary, and never replays missed minutes', async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const id = await createItem(db, { customerId: demoId, spotIds: [demoSpots[0]!.id] });
    // A clock 400 ms before a minute boundary, running in real time from there.
    const boundary = BASE + 40 * MINUTE;
    let offset = boundary - 400 - Date.now();
    const scheduler = createScheduler({ ...t.app.ctx, clock: () => Date.now() + offset }, { instance: 'loop' });
    scheduler.start();
    await new Promise((r) => setTimeout(r, 1200));
    await scheduler.stop();
    let rows = await fireRows(db, [id]);
    assert.deepEqual(
      rows.map((r) => r.minute.getTime()),
      [boundary - MINUTE, boundary],
    );
    // Within a second of the boundary (the log's fired_at is the database's real time; the clock is offset).
    const lateness = rows[1]!.firedAt.getTime() - (boundary - offset);
    assert.ok(lateness >= 0 && lateness < 1000, `fired ${lateness} ms after the minute began`);
    // Ten minutes later (nobody ran in between): only the minute it is in, none of the nine missed.
    offset += 10 * MINUTE;
    scheduler.start();
    await new Promise((r) => setTimeout(r, 300));
    await scheduler.stop();
    rows = await fireRows(db, [id]);
    assert.deepEqual(
      rows.map((r) => r.minute.getTime()),
      [boundary - MINUTE, boundary, boundary + 10 * MINUTE],
    );
  });
});

describe('POST /api/_test/scheduler/tick', () => {
  test('is a plain 404 without SCHEDULER_TEST_CONTROL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_test/scheduler/tick',
      payload: { at: new Date(BASE).toISOString() },
    });
    assert.equal(res.statusCode, 404);
    assert.ok(!t.app.routeTable.some((r) => r.url.includes('_test')));
  });

  test('with SCHEDULER_TEST_CONTROL=1: fires the minute containing `at`, needs no login, and moves the clock there', async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const id = await createItem(db, {
      customerId: demoId,
      spotIds: [demoSpots[0]!.id],
      slideshowIds: [demoSlideshowId],
      screenIds: [demoScreens[0]!.id],
    });
    // A second app on the same database (building one on its own PGlite costs seconds).
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pulzus-api-test-'));
    const config = loadConfig({ DATA_DIR: dataDir, APP_KEY: 'test-app-key', BFF_SECRET, SCHEDULER_TEST_CONTROL: '1' });
    const app = await buildApp({ config, database: t.database, logger: false, clock: () => now });
    try {
      await app.ready();
      const at = '2030-01-08T10:50:42.123+01:00';
      const res = await app.inject({ method: 'POST', url: '/api/_test/scheduler/tick', payload: { at } });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(JSON.parse(res.body), {
        minute: '2030-01-08T09:50:00.000Z',
        fired: [
          {
            scheduled_content_id: id,
            customer_id: demoId,
            spots: [demoSpots[0]!.id],
            slideshows: [demoSlideshowId],
            screens: [demoScreens[0]!.id],
          },
        ],
      });
      assert.ok(Math.abs(app.ctx.clock() - Date.parse(at)) < 1000, 'the clock reads the ticked time');
      const again = await app.inject({ method: 'POST', url: '/api/_test/scheduler/tick', payload: { at } });
      assert.deepEqual(JSON.parse(again.body).fired, []);
      const bad = await app.inject({ method: 'POST', url: '/api/_test/scheduler/tick', payload: { at: 'tegnap' } });
      assert.equal(bad.statusCode, 422);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const PG = TEST_DATABASE_URL;
const exactlyOnceSkip = PGLITE_CHOSEN
  ? 'PostgreSQL only: PGlite lives inside one process, so two instances cannot share it'
  : !PG && !process.env.CI
    ? 'needs TEST_DATABASE_URL (a throwaway PostgreSQL database); CI always sets it'
    : false;

describe('exactly once across instances', () => {
  test(
    'two instances on one PostgreSQL fire each due minute once over 12 minutes; a restart inside a minute fires nothing again',
    { skip: exactlyOnceSkip },
    async () => {
      assert.ok(PG, 'CI: TEST_DATABASE_URL must be set, the exactly-once test needs PostgreSQL');
      // `t` already runs on that database (createTestApp uses TEST_DATABASE_URL); the second instance joins it.
      const { db } = t.database;
      await deactivateAll(db);
      const every = await createItem(db, {
        customerId: demoId,
        name: 'Minden perc',
        spotIds: [demoSpots[0]!.id, demoSpots[1]!.id],
      });
      const everyTwo = await createItem(db, {
        customerId: otherId,
        name: 'Kétpercenként',
        frequency: 'everyTwoMinutes',
        spotIds: [otherSpotId],
      });
      const screensOnly = await createItem(db, {
        customerId: demoId,
        name: 'Képernyő',
        frequency: 'everyThreeMinutes',
        slideshowIds: [demoSlideshowId],
        screenIds: demoScreens.map((s) => s.id),
      });
      const items = [every, everyTwo, screensOnly];

      let b = await createTestApp({ SCHEDULER_INSTANCE: 'instance-b' }, { clock: () => now, freshDatabase: false });
      const seenA = capture(t.app);
      let seenB = capture(b.app);
      const start = Date.parse('2030-03-04T12:00:00Z');
      const minutes = Array.from({ length: 12 }, (_, i) => start + i * MINUTE);
      const expected: Array<[number, number]> = [];
      for (const m of minutes) {
        for (const [id, step] of [
          [every, 1],
          [everyTwo, 2],
          [screensOnly, 3],
        ] as const) {
          if (new Date(m).getUTCMinutes() % step === 0) expected.push([m, id]);
        }
        now = m + 200;
        // Both instances tick the same minute at the same time, as two processes would.
        const [firedA, firedB] = await Promise.all([t.app.scheduler.tick(m + 200), b.app.scheduler.tick(m + 180)]);
        const ids = [...firedA, ...firedB].map((f) => f.scheduledContentId).sort();
        assert.deepEqual(
          ids,
          expected
            .filter(([em]) => em === m)
            .map(([, id]) => id)
            .sort(),
          `minute ${new Date(m).toISOString()}`,
        );
      }
      const rows = await fireRows(db, items);
      assert.deepEqual(
        rows.map((r) => [r.minute.getTime(), r.scheduledContentId]),
        expected.sort((x, y) => x[0] - y[0] || x[1] - y[1]),
      );
      assert.ok(rows.every((r) => r.instance === 'instance-a' || r.instance === 'instance-b'));
      const all = [...seenA, ...seenB];
      assert.equal(
        all.filter((x) => x.event === PLAY_SPOTS_EVENT).length,
        expected.filter(([, id]) => id !== screensOnly).length,
      );
      assert.equal(
        all.filter((x) => x.event === SHOW_SLIDESHOW_EVENT).length,
        expected.filter(([, id]) => id === screensOnly).length,
      );

      // Restart instance B inside the last minute: the new process ticks that minute again at start.
      const last = minutes.at(-1)!;
      await b.close();
      b = await createTestApp(
        { SCHEDULER_INSTANCE: 'instance-b-restarted' },
        { clock: () => now, freshDatabase: false },
      );
      try {
        seenB = capture(b.app);
        assert.deepEqual(await b.app.scheduler.tick(last + 45_000), []);
        assert.equal(seenB.length, 0);
        const count = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(schedulerFires)
          .where(and(inArray(schedulerFires.scheduledContentId, items), eq(schedulerFires.minute, new Date(last))));
        assert.equal(Number(count[0]!.n), expected.filter(([m]) => m === last).length);
      } finally {
        await b.close();
      }
    },
  );
});

describe("'Csak nyitvatartási időben' (only_open)", () => {
  test('outside opening hours an only_open item is not claimed and sends nothing; the control item and a shop without hours fire', async () => {
    const { db } = t.database;
    await deactivateAll(db);
    // The demo shop is open Monday to Saturday 08:00–20:00 (seed); `other` has no opening hours.
    const onlyOpen = await createItem(db, {
      customerId: demoId,
      name: 'Csak nyitva',
      onlyOpen: true,
      spotIds: [demoSpots[0]!.id],
    });
    const control = await createItem(db, { customerId: demoId, name: 'Mindig', spotIds: [demoSpots[1]!.id] });
    const noHours = await createItem(db, {
      customerId: otherId,
      name: 'Nyitvatartás nélkül',
      onlyOpen: true,
      spotIds: [otherSpotId],
    });
    const seen = capture(t.app);
    // Tuesday 03:00 in Budapest: closed.
    const night = Date.parse('2030-01-08T02:00:00Z');
    now = night + 100;
    const firedAtNight = await t.app.scheduler.tick(night + 100);
    assert.deepEqual(firedAtNight.map((f) => f.scheduledContentId).sort(), [control, noHours].sort());
    assert.deepEqual(
      seen
        .filter((b) => b.event === PLAY_SPOTS_EVENT)
        .flatMap(spotIdsOf)
        .sort(),
      [demoSpots[1]!.id, otherSpotId].sort(),
    );
    // 19:59 is still open, 20:00 is closed.
    const lastOpen = Date.parse('2030-01-08T18:59:00Z');
    now = lastOpen + 100;
    assert.ok((await t.app.scheduler.tick(lastOpen + 100)).some((f) => f.scheduledContentId === onlyOpen));
    const closing = Date.parse('2030-01-08T19:00:00Z');
    now = closing + 100;
    assert.ok((await t.app.scheduler.tick(closing + 100)).every((f) => f.scheduledContentId !== onlyOpen));
    // No claim was written for the closed minutes.
    const rows = await fireRows(db, [onlyOpen]);
    assert.deepEqual(
      rows.map((r) => r.minute.getTime()),
      [lastOpen],
    );
    assert.equal((await fireRows(db, [control])).length, 3);
  });
});

describe('a tick that waits on the database past its minute (issue 29, defect 8)', () => {
  test('reads that end after the grace claim nothing; a claim that lands after it is kept as missed and sends nothing', async () => {
    const { db } = t.database;
    await deactivateAll(db);
    const id = await createItem(db, { customerId: demoId, name: 'Késő perc', spotIds: [demoSpots[0]!.id] });
    const seen = capture(t.app);
    const m = BASE + 200 * MINUTE;
    // The clock is already past the minute and its 15 s grace: a stale minute is never played.
    now = m + MINUTE + 16_000;
    assert.deepEqual(await t.app.scheduler.tick(m), []);
    assert.deepEqual(await fireRows(db, [id]), []);
    // Within the grace it still fires (a timer a little late, a restart inside the minute).
    now = m + MINUTE + 10_000;
    assert.deepEqual(
      (await t.app.scheduler.tick(m)).map((f) => f.scheduledContentId),
      [id],
    );
    assert.equal(seen.filter((b) => b.event === PLAY_SPOTS_EVENT).length, 1);
  });

  test(
    'a claim held up by the database until the next minute sends nothing, is logged as missed, and no instance plays it late',
    { skip: exactlyOnceSkip },
    async () => {
      assert.ok(PG, 'CI: TEST_DATABASE_URL must be set, this test locks a table on PostgreSQL');
      const { db } = t.database;
      await deactivateAll(db);
      const id = await createItem(db, { customerId: demoId, name: 'Elakadt perc', spotIds: [demoSpots[1]!.id] });
      const seen = capture(t.app);
      const m = BASE + 300 * MINUTE;
      now = m + 50;
      // Another session holds the fire log: the claim's insert waits, as on a database that hangs.
      const { Client } = (await import('pg')).default;
      const locker = new Client({ connectionString: PG });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE scheduler_fires IN EXCLUSIVE MODE');
        const ticking = t.app.scheduler.tick(m);
        await new Promise((r) => setTimeout(r, 500));
        // The database comes back 85 s into the minute: the next minute is current.
        now = m + 85_000;
        await locker.query('COMMIT');
        assert.deepEqual(await ticking, []);
      } finally {
        await locker.end();
      }
      assert.equal(seen.filter((b) => b.event === PLAY_SPOTS_EVENT).length, 0, 'nothing is sent late');
      const rows = await fireRows(db, [id]);
      assert.deepEqual(
        rows.map((r) => [r.minute.getTime(), r.missed]),
        [[m, true]],
      );
      // Another instance (or this one again) never plays the missed minute either.
      const restarted = createScheduler({ ...t.app.ctx, clock: () => now }, { instance: 'late' });
      assert.deepEqual(await restarted.tick(m), []);
      assert.equal((await fireRows(db, [id])).length, 1);
      // The current minute fires as ever.
      assert.deepEqual(
        (await t.app.scheduler.tick(m + MINUTE)).map((f) => f.scheduledContentId),
        [id],
      );
    },
  );
});
