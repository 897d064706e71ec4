/**
 * The music plan's budgets (part of `npm run bench`, step `plan`):
 *
 * - The runner's tick (server/src/scheduler/plan-runner.ts) for 1,000 shops with their plans on, each
 *   with opening hours and 10 blocks over the week, on an embedded database seeded as the API seeds
 *   it (so the blocks play real channels and each shop has a player): the median of 15 consecutive
 *   minutes after the first, beside the empty tick (the same runner, every plan switched off: the one
 *   query a tick always makes) in the same run. Budget: at most 20× the empty tick + 5 ms.
 * - The longest stretch the event loop was held during those ticks, the first one included (it
 *   compiles every plan): at most 50 ms, so a thousand shops never stall the API's other requests.
 * - Tick → UpdatePlayer: through the bench API's test clock, the opening minute of a shop's plan, timed
 *   from the tick call to UpdatePlayer on a pusher-js client subscribed to the player's channel, as the
 *   shop's audio device is (p95 ≤ 1 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Pusher from 'pusher-js';
import { inArray, sql } from 'drizzle-orm';
import { DAY_KEYS } from '../contracts/names';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../server/src/db/client';
import {
  customers,
  musicPlanBlocks,
  musicPlans,
  openingHours,
  players,
  zones as zoneRows,
} from '../server/src/db/schema';
import { createPlayerService } from '../server/src/player/service';
import { createPlanRunner } from '../server/src/scheduler/plan-runner';
import { floorMinute } from '../contracts/time';
import { runSeed } from '../server/src/seed';
import { createStorage } from '../server/src/storage';
import { Device, devicePusher, percentile, subscribed, withTimeout } from './realtime';

export interface PlanMeasurement {
  name: string;
  value: number;
  unit: 'ms' | '×';
  max?: number;
  note?: string;
}

export const PLAN_BUDGETS = { tickFactor: 20, tickSlackMs: 5, loopStretchMs: 50, updateP95Ms: 1000 } as const;

const SHOPS = 1_000;
const BLOCKS = 10;
const MINUTES = 15;
const LATENCY_DAYS = 12;

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

// ---------------------------------------------------------------------------------------------------
// (a) the tick for 1,000 shops

/**
 * Shops by the thousand run on a PostgreSQL server (DATABASE_URL): BENCH_PLAN_DATABASE_URL, by default
 * the bench's `pulzus_bench` database, wiped first. Without one, the embedded PGlite, which answers on
 * this thread, so its queries count as stretches of the event loop too.
 */
const PLAN_DATABASE_URL = process.env.BENCH_PLAN_DATABASE_URL || 'postgres://pulzus:pulzus@127.0.0.1:5432/pulzus_bench';

export async function benchDatabase(dir: string): Promise<{ database: Database; where: string }> {
  const client = new pg.Client({ connectionString: PLAN_DATABASE_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    return {
      database: await openDatabase({ kind: 'postgres', url: PLAN_DATABASE_URL }),
      where: 'PostgreSQL (BENCH_PLAN_DATABASE_URL)',
    };
  } catch {
    return {
      database: await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') }),
      where: 'embedded PGlite (no PostgreSQL at BENCH_PLAN_DATABASE_URL)',
    };
  } finally {
    await client.end().catch(() => {});
  }
}

const TIME_ZONES = ['Europe/Budapest', 'Europe/London', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'];

/** `count` shops (each gets its first zone and player from the database, migration 0026), open 07–22 but Sunday. */
export async function seedShops(db: Database['db'], count: number, slug: string): Promise<number[]> {
  const shopIds: number[] = [];
  for (let i = 0; i < count; i += 100) {
    const rows = await db
      .insert(customers)
      .values(
        Array.from({ length: Math.min(100, count - i) }, (_, k) => ({
          slug: `${slug}-${i + k}`,
          name: `Bench ${i + k}`,
          timezone: TIME_ZONES[(i + k) % TIME_ZONES.length]!,
        })),
      )
      .returning({ id: customers.id });
    shopIds.push(...rows.map((r) => r.id));
  }
  const week = DAY_KEYS.map((day) =>
    day === 'sunday' ? { day, closed: true as const } : { day, open: '07:00', close: '22:00' },
  );
  for (let i = 0; i < shopIds.length; i += 500) {
    const slice = shopIds.slice(i, i + 500);
    await db.insert(openingHours).values(slice.map((customerId) => ({ customerId, week, exceptions: [] })));
  }
  return shopIds;
}

/** Each shop's first zone gets its plan (on) and BLOCKS blocks. */
async function seedFirstZonePlans(db: Database['db'], shopIds: number[], channels: number[]): Promise<void> {
  for (let i = 0; i < shopIds.length; i += 100) {
    const slice = shopIds.slice(i, i + 100);
    const zones = await db
      .select({ id: zoneRows.id, customerId: zoneRows.customerId })
      .from(zoneRows)
      .where(inArray(zoneRows.customerId, slice));
    await seedPlans(db, zones, channels, i);
  }
}

/**
 * A plan (on, a channel by default) and BLOCKS blocks for each zone: five 3-hour blocks a day, on
 * alternating days, staggered by zone.
 */
async function seedPlans(
  db: Database['db'],
  zones: Array<{ id: number; customerId: number }>,
  channels: number[],
  offset: number,
): Promise<void> {
  for (let i = 0; i < zones.length; i += 100) {
    const slice = zones.slice(i, i + 100);
    await db.insert(musicPlans).values(
      slice.map((zone, k) => ({
        customerId: zone.customerId,
        zoneId: zone.id,
        enabled: true,
        defaultSourceType: 'channel',
        defaultSourceId: channels[(offset + i + k) % channels.length]!,
      })),
    );
    await db.insert(musicPlanBlocks).values(
      slice.flatMap((zone, k) =>
        Array.from({ length: BLOCKS }, (_, b) => {
          const start = 7 * 60 + (b % 5) * 180 + ((offset + i + k) % 4) * 15;
          const odd = b >= 5;
          return {
            customerId: zone.customerId,
            zoneId: zone.id,
            name: `Blokk ${b + 1}`,
            monday: !odd,
            tuesday: odd,
            wednesday: !odd,
            thursday: odd,
            friday: !odd,
            saturday: odd,
            sunday: false,
            fromTime: hm(start),
            toTime: hm(Math.min(start + 165, 23 * 60 + 59)),
            sourceType: 'channel',
            sourceId: channels[(offset + i + k + b) % channels.length]!,
            volume: 40 + b * 5,
            shuffle: b % 2 === 0,
          };
        }),
      ),
    );
  }
}

export async function measurePlanTick(): Promise<PlanMeasurement[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulzus-bench-plan-'));
  const { database, where } = await benchDatabase(dir);
  try {
    const { db } = database;
    const storage = createStorage({ root: path.join(dir, 'media'), appKey: 'bench', publicUrl: 'http://bench' });
    await migrateDatabase(database);
    await runSeed({ db, storage, demoMusicPlan: false });
    const channelIds = (await db.execute(sql`select id from channels order by id`)) as unknown as {
      rows: Array<{ id: number }>;
    };
    const channels = channelIds.rows.map((r) => r.id);
    process.stdout.write(`plan: seeding ${SHOPS} shops with ${BLOCKS} blocks each…\n`);
    const shopIds = await seedShops(db, SHOPS, 'bench-plan');
    await seedFirstZonePlans(db, shopIds, channels);

    const service = createPlayerService({ db, storage, sessionIdleMinutes: 120, sessionAbsoluteHours: 24 });
    const runner = createPlanRunner({ db, players: service, instance: 'bench' });
    const loop = monitorEventLoopDelay({ resolution: 5 });
    // A Wednesday mid-morning in Budapest; the minutes after it hold a few boundaries of some shops.
    const start = floorMinute(Date.parse('2031-01-08T10:40:00+01:00'));
    const full: number[] = [];
    // The first tick loads and compiles every plan (once per API start) and claims each shop's latest
    // boundary; timed apart. The loop is watched from the minute after.
    const c0 = performance.now();
    await runner.tick(start);
    const firstMs = performance.now() - c0;
    loop.enable();
    for (let i = 1; i <= MINUTES; i++) {
      // A tenth of the shops edit a block now and then: those plans are loaded and compiled again.
      if (i % 5 === 0) {
        await db.execute(
          sql`update music_plan_blocks set updated_at = now() where customer_id % 10 = ${i % 10} and name = 'Blokk 1'`,
        );
      }
      const t0 = performance.now();
      await runner.tick(start + i * 60_000);
      full.push(performance.now() - t0);
    }
    loop.disable();
    const stretch = loop.max / 1e6;

    await db.update(musicPlans).set({ enabled: false });
    const emptyRunner = createPlanRunner({ db, players: service, instance: 'bench-empty' });
    const empty: number[] = [];
    for (let i = 0; i <= MINUTES; i++) {
      const t0 = performance.now();
      await emptyRunner.tick(start + i * 60_000);
      if (i > 0) empty.push(performance.now() - t0);
    }
    const emptyMs = percentile(empty, 50);
    const note = `median of ${MINUTES} minutes after the first; ${where}`;
    return [
      {
        name: `plan: tick, ${SHOPS.toLocaleString('en')} shops × ${BLOCKS} blocks`,
        value: percentile(full, 50),
        unit: 'ms',
        max: emptyMs * PLAN_BUDGETS.tickFactor + PLAN_BUDGETS.tickSlackMs,
        note: `${note}; budget 20× the empty tick + 5 ms`,
      },
      { name: 'plan: tick, every plan off (empty tick)', value: emptyMs, unit: 'ms', note },
      {
        name: 'plan: longest event-loop stretch during the ticks',
        value: stretch,
        unit: 'ms',
        max: PLAN_BUDGETS.loopStretchMs,
        note: 'the minutes after the first, a tenth of the plans edited every fifth minute',
      },
      {
        name: 'plan: first tick after a start (every plan loaded and compiled)',
        value: firstMs,
        unit: 'ms',
        note: `once per start; ${where}`,
      },
    ];
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------
// (a2) the tick for 5,000 shops of 3 zones against the same shops with one (issue 43, step `plan-zones`)

const ZONE_SHOPS = Number(process.env.BENCH_PLAN_ZONE_SHOPS ?? 5_000);
const ZONES_PER_SHOP = 3;
const ZONE_ROUNDS = 3;
const ZONE_TICKS = 5;
export const PLAN_ZONES_RATIO_MAX = 2;

/**
 * ZONE_SHOPS shops, each with 3 zones whose plans are on (10 blocks each), against the same shops with
 * only their first zone's plan on (the other zones' plans switched off, as a shop with one zone has
 * none): in turns over 3 rounds, each a warm tick (the switched plans are loaded again) and 5 timed
 * minutes. Budget: the 3-zone tick's median at most 2× the 1-zone tick's.
 */
export async function measurePlanZonesTick(): Promise<PlanMeasurement[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulzus-bench-plan-zones-'));
  const { database, where } = await benchDatabase(dir);
  try {
    const { db } = database;
    const storage = createStorage({ root: path.join(dir, 'media'), appKey: 'bench', publicUrl: 'http://bench' });
    await migrateDatabase(database);
    await runSeed({ db, storage, demoMusicPlan: false });
    const channelIds = (await db.execute(sql`select id from channels order by id`)) as unknown as {
      rows: Array<{ id: number }>;
    };
    const channels = channelIds.rows.map((r) => r.id);
    process.stdout.write(
      `plan-zones: seeding ${ZONE_SHOPS} shops × ${ZONES_PER_SHOP} zones with ${BLOCKS} blocks each…\n`,
    );
    const shopIds = await seedShops(db, ZONE_SHOPS, 'bench-plan-zones');
    await seedFirstZonePlans(db, shopIds, channels);
    const extra: number[] = [];
    for (let i = 0; i < shopIds.length; i += 100) {
      const slice = shopIds.slice(i, i + 100);
      const zones = await db
        .insert(zoneRows)
        .values(
          slice.flatMap((customerId) =>
            Array.from({ length: ZONES_PER_SHOP - 1 }, (_, z) => ({
              customerId,
              name: `Zóna ${z + 2}`,
              position: z + 1,
            })),
          ),
        )
        .returning({ id: zoneRows.id, customerId: zoneRows.customerId });
      await db.insert(players).values(zones.map((zone) => ({ customerId: zone.customerId, zoneId: zone.id })));
      await seedPlans(db, zones, channels, i + 1);
      extra.push(...zones.map((z) => z.id));
    }
    const service = createPlayerService({ db, storage, sessionIdleMinutes: 120, sessionAbsoluteHours: 24 });
    const runner = createPlanRunner({ db, players: service, instance: 'bench-zones' });
    const setExtra = async (enabled: boolean) => {
      for (let i = 0; i < extra.length; i += 1000) {
        await db
          .update(musicPlans)
          .set({ enabled, updatedAt: new Date() })
          .where(inArray(musicPlans.zoneId, extra.slice(i, i + 1000)));
      }
    };
    let minute = floorMinute(Date.parse('2031-01-08T10:40:00+01:00'));
    const timed: Record<'one' | 'three', number[]> = { one: [], three: [] };
    // The first tick of all loads and compiles every plan: timed apart, not counted.
    await runner.tick(minute);
    for (let round = 0; round < ZONE_ROUNDS; round++) {
      for (const config of round % 2 === 0 ? (['one', 'three'] as const) : (['three', 'one'] as const)) {
        await setExtra(config === 'three');
        minute += 60_000;
        await runner.tick(minute); // warm: the switched plans are read again
        for (let t = 0; t < ZONE_TICKS; t++) {
          minute += 60_000;
          const t0 = performance.now();
          await runner.tick(minute);
          timed[config].push(performance.now() - t0);
        }
      }
    }
    const [one, three] = [percentile(timed.one, 50), percentile(timed.three, 50)];
    const note = `median of ${ZONE_ROUNDS * ZONE_TICKS} minutes each, in turns; ${where}`;
    return [
      { name: `plan: tick, ${ZONE_SHOPS.toLocaleString('en')} shops × 1 zone's plan`, value: one, unit: 'ms', note },
      {
        name: `plan: tick, ${ZONE_SHOPS.toLocaleString('en')} shops × ${ZONES_PER_SHOP} zones' plans`,
        value: three,
        unit: 'ms',
        note,
      },
      {
        name: `plan: tick, ${ZONES_PER_SHOP} zones ÷ 1 zone`,
        value: three / one,
        unit: '×',
        max: PLAN_ZONES_RATIO_MAX,
        note: `${BLOCKS} blocks a zone; the same run`,
      },
    ];
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------
// (b) tick → UpdatePlayer on the shop's device

const UPDATE_PLAYER_EVENT = 'App\\Events\\UpdatePlayer';

export async function measurePlanLatency(api: { apiPort: number; pusherKey: string }): Promise<PlanMeasurement[]> {
  const device = new Device(api.apiPort);
  let pusher: Pusher | undefined;
  const json = { 'Content-Type': 'application/json' };
  try {
    await device.login();
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await device.request(method, url, body === undefined ? undefined : JSON.stringify(body), json);
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${res.body}`);
      return JSON.parse(res.body || 'null') as unknown;
    };
    const players = (await call('GET', '/api/players')) as Array<{ id: number }>;
    // Open every day 08:00–20:00, the plan on with its default source: each simulated day's opening
    // starts the music, and each closing pauses it.
    await call('POST', '/api/opening-hours', {
      week: DAY_KEYS.map((day) => ({ day, open: '08:00', close: '20:00' })),
      exceptions: [],
    });
    const before = (await call('GET', '/api/music-plan')) as { enabled: boolean };
    await call('POST', '/api/music-plan', { enabled: true, default_source_type: 'channel', default_source_id: 1 });

    pusher = devicePusher(api.pusherKey, api.apiPort, device);
    const channel = await subscribed(pusher, `private-player.${players[0]!.id}`, 'player channel subscription');
    let waiting: ((at: number) => void) | undefined;
    channel.bind(UPDATE_PLAYER_EVENT, (data: { player: { plan?: { applied?: boolean } } }) => {
      const at = performance.now();
      if (waiting && data.player.plan?.applied) {
        const w = waiting;
        waiting = undefined;
        w(at);
      }
    });
    const tick = async (at: number) => {
      const res = await device.request(
        'POST',
        '/api/_test/scheduler/tick',
        JSON.stringify({ at: new Date(at).toISOString() }),
        json,
      );
      if (res.status !== 200) throw new Error(`tick answered ${res.status}: ${res.body}`);
    };
    // Simulated days years ahead (no earlier run claimed them): the opening, then the closing.
    const base = Date.parse('2032-03-01T08:00:00+01:00');
    const latencies: number[] = [];
    process.stdout.write(`plan: ${LATENCY_DAYS} simulated days through the test clock…\n`);
    for (let d = 0; d < LATENCY_DAYS; d++) {
      for (const offset of [0, 12 * 3_600_000]) {
        const arrived = new Promise<number>((resolve) => {
          waiting = resolve;
        });
        const t0 = performance.now();
        await tick(base + d * 86_400_000 + offset + 25);
        latencies.push((await withTimeout(arrived, 10_000, 'UpdatePlayer from the plan')) - t0);
      }
    }
    await call('POST', '/api/music-plan', {
      enabled: before.enabled,
      default_source_type: 'channel',
      default_source_id: 1,
    });
    const note = `${latencies.length} boundaries (openings and closings), from the tick call to UpdatePlayer on a pusher-js client`;
    return [
      { name: 'plan: tick → UpdatePlayer p50', value: percentile(latencies, 50), unit: 'ms', note },
      {
        name: 'plan: tick → UpdatePlayer p95',
        value: percentile(latencies, 95),
        unit: 'ms',
        max: PLAN_BUDGETS.updateP95Ms,
        note,
      },
    ];
  } finally {
    pusher?.disconnect();
    device.close();
  }
}
