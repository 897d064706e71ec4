import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { ALERT_OPENED_EVENT } from '../../contracts/names';
import {
  alertOutbox,
  alerts,
  alertTicks,
  customers,
  openingHours,
  players,
  pushSubscriptions,
  users,
} from '../../server/src/db/schema';
import { startPushService, type PushService } from '../support/push-service';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from './helpers';

/**
 * Alerts across two API instances on one PostgreSQL (TEST_DATABASE_URL), as the scheduler's
 * exactly-once test runs them: both tick every minute at the same time, and both drain the outbox
 * at the same time. Each minute is evaluated by one; the alert opens once, each mail and each push
 * goes out once; a row an instance died sending is never sent again.
 */

const MINUTE = 60_000;
const BASE = Date.parse('2030-01-08T08:00:00Z');
const skip = !TEST_DATABASE_URL && 'two instances share PostgreSQL only (TEST_DATABASE_URL)';

let now = BASE;
let a: TestApp;
let b: TestApp;
let push: PushService;
let demoId: number;

const vapid = webpush.generateVAPIDKeys();
const env = (instance: string) => ({
  SCHEDULER_INSTANCE: instance,
  PUSH_SERVICE_HOSTS: '127.0.0.1',
  ALERT_WARMUP_SECONDS: '0',
  // One cluster, one pair of keys (as a shared DATA_DIR or the environment gives them).
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
});

async function mailCount(t: TestApp) {
  return (await readdir(path.join(t.dataDir, 'mail')).catch(() => [] as string[])).length;
}

describe('alerts on two instances', { skip }, () => {
  before(async () => {
    push = await startPushService();
    push.trustInThisProcess();
    a = await createTestApp(env('instance-a'), { clock: () => now });
    b = await createTestApp(env('instance-b'), { clock: () => now, freshDatabase: false });
    const { db } = a.database;
    const [demo] = await db.select().from(customers).where(eq(customers.slug, 'demo'));
    demoId = demo!.id;
    await db.update(players).set({ sessionId: null }).where(eq(players.customerId, demoId));
    const week = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map(
      (day) => ({ day, open: '08:00', close: '20:00' }),
    );
    await db
      .insert(openingHours)
      .values({ customerId: demoId, week })
      .onConflictDoUpdate({ target: openingHours.customerId, set: { week, exceptions: [] } });
    // Five more users: five more mails.
    await db.insert(users).values(
      Array.from({ length: 5 }, (_, i) => ({
        customerId: demoId,
        name: `Munkatárs ${i + 1}`,
        email: `munkatars${i + 1}@pulzus.hu`,
        password: 'x',
      })),
    );
    const [u] = await db.select().from(users).where(eq(users.customerId, demoId)).limit(1);
    for (let i = 0; i < 3; i++) {
      const s = push.subscriber();
      await db.insert(pushSubscriptions).values({
        customerId: demoId,
        userId: u!.id,
        sessionId: `device-${i}`,
        endpoint: s.json.endpoint,
        p256dh: s.json.keys.p256dh,
        auth: s.json.keys.auth,
      });
    }
  });

  after(async () => {
    await b?.close();
    await a?.close();
    await push?.close();
  });

  test('each minute is evaluated by one instance; the alert opens once; each mail and push is sent once', async () => {
    const events: string[] = [];
    for (const t of [a, b]) {
      const broadcaster = t.app.ctx.realtime.broadcaster;
      const original = broadcaster.trigger.bind(broadcaster);
      broadcaster.trigger = async (channels, event, payload, options) => {
        events.push(event);
        return original(channels, event, payload, options);
      };
    }
    const t0 = BASE + 10 * MINUTE;
    for (let i = 0; i <= 6; i++) {
      const m = t0 + i * MINUTE;
      now = m + 100;
      const [ra, rb] = await Promise.all([
        a.app.ctx.alerts.evaluator.tick(m + 100),
        b.app.ctx.alerts.evaluator.tick(m + 90),
      ]);
      assert.equal(Number(ra.evaluated) + Number(rb.evaluated), 1, `minute ${i}: one evaluation`);
    }
    const ticks = await a.database.db.select().from(alertTicks);
    assert.equal(ticks.length, 7);
    assert.ok(ticks.every((r) => r.instance === 'instance-a' || r.instance === 'instance-b'));
    const rows = await a.database.db.select().from(alerts).where(eq(alerts.customerId, demoId));
    assert.deepEqual(
      rows.map((r) => [r.kind, r.startedAt.getTime()]),
      [['offline', t0]],
    );
    assert.equal(events.filter((e) => e === ALERT_OPENED_EVENT).length, 1);

    // Both drain at once, twice over.
    await Promise.all([a.app.ctx.alerts.outbox.drain(), b.app.ctx.alerts.outbox.drain()]);
    await Promise.all([a.app.ctx.alerts.outbox.drain(), b.app.ctx.alerts.outbox.drain()]);
    const outbox = await a.database.db.select().from(alertOutbox);
    assert.equal(outbox.length, 6 + 3);
    assert.ok(outbox.every((r) => r.status === 'sent' && r.attempts === 1));
    assert.equal((await mailCount(a)) + (await mailCount(b)), 6, 'six users, six mails');
    assert.equal(push.messages.length, 3, 'three devices, three pushes');
    assert.ok(push.messages.every((m) => m.status === 201 && (m.json as { title?: string }).title));
    assert.equal(new Set(push.messages.map((m) => m.endpoint)).size, 3);
  });

  test('a row left mid-send by an instance that died is unknown, never sent again', async () => {
    const { db } = a.database;
    const [row] = await db
      .insert(alertOutbox)
      .values({
        customerId: demoId,
        channel: 'mail',
        key: 'died-mid-send',
        recipient: 'demo@pulzus.hu',
        payload: { to: 'demo@pulzus.hu', subject: 'x', text: 'x' },
        status: 'sending',
        attempts: 1,
        claimedBy: 'instance-gone',
      })
      .returning();
    await db.execute(sql`UPDATE alert_outbox SET claimed_at = now() - interval '11 minutes' WHERE id = ${row!.id}`);
    const before = (await mailCount(a)) + (await mailCount(b));
    await Promise.all([a.app.ctx.alerts.outbox.drain(), b.app.ctx.alerts.outbox.drain()]);
    const [after] = await db.select().from(alertOutbox).where(eq(alertOutbox.id, row!.id));
    assert.equal(after!.status, 'unknown');
    assert.equal((await mailCount(a)) + (await mailCount(b)), before);
  });
});
