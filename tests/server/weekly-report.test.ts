/**
 * The weekly report ('Heti jelentés'): ISO weeks and the 422 on a bad one, the minutes open (hours
 * and exceptions, on DST days too), heard (the devices' play reports, not the player's state), the
 * longest silence, spots planned (the fire log) against aired (the reports), the CSV for a Hungarian
 * Excel, another shop's data, and the Monday 08:00 mail sent once, also by two instances at once.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import type { WeeklyReport } from '../../contracts/alerts';
import { isoWeekOf, parseIsoWeek, shiftIsoWeek } from '../../contracts/iso-week';
import type { OpeningHours } from '../../contracts/opening-hours';
import { saveOpeningHours } from '../../server/src/db/queries/day-plan';
import {
  alerts,
  customers,
  playReports,
  scheduledContents,
  schedulerFires,
  spots,
  users,
} from '../../server/src/db/schema';
import { Client, createTestApp, loggedIn, OTHER, PGLITE_CHOSEN, TEST_DATABASE_URL, type TestApp } from './helpers';

const MINUTE = 60_000;
// Monday 2026-11-30 08:00 in Budapest (UTC+1): the week 2026-W48 (23–29 November) is over.
let now = Date.parse('2026-11-30T07:00:00Z');
let t: TestApp;
let a: Client;
let other: Client;
let demoId: number;
let otherId: number;
let spotA: { id: number; name: string };
let spotB: { id: number; name: string };
let seq = 0;

/** A report of something heard from `at` (ISO) for `minutes`. */
async function heard(
  at: string,
  minutes: number,
  over: { type?: string; itemId?: number; ended?: boolean; customerId?: number } = {},
) {
  await t.database.db.insert(playReports).values({
    customerId: over.customerId ?? demoId,
    reportId: `weekly-${process.pid}-${++seq}`,
    type: over.type ?? 'track',
    itemId: over.itemId ?? 1,
    name: over.type === 'spot' ? 'szpot' : 'Zene',
    startedAt: new Date(at),
    seconds: minutes * 60,
    ended: over.ended ?? true,
  });
}

/** Back-to-back tracks of 3 minutes with a second between them, from `at` for `minutes`. */
async function tracks(at: string, minutes: number) {
  for (let m = 0; m < minutes; m += 3)
    await heard(new Date(Date.parse(at) + m * MINUTE + 1000).toISOString(), 3 - 1 / 60);
}

const MON_SAT_8_20: OpeningHours['week'] = [
  ...(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const).map((day) => ({
    day,
    open: '08:00',
    close: '20:00',
  })),
  { day: 'sunday', closed: true },
];

async function hours(h: OpeningHours, customerId = demoId) {
  await saveOpeningHours(t.database.db, { customerId, hours: h });
}

async function report(week: string, c: Client = a): Promise<WeeklyReport> {
  const res = await c.get(`/api/reports/weekly?week=${week}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as WeeklyReport;
}

before(async () => {
  t = await createTestApp({}, { clock: () => now });
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  const { db } = t.database;
  demoId = (await db.select().from(customers).where(eq(customers.slug, 'demo')))[0]!.id;
  otherId = (await db.select().from(customers).where(eq(customers.slug, 'other')))[0]!.id;
  [spotA, spotB] = (await db
    .select({ id: spots.id, name: spots.name })
    .from(spots)
    .where(eq(spots.customerId, demoId))
    .orderBy(asc(spots.id))) as [{ id: number; name: string }, { id: number; name: string }];
  await db.update(scheduledContents).set({ active: false });
});
after(async () => {
  await t?.close();
});
beforeEach(async () => {
  now = Date.parse('2026-11-30T07:00:00Z');
  await t.database.db.delete(playReports);
  await t.database.db.delete(schedulerFires);
  await t.database.db.delete(alerts);
  await hours({ week: MON_SAT_8_20, exceptions: [] });
});

describe('ISO weeks', () => {
  test('a week is Monday to Sunday; week 1 holds the first Thursday; W53 only in 53-week years', () => {
    assert.deepEqual(parseIsoWeek('2026-W48'), { week: '2026-W48', from: '2026-11-23', to: '2026-11-29' });
    assert.deepEqual(parseIsoWeek('2026-W53'), { week: '2026-W53', from: '2026-12-28', to: '2027-01-03' });
    assert.deepEqual(parseIsoWeek('2021-W01'), { week: '2021-W01', from: '2021-01-04', to: '2021-01-10' });
    assert.equal(parseIsoWeek('2025-W53'), null);
    assert.equal(parseIsoWeek('2026-W00'), null);
    assert.equal(parseIsoWeek('2026-48'), null);
    assert.equal(isoWeekOf('2027-01-01').week, '2026-W53');
    assert.equal(isoWeekOf('2024-12-30').week, '2025-W01');
    assert.equal(isoWeekOf('2026-11-29').week, '2026-W48');
    assert.equal(shiftIsoWeek(parseIsoWeek('2026-W01')!, -1).week, '2025-W52');
  });

  test("422 'Érvénytelen hét.' on `week` for a malformed, missing-in-its-year, future or out-of-range week", async () => {
    for (const week of ['2026-48', '2026-W00', '2026-W54', '2025-W53', '2026-W50', '2030-W01', '1999-W10', 'x']) {
      const res = await a.get(`/api/reports/weekly?week=${encodeURIComponent(week)}`);
      assert.equal(res.statusCode, 422, `${week}: ${res.body}`);
      assert.deepEqual((res.json() as { errors: unknown }).errors, { week: ['Érvénytelen hét.'] }, week);
    }
    const twice = await a.get('/api/reports/weekly?week=2026-W47&week=2026-W48');
    assert.equal(twice.statusCode, 422);
    assert.deepEqual((twice.json() as { errors: unknown }).errors, { week: ['Érvénytelen hét.'] });
    // The current week (so far) is a week; absent, it is the one answered.
    now = Date.parse('2026-11-26T12:00:00Z');
    assert.equal((await report('2026-W48')).week, '2026-W48');
    const current = await a.get('/api/reports/weekly');
    assert.equal((current.json() as WeeklyReport).week, '2026-W48');
    const guest = await new Client(t.app).get('/api/reports/weekly?week=2026-W48');
    assert.equal(guest.statusCode, 401);
  });
});

describe('the days', () => {
  test('open by the hours and exceptions; heard from the play reports while open; the longest silence', async () => {
    await hours({
      week: MON_SAT_8_20,
      exceptions: [
        { date: '2026-11-25', name: 'Leltár', closed: true },
        { date: '2026-11-26', name: 'Rövid nap', open: '10:00', close: '14:00' },
      ],
    });
    // Monday (UTC+1): before opening 07:00–07:30 (not counted), 08:00–10:00 in tracks, silent until
    // 10:45, then one long play until 20:30 (past closing).
    await heard('2026-11-23T06:00:00Z', 30);
    await tracks('2026-11-23T07:00:00Z', 120);
    await heard('2026-11-23T09:45:00Z', 585);
    // Wednesday closed all day (exception): heard, but no open minute.
    await heard('2026-11-25T08:00:00Z', 60);
    // Thursday 10:00–14:00 (exception): heard 09:00–11:00.
    await heard('2026-11-26T08:00:00Z', 120);
    // Another shop's plays are not this shop's.
    await heard('2026-11-24T09:00:00Z', 300, { customerId: otherId });

    const r = await report('2026-W48');
    assert.equal(r.from, '2026-11-23');
    assert.equal(r.to, '2026-11-29');
    assert.equal(r.hours_set, true);
    assert.deepEqual(
      r.days.map((d) => [d.date, d.open_minutes, d.heard_minutes, d.longest_silence_minutes]),
      [
        ['2026-11-23', 720, 675, 45],
        ['2026-11-24', 720, 0, 720],
        ['2026-11-25', 0, 0, 0],
        ['2026-11-26', 240, 60, 180],
        ['2026-11-27', 720, 0, 720],
        ['2026-11-28', 720, 0, 720],
        ['2026-11-29', 0, 0, 0],
      ],
    );
    const monday = r.days[0]!;
    assert.deepEqual(monday.open_spans, [[480, 1200]]);
    assert.deepEqual(monday.heard_spans, [
      [420, 450],
      [480, 600],
      [645, 1230],
    ]);

    // The other shop: its own plays, and no opening hours → open from its first heard minute to its last.
    const mine = await report('2026-W48', other);
    assert.equal(mine.hours_set, false);
    assert.deepEqual(
      mine.days.map((d) => [d.open_minutes, d.heard_minutes, d.longest_silence_minutes]),
      [
        [0, 0, 0],
        [300, 300, 0],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
    );
  });

  test('the current week is reported up to now', async () => {
    now = Date.parse('2026-11-24T10:00:00Z'); // Tuesday 11:00
    await tracks('2026-11-24T07:00:00Z', 60);
    const r = await report('2026-W48');
    assert.deepEqual(
      r.days.map((d) => [d.open_minutes, d.heard_minutes, d.longest_silence_minutes]),
      [
        [720, 0, 720],
        [180, 60, 120],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
    );
  });

  test('a shop without opening hours: a silence in the middle of its played day counts', async () => {
    await hours({ week: [], exceptions: [] });
    await heard('2026-11-24T07:00:00Z', 60);
    await heard('2026-11-24T10:00:00Z', 60);
    const r = await report('2026-W48');
    assert.equal(r.hours_set, false);
    assert.deepEqual(
      [r.days[1]!.open_minutes, r.days[1]!.heard_minutes, r.days[1]!.longest_silence_minutes],
      [240, 120, 120],
    );
  });

  test('DST: spring’s short night and autumn’s long one are counted in real minutes', async () => {
    // Sunday 29 March 2026: 02:00 CET becomes 03:00 CEST. Open 01:00–05:00 on the wall is three real hours.
    await hours({ week: [{ day: 'sunday', open: '01:00', close: '05:00' }], exceptions: [] });
    now = Date.parse('2026-04-06T07:00:00Z');
    await heard('2026-03-29T00:30:00Z', 120); // 01:30 CET – 04:30 CEST
    const spring = await report('2026-W13');
    const sunday = spring.days[6]!;
    assert.equal(sunday.date, '2026-03-29');
    assert.deepEqual([sunday.open_minutes, sunday.heard_minutes, sunday.longest_silence_minutes], [180, 120, 30]);
    assert.deepEqual(sunday.open_spans, [[60, 300]]);
    assert.deepEqual(
      spring.days.slice(0, 6).map((d) => d.open_minutes),
      [0, 0, 0, 0, 0, 0],
    );

    // Sunday 25 October 2026: 03:00 CEST becomes 02:00 CET; 01:00–05:00 on the wall is five real hours.
    now = Date.parse('2026-11-02T07:00:00Z');
    await heard('2026-10-24T23:00:00Z', 300); // the whole time open
    const autumn = await report('2026-W43');
    const sunday2 = autumn.days[6]!;
    assert.equal(sunday2.date, '2026-10-25');
    assert.deepEqual([sunday2.open_minutes, sunday2.heard_minutes, sunday2.longest_silence_minutes], [300, 300, 0]);
  });
});

describe('spots', () => {
  test('planned from the fire log (missed minutes too) against aired from the reports', async () => {
    const fire = (minute: string, spotIds: number[], missed = false) =>
      t.database.db.insert(schedulerFires).values({
        customerId: demoId,
        minute: new Date(minute),
        name: 'Akció',
        spotIds,
        instance: 'test',
        missed,
      });
    await fire('2026-11-23T09:00:00Z', [spotA.id, spotB.id]);
    await fire('2026-11-24T09:00:00Z', [spotA.id, spotB.id]);
    await fire('2026-11-25T09:00:00Z', [spotA.id, spotB.id]);
    await fire('2026-11-26T09:00:00Z', [spotA.id], true);
    // The week before and after are other weeks.
    await fire('2026-11-22T09:00:00Z', [spotA.id]);
    await fire('2026-11-30T06:00:00Z', [spotA.id]);
    await heard('2026-11-23T09:00:05Z', 0.5, { type: 'spot', itemId: spotA.id });
    await heard('2026-11-24T09:00:05Z', 0.5, { type: 'spot', itemId: spotA.id });
    await heard('2026-11-25T09:00:05Z', 0.2, { type: 'spot', itemId: spotA.id, ended: false });
    await heard('2026-11-23T09:00:40Z', 0.5, { type: 'spot', itemId: spotB.id });
    await heard('2026-11-22T09:00:05Z', 0.5, { type: 'spot', itemId: spotA.id });
    const r = await report('2026-W48');
    const byId = new Map(r.spots.map((s) => [s.id, s]));
    assert.deepEqual(byId.get(spotA.id), { id: spotA.id, name: spotA.name, planned: 4, aired: 3, completed: 2 });
    assert.deepEqual(byId.get(spotB.id), { id: spotB.id, name: spotB.name, planned: 3, aired: 1, completed: 1 });
    assert.equal(r.spots.length, 2);
    assert.deepEqual((await report('2026-W48', other)).spots, []);
  });
});

describe('alerts', () => {
  test("the week's alerts: under way at any moment of it, oldest first, without the 'Újra szól a zene' notices", async () => {
    const add = (kind: string, startedAt: string, closedAt: string | null, customerId = demoId) =>
      t.database.db
        .insert(alerts)
        .values({
          customerId,
          kind,
          title: kind === 'recovered' ? 'Újra szól a zene' : 'Nem szól a zene: a zenét szóló eszköz nem elérhető',
          body: 'x',
          startedAt: new Date(startedAt),
          closedAt: closedAt ? new Date(closedAt) : null,
        })
        .returning({ id: alerts.id });
    await add('offline', '2026-11-20T09:00:00Z', '2026-11-20T10:00:00Z'); // the week before
    const [across] = await add('blocked', '2026-11-22T22:00:00Z', '2026-11-23T08:00:00Z');
    const [within] = await add('offline', '2026-11-24T09:00:00Z', '2026-11-24T09:30:00Z');
    await add('recovered', '2026-11-24T09:00:00Z', '2026-11-24T09:30:00Z');
    await add('offline', '2026-11-25T09:00:00Z', null, otherId);
    const r = await report('2026-W48');
    assert.deepEqual(
      r.alerts.map((x) => [x.id, x.kind, x.started_at, x.closed_at]),
      [
        [across!.id, 'blocked', '2026-11-22T22:00:00.000Z', '2026-11-23T08:00:00.000Z'],
        [within!.id, 'offline', '2026-11-24T09:00:00.000Z', '2026-11-24T09:30:00.000Z'],
      ],
    );
    const csv = (await a.get('/api/reports/weekly?week=2026-W48&format=csv')).body.split('\r\n');
    const at = csv.indexOf('Értesítés;Kezdete;Vége');
    assert.equal(csv[at + 2], 'Nem szól a zene: a zenét szóló eszköz nem elérhető;2026.11.24 10:00;2026.11.24 10:30');
    assert.deepEqual((await report('2026-W48', other)).alerts.length, 1);
  });
});

describe('CSV', () => {
  test("'Letöltés CSV-ben': the page's rows for a Hungarian Excel (BOM, `;`, decimal comma)", async () => {
    await tracks('2026-11-23T07:00:00Z', 120);
    await heard('2026-11-23T09:45:00Z', 585);
    await t.database.db.insert(schedulerFires).values({
      customerId: demoId,
      minute: new Date('2026-11-23T09:00:00Z'),
      name: 'Akció',
      spotIds: [spotA.id],
      instance: 'test',
    });
    const res = await a.get('/api/reports/weekly?week=2026-W48&format=csv');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="heti-jelentes_2026-W48.csv"');
    const body = res.body;
    assert.ok(body.startsWith('\uFEFF'), 'a BOM first, so Excel reads UTF-8');
    const lines = body.slice(1).split('\r\n');
    assert.equal(lines[0], 'Nap;Dátum;Nyitva (óra);Szólt a zene (óra);Szólt a zene (%);Leghosszabb csend (perc)');
    assert.equal(lines[1], 'hétfő;2026.11.23.;12,00;11,25;94;45');
    assert.equal(lines[2], 'kedd;2026.11.24.;12,00;0,00;0;720');
    assert.equal(lines[7], 'vasárnap;2026.11.29.;0,00;0,00;;0');
    assert.equal(lines[8], 'Összesen;2026.11.23. – 2026.11.29.;72,00;11,25;16;720');
    assert.equal(lines[9], '');
    assert.equal(lines[10], 'Szpot;Tervezett;Lejátszva;Végig szólt');
    assert.equal(lines[11], `${spotA.name};1;0;0`);
    assert.equal(lines[13], 'Értesítés;Kezdete;Vége');
    const bad = await a.get('/api/reports/weekly?week=2026-W48&format=xls');
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys((bad.json() as { errors: object }).errors), ['format']);
  });
});

/** A tick of the app's scheduler, then its outbox's worker sends what the tick wrote (as its loop would). */
async function tickAndSend(app: TestApp, at: number) {
  await app.app.scheduler.tick(at);
  await app.app.ctx.alerts.outbox.drain();
}

/** Quoted-printable (RFC 2045) to text: soft breaks joined, =XX as UTF-8 bytes. */
const qp = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The .eml files in an app's mail folder, decoded enough to read (headers' encoded words, quoted-printable bodies). */
async function mails(app: TestApp): Promise<string[]> {
  const dir = path.join(app.dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
  const all = await Promise.all(
    files.map(async (f) => {
      const raw = await readFile(path.join(dir, f), 'utf8');
      const split = raw.indexOf('\n\n');
      const headers = raw
        .slice(0, split)
        .replace(/\?=\s+=\?/g, '?==?')
        .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, enc: string, text: string) =>
          enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
        );
      return headers + qp(raw.slice(split));
    }),
  );
  // The weekly mails only (the alerts' evaluator ticks with the same minutes and may mail too).
  return all.filter((m) => /^Subject: .*Heti összesítő$/m.test(m));
}

const PG = Boolean(TEST_DATABASE_URL) && !PGLITE_CHOSEN;

describe('the Monday mail', () => {
  const local = (iso: string) => Date.parse(iso); // the instants below are written in UTC

  test("from Monday 08:00 shop time, 'Heti összesítő' goes once to every user of the shop", async () => {
    await tracks('2026-11-23T07:00:00Z', 60);
    const { db } = t.database;
    const demoUsers = await db.select({ email: users.email }).from(users).where(eq(users.customerId, demoId));
    const before = (await mails(t)).length;
    // Sunday evening and Monday 07:59: not yet.
    for (const at of ['2026-11-29T20:00:00Z', '2026-11-30T06:59:00Z']) {
      now = local(at);
      await tickAndSend(t, now);
    }
    assert.equal((await mails(t)).length, before);
    now = local('2026-11-30T07:00:00Z');
    await tickAndSend(t, now);
    const sent = (await mails(t)).slice(before);
    const demoMails = sent.filter((m) => /^To: demo/m.test(m) || demoUsers.some((u) => m.includes(`To: ${u.email}`)));
    assert.equal(demoMails.length, demoUsers.length);
    const mail = demoMails[0]!;
    const shopName = (await db.select().from(customers).where(eq(customers.id, demoId)))[0]!.name;
    assert.match(mail, new RegExp(`^Subject: \\[${shopName}\\] Heti összesítő$`, 'm'));
    assert.match(mail, /2026\. 48\. hét/);
    assert.match(mail, /hétfő, 2026\.11\.23\.: nyitva 12 óra, szólt 1 óra, leghosszabb csend 11 óra/);
    assert.match(mail, /http:\/\/demo\.web\.test:3000\/reports\?week=2026-W48/);
    // Every shop gets its own.
    assert.ok(sent.some((m) => m.includes('To: other@pulzus.hu')));
    // Later minutes of the Monday, and a restart, send nothing again.
    const count = (await mails(t)).length;
    for (const at of ['2026-11-30T07:01:00Z', '2026-11-30T15:00:00Z']) {
      now = local(at);
      await tickAndSend(t, now);
    }
    assert.equal((await mails(t)).length, count);
  });

  test(
    'two instances on one PostgreSQL tick Monday 08:00 together: each shop’s mail goes once',
    { skip: PGLITE_CHOSEN ? 'PostgreSQL only' : !PG && !process.env.CI ? 'needs TEST_DATABASE_URL' : false },
    async () => {
      assert.ok(PG, 'CI: TEST_DATABASE_URL must be set');
      const b = await createTestApp({ SCHEDULER_INSTANCE: 'weekly-b' }, { clock: () => now, freshDatabase: false });
      try {
        const { db } = t.database;
        const userCount = (await db.select({ id: users.id }).from(users)).length;
        const beforeA = (await mails(t)).length;
        const beforeB = (await mails(b)).length;
        // The week after the one above, so nothing is claimed yet; both instances at the same minute.
        now = local('2026-12-07T07:00:00Z');
        await Promise.all([tickAndSend(t, now + 150), tickAndSend(b, now + 90)]);
        now += MINUTE;
        await Promise.all([tickAndSend(t, now), tickAndSend(b, now)]);
        const sentA = (await mails(t)).slice(beforeA);
        const sentB = (await mails(b)).slice(beforeB);
        assert.equal(sentA.length + sentB.length, userCount, 'one mail per user of every shop, from either instance');
        const to = [...sentA, ...sentB].map((m) => /^To: (.*)$/m.exec(m)![1]).sort();
        assert.equal(new Set(to).size, to.length);
      } finally {
        await b.close();
      }
    },
  );
});
