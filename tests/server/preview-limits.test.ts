import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schedulePreviewSchema } from '../../contracts/scheduled-contents';
import { buildApp } from '../../server/src/app';
import { scheduleVersion } from '../../server/src/db/queries/preview';
import { createScheduledContent } from '../../server/src/db/queries/scheduled-contents';
import {
  customers,
  musicPlanBlocks,
  musicPlans,
  playlists,
  previewSlots as slotRows,
  scheduledContents,
  slideshows,
  spots,
  zones,
} from '../../server/src/db/schema';
import { messages } from '../../server/src/http/errors';
import { previewSlots, type HeldSlot } from '../../server/src/scheduler/preview-cache';
import { Client, createTestApp, loggedIn, OTHER, type TestApp } from './helpers';

/**
 * The schedule preview's guard (issue 38): at most two builds of a shop at once across every API
 * instance (429 with Retry-After past them), answers kept per shop and window while the shop's
 * schedule version (raised by the database on every write the preview shows) stands, and a spot
 * listed many times kept once.
 */

// Monday 2026-11-23, 09:00 in Budapest (UTC+1).
const START = Date.parse('2026-11-23T08:00:00Z');
const now = START;

let t: TestApp;
/** A second API instance on the same database (as in scale mode). */
let second: FastifyInstance;
let a: Client;
let a2: Client;
let other: Client;
let demoId: number;
let demoZoneId: number;
let spotId: number;

const EVERY_MINUTE = {
  name: 'Percenként',
  active: true,
  frequency: 'everyMinute',
  dateFrom: null,
  dateTo: null,
  betweenFrom: null,
  betweenTo: null,
  unlessBetweenFrom: null,
  unlessBetweenTo: null,
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
  onlyOpen: false,
};

let held: HeldSlot[] = [];

/** Every slot of the shop free again. */
async function freeSlots() {
  for (const slot of held) await slot.release();
  held = [];
  await t.database.db.delete(slotRows);
}

/** Both slots of the shop held by previews elsewhere (on PostgreSQL: leases another instance took). */
async function holdSlots() {
  await freeSlots();
  const slots = previewSlots(t.database);
  for (let i = 0; i < 2; i++) {
    const slot = await slots.take(demoId);
    assert.ok(slot, 'a free slot');
    held.push(slot);
  }
  assert.equal(await slots.take(demoId), undefined, 'two at most');
}

before(async () => {
  t = await createTestApp({}, { clock: () => now });
  second = await buildApp({ config: t.config, database: t.database, logger: false, clock: () => now });
  await second.ready();
  a = await loggedIn(t.app);
  a2 = await loggedIn(second);
  other = await loggedIn(t.app, OTHER);
  const { db } = t.database;
  demoId = (await db.select().from(customers).where(eq(customers.slug, 'demo')))[0]!.id;
  demoZoneId = (await db.select().from(zones).where(eq(zones.customerId, demoId)))[0]!.id;
  const [spot] = await db
    .insert(spots)
    .values({ customerId: demoId, name: 'Harminc', fileName: 'h.mp3', filePath: 'assets/none.mp3', duration: 30 })
    .returning();
  spotId = spot!.id;
  // The seed's items off: only the test's fire.
  await db.update(scheduledContents).set({ active: false }).where(eq(scheduledContents.customerId, demoId));
});
after(async () => {
  await second?.close();
  await t?.close();
});

describe('the preview guard', () => {
  test('an answer is kept per window while the version stands; a write through another instance is seen at once', async () => {
    const { db } = t.database;
    await freeSlots();
    const first = await a.get('/api/scheduled-contents/preview?hours=5');
    assert.equal(first.statusCode, 200, first.body);
    const before = schedulePreviewSchema.parse(first.json());
    assert.equal(before.from, '2026-11-23T09:00:00+01:00');
    assert.equal(before.until, '2026-11-23T14:00:00+01:00');

    // Both slots busy elsewhere: the kept window still answers, a window not kept is refused.
    await holdSlots();
    const kept = await a.get('/api/scheduled-contents/preview?hours=5');
    assert.equal(kept.statusCode, 200, kept.body);
    assert.deepEqual(schedulePreviewSchema.parse(kept.json()), before);
    const refused = await a.get('/api/scheduled-contents/preview?hours=6');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().message, messages.tooManyRequests);
    assert.equal(refused.json().message, 'Túl sok kérés. Kérjük, próbálja újra később.');
    assert.ok(Number(refused.headers['retry-after']) > 0, 'Retry-After');
    // Another shop has slots of its own.
    assert.equal((await other.get('/api/scheduled-contents/preview?hours=6')).statusCode, 200);

    // A new item saved through the other instance: the kept answer is no longer given.
    const created = await a2.post('/api/scheduled-contents', {
      name: 'Új óránként',
      frequency: 'hourly',
      spots: [spotId],
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal((await a.get('/api/scheduled-contents/preview?hours=5')).statusCode, 429);
    await freeSlots();
    const after = schedulePreviewSchema.parse((await a.get('/api/scheduled-contents/preview?hours=5')).json());
    assert.deepEqual(
      after.fires.map((f) => [f.at, f.name]),
      [
        ...before.fires.map((f) => [f.at, f.name]),
        ...[9, 10, 11, 12, 13].map((h) => [`2026-11-23T${String(h).padStart(2, '0')}:00:00+01:00`, 'Új óránként']),
      ].sort(),
    );

    // PostgreSQL: a lease whose holder died (past its expiry) is taken over.
    if (t.database.kind === 'postgres') {
      await freeSlots();
      await db.insert(slotRows).values(
        [0, 1].map((slot) => ({
          customerId: demoId,
          slot,
          holder: `dead-${slot}`,
          expiresAt: sql`now() - interval '1 second'`,
        })),
      );
      assert.equal((await a.get('/api/scheduled-contents/preview?hours=7')).statusCode, 200);
      assert.equal((await db.select().from(slotRows)).length, 1, 'the lease taken over was given back');
    }
  });

  test('at most two builds of a shop at once across both instances: the others are 429, and the slots come back', async () => {
    const { db } = t.database;
    await freeSlots();
    for (let i = 0; i < 150; i++) {
      await createScheduledContent(db, {
        customerId: demoId,
        fields: { ...EVERY_MINUTE, name: `Percenként ${i}` },
        links: { spots: [spotId], slideshows: [], screens: [] },
      });
    }
    // Six windows no answer is kept for, three through each instance, all at once.
    const answers = await Promise.all(
      [161, 162, 163, 164, 165, 166].map((hours, i) =>
        (i % 2 ? a2 : a).get(`/api/scheduled-contents/preview?hours=${hours}`),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    const built = codes.filter((c) => c === 200).length;
    assert.ok(built >= 1 && built <= 2, `built ${built}: ${codes.join(',')}`);
    assert.equal(codes.filter((c) => c === 429).length, 6 - built, codes.join(','));
    // Every slot given back.
    assert.deepEqual(await db.select().from(slotRows), []);
    await holdSlots();
    await freeSlots();
    assert.equal((await a.get('/api/scheduled-contents/preview?hours=160')).statusCode, 200);
  });

  test('the schedule version moves on every write the preview shows, once per transaction, and not on others', async () => {
    const { db } = t.database;
    const version = () => scheduleVersion(db, { customerId: demoId });
    const moves = async (what: string, write: () => Promise<unknown>, expected = true) => {
      const v = await version();
      await write();
      assert.equal(await version(), expected ? v + 1 : v, what);
    };
    const [item] = await db.select().from(scheduledContents).where(eq(scheduledContents.customerId, demoId)).limit(1);
    const [show] = await db
      .insert(slideshows)
      .values({ customerId: demoId, name: 'Vetítés' })
      .returning({ id: slideshows.id });
    const [list] = await db
      .insert(playlists)
      .values({ customerId: demoId, name: 'Lista' })
      .returning({ id: playlists.id });
    await moves('an item toggled (API)', () => a.post(`/api/scheduled-contents/toggle/${item!.id}`));
    await moves('an item with its links, in one transaction', () =>
      t.database.db.transaction((tx) =>
        createScheduledContent(tx as never, {
          customerId: demoId,
          fields: EVERY_MINUTE,
          links: { spots: [spotId], slideshows: [], screens: [] },
        }),
      ),
    );
    await moves('opening hours (API)', () =>
      a.post('/api/opening-hours', {
        week: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
          day,
          open: '08:00',
          close: '20:00',
        })),
        exceptions: [],
      }),
    );
    await moves('the music plan', () =>
      db
        .insert(musicPlans)
        .values({ customerId: demoId, zoneId: demoZoneId, enabled: true })
        .onConflictDoUpdate({
          target: musicPlans.zoneId,
          set: { enabled: true },
        }),
    );
    await moves('a block', () =>
      db.insert(musicPlanBlocks).values({
        customerId: demoId,
        zoneId: demoZoneId,
        name: 'Reggel',
        monday: true,
        tuesday: true,
        wednesday: true,
        thursday: true,
        friday: true,
        saturday: true,
        sunday: true,
        fromTime: '08:00',
        toTime: '10:00',
        sourceType: 'playlist',
        sourceId: list!.id,
        volume: null,
        shuffle: false,
      }),
    );
    await moves('a spot renamed', () => db.update(spots).set({ name: 'Harminc mp' }).where(eq(spots.id, spotId)));
    await moves(
      'a spot measured',
      () => db.update(spots).set({ loudnessLufs: -14 }).where(eq(spots.id, spotId)),
      false,
    );
    await moves('a slideshow renamed', () =>
      db.update(slideshows).set({ name: 'Új vetítés' }).where(eq(slideshows.id, show!.id)),
    );
    await moves('a playlist renamed', () =>
      db.update(playlists).set({ name: 'Új lista' }).where(eq(playlists.id, list!.id)),
    );
    await moves('a playlist deleted', () => db.delete(playlists).where(eq(playlists.id, list!.id)));
    await moves('an item deleted (API)', () => a.post(`/api/scheduled-contents/delete/${item!.id}`));
    assert.equal(await scheduleVersion(db, { customerId: 999_999 }), 0, 'a shop never written: 0');
  });

  test('a spot listed 50 times is kept once, in the item and in the preview', async () => {
    const { db } = t.database;
    await db.update(scheduledContents).set({ active: false }).where(eq(scheduledContents.customerId, demoId));
    await freeSlots();
    const res = await a.post('/api/scheduled-contents', {
      name: 'Ötvenszer',
      frequency: 'hourly',
      spots: Array.from({ length: 50 }, () => spotId),
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(
      res.json().spots.map((s: { id: number }) => s.id),
      [spotId],
    );
    const preview = schedulePreviewSchema.parse((await a.get('/api/scheduled-contents/preview?hours=2')).json());
    assert.deepEqual(
      preview.fires.map((f) => f.spots.map((s) => s.id)),
      [[spotId], [spotId]],
    );
  });
});
