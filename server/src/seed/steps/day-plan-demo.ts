import { firstZone } from '../../db/queries/zones';
import { eq, inArray } from 'drizzle-orm';
import { channels, customers, musicPlanBlocks, musicPlans, openingHours } from '../../db/schema';
import type { SeedStep } from '../index';

const WORKDAYS = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true };

/** The plan's blocks, by the catalogue channel each plays. */
const BLOCKS = [
  { name: 'Reggeli nyugalom', channel: 'Reggeli kávé', from: '08:00', to: '12:00', volume: 60, shuffle: false },
  { name: 'Délutáni lendület', channel: 'Napfényes pop', from: '12:00', to: '17:00', volume: 75, shuffle: true },
  { name: 'Esti jazz', channel: 'Esti jazz bár', from: '17:00', to: '20:00', volume: 65, shuffle: true },
];
const DEFAULT_CHANNEL = 'Lounge terasz';

/**
 * `demo`'s day (issue 26): open Monday to Saturday 08:00–20:00, closed on Sunday, and a music plan
 * of three blocks (morning calm, afternoon upbeat, evening jazz) with a default channel. The plan is
 * switched on only where `demoMusicPlan` says so (`npm start`): on test, bench and tutorial stacks
 * the music must not start or stop by the wall clock. A catalogue missing a channel leaves its block out.
 */
export const dayPlanDemoStep: SeedStep = {
  name: '0009_day_plan_demo',
  async run({ db, demoMusicPlan }) {
    const [demo] = await db.select({ id: customers.id }).from(customers).where(eq(customers.slug, 'demo'));
    if (!demo) return;
    const customerId = demo.id;
    const zone = await firstZone(db, { customerId });
    if (!zone) return;
    const zoneId = zone.id;
    await db.insert(openingHours).values({
      customerId,
      week: [
        ...Object.keys(WORKDAYS).map((day) => ({ day, open: '08:00', close: '20:00' }) as const),
        { day: 'sunday', closed: true },
      ] as (typeof openingHours.$inferInsert)['week'],
      exceptions: [],
    });
    const found = await db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(inArray(channels.name, [...BLOCKS.map((b) => b.channel), DEFAULT_CHANNEL]));
    const idOf = new Map(found.map((c) => [c.name, c.id]));
    const fallback = idOf.get(DEFAULT_CHANNEL);
    await db.insert(musicPlans).values({
      customerId,
      zoneId,
      enabled: demoMusicPlan === true,
      defaultSourceType: fallback === undefined ? null : 'channel',
      defaultSourceId: fallback ?? null,
    });
    const rows = BLOCKS.flatMap((b) => {
      const id = idOf.get(b.channel);
      return id === undefined
        ? []
        : [
            {
              customerId,
              zoneId,
              name: b.name,
              ...WORKDAYS,
              sunday: false,
              fromTime: b.from,
              toTime: b.to,
              sourceType: 'channel',
              sourceId: id,
              volume: b.volume,
              shuffle: b.shuffle,
            },
          ];
    });
    if (rows.length) await db.insert(musicPlanBlocks).values(rows);
  },
};
