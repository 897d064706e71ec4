/**
 * The alerts' budgets (part of `npm run bench`, steps `alerts` and `alerts-latency`):
 *
 * - The evaluator's tick (server/src/alerts/evaluator.ts) for 5,000 shops on PostgreSQL, each with
 *   opening hours and a player whose audio device is present (in Redis's presence store when
 *   BENCH_ALERTS_REDIS_URL answers, else the in-memory one) and sounding: the median of 15 ticks
 *   with every shop open, against the median of 15 ticks of the same evaluator with no shop open
 *   (night), in the same run. Budget: at most 50 ms added.
 * - Alert latency on the real clock: an API with its real minute loop (ALERT delay 1 minute), a few
 *   shops whose audio device reports stalled output at random moments; timed from the report to
 *   AlertOpened on the shop's private player channel (the bell's event). Budget: p95 ≤ delay + 65 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ALERT_OPENED_EVENT, DAY_KEYS } from '../contracts/names';
import { buildApp } from '../server/src/app';
import { createAlertEvaluator } from '../server/src/alerts/evaluator';
import { migrateDatabase, openDatabase, type Database } from '../server/src/db/client';
import { alertSettings, customers, openingHours, players } from '../server/src/db/schema';
import { loadConfig } from '../server/src/env';
import {
  createMemoryPresenceStore,
  createRedisPresenceStore,
  type PresenceStore,
} from '../server/src/realtime/presence-store';
import { runSeed } from '../server/src/seed';
import { createStorage } from '../server/src/storage';
import { presenceCustomerChannel } from '../contracts/realtime';
import { percentile } from './realtime';

export interface AlertMeasurement {
  name: string;
  value: number;
  unit: 'ms';
  max?: number;
  note?: string;
}

export const ALERT_BUDGETS = { tickAddedMs: 50, latencySlackMs: 65_000 } as const;

const SHOPS = Number(process.env.BENCH_ALERTS_SHOPS || 5_000);
const TICKS = 15;
const DATABASE_URL = process.env.BENCH_ALERTS_DATABASE_URL || 'postgres://pulzus:pulzus@127.0.0.1:5432/pulzus_bench';
const REDIS_URL = process.env.BENCH_ALERTS_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const MINUTE = 60_000;

async function wipedDatabase(): Promise<Database> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end().catch(() => {});
  }
  return openDatabase({ kind: 'postgres', url: DATABASE_URL });
}

async function presenceStore(): Promise<{ store: PresenceStore; where: string; close(): Promise<void> }> {
  if (REDIS_URL) {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    try {
      await redis.connect();
      const prefix = `pulzus:bench-alerts:${process.pid}:`;
      return {
        store: createRedisPresenceStore(redis, { prefix, socketTtlMs: 10 * MINUTE, seenTtlMs: 3_600_000 }),
        where: 'Redis presence',
        async close() {
          const keys = await redis.keys(`${prefix}*`);
          for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
          await redis.quit();
        },
      };
    } catch {
      redis.disconnect();
    }
  }
  return { store: createMemoryPresenceStore(), where: 'in-memory presence', close: async () => {} };
}

export async function measureAlertTick(): Promise<AlertMeasurement[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulzus-bench-alerts-'));
  const database = await wipedDatabase();
  const presence = await presenceStore();
  try {
    const { db } = database;
    const storage = createStorage({ root: path.join(dir, 'media'), appKey: 'bench', publicUrl: 'http://bench' });
    await migrateDatabase(database);
    await runSeed({ db, storage, demoMusicPlan: false });
    process.stdout.write(`alerts: seeding ${SHOPS} shops…\n`);
    const week = DAY_KEYS.map((day) => ({ day, open: '07:00', close: '22:00' }));
    const shopIds: number[] = [];
    for (let i = 0; i < SHOPS; i += 500) {
      const rows = await db
        .insert(customers)
        .values(
          Array.from({ length: Math.min(500, SHOPS - i) }, (_, k) => ({
            slug: `bench-alerts-${i + k}`,
            name: `Bench ${i + k}`,
            timezone: 'Europe/Budapest',
          })),
        )
        .returning({ id: customers.id });
      shopIds.push(...rows.map((r) => r.id));
    }
    for (let i = 0; i < shopIds.length; i += 500) {
      const slice = shopIds.slice(i, i + 500);
      await db.insert(openingHours).values(slice.map((customerId) => ({ customerId, week, exceptions: [] })));
      // Each new shop has its player already (its first zone's, migration 0026).
      await db
        .update(players)
        .set({
          sessionId: sql`'device-' || ${players.customerId}`,
          isPlaying: true,
          outputState: 'audible',
          outputSince: new Date(),
        })
        .where(inArray(players.customerId, slice));
    }
    // Every shop's audio device is on its presence channel.
    for (let i = 0; i < shopIds.length; i += 200) {
      await Promise.all(
        shopIds
          .slice(i, i + 200)
          .map((id) => presence.store.join(presenceCustomerChannel(id), `sock-${id}`, { user_id: `device-${id}` })),
      );
    }
    const evaluator = createAlertEvaluator({
      db,
      webUrl: 'http://{tenant}.bench',
      instance: 'bench',
      presenceKnown: () => true,
      sessionsPresent: (queries) =>
        presence.store.presentOrUnseen(
          queries.map((q) => ({ channel: presenceCustomerChannel(q.customerId), userId: q.sessionId })),
        ),
      broadcast: async () => {},
      warmupMs: 0,
    });
    // A Tuesday: 10:00 (open) and 03:00 (closed) in Budapest, one minute apart per tick.
    const openAt = Date.parse('2030-01-08T09:00:00Z');
    const closedAt = Date.parse('2030-01-08T02:00:00Z');
    const time = async (at: number) => {
      const t0 = performance.now();
      const r = await evaluator.tick(at);
      if (!r.evaluated) throw new Error(`alerts bench: tick not evaluated (${r.reason})`);
      if (r.opened.length) throw new Error('alerts bench: a healthy shop opened an alert');
      return performance.now() - t0;
    };
    // One of each first: the pool's connections and the query plans warm.
    await time(openAt - 30 * MINUTE);
    await time(closedAt - 30 * MINUTE);
    const open: number[] = [];
    const closed: number[] = [];
    for (let i = 0; i < TICKS; i++) {
      // Interleaved, so a slower moment of the machine weighs on both sides.
      open.push(await time(openAt + i * MINUTE));
      closed.push(await time(closedAt + i * MINUTE));
    }
    const medOpen = percentile(open, 50);
    const medClosed = percentile(closed, 50);
    return [
      {
        name: `alerts: evaluator tick, ${SHOPS} shops open (median of ${TICKS})`,
        value: Math.round(medOpen * 10) / 10,
        unit: 'ms',
        note: `PostgreSQL, ${presence.where}`,
      },
      {
        name: `alerts: evaluator tick, no shop open (median of ${TICKS})`,
        value: Math.round(medClosed * 10) / 10,
        unit: 'ms',
      },
      {
        name: `alerts: evaluator tick, added by ${SHOPS} open shops`,
        value: Math.round((medOpen - medClosed) * 10) / 10,
        unit: 'ms',
        max: ALERT_BUDGETS.tickAddedMs,
      },
    ];
  } finally {
    await presence.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const LATENCY_SHOPS = Number(process.env.BENCH_ALERTS_LATENCY_SHOPS || 6);

/**
 * The real clock: an in-process API (its real minute loop, on PostgreSQL), `delay` 1, a few shops
 * whose device reports stalled output at random moments within a minute. Takes about 2.5 minutes.
 */
export async function measureAlertLatency(): Promise<AlertMeasurement[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulzus-bench-alerts-rt-'));
  const database = await wipedDatabase();
  const config = loadConfig({
    DATA_DIR: dir,
    APP_KEY: 'bench',
    BFF_SECRET: 'bench',
    PUSHER_APP_ID: '1',
    PUSHER_KEY: 'bench',
    PUSHER_SECRET: 'bench',
    API_PORT: '0',
    SCHEDULER_ENABLED: '1',
    ALERT_WARMUP_SECONDS: '0',
    LOUDNESS_MEASURE: '0',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const { db } = database;
    const week = DAY_KEYS.map((day) => ({ day, open: '00:00', close: '23:59' }));
    const rows = await db
      .insert(customers)
      .values(Array.from({ length: LATENCY_SHOPS }, (_, k) => ({ slug: `bench-rt-${k}`, name: `Bench ${k}` })))
      .returning({ id: customers.id });
    const ids = rows.map((r) => r.id);
    // Open all day (the bench may run at any hour; at 23:59 it waits for the next day's minute).
    await db.insert(openingHours).values(ids.map((customerId) => ({ customerId, week, exceptions: [] })));
    await db.insert(alertSettings).values(
      ids.map((customerId) => ({
        customerId,
        kinds: { offline: true, blocked: true, stalled: true, paused: false, spot_missed: true },
        delay: 1,
        email: false,
      })),
    );
    const ps = await db
      .update(players)
      .set({ sessionId: sql`'rt-' || ${players.customerId}`, isPlaying: true, outputState: 'audible' })
      .where(inArray(players.customerId, ids))
      .returning({ id: players.id, customerId: players.customerId });
    const channelOf = new Map(ps.map((p) => [`private-player.${p.id}`, p.customerId]));
    const openedAt = new Map<number, number>();
    const broadcaster = app.ctx.realtime.broadcaster;
    const original = broadcaster.trigger.bind(broadcaster);
    broadcaster.trigger = async (channels, event, payload, options) => {
      if (event === ALERT_OPENED_EVENT) {
        for (const c of channels) {
          const shop = channelOf.get(c);
          if (shop !== undefined && !openedAt.has(shop)) openedAt.set(shop, Date.now());
        }
      }
      return original(channels, event, payload, options);
    };
    // The causes at random moments over a minute, as the devices would report them.
    const causedAt = new Map<number, number>();
    await Promise.all(
      ids.map(
        (id) =>
          new Promise<void>((resolve) => {
            setTimeout(() => {
              void db
                .update(players)
                .set({ outputState: 'stalled', outputSince: new Date() })
                .where(eq(players.customerId, id))
                .then(() => {
                  causedAt.set(id, Date.now());
                  resolve();
                });
            }, Math.random() * MINUTE);
          }),
      ),
    );
    process.stdout.write(`alerts: ${LATENCY_SHOPS} shops stalled; waiting for their alerts on the real clock…\n`);
    const deadline = Date.now() + 3 * MINUTE + 30_000;
    while (openedAt.size < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const latencies = ids.map((id) => (openedAt.get(id) ?? Number.POSITIVE_INFINITY) - causedAt.get(id)!);
    const p95 = percentile(latencies, 95);
    return [
      {
        name: `alerts: cause → AlertOpened, delay 1 min (p95 of ${LATENCY_SHOPS} shops, real clock)`,
        value: Math.round(p95),
        unit: 'ms',
        max: MINUTE + ALERT_BUDGETS.latencySlackMs,
        note: `max ${Math.round(Math.max(...latencies))} ms, min ${Math.round(Math.min(...latencies))} ms`,
      },
    ];
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
