import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import {
  ALERT_RECOVERED_TITLE,
  ALERT_SETTINGS_DEFAULT,
  ALERT_TITLES,
  alertMessages,
  alertsPageSchema,
  alertEventSchema,
  type AlertSettings,
} from '../../contracts/alerts';
import { ALERT_CLOSED_EVENT, ALERT_OPENED_EVENT, privatePlayerChannel, zoneMusicTitle } from '../../contracts/names';
import { presenceCustomerChannel } from '../../contracts/realtime';
import type { OpeningDay } from '../../contracts/opening-hours';
import {
  alertCauses,
  alertOutbox,
  alerts,
  alertTicks,
  customers,
  musicPlans,
  openingHours,
  players,
  playReports,
  pushSubscriptions,
  schedulerFires,
  spots,
  zones,
} from '../../server/src/db/schema';
import { createZone } from '../../server/src/db/queries/zones';
import { startPushService, type PushService } from '../support/push-service';
import { createTestApp, DEMO, loggedIn, OTHER, TEST_DATABASE_URL, type TestApp } from './helpers';

/**
 * Alerts (issue 40) on the real server and database, the evaluator driven minute by minute with a
 * fake clock: opening hours, exceptions, a DST day and every kind; open, close and the 'Újra szól
 * a zene' notice; the settings' and the push subscription's 422s; the outbox's mails (.eml
 * files), its pushes (decrypted by a push service of the test's own on loopback HTTPS), 410
 * removal, retries and unknown outcomes; tenancy.
 */

const MINUTE = 60_000;
/** A Tuesday in winter: Budapest is UTC+1, so 08:00Z is 09:00 in the shop. */
const BASE = Date.parse('2030-01-08T08:00:00Z');

let now = BASE;
let t: TestApp;
let push: PushService;
let demoId: number;
let otherId: number;
let demoPlayer: number;
let otherPlayer: number;

interface Broadcast {
  channels: string[];
  event: string;
  payload: unknown;
}
let seen: Broadcast[] = [];
let devices = 0;
let counterPc = '';

const OPEN_ALL_WEEK: OpeningDay[] = (
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
).map((day) => ({ day, open: '08:00', close: '20:00' }));

async function setHours(customerId: number, week: OpeningDay[], exceptions: Array<Record<string, unknown>> = []) {
  await t.database.db
    .insert(openingHours)
    .values({ customerId, week, exceptions: exceptions as never })
    .onConflictDoUpdate({ target: openingHours.customerId, set: { week, exceptions: exceptions as never } });
}

async function setPlayer(id: number, values: Partial<typeof players.$inferInsert>) {
  await t.database.db.update(players).set(values).where(eq(players.id, id));
}

async function setSettings(
  customerId: number,
  s: Partial<Omit<AlertSettings, 'kinds'>> & { kinds?: Partial<AlertSettings['kinds']> },
) {
  const merged = {
    ...ALERT_SETTINGS_DEFAULT,
    ...s,
    kinds: { ...ALERT_SETTINGS_DEFAULT.kinds, ...(s.kinds ?? {}) },
  };
  await t.database.db.execute(sql`
    INSERT INTO alert_settings (customer_id, kinds, delay, email) VALUES (${customerId}, ${JSON.stringify(merged.kinds)}::jsonb, ${merged.delay}, ${merged.email})
    ON CONFLICT (customer_id) DO UPDATE SET kinds = excluded.kinds, delay = excluded.delay, email = excluded.email`);
}

/** Ticks the evaluator at `at` (the app's clock moves there too). */
async function tickAt(at: number) {
  now = at;
  return t.app.ctx.alerts.evaluator.tick(at);
}

async function alertRows(customerId: number) {
  return t.database.db.select().from(alerts).where(eq(alerts.customerId, customerId)).orderBy(alerts.id);
}

async function mailFiles(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map((n) => readFile(path.join(dir, n), 'utf8')));
}

/** The .eml's decoded text (quoted-printable and encoded-word subject undone enough to read). */
function decodeMail(raw: string): { subject: string; text: string } {
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const textPart = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--)/i.exec(raw)?.[1] ?? raw;
  const qp = textPart.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) =>
    Buffer.from(
      m
        .split('=')
        .filter(Boolean)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );
  return { subject, text: qp };
}

async function resetAll() {
  const { db } = t.database;
  await db.delete(alerts);
  await db.delete(alertCauses);
  await db.delete(alertTicks);
  await db.delete(alertOutbox);
  await db.delete(pushSubscriptions);
  await db.delete(schedulerFires);
  await db.delete(playReports);
  await db.execute(sql`DELETE FROM alert_settings`);
  await db.delete(openingHours);
  await db.delete(musicPlans);
  await setHours(demoId, OPEN_ALL_WEEK);
  // The demo's audio device is there and sounding (a login never seen on the presence channel
  // counts as present; each test its own, as one test makes its device leave).
  counterPc = `counter-pc-${++devices}`;
  await setPlayer(demoPlayer, { sessionId: counterPc, outputState: 'audible', isPlaying: true });
  await setPlayer(otherPlayer, { sessionId: null, outputState: null, isPlaying: false });
  push.answer(null);
  seen = [];
}

before(async () => {
  push = await startPushService();
  push.trustInThisProcess();
  t = await createTestApp(
    {
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      ALERT_WARMUP_SECONDS: '0',
      ALERT_RETRY_BASE_MS: '100',
      ALERT_SEND_TIMEOUT_MS: '1500',
    },
    { clock: () => now },
  );
  const { db } = t.database;
  const [demo] = await db.select().from(customers).where(eq(customers.slug, 'demo'));
  const [other] = await db.select().from(customers).where(eq(customers.slug, 'other'));
  demoId = demo!.id;
  otherId = other!.id;
  demoPlayer = (await db.select().from(players).where(eq(players.customerId, demoId)))[0]!.id;
  otherPlayer = (await db.select().from(players).where(eq(players.customerId, otherId)))[0]!.id;
  const broadcaster = t.app.ctx.realtime.broadcaster;
  const original = broadcaster.trigger.bind(broadcaster);
  broadcaster.trigger = async (channels, event, payload, options) => {
    seen.push({ channels: [...channels], event, payload });
    return original(channels, event, payload, options);
  };
});

after(async () => {
  await t?.close();
  await push?.close();
});

beforeEach(resetAll);

describe('state alerts', () => {
  test('offline opens after the delay, mails every user and pushes every device; its end closes it with one notice', async () => {
    const device = await loggedIn(t.app, DEMO);
    const sub = push.subscriber();
    assert.equal((await device.post('/api/push-subscriptions', sub.json)).statusCode, 201);
    await setPlayer(demoPlayer, { sessionId: null, outputState: null });
    const t0 = BASE + 10 * MINUTE;
    for (let i = 0; i < 3; i++) {
      const r = await tickAt(t0 + i * MINUTE);
      assert.equal(r.evaluated, true);
      assert.deepEqual(r.opened, [], `minute ${i}: nothing before the delay`);
    }
    const r = await tickAt(t0 + 3 * MINUTE);
    assert.equal(r.opened.length, 1);
    const opened = r.opened[0]!;
    assert.equal(opened.kind, 'offline');
    assert.equal(opened.title, ALERT_TITLES.offline);
    assert.equal(opened.started_at, new Date(t0).toISOString());
    assert.equal(opened.closed_at, null);
    // The next minutes keep the one alert.
    assert.deepEqual((await tickAt(t0 + 4 * MINUTE)).opened, []);
    assert.equal((await alertRows(demoId)).length, 1);

    const event = seen.find((b) => b.event === ALERT_OPENED_EVENT);
    assert.ok(event, 'AlertOpened broadcast');
    assert.deepEqual(event.channels, [privatePlayerChannel(demoPlayer)]);
    const payload = alertEventSchema.parse(event.payload);
    assert.equal(payload.alert.id, opened.id);
    assert.equal(payload.unread, 1);

    // The bell's list and the banner.
    const page = alertsPageSchema.parse(JSON.parse((await device.get('/api/alerts')).body));
    assert.equal(page.unread, 1);
    assert.deepEqual(
      page.open.map((a) => a.kind),
      ['offline'],
    );

    // The outbox: a mail per user of the shop, a push to the subscribed device.
    await t.app.ctx.alerts.outbox.drain();
    const mails = (await mailFiles()).map(decodeMail);
    assert.equal(mails.length, 1, 'the demo shop has one user');
    assert.equal(mails[0]!.subject, `[Demo Bolt] ${ALERT_TITLES.offline}`);
    assert.match(mails[0]!.text, /Időpont: 2030\.01\.08\. 09:10/);
    assert.match(mails[0]!.text, /3 perce egyik eszköz sem szól zenét/);
    assert.match(mails[0]!.text, /Mit tegyen\?\n1\. Bejelentkezéskor jelölje be/);
    assert.match(mails[0]!.text, /4\. Chromiumban vagy Edge-ben engedélyezze a hangot/);
    assert.match(mails[0]!.text, /A bolt oldala: http:\/\/demo\.web\.test:3000\//);
    const msg = await push.waitFor((m) => m.endpoint === sub.json.endpoint);
    assert.equal(msg.status, 201);
    assert.deepEqual(msg.json, {
      title: ALERT_TITLES.offline,
      body: opened.body,
      url: 'http://demo.web.test:3000/',
    });
    assert.ok(String(msg.headers.authorization).startsWith('vapid t='), 'VAPID signed');

    // The device is back: closed, and one 'Újra szól a zene' notice with how long it was silent.
    seen = [];
    await setPlayer(demoPlayer, { sessionId: counterPc, outputState: 'audible' });
    const back = await tickAt(t0 + 7 * MINUTE);
    assert.equal(back.closed.length, 1);
    assert.equal(back.closed[0]!.closed_at, new Date(t0 + 7 * MINUTE).toISOString());
    assert.equal(back.opened.length, 1);
    assert.equal(back.opened[0]!.kind, 'recovered');
    assert.equal(back.opened[0]!.title, ALERT_RECOVERED_TITLE);
    assert.equal(back.opened[0]!.body, 'A zene 7 percig nem szólt.');
    assert.deepEqual(
      seen.map((b) => b.event),
      [ALERT_CLOSED_EVENT, ALERT_OPENED_EVENT],
    );
    assert.deepEqual((await tickAt(t0 + 8 * MINUTE)).opened, [], 'one notice only');
    const after = alertsPageSchema.parse(JSON.parse((await device.get('/api/alerts')).body));
    assert.deepEqual(after.open, []);
    assert.deepEqual(
      after.data.map((a) => a.kind),
      ['recovered', 'offline'],
    );
    await t.app.ctx.alerts.outbox.drain();
    const all = (await mailFiles()).map(decodeMail);
    assert.equal(all.length, 2);
    assert.ok(
      all.some(
        (m) => m.subject === `[Demo Bolt] ${ALERT_RECOVERED_TITLE}` && /A zene 7 percig nem szólt\./.test(m.text),
      ),
    );
  });

  test('a device that left the presence channel is offline; one that is there is not', async () => {
    const { presence } = t.app.ctx.realtime;
    const channel = presenceCustomerChannel(demoId);
    await presence.join(channel, 'sock-1', { user_id: counterPc });
    await tickAt(BASE);
    await tickAt(BASE + 5 * MINUTE);
    assert.equal((await alertRows(demoId)).length, 0, 'present: no alert');
    await presence.leave(channel, 'sock-1', counterPc);
    await tickAt(BASE + 6 * MINUTE);
    const r = await tickAt(BASE + 9 * MINUTE);
    assert.deepEqual(
      r.opened.map((a) => a.kind),
      ['offline'],
    );
  });

  test('blocked and stalled follow the output the device reports, with the shop’s delay', async () => {
    await setSettings(demoId, { delay: 1 });
    await setPlayer(demoPlayer, { outputState: 'needs_tap' });
    assert.deepEqual((await tickAt(BASE)).opened, []);
    const r1 = await tickAt(BASE + MINUTE);
    assert.deepEqual(
      r1.opened.map((a) => [a.kind, a.title]),
      [['blocked', ALERT_TITLES.blocked]],
    );
    // From refused to stalled: blocked closes (with its notice), stalled starts counting.
    await setPlayer(demoPlayer, { outputState: 'stalled' });
    const r2 = await tickAt(BASE + 2 * MINUTE);
    assert.deepEqual(
      r2.closed.map((a) => a.kind),
      ['blocked'],
    );
    assert.deepEqual(
      r2.opened.map((a) => a.kind),
      ['recovered'],
    );
    const r3 = await tickAt(BASE + 3 * MINUTE);
    assert.deepEqual(
      r3.opened.map((a) => [a.kind, a.title]),
      [['stalled', ALERT_TITLES.stalled]],
    );
  });

  test("zones: with more than one zone a zone's blocked device is named in the title ('… a(z) Terasz zónában: …')", async () => {
    const { db } = t.database;
    await setSettings(demoId, { delay: 1 });
    const terrace = await createZone(db, { customerId: demoId, name: 'Terasz' });
    try {
      await setPlayer(terrace.playerId, {
        sessionId: `terrace-pc-${devices}`,
        isPlaying: true,
        outputState: 'needs_tap',
      });
      assert.deepEqual((await tickAt(BASE)).opened, []);
      const r = await tickAt(BASE + MINUTE);
      assert.deepEqual(
        r.opened.map((a) => [a.kind, a.title]),
        [['blocked', 'Nem szól a zene a(z) Terasz zónában: a böngésző nem engedte elindítani']],
      );
      assert.equal(r.opened[0]!.title, zoneMusicTitle(ALERT_TITLES.blocked, 'Terasz', 2));
    } finally {
      await db.delete(zones).where(eq(zones.id, terrace.id));
    }
  });

  test('closing time closes open alerts without a notice and forgets the causes', async () => {
    await setPlayer(demoPlayer, { outputState: 'stalled' });
    // 19:55 in the shop, closing at 20:00.
    const t0 = Date.parse('2030-01-08T18:55:00Z');
    await tickAt(t0);
    const r = await tickAt(t0 + 3 * MINUTE);
    assert.deepEqual(
      r.opened.map((a) => a.kind),
      ['stalled'],
    );
    seen = [];
    const closing = await tickAt(t0 + 5 * MINUTE);
    assert.deepEqual(
      closing.closed.map((a) => a.kind),
      ['stalled'],
    );
    assert.deepEqual(closing.opened, [], 'no notice at closing');
    assert.deepEqual(
      seen.map((b) => b.event),
      [ALERT_CLOSED_EVENT],
    );
    assert.equal((await t.database.db.select().from(alertCauses).where(eq(alertCauses.customerId, demoId))).length, 0);
    // Still stalled the next morning: counted afresh from the opening.
    const morning = Date.parse('2030-01-09T07:00:00Z');
    assert.deepEqual((await tickAt(morning)).opened, []);
    const again = await tickAt(morning + 3 * MINUTE);
    assert.equal(again.opened[0]?.started_at, new Date(morning).toISOString());
  });

  test('an exception day closed keeps the shop silent of alerts; an exception’s own hours count', async () => {
    await setHours(demoId, OPEN_ALL_WEEK, [
      { date: '2030-01-08', closed: true },
      { date: '2030-01-09', open: '12:00', close: '14:00' },
    ]);
    await setPlayer(demoPlayer, { sessionId: null });
    await tickAt(BASE);
    assert.deepEqual((await tickAt(BASE + 5 * MINUTE)).opened, [], 'closed by exception');
    // 09:00 on the 9th: the week says open, the exception says from 12:00.
    const ninth = Date.parse('2030-01-09T08:00:00Z');
    await tickAt(ninth);
    assert.deepEqual((await tickAt(ninth + 5 * MINUTE)).opened, []);
    const noon = Date.parse('2030-01-09T11:00:00Z');
    await tickAt(noon);
    assert.deepEqual(
      (await tickAt(noon + 3 * MINUTE)).opened.map((a) => a.kind),
      ['offline'],
    );
  });

  test('a DST day: the shop opens at 03:00 when the clocks jump, and the delay counts real minutes', async () => {
    // 2030-03-31: Budapest goes from 02:00 CET to 03:00 CEST (01:00Z).
    await setHours(
      demoId,
      OPEN_ALL_WEEK.map((d) => (d.day === 'sunday' ? { day: 'sunday', open: '03:00', close: '20:00' } : d)),
    );
    await setPlayer(demoPlayer, { sessionId: null });
    const jump = Date.parse('2030-03-31T01:00:00Z');
    const before = await tickAt(jump - MINUTE);
    assert.equal(before.evaluated, true);
    assert.equal((await t.database.db.select().from(alertCauses)).length, 0, 'closed at 01:59 CET');
    await tickAt(jump);
    assert.deepEqual((await tickAt(jump + 2 * MINUTE)).opened, []);
    const r = await tickAt(jump + 3 * MINUTE);
    assert.deepEqual(
      r.opened.map((a) => [a.kind, a.started_at]),
      [['offline', new Date(jump).toISOString()]],
    );
    // The mail tells the shop's wall clock: 03:00.
    await t.app.ctx.alerts.outbox.drain();
    const mail = (await mailFiles()).map(decodeMail).at(-1)!;
    assert.match(mail.text, /Időpont: 2030\.03\.31\. 03:00/);
  });

  test('paused: off by default; when on, 30 minutes paused while the music plan is on', async () => {
    const [{ zoneId }] = (await t.database.db
      .select({ zoneId: players.zoneId })
      .from(players)
      .where(eq(players.customerId, demoId))) as [{ zoneId: number }];
    await t.database.db.insert(musicPlans).values({ customerId: demoId, zoneId, enabled: true });
    await setPlayer(demoPlayer, { isPlaying: false });
    await tickAt(BASE);
    assert.deepEqual((await tickAt(BASE + 40 * MINUTE)).opened, [], 'off by default');
    await setSettings(demoId, { kinds: { paused: true } });
    await tickAt(BASE + 41 * MINUTE);
    assert.deepEqual((await tickAt(BASE + 70 * MINUTE)).opened, [], '29 minutes');
    assert.deepEqual(
      (await tickAt(BASE + 71 * MINUTE)).opened.map((a) => [a.kind, a.title]),
      [['paused', ALERT_TITLES.paused]],
    );
    // The plan switched off: its cause is gone.
    await t.database.db.update(musicPlans).set({ enabled: false }).where(eq(musicPlans.customerId, demoId));
    const r = await tickAt(BASE + 72 * MINUTE);
    assert.deepEqual(
      r.closed.map((a) => a.kind),
      ['paused'],
    );
    assert.equal(r.opened[0]?.body, 'A zene 31 percig nem szólt.');
  });

  test('a kind switched off opens nothing', async () => {
    await setSettings(demoId, { kinds: { offline: false } });
    await setPlayer(demoPlayer, { sessionId: null });
    await tickAt(BASE);
    assert.deepEqual((await tickAt(BASE + 10 * MINUTE)).opened, []);
  });

  test('a shop without opening hours is open only while its player plays on a device that is there', async () => {
    await setSettings(otherId, { delay: 1 });
    // Switched off at night: not playing, no device.
    await tickAt(BASE);
    assert.deepEqual((await tickAt(BASE + 5 * MINUTE)).opened, []);
    // Playing, the device there, the browser refusing the sound.
    await setPlayer(otherPlayer, { sessionId: 'other-pc', isPlaying: true, outputState: 'needs_tap' });
    await tickAt(BASE + 6 * MINUTE);
    const r = await tickAt(BASE + 7 * MINUTE);
    assert.deepEqual(
      r.opened.map((a) => [a.kind, a.started_at]),
      [['blocked', new Date(BASE + 6 * MINUTE).toISOString()]],
    );
    assert.ok(
      seen.some((b) => b.channels.includes(privatePlayerChannel(otherPlayer))),
      "on the other shop's own channel",
    );
    assert.ok(!seen.some((b) => b.channels.includes(privatePlayerChannel(demoPlayer))));
  });
});

describe('missed spots', () => {
  async function fire(minute: number, name = 'Reggeli akció') {
    const [spot] = await t.database.db.select().from(spots).where(eq(spots.customerId, demoId)).limit(1);
    const [row] = await t.database.db
      .insert(schedulerFires)
      .values({
        customerId: demoId,
        scheduledContentId: null,
        minute: new Date(minute),
        name,
        spotIds: [spot!.id],
        instance: 'test',
      })
      .returning();
    return { fireId: row!.id, spotId: spot!.id };
  }

  test('a fire without a play report within 2 minutes is one alert per item and day, listing the minutes', async () => {
    // A real scheduled item: fires keep its id.
    const itemId = Number(
      (
        (await t.database.db.execute(
          sql`INSERT INTO scheduled_contents (customer_id, name, frequency) VALUES (${demoId}, 'Reggeli akció', 'everyMinute') RETURNING id`,
        )) as unknown as { rows: Array<{ id: number }> }
      ).rows[0]!.id,
    );
    const m1 = BASE + 10 * MINUTE;
    const f1 = await fire(m1);
    await t.database.db
      .update(schedulerFires)
      .set({ scheduledContentId: itemId })
      .where(eq(schedulerFires.id, f1.fireId));
    // Within its 2 minutes: not yet judged.
    assert.deepEqual((await tickAt(m1 + 2 * MINUTE)).opened, []);
    const r = await tickAt(m1 + 3 * MINUTE);
    assert.deepEqual(
      r.opened.map((a) => [a.kind, a.title, a.minutes]),
      [['spot_missed', 'Elmaradt szpot: Reggeli akció', ['09:10']]],
    );
    // The same minute again, later: nothing new.
    assert.deepEqual((await tickAt(m1 + 4 * MINUTE)).opened, []);

    // A fire that played (its report within the 2 minutes): not missed.
    const m2 = BASE + 20 * MINUTE;
    const f2 = await fire(m2);
    await t.database.db
      .update(schedulerFires)
      .set({ scheduledContentId: itemId })
      .where(eq(schedulerFires.id, f2.fireId));
    await t.database.db.insert(playReports).values({
      customerId: demoId,
      playerId: demoPlayer,
      reportId: 'r-1',
      type: 'spot',
      itemId: f2.spotId,
      name: 'Reggeli akció',
      startedAt: new Date(m2 + 5_000),
      seconds: 20,
      ended: true,
    });
    await tickAt(m2 + 3 * MINUTE);
    // A third, missed: listed on the same alert, no second alert and no second mail.
    const m3 = BASE + 30 * MINUTE;
    const f3 = await fire(m3);
    await t.database.db
      .update(schedulerFires)
      .set({ scheduledContentId: itemId })
      .where(eq(schedulerFires.id, f3.fireId));
    assert.deepEqual((await tickAt(m3 + 3 * MINUTE)).opened, []);
    const rows = (await alertRows(demoId)).filter((a) => a.kind === 'spot_missed');
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0]!.minutes, ['09:10', '09:30']);
    assert.equal(rows[0]!.closedAt, null);
    await t.app.ctx.alerts.outbox.drain();
    const mails = (await mailFiles()).map(decodeMail).filter((m) => m.subject.includes('Elmaradt szpot'));
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, '[Demo Bolt] Elmaradt szpot: Reggeli akció');
    // The next day: a new alert.
    const next = Date.parse('2030-01-09T08:10:00Z');
    const f4 = await fire(next);
    await t.database.db
      .update(schedulerFires)
      .set({ scheduledContentId: itemId })
      .where(eq(schedulerFires.id, f4.fireId));
    assert.equal((await tickAt(next + 3 * MINUTE)).opened.length, 1);
  });

  test('a fire while the shop was closed is no missed spot', async () => {
    const itemId = Number(
      (
        (await t.database.db.execute(
          sql`INSERT INTO scheduled_contents (customer_id, name, frequency) VALUES (${demoId}, 'Éjjeli', 'everyMinute') RETURNING id`,
        )) as unknown as { rows: Array<{ id: number }> }
      ).rows[0]!.id,
    );
    const night = Date.parse('2030-01-08T05:00:00Z');
    const f = await fire(night, 'Éjjeli');
    await t.database.db
      .update(schedulerFires)
      .set({ scheduledContentId: itemId })
      .where(eq(schedulerFires.id, f.fireId));
    assert.deepEqual((await tickAt(night + 3 * MINUTE)).opened, []);
  });
});

describe('when the evaluator stays still', () => {
  test('a minute is evaluated once: a second tick of it (a restart inside the minute) does nothing', async () => {
    assert.equal((await tickAt(BASE)).evaluated, true);
    const again = await t.app.ctx.alerts.evaluator.tick(BASE + 30_000);
    assert.deepEqual(again, { evaluated: false, reason: 'claimed-elsewhere', opened: [], closed: [] });
  });

  test('not in the first ALERT_WARMUP_SECONDS after a start', async () => {
    const cold = await createTestApp({ ALERT_WARMUP_SECONDS: '60' }, { clock: () => now, freshDatabase: false });
    try {
      const r = await cold.app.ctx.alerts.evaluator.tick(BASE + 90 * MINUTE);
      assert.equal(r.evaluated, false);
      assert.equal(r.reason, 'warming-up');
    } finally {
      await cold.close();
    }
  });

  test('not while Redis is away (presence unknown)', async () => {
    const away = await createTestApp(
      { ALERT_WARMUP_SECONDS: '0', REDIS_URL: 'redis://127.0.0.1:1' },
      { clock: () => now, freshDatabase: false },
    );
    try {
      const r = await away.app.ctx.alerts.evaluator.tick(BASE + 91 * MINUTE);
      assert.equal(r.evaluated, false);
      assert.equal(r.reason, 'presence-unknown');
    } finally {
      await away.close();
    }
  });
});

describe('presence for many shops at once', () => {
  test('presentOrUnseen answers as hasUser || !hasSeen, in Redis and in memory', async () => {
    const { Redis } = await import('ioredis');
    const { createMemoryPresenceStore, createRedisPresenceStore } =
      await import('../../server/src/realtime/presence-store');
    const stores = [createMemoryPresenceStore()];
    const url = process.env.REDIS_URL;
    const redis = url ? new Redis(url, { maxRetriesPerRequest: 1 }) : undefined;
    const prefix = `pulzus:test-alerts:${process.pid}:`;
    if (redis) stores.push(createRedisPresenceStore(redis, { prefix, socketTtlMs: 60_000, seenTtlMs: 60_000 }));
    try {
      for (const store of stores) {
        await store.join('presence-customer.1', 's1', { user_id: 'here', user_info: { name: '"user_id":"gone"' } });
        await store.join('presence-customer.1', 's2', { user_id: 'gone' });
        await store.leave('presence-customer.1', 's2', 'gone');
        await store.join('presence-customer.2', 's3', { user_id: 'gone' });
        const queries = [
          { channel: 'presence-customer.1', userId: 'here' },
          { channel: 'presence-customer.1', userId: 'gone' },
          { channel: 'presence-customer.1', userId: 'never' },
          { channel: 'presence-customer.2', userId: 'gone' },
          { channel: 'presence-customer.3', userId: 'here' },
        ];
        // Many at once too (more than one call's batch).
        const many = Array.from({ length: 600 }, (_, i) => queries[i % queries.length]!);
        const expected = [true, false, true, true, true];
        assert.deepEqual(await store.presentOrUnseen(queries), expected);
        assert.deepEqual(
          await store.presentOrUnseen(many),
          many.map((_, i) => expected[i % expected.length]),
        );
      }
    } finally {
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
    }
  });
});

describe('presence for many shops at once, in Redis', () => {
  test("presentOrUnseen agrees with hasUser || !hasSeen over a user's sockets, their expiry and a channel joined before the users' hash", async (t) => {
    const url = process.env.REDIS_URL;
    if (!url) return t.skip('REDIS_URL is not set');
    const { Redis } = await import('ioredis');
    const { createRedisPresenceStore } = await import('../../server/src/realtime/presence-store');
    const redis = new Redis(url, { maxRetriesPerRequest: 1 });
    const prefix = `pulzus:test-alerts-users:${process.pid}:`;
    const store = createRedisPresenceStore(redis, { prefix, socketTtlMs: 60_000, seenTtlMs: 60_000 });
    const short = createRedisPresenceStore(redis, { prefix, socketTtlMs: 3_000, seenTtlMs: 60_000 });
    const agrees = async (queries: Array<{ channel: string; userId: string }>, expected: boolean[]) => {
      const slow = await Promise.all(
        queries.map(
          async (q) => (await store.hasUser(q.channel, q.userId)) || !(await store.hasSeen(q.channel, q.userId)),
        ),
      );
      assert.deepEqual(slow, expected, 'hasUser || !hasSeen');
      assert.deepEqual(await store.presentOrUnseen(queries), expected, 'presentOrUnseen');
    };
    try {
      // Two tabs of one device: one leaving keeps it present; the last leaving does not.
      await store.join('presence-customer.1', 'a1', { user_id: 'two-tabs' });
      await store.join('presence-customer.1', 'a2', { user_id: 'two-tabs' });
      await store.join('presence-customer.1', 'b1', { user_id: 'other' });
      await store.leave('presence-customer.1', 'a1', 'two-tabs');
      const tabs = [{ channel: 'presence-customer.1', userId: 'two-tabs' }];
      await agrees(tabs, [true]);
      await store.leave('presence-customer.1', 'a2', 'two-tabs');
      await agrees(tabs, [false]);
      // Back with a new socket: present again.
      await store.join('presence-customer.1', 'a3', { user_id: 'two-tabs' });
      await agrees(tabs, [true]);

      // A socket its instance stopped refreshing (the instance died): gone once it expires, while a
      // socket of the same user that another instance keeps alive keeps it present.
      await short.join('presence-customer.2', 'c1', { user_id: 'dying' });
      await short.join('presence-customer.2', 'c2', { user_id: 'half' });
      await store.join('presence-customer.2', 'c3', { user_id: 'half' });
      const expiring = [
        { channel: 'presence-customer.2', userId: 'dying' },
        { channel: 'presence-customer.2', userId: 'half' },
      ];
      await agrees(expiring, [true, true]);
      await new Promise((r) => setTimeout(r, 3_500));
      await agrees(expiring, [false, true]);
      // Its refresh brings it back (the socket added again, as after a Redis restart).
      await store.refresh(new Map([['presence-customer.2', [{ socketId: 'c1', member: { user_id: 'dying' } }]]]));
      await agrees(expiring.slice(0, 1), [true]);

      // A channel whose sockets joined before the users' hash was kept: answered by its members.
      await store.join('presence-customer.3', 'd1', { user_id: 'old' });
      await store.join('presence-customer.3', 'd2', { user_id: 'old-gone' });
      await store.leave('presence-customer.3', 'd2', 'old-gone');
      await redis.del(`${prefix}presence:presence-customer.3:users`);
      await agrees(
        [
          { channel: 'presence-customer.3', userId: 'old' },
          { channel: 'presence-customer.3', userId: 'old-gone' },
          { channel: 'presence-customer.3', userId: 'never' },
        ],
        [true, false, true],
      );
      // A join there lists the user again; its other socket leaving keeps it present.
      await store.join('presence-customer.3', 'd3', { user_id: 'old' });
      await store.leave('presence-customer.3', 'd1', 'old');
      await agrees([{ channel: 'presence-customer.3', userId: 'old' }], [true]);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});

describe('settings', () => {
  test('defaults, a round trip, and 422 per field in Hungarian', async () => {
    const c = await loggedIn(t.app, DEMO);
    assert.deepEqual(JSON.parse((await c.get('/api/alert-settings')).body), ALERT_SETTINGS_DEFAULT);
    const body = { kinds: { ...ALERT_SETTINGS_DEFAULT.kinds, paused: true, stalled: false }, delay: 5, email: false };
    const ok = await c.post('/api/alert-settings', body);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.deepEqual(JSON.parse(ok.body), body);
    assert.deepEqual(JSON.parse((await c.get('/api/alert-settings')).body), body);
    for (const delay of [0, 61, 2.5, 'sok', -1, null]) {
      const res = await c.post('/api/alert-settings', { ...body, delay });
      assert.equal(res.statusCode, 422, `delay ${String(delay)}`);
      assert.deepEqual(JSON.parse(res.body).errors, { delay: [alertMessages.delay] });
    }
    const badKind = await c.post('/api/alert-settings', { ...body, kinds: { ...body.kinds, offline: 'talán' } });
    assert.equal(badKind.statusCode, 422);
    assert.deepEqual(Object.keys(JSON.parse(badKind.body).errors), ['kinds.offline']);
    // Unchanged by the refusals.
    assert.deepEqual(JSON.parse((await c.get('/api/alert-settings')).body), body);
    // Per shop: the other shop still has the defaults.
    const o = await loggedIn(t.app, OTHER);
    assert.deepEqual(JSON.parse((await o.get('/api/alert-settings')).body), ALERT_SETTINGS_DEFAULT);
  });
});

describe('the bell', () => {
  test('read marks, newest first, and another shop’s alerts are 404', async () => {
    const { db } = t.database;
    const rows = await db
      .insert(alerts)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          customerId: demoId,
          kind: 'recovered',
          title: ALERT_RECOVERED_TITLE,
          body: `A zene ${i + 1} percig nem szólt.`,
          startedAt: new Date(BASE + i * MINUTE),
        })),
      )
      .returning({ id: alerts.id });
    const c = await loggedIn(t.app, DEMO);
    const p1 = alertsPageSchema.parse(JSON.parse((await c.get('/api/alerts')).body));
    assert.equal(p1.data.length, 20);
    assert.equal(p1.last_page, 2);
    assert.equal(p1.unread, 25);
    assert.equal(p1.data[0]!.id, rows.at(-1)!.id, 'newest first');
    const p2 = alertsPageSchema.parse(JSON.parse((await c.get('/api/alerts?page=2')).body));
    assert.equal(p2.data.length, 5);
    assert.equal((await c.get('/api/alerts?page=0')).statusCode, 422);

    const read = await c.post('/api/alerts/read', { ids: [rows[0]!.id, rows[1]!.id] });
    assert.deepEqual(JSON.parse(read.body), { unread: 23 });
    const o = await loggedIn(t.app, OTHER);
    const foreign = await o.post('/api/alerts/read', { ids: [rows[2]!.id] });
    assert.equal(foreign.statusCode, 404);
    const otherPage = alertsPageSchema.parse(JSON.parse((await o.get('/api/alerts')).body));
    assert.deepEqual(otherPage.data, []);
    assert.deepEqual(JSON.parse((await c.post('/api/alerts/read', {})).body), { unread: 0 });
  });
});

describe('push subscriptions and the outbox', () => {
  test('a foreign or malformed endpoint is 422 on endpoint; bad keys on keys', async () => {
    const c = await loggedIn(t.app, DEMO);
    const sub = push.subscriber();
    for (const endpoint of [
      'https://evil.example.com/push/1',
      'http://127.0.0.1/push/1',
      'https://127.0.0.1.evil.example/push',
      'https://user@127.0.0.1/push',
      'nem url',
    ]) {
      const res = await c.post('/api/push-subscriptions', { ...sub.json, endpoint });
      assert.equal(res.statusCode, 422, endpoint);
      assert.deepEqual(JSON.parse(res.body).errors, { endpoint: [alertMessages.endpoint] });
    }
    const badKeys = await c.post('/api/push-subscriptions', {
      ...sub.json,
      keys: { p256dh: 'x', auth: sub.json.keys.auth },
    });
    assert.equal(badKeys.statusCode, 422);
    assert.deepEqual(JSON.parse(badKeys.body).errors, { 'keys.p256dh': [alertMessages.keys] });
    assert.equal((await t.database.db.select().from(pushSubscriptions)).length, 0);
  });

  test('the default hosts: Chrome, Firefox, Windows (any subdomain) and Safari', async () => {
    const { isAllowedPushEndpoint } = await import('../../server/src/alerts/push');
    const { DEFAULT_PUSH_SERVICE_HOSTS } = await import('../../server/src/env');
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ])
      assert.ok(isAllowedPushEndpoint(ok, DEFAULT_PUSH_SERVICE_HOSTS), ok);
    for (const bad of [
      'https://notify.windows.com.evil.example/',
      'https://evilnotify.windows.com/',
      'http://fcm.googleapis.com/x',
    ])
      assert.ok(!isAllowedPushEndpoint(bad, DEFAULT_PUSH_SERVICE_HOSTS), bad);
  });

  test('push config, the test notice, delete by another device is 404, logout deletes this device’s', async () => {
    const c = await loggedIn(t.app, DEMO);
    const key = JSON.parse((await c.get('/api/push-config')).body).public_key as string;
    assert.match(key, /^[A-Za-z0-9_-]{80,90}$/);
    assert.equal(key, t.app.ctx.alerts.push.publicKey);
    const sub = push.subscriber();
    assert.equal((await c.post('/api/push-subscriptions', sub.json)).statusCode, 201);
    const test1 = await c.post('/api/alert-settings/test');
    assert.deepEqual(JSON.parse(test1.body), { sent: { mail: 1, push: 1 } });
    await t.app.ctx.alerts.outbox.drain();
    const msg = await push.waitFor((m) => m.endpoint === sub.json.endpoint);
    assert.equal((msg.json as { title: string }).title, 'Próba értesítés');

    const another = await loggedIn(t.app, DEMO);
    assert.equal(
      (await another.post('/api/push-subscriptions/delete', { endpoint: sub.json.endpoint })).statusCode,
      404,
    );
    const o = await loggedIn(t.app, OTHER);
    assert.equal((await o.post('/api/push-subscriptions/delete', { endpoint: sub.json.endpoint })).statusCode, 404);
    assert.equal((await t.database.db.select().from(pushSubscriptions)).length, 1);

    // The other device's own subscription survives this device's logout.
    const sub2 = push.subscriber();
    assert.equal((await another.post('/api/push-subscriptions', sub2.json)).statusCode, 201);
    assert.equal((await c.post('/api/logout')).statusCode, 204);
    await new Promise((r) => setTimeout(r, 100));
    const left = await t.database.db.select().from(pushSubscriptions);
    assert.deepEqual(
      left.map((s) => s.endpoint),
      [sub2.json.endpoint],
    );
    assert.equal(
      (await another.post('/api/push-subscriptions/delete', { endpoint: sub2.json.endpoint })).statusCode,
      200,
    );
    assert.equal((await t.database.db.select().from(pushSubscriptions)).length, 0);
  });

  test('a push service answering 410 removes the subscription', async () => {
    const c = await loggedIn(t.app, DEMO);
    const sub = push.subscriber();
    await c.post('/api/push-subscriptions', sub.json);
    push.answer(410);
    await c.post('/api/alert-settings/test');
    await t.app.ctx.alerts.outbox.drain();
    const rows = await t.database.db.select().from(alertOutbox).where(eq(alertOutbox.channel, 'push'));
    assert.deepEqual(
      rows.map((r) => [r.status, r.attempts]),
      [['gone', 1]],
    );
    assert.equal((await t.database.db.select().from(pushSubscriptions)).length, 0);
    assert.equal(push.messages.filter((m) => m.endpoint === sub.json.endpoint).length, 1, 'not retried');
  });

  test('a failed push is retried with backoff, three times at most; an unknown outcome is not retried', async () => {
    const c = await loggedIn(t.app, DEMO);
    await setSettings(demoId, { email: false });
    const sub = push.subscriber();
    await c.post('/api/push-subscriptions', sub.json);
    push.answer(500);
    await c.post('/api/alert-settings/test');
    const ofSub = () => push.messages.filter((m) => m.endpoint === sub.json.endpoint).length;
    await t.app.ctx.alerts.outbox.drain();
    let [row] = await t.database.db.select().from(alertOutbox);
    assert.equal(row!.status, 'pending');
    assert.equal(row!.attempts, 1);
    const wait1 = row!.nextAttemptAt.getTime() - Date.now();
    assert.ok(wait1 > 0 && wait1 <= 100, `first retry after the base (${wait1} ms)`);
    // Not due yet: the drain leaves it.
    await t.app.ctx.alerts.outbox.drain();
    assert.equal(ofSub(), 1);
    for (const [attempt, base] of [
      [2, 300],
      [3, 900],
    ] as const) {
      await new Promise((r) => setTimeout(r, row!.nextAttemptAt.getTime() - Date.now() + 20));
      await t.app.ctx.alerts.outbox.drain();
      [row] = await t.database.db.select().from(alertOutbox);
      assert.equal(row!.attempts, attempt);
      assert.equal(row!.status, 'pending');
      const wait = row!.nextAttemptAt.getTime() - Date.now();
      assert.ok(wait > base / 2 && wait <= base, `backoff ${wait} ms for attempt ${attempt}`);
    }
    await new Promise((r) => setTimeout(r, row!.nextAttemptAt.getTime() - Date.now() + 20));
    await t.app.ctx.alerts.outbox.drain();
    [row] = await t.database.db.select().from(alertOutbox);
    assert.equal(row!.status, 'failed', 'the first send and three retries');
    assert.equal(row!.attempts, 4);
    assert.equal(ofSub(), 4);
    await new Promise((r) => setTimeout(r, 1000));
    await t.app.ctx.alerts.outbox.drain();
    assert.equal(ofSub(), 4);

    // A failure, then success.
    await t.database.db.delete(alertOutbox);
    await c.post('/api/alert-settings/test');
    await t.app.ctx.alerts.outbox.drain();
    push.answer(null);
    await new Promise((r) => setTimeout(r, 150));
    await t.app.ctx.alerts.outbox.drain();
    [row] = await t.database.db.select().from(alertOutbox);
    assert.deepEqual([row!.status, row!.attempts], ['sent', 2]);

    // No answer in time (the message went out): unknown, never sent again.
    await t.database.db.delete(alertOutbox);
    push.answer('hang');
    const before = ofSub();
    await c.post('/api/alert-settings/test');
    await t.app.ctx.alerts.outbox.drain();
    [row] = await t.database.db.select().from(alertOutbox);
    assert.deepEqual([row!.status, row!.attempts], ['unknown', 1]);
    push.answer(null);
    await new Promise((r) => setTimeout(r, 300));
    await t.app.ctx.alerts.outbox.drain();
    assert.equal(ofSub(), before + 1);
  });

  test(
    'a mail server that refuses: retried; the evaluation never waits on it',
    { skip: !TEST_DATABASE_URL && 'a second app shares PostgreSQL only' },
    async () => {
      const net = await import('node:net');
      // An SMTP server that answers every mail with a temporary failure.
      const smtp = net.createServer((s) => {
        s.write('220 test ESMTP\r\n');
        s.on('data', (d) => {
          const line = d.toString();
          if (/^(EHLO|HELO)/i.test(line)) s.write('250 test\r\n');
          else if (/^QUIT/i.test(line)) s.end('221 bye\r\n');
          else s.write('451 4.3.0 try again later\r\n');
        });
      });
      await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
      const port = (smtp.address() as import('node:net').AddressInfo).port;
      const m = await createTestApp(
        { SMTP_URL: `smtp://127.0.0.1:${port}`, ALERT_WARMUP_SECONDS: '0', ALERT_RETRY_BASE_MS: '100' },
        { clock: () => now, freshDatabase: false },
      );
      try {
        await setPlayer(demoPlayer, { sessionId: null });
        await m.app.ctx.alerts.evaluator.tick(BASE + 200 * MINUTE);
        const started = Date.now();
        const r = await m.app.ctx.alerts.evaluator.tick(BASE + 203 * MINUTE);
        assert.equal(r.opened.length, 1);
        assert.ok(Date.now() - started < 2000);
        await m.app.ctx.alerts.outbox.drain();
        const [row] = await m.database.db
          .select()
          .from(alertOutbox)
          .where(and(eq(alertOutbox.channel, 'mail'), eq(alertOutbox.alertId, r.opened[0]!.id)));
        assert.equal(row!.status, 'pending');
        assert.equal(row!.attempts, 1);
        assert.match(row!.lastError ?? '', /451/);
      } finally {
        await m.close();
        smtp.close();
      }
    },
  );
});
