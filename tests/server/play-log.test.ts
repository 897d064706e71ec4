/**
 * Proof of play: POST /api/players/{id}/played (idempotent by report_id, the item's name kept as
 * it played, every bad field refused with nothing stored), GET /api/play-log (the reports and the
 * scheduler's fires together, newest first, paged, filtered by type, the shop's days and offset),
 * GET /api/play-log/spots (plays per spot per shop day), GET /api/play-log/export (CSV for Excel),
 * and another shop's player and log.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { playLogMessages, PLAY_LOG_PER_PAGE, type PlayLogEntry, type SpotDayCount } from '../../contracts/play-log';
import {
  customers,
  playReports,
  scheduledContents,
  scheduledContentSpots,
  schedulerFires,
  spots,
  sounds,
  tracks,
} from '../../server/src/db/schema';
import { Client, createTestApp, loggedIn, OTHER, type TestApp } from './helpers';

// Monday 2026-11-23, 09:40 in Budapest (UTC+1).
const NOW = Date.parse('2026-11-23T08:40:00Z');
let now = NOW;
let t: TestApp;
let a: Client;
let other: Client;
let demoId: number;
let player: number;
let otherPlayer: number;
let spot: { id: number; name: string };
let otherSpot: number;
let track: number;
let sound: number;
let seq = 0;

const reportId = () => `report-${process.pid}-${++seq}`;
const played = (body: Record<string, unknown>, c: Client = a, id = player) => c.post(`/api/players/${id}/played`, body);
const iso = (ms: number) => new Date(ms).toISOString();
// A report is judged against the real clock (the device's), not the scheduler's test clock.
const good = (over: Record<string, unknown> = {}) => ({
  type: 'spot',
  id: spot.id,
  started_at: iso(Date.now() - 60_000),
  seconds: 29.6,
  ended: true,
  report_id: reportId(),
  ...over,
});
/** A stored report at a fixed time (the log's reads are tested on fixed days, whatever today is). */
async function stored(over: {
  type?: string;
  itemId?: number;
  name?: string;
  startedAt: string;
  seconds?: number;
  ended?: boolean;
  deviceLabel?: string;
}) {
  await t.database.db.insert(playReports).values({
    customerId: demoId,
    playerId: player,
    reportId: reportId(),
    type: over.type ?? 'spot',
    itemId: over.itemId ?? spot.id,
    name: over.name ?? spot.name,
    startedAt: new Date(over.startedAt),
    seconds: over.seconds ?? 29.6,
    ended: over.ended ?? true,
    deviceLabel: over.deviceLabel ?? null,
  });
}
const reportRows = () =>
  t.database.db.select().from(playReports).where(eq(playReports.customerId, demoId)).orderBy(asc(playReports.id));

async function log(query: string, c: Client = a) {
  const res = await c.get(`/api/play-log${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as {
    data: PlayLogEntry[];
    total: number;
    last_page: number;
    next_page_url: string | null;
    range: { from: string; to: string };
  };
}

async function expect422(res: { statusCode: number; body: string; json(): unknown }, errors: Record<string, string[]>) {
  assert.equal(res.statusCode, 422, res.body);
  const json = res.json() as { errors: Record<string, string[]> };
  assert.deepEqual(json.errors, errors, res.body);
}

before(async () => {
  t = await createTestApp({}, { clock: () => now });
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  const { db } = t.database;
  demoId = (await db.select().from(customers).where(eq(customers.slug, 'demo')))[0]!.id;
  const otherId = (await db.select().from(customers).where(eq(customers.slug, 'other')))[0]!.id;
  player = ((await a.get('/api/players')).json() as Array<{ id: number }>)[0]!.id;
  otherPlayer = ((await other.get('/api/players')).json() as Array<{ id: number }>)[0]!.id;
  spot = (
    await db
      .select({ id: spots.id, name: spots.name })
      .from(spots)
      .where(eq(spots.customerId, demoId))
      .orderBy(asc(spots.id))
  )[0]!;
  otherSpot = (await db.select({ id: spots.id }).from(spots).where(eq(spots.customerId, otherId)))[0]!.id;
  track = (await db.select({ id: tracks.id }).from(tracks).orderBy(asc(tracks.id)).limit(1))[0]!.id;
  sound = (await db.select({ id: sounds.id }).from(sounds).orderBy(asc(sounds.id)).limit(1))[0]!.id;
  // Only what a test fires itself reaches the log.
  await db.update(scheduledContents).set({ active: false });
});
after(async () => {
  await t?.close();
});
beforeEach(async () => {
  now = NOW;
  await t.database.db.delete(playReports);
  await t.database.db.delete(schedulerFires);
});

describe('POST /api/players/{id}/played', () => {
  test('stores a play once: the same report_id again answers the first report and adds nothing', async () => {
    const body = good();
    const first = await played(body);
    assert.equal(first.statusCode, 201, first.body);
    const answer = first.json() as Record<string, unknown>;
    assert.deepEqual(answer, {
      report_id: body.report_id,
      type: 'spot',
      id: spot.id,
      name: spot.name,
      started_at: body.started_at,
      seconds: 29.6,
      ended: true,
      player_id: player,
      zone_name: 'Üzlettér',
    });
    // Sent again after a reconnect, even with other values: the first one stands.
    const again = await played({ ...body, seconds: 3, ended: false });
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual(again.json(), answer);
    assert.equal((await reportRows()).length, 1);
  });

  test("a device whose clock is 2 h behind logs the play at the API's time, its own time kept beside it (issue 29, defect 9)", async () => {
    const deviceTime = new Date(Date.now() - 2 * 3_600_000 - 30_000).toISOString();
    const before = Date.now();
    const res = await played({ ...good(), started_at: deviceTime, age_ms: 30_000 });
    assert.equal(res.statusCode, 201, res.body);
    const startedAt = Date.parse((res.json() as { started_at: string }).started_at);
    // 30 s before the report arrived by the API's clock, not 2 h before.
    assert.ok(
      startedAt >= before - 30_000 - 1000 && startedAt <= Date.now() - 30_000 + 1000,
      `started_at ${new Date(startedAt).toISOString()}`,
    );
    const [row] = await reportRows();
    assert.equal(row!.deviceStartedAt?.toISOString(), deviceTime);
    // A bad age is refused under its field, and nothing is stored.
    const bad = await played({ ...good(), age_ms: -5 });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys((bad.json() as { errors: object }).errors), ['age_ms']);
    assert.equal((await reportRows()).length, 1);
  });

  test('tracks, spots and sounds; the name is kept as it played, a later rename does not rewrite it', async () => {
    for (const [type, id] of [
      ['track', track],
      ['sound', sound],
      ['spot', spot.id],
    ] as const) {
      const res = await played(good({ type, id }));
      assert.equal(res.statusCode, 201, res.body);
    }
    const rows = await reportRows();
    assert.deepEqual(
      rows.map((r) => [r.type, r.itemId]),
      [
        ['track', track],
        ['sound', sound],
        ['spot', spot.id],
      ],
    );
    assert.ok(rows.every((r) => r.name.length > 0 && r.playerId === player && r.sessionId));
    await t.database.db.update(spots).set({ name: 'Átnevezett szpot' }).where(eq(spots.id, spot.id));
    try {
      const entries = (await log('?type=spot')).data;
      assert.equal(entries[0]!.name, spot.name);
    } finally {
      await t.database.db.update(spots).set({ name: spot.name }).where(eq(spots.id, spot.id));
    }
  });

  test('every bad field gets its Hungarian message and nothing is stored', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ type: 'video' }, { type: [playLogMessages.type] }],
      [{ id: 0 }, { id: [playLogMessages.id] }],
      [{ id: 'abc' }, { id: [playLogMessages.id] }],
      [{ started_at: 'tegnap' }, { started_at: [playLogMessages.startedAt] }],
      [{ started_at: '2026-11-23' }, { started_at: [playLogMessages.startedAt] }],
      [{ seconds: -1 }, { seconds: [playLogMessages.seconds] }],
      [{ seconds: 'sok' }, { seconds: [playLogMessages.seconds] }],
      [{ seconds: 100_000 }, { seconds: [playLogMessages.seconds] }],
      [{ report_id: 'rövid' }, { report_id: [playLogMessages.reportId] }],
      [{ report_id: 'a b c d e f g h' }, { report_id: [playLogMessages.reportId] }],
      [{ report_id: 'x'.repeat(65) }, { report_id: [playLogMessages.reportId] }],
      [{ started_at: iso(Date.now() + 10 * 60_000) }, { started_at: [playLogMessages.startedAtRange] }],
      [{ started_at: iso(Date.now() - 31 * 86_400_000) }, { started_at: [playLogMessages.startedAtRange] }],
      // Another shop's spot, a spot that does not exist, a sound of another shop.
      [{ id: otherSpot }, { id: [playLogMessages.unknown] }],
      [{ id: 999_999 }, { id: [playLogMessages.unknown] }],
      [{ type: 'track', id: 999_999 }, { id: [playLogMessages.unknown] }],
    ];
    for (const [over, errors] of cases) await expect422(await played(good(over)), errors);
    await expect422(await played({}), {
      type: [playLogMessages.type],
      id: [playLogMessages.id],
      started_at: [playLogMessages.startedAt],
      seconds: [playLogMessages.seconds],
      report_id: [playLogMessages.reportId],
    });
    assert.equal((await reportRows()).length, 0);
  });

  test('form data works like JSON', async () => {
    const body = good();
    // A form says a boolean as '1' or '0'.
    const text = (v: unknown) => (v === true ? '1' : v === false ? '0' : String(v));
    const form = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, text(v)])).toString();
    const res = await a.post(`/api/players/${player}/played`, form, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((await reportRows())[0]!.ended, true);
  });

  test("another shop's player answers 404 and stores nothing; a guest cannot read the log", async () => {
    assert.equal((await played(good(), a, otherPlayer)).statusCode, 404);
    assert.equal((await played(good(), other, player)).statusCode, 404);
    assert.equal((await reportRows()).length, 0);
    const guest = new Client(t.app);
    for (const path of ['/api/play-log', '/api/play-log/spots', '/api/play-log/export'])
      assert.equal((await guest.get(path)).statusCode, 401, path);
  });
});

describe('GET /api/play-log', () => {
  test('the reports and the fires together, newest first, in the shop offset; the default range is the last 7 days', async () => {
    now = Date.parse('2026-11-23T08:30:10Z');
    const [item] = await t.database.db
      .insert(scheduledContents)
      .values({ customerId: demoId, name: 'Napi akció', active: true, frequency: 'everyMinute' })
      .returning();
    try {
      await t.database.db
        .insert(scheduledContentSpots)
        .values({ scheduledContentId: item!.id, spotId: spot.id, position: 0 });
      const fired = await t.app.scheduler.tick(Date.parse('2026-11-23T08:30:10Z'));
      assert.equal(fired.length, 1);
    } finally {
      await t.database.db.delete(scheduledContents).where(eq(scheduledContents.id, item!.id));
    }
    now = NOW;
    await stored({ startedAt: '2026-11-23T08:30:02.000Z' });
    await stored({
      type: 'track',
      itemId: track,
      name: 'Zeneszám',
      startedAt: '2026-11-23T08:35:00.000Z',
      ended: false,
      seconds: 12,
    });
    // Eight days ago: outside the default range.
    await stored({ startedAt: '2026-11-15T10:00:00.000Z' });

    // Without a range: the last 7 days up to today in the shop's zone.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest' }).format(new Date());
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    assert.deepEqual((await log('')).range, { from: weekAgo, to: today });

    const page = await log('?from=2026-11-17&to=2026-11-23');
    assert.deepEqual(page.range, { from: '2026-11-17', to: '2026-11-23' });
    assert.deepEqual(
      page.data.map((e) => [e.type, e.started_at]),
      [
        ['track', '2026-11-23T09:35:00+01:00'],
        ['spot', '2026-11-23T09:30:02+01:00'],
        ['schedule', '2026-11-23T09:30:00+01:00'],
      ],
    );
    const fire = page.data[2]!;
    assert.equal(fire.name, 'Napi akció');
    assert.deepEqual(fire.spots, [{ id: spot.id, name: spot.name }]);
    assert.equal(fire.seconds, null);
    assert.equal(page.data[0]!.ended, false);
    assert.equal(page.data[0]!.seconds, 12);

    assert.deepEqual(
      (await log('?type=schedule&from=2026-11-17&to=2026-11-23')).data.map((e) => e.type),
      ['schedule'],
    );
    assert.deepEqual(
      (await log('?type=spot&from=2026-11-17&to=2026-11-23')).data.map((e) => e.type),
      ['spot'],
    );
    assert.equal((await log('?from=2026-11-15&to=2026-11-15')).data.length, 1);
    // The other shop sees none of it.
    assert.equal((await log('?from=2026-11-01&to=2026-11-30', other)).total, 0);
  });

  test('pages of 50 whose links keep the range and the type', async () => {
    const rows = Array.from({ length: PLAY_LOG_PER_PAGE + 7 }, (_, i) => ({
      customerId: demoId,
      playerId: player,
      reportId: `bulk-${i}-${reportId()}`,
      type: 'sound',
      itemId: sound,
      name: 'Csengő',
      startedAt: new Date(NOW - (i + 1) * 60_000),
      seconds: 2,
      ended: true,
    }));
    await t.database.db.insert(playReports).values(rows);
    const first = await log('?type=sound&from=2026-11-20&to=2026-11-23');
    assert.equal(first.total, PLAY_LOG_PER_PAGE + 7);
    assert.equal(first.data.length, PLAY_LOG_PER_PAGE);
    assert.equal(first.last_page, 2);
    assert.equal(first.next_page_url, '/api/play-log?from=2026-11-20&to=2026-11-23&type=sound&page=2');
    const second = await log('?type=sound&from=2026-11-20&to=2026-11-23&page=2');
    assert.equal(second.data.length, 7);
    const keys = new Set([...first.data, ...second.data].map((e) => e.key));
    assert.equal(keys.size, PLAY_LOG_PER_PAGE + 7, 'no entry on both pages');
  });

  test('a bad range is refused under its field', async () => {
    await expect422(await a.get('/api/play-log?from=2026-11-24&to=2026-11-20'), { to: [playLogMessages.dateOrder] });
    await expect422(await a.get('/api/play-log?from=2024-01-01&to=2026-11-20'), { from: [playLogMessages.range] });
    await expect422(await a.get('/api/play-log?from=2026-02-30'), { from: [playLogMessages.date] });
    assert.equal(playLogMessages.range, 'Az időszak legfeljebb 366 nap lehet.');
  });

  test("dates outside 2000–2100 are 422 under their field on the log, the counts and the export (the calendar's end no longer 500s)", async () => {
    assert.equal(playLogMessages.dateYears, 'A dátum 2000 és 2100 közé kell essen.');
    for (const path of ['/api/play-log', '/api/play-log/spots', '/api/play-log/export']) {
      await expect422(await a.get(`${path}?from=9999-12-31`), { from: [playLogMessages.dateYears] });
      await expect422(await a.get(`${path}?to=9999-12-31`), { to: [playLogMessages.dateYears] });
      await expect422(await a.get(`${path}?from=1999-12-31&to=2000-01-01`), { from: [playLogMessages.dateYears] });
      await expect422(await a.get(`${path}?from=2100-06-01&to=2101-01-01`), { to: [playLogMessages.dateYears] });
      await expect422(await a.get(`${path}?from=2026-01-01&to=2027-01-02`), { from: [playLogMessages.range] });
      // The edges themselves are days like any other.
      assert.equal((await a.get(`${path}?from=2100-12-31`)).statusCode, 200);
      assert.equal((await a.get(`${path}?from=2000-01-01&to=2000-12-31`)).statusCode, 200);
    }
    await expect422(await a.get('/api/play-log?type=video'), { type: [playLogMessages.logType] });
    assert.equal((await a.get('/api/play-log?page=0')).statusCode, 422);
  });
});

describe('GET /api/play-log/spots', () => {
  test('plays and plays heard to the end, per spot per shop day (23:30 UTC is the next day in Budapest)', async () => {
    for (const [at, ended] of [
      ['2026-11-22T10:00:00Z', true],
      ['2026-11-22T11:00:00Z', false],
      ['2026-11-22T23:30:00Z', true],
    ] as const) {
      await stored({ startedAt: at, ended });
    }
    await stored({ type: 'track', itemId: track, name: 'Zeneszám', startedAt: '2026-11-22T10:00:00Z' });
    const res = await a.get('/api/play-log/spots?from=2026-11-20&to=2026-11-23');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json() as SpotDayCount[], [
      { spot_id: spot.id, name: spot.name, day: '2026-11-23', plays: 1, completed: 1 },
      { spot_id: spot.id, name: spot.name, day: '2026-11-22', plays: 2, completed: 1 },
    ]);
    assert.deepEqual((await other.get('/api/play-log/spots?from=2026-11-20&to=2026-11-23')).json(), []);
  });
});

describe('GET /api/play-log/export', () => {
  test('CSV for Excel: BOM, Hungarian header, semicolons, local times, a formula-looking name neutralised, every row across batches', async () => {
    // A name as it played, which Excel would take for a formula.
    // The device it played on, by its label (no name given to it): the 'Lejátszó' column names it.
    await stored({
      name: '=HYPERLINK("x";"katt")',
      startedAt: '2026-11-23T08:30:02.000Z',
      seconds: 29.6,
      deviceLabel: 'Chrome · Windows',
    });
    const bulk = Array.from({ length: 1203 }, (_, i) => ({
      customerId: demoId,
      playerId: player,
      reportId: `csv-${i}-${reportId()}`,
      type: 'track',
      itemId: track,
      name: 'Zeneszám',
      // Many on the same instant: the export's keyset must not skip or repeat ties.
      startedAt: new Date(Date.parse('2026-11-22T12:00:00Z') + Math.floor(i / 10) * 1000),
      seconds: 180,
      ended: i % 2 === 0,
    }));
    await t.database.db.insert(playReports).values(bulk);

    const res = await a.get('/api/play-log/export?from=2026-11-22&to=2026-11-23');
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.equal(
      res.headers['content-disposition'],
      'attachment; filename="lejatszasi-naplo_2026-11-22_2026-11-23.csv"',
    );
    assert.ok(
      res.body.startsWith(
        '\uFEFFIdőpont;Típus;Név;Lejátszott idő (mp);Végig szólt;Lejátszó;Ütemezett szpotok;Zóna\r\n',
      ),
    );
    const lines = res.body.slice(1).split('\r\n').filter(Boolean);
    assert.equal(lines.length, 1 + 1203 + 1);
    const last = lines[lines.length - 1]!;
    assert.equal(last, `2026.11.23 09:30:02;Szpot;"'=HYPERLINK(""x"";""katt"")";29,6;igen;Chrome · Windows;;`);
    // A report stored before devices were recorded names none: an empty cell, never an internal id.
    assert.equal(lines[1], `2026.11.22 13:00:00;Zene;Zeneszám;180,0;igen;;;`);
    const bodyRows = await t.database.db
      .select()
      .from(playReports)
      .where(and(eq(playReports.customerId, demoId), eq(playReports.type, 'track')));
    assert.equal(bodyRows.length, 1203);
    // The other shop's export holds only the header.
    const theirs = await other.get('/api/play-log/export?from=2026-11-22&to=2026-11-23');
    assert.equal(theirs.body.slice(1).split('\r\n').filter(Boolean).length, 1);
  });
});
