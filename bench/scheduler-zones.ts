/**
 * The scheduler's minute tick with zones (step `scheduler-zones`, issue 43): BENCH_SCHEDULER_ZONE_SHOPS
 * (5,000) shops of one zone and as many of 3 zones, each shop with one every-minute item for 'Minden
 * zóna' holding one spot, on PostgreSQL (the plan bench's database, wiped). The runner's whole tick
 * (the engine, the fire claims, the players of each item's zones, the PlaySpots sends to a broadcaster
 * that counts them) for the one-zone shops' items against the 3-zone shops' items, the other half
 * switched off, in turns over 3 rounds of a warm tick and 3 timed minutes. Budget: the 3-zone median
 * at most 2× the 1-zone median.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { floorMinute } from '../contracts/time';
import { migrateDatabase } from '../server/src/db/client';
import { players, scheduledContents, scheduledContentSpots, spots, zones } from '../server/src/db/schema';
import type { Realtime } from '../server/src/realtime';
import { createScheduler } from '../server/src/scheduler/runner';
import { createStorage } from '../server/src/storage';
import { benchDatabase, seedShops } from './plan';
import { percentile } from './realtime';

export interface SchedulerZonesMeasurement {
  name: string;
  value: number;
  unit: 'ms' | '×';
  max?: number;
  note?: string;
}

const SHOPS = Number(process.env.BENCH_SCHEDULER_ZONE_SHOPS ?? 5_000);
const ZONES_PER_SHOP = 3;
const ROUNDS = 3;
const TICKS = 3;
export const SCHEDULER_ZONES_RATIO_MAX = 2;

export async function measureSchedulerZonesTick(): Promise<SchedulerZonesMeasurement[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulzus-bench-scheduler-zones-'));
  const { database, where } = await benchDatabase(dir);
  try {
    const { db } = database;
    await migrateDatabase(database);
    process.stdout.write(`scheduler-zones: seeding ${SHOPS} shops of 1 zone and ${SHOPS} of ${ZONES_PER_SHOP}…\n`);
    const one = await seedShops(db, SHOPS, 'bench-sched-one');
    const three = await seedShops(db, SHOPS, 'bench-sched-three');
    for (let i = 0; i < three.length; i += 500) {
      const added = await db
        .insert(zones)
        .values(
          three.slice(i, i + 500).flatMap((customerId) =>
            Array.from({ length: ZONES_PER_SHOP - 1 }, (_, z) => ({
              customerId,
              name: `Zóna ${z + 2}`,
              position: z + 1,
            })),
          ),
        )
        .returning({ id: zones.id, customerId: zones.customerId });
      await db.insert(players).values(added.map((z) => ({ customerId: z.customerId, zoneId: z.id })));
    }
    const itemsOf = new Map<'one' | 'three', number[]>([
      ['one', []],
      ['three', []],
    ]);
    for (const [config, shopIds] of [
      ['one', one],
      ['three', three],
    ] as const) {
      for (let i = 0; i < shopIds.length; i += 500) {
        const slice = shopIds.slice(i, i + 500);
        const madeSpots = await db
          .insert(spots)
          .values(
            slice.map((customerId) => ({
              customerId,
              name: 'Szpot',
              fileName: 'szpot.mp3',
              filePath: `spots/${customerId}.mp3`,
              duration: 12,
            })),
          )
          .returning({ id: spots.id, customerId: spots.customerId });
        const items = await db
          .insert(scheduledContents)
          .values(slice.map((customerId) => ({ customerId, name: 'Percenként', active: false, allZones: true })))
          .returning({ id: scheduledContents.id, customerId: scheduledContents.customerId });
        const spotOf = new Map(madeSpots.map((s) => [s.customerId, s.id]));
        await db
          .insert(scheduledContentSpots)
          .values(
            items.map((item) => ({ scheduledContentId: item.id, spotId: spotOf.get(item.customerId)!, position: 0 })),
          );
        itemsOf.get(config)!.push(...items.map((item) => item.id));
      }
    }
    const storage = createStorage({ root: path.join(dir, 'media'), appKey: 'bench', publicUrl: 'http://bench' });
    let sent = 0;
    const realtime = {
      playSpotsToPlayers: async (playerIds: number[]) => {
        sent += playerIds.length;
      },
      showSlideshow: async () => {},
    } as unknown as Realtime;
    let minute = floorMinute(Date.parse('2031-01-08T10:40:00+01:00'));
    // The simulated minute is always current: a slow tick here is measured, not dropped as missed.
    const scheduler = createScheduler({ db, storage, realtime, clock: () => minute }, { instance: 'bench' });
    const activate = async (config: 'one' | 'three') => {
      for (const [c, ids] of itemsOf) {
        for (let i = 0; i < ids.length; i += 1000) {
          await db
            .update(scheduledContents)
            .set({ active: c === config })
            .where(inArray(scheduledContents.id, ids.slice(i, i + 1000)));
        }
      }
    };
    const timed: Record<'one' | 'three', number[]> = { one: [], three: [] };
    const sends: Record<'one' | 'three', number> = { one: 0, three: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const config of round % 2 === 0 ? (['one', 'three'] as const) : (['three', 'one'] as const)) {
        await activate(config);
        minute += 60_000;
        await scheduler.tick(minute); // warm
        for (let t = 0; t < TICKS; t++) {
          minute += 60_000;
          sent = 0;
          const t0 = performance.now();
          const fired = await scheduler.tick(minute);
          timed[config].push(performance.now() - t0);
          if (fired.length !== SHOPS) throw new Error(`scheduler-zones: ${fired.length} of ${SHOPS} items fired`);
          sends[config] = sent;
        }
      }
    }
    const [m1, m3] = [percentile(timed.one, 50), percentile(timed.three, 50)];
    const note = (c: 'one' | 'three') =>
      `median of ${ROUNDS * TICKS} minutes, in turns; ${SHOPS} items fired a minute, PlaySpots to ${sends[c]} players; ${where}`;
    return [
      {
        name: `scheduler: tick, ${SHOPS.toLocaleString('en')} shops × 1 zone`,
        value: m1,
        unit: 'ms',
        note: note('one'),
      },
      {
        name: `scheduler: tick, ${SHOPS.toLocaleString('en')} shops × ${ZONES_PER_SHOP} zones`,
        value: m3,
        unit: 'ms',
        note: note('three'),
      },
      {
        name: `scheduler: tick, ${ZONES_PER_SHOP} zones ÷ 1 zone`,
        value: m3 / m1,
        unit: '×',
        max: SCHEDULER_ZONES_RATIO_MAX,
        note: 'the same run',
      },
    ];
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
