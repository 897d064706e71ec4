import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { eq, sql } from 'drizzle-orm';
import {
  scheduledContentListSchema,
  scheduledContentMessages as M,
  scheduledContentSchema,
  schedulePreviewSchema,
  previewHoursMessage,
  PREVIEW_ENTRIES_MAX,
  SCHEDULED_CONTENTS_MAX,
  type ScheduledContent,
} from '../../contracts/scheduled-contents';
import { createScheduledContent, type ScheduledContentRow } from '../../server/src/db/queries/scheduled-contents';
import { buildPreview } from '../../server/src/routes/scheduled-contents';
import { customers, musicPlans, scheduledContents, spots } from '../../server/src/db/schema';
import { MIGRATIONS_FOLDER } from '../../server/src/db/client';
import { DAY_KEYS } from '../../contracts/names';
import { Client, createTestApp, loggedIn, multipart, OTHER, PNG, rowCount, type TestApp } from './helpers';

/**
 * Scheduled content ('Ütemezés'): list, create, update, toggle, delete, the body's rules (JSON,
 * urlencoded and multipart alike), tenant isolation of every id, unlinking on deletes, next play
 * times and the preview on an injected clock.
 */

// Monday 2026-11-23, 09:00 in Budapest (UTC+1).
const START = Date.parse('2026-11-23T08:00:00Z');
let now = START;

let t: TestApp;
let a: Client;
let other: Client;
let demoId: number;
let otherId: number;
const mine = { spots: [] as number[], slideshow: 0, slideshow2: 0, screen: 0, screen2: 0 };
const theirs = { spot: 0, slideshow: 0, screen: 0 };

const rows = async <T>(query: string) =>
  ((await t.database.db.execute(query as never)) as unknown as { rows: T[] }).rows;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (pairs: Array<[string, string | number]>) =>
  new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, String(v)])).toString();

async function list(c: Client = a): Promise<ScheduledContent[]> {
  const res = await c.get('/api/scheduled-contents');
  assert.equal(res.statusCode, 200, res.body);
  return scheduledContentListSchema.parse(res.json());
}

async function create(body: Record<string, unknown>, c: Client = a): Promise<ScheduledContent> {
  const res = await c.post('/api/scheduled-contents', body);
  assert.equal(res.statusCode, 201, res.body);
  return scheduledContentSchema.parse(res.json());
}

/** Every table a write touches, counted, so a refusal can be shown to have saved nothing. */
async function counts() {
  const out: Record<string, number> = {};
  for (const table of [
    'scheduled_contents',
    'scheduled_content_spots',
    'scheduled_content_slideshows',
    'scheduled_content_screens',
  ]) {
    out[table] = await rowCount(t, table);
  }
  return out;
}

async function expect422(
  body: Record<string, unknown> | string,
  errors: Record<string, string[]>,
  { url = '/api/scheduled-contents', headers }: { url?: string; headers?: Record<string, string> } = {},
) {
  const before = await counts();
  const res = await a.post(url, body, headers ? { headers } : {});
  assert.equal(res.statusCode, 422, res.body);
  const json = res.json() as { message: string; errors: Record<string, string[]> };
  assert.equal(typeof json.message, 'string');
  for (const [field, messages] of Object.entries(errors))
    assert.deepEqual(json.errors[field], messages, `${field}: ${res.body}`);
  assert.deepEqual(await counts(), before, 'a refusal saved something');
  return json;
}

const base = () => ({ name: 'Reggeli szpot', spots: [mine.spots[0]] });

before(async () => {
  t = await createTestApp({}, { clock: () => now });
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  const idOf = async (slug: string) =>
    (await t.database.db.select().from(customers).where(eq(customers.slug, slug)))[0]!.id;
  demoId = await idOf('demo');
  otherId = await idOf('other');
  mine.spots = (await rows<{ id: number }>(`select id from spots where customer_id = ${demoId} order by id`)).map(
    (r) => r.id,
  );
  assert.ok(mine.spots.length >= 3, 'the demo shop has at least three spots');
  theirs.spot = (
    await rows<{ id: number }>(`select id from spots where customer_id = ${otherId} order by id limit 1`)
  )[0]!.id;
  const shop = async (c: Client, name: string) => {
    const slideshow = (await c.post('/api/slideshows', { name })).json().id as number;
    const { body, headers } = multipart({}, [{ filename: 'kep.png', data: PNG }]);
    assert.equal((await c.post(`/api/slideshows/${slideshow}/image`, body, { headers })).statusCode, 201);
    const screen = (await c.post('/api/screens', { name: `${name} kijelző` })).json().id as number;
    return { slideshow, screen };
  };
  Object.assign(mine, await shop(a, 'Akció'));
  const second = await shop(a, 'Nyitás');
  mine.slideshow2 = second.slideshow;
  mine.screen2 = second.screen;
  Object.assign(theirs, await shop(other, 'Másik'));
});
after(async () => {
  await t?.close();
});
beforeEach(() => {
  now = START;
});

describe('the demo seed', () => {
  test('an active half-past-the-hour spot in opening hours (with a real next play time) and an inactive welcome', async () => {
    const seeded = (await list()).filter((i) => ['Óránkénti akció szpot', 'Reggeli köszöntő'].includes(i.name));
    const hourly = seeded.find((i) => i.name === 'Óránkénti akció szpot')!;
    assert.equal(hourly.active, true);
    assert.equal(hourly.frequency, 'hourlyAt30');
    assert.deepEqual([hourly.between_from, hourly.between_to, hourly.sunday], ['09:00', '20:00', false]);
    assert.equal(hourly.spots.length, 1);
    assert.equal(hourly.next_play_at, '2026-11-23T09:30:00+01:00');
    const welcome = seeded.find((i) => i.name === 'Reggeli köszöntő')!;
    assert.equal(welcome.active, false);
    assert.equal(welcome.slideshows.length, 1);
    assert.equal(welcome.screens.length, 1);
    assert.deepEqual(await list(other).then((items) => items.filter((i) => seeded.some((s) => s.id === i.id))), []);
  });
});

describe('POST /api/scheduled-contents (create)', () => {
  test('JSON with the defaults: active, every minute, every day, no bounds; links as [{id, name}] in the chosen order', async () => {
    const order = [mine.spots[2]!, mine.spots[0]!];
    const item = await create({
      name: '  Reggeli szpot  ',
      spots: [...order, order[0]],
      slideshows: [mine.slideshow],
      screens: [mine.screen2, mine.screen],
    });
    assert.equal(item.name, 'Reggeli szpot');
    assert.equal(item.active, true);
    assert.equal(item.frequency, 'everyMinute');
    for (const k of [
      'date_from',
      'date_to',
      'between_from',
      'between_to',
      'unless_between_from',
      'unless_between_to',
    ] as const) {
      assert.equal(item[k], null, k);
    }
    for (const k of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const)
      assert.equal(item[k], true, k);
    // A repeated id counts once, at its first place.
    assert.deepEqual(
      item.spots.map((s) => s.id),
      order,
    );
    const names = await rows<{ id: number; name: string }>(
      `select id, name from spots where id in (${order.join(',')})`,
    );
    assert.deepEqual(
      item.spots,
      order.map((id) => ({ id, name: names.find((n) => n.id === id)!.name })),
    );
    assert.deepEqual(item.slideshows, [{ id: mine.slideshow, name: 'Akció' }]);
    assert.deepEqual(item.screens, [
      { id: mine.screen2, name: 'Nyitás kijelző' },
      { id: mine.screen, name: 'Akció kijelző' },
    ]);
    // Every minute: due at the clock's own minute start.
    assert.equal(item.next_play_at, '2026-11-23T09:00:00+01:00');
    assert.match(item.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  test('urlencoded form: lists as key[], times in H:i normalized, only the sent days chosen, active=0', async () => {
    const body = form([
      ['name', 'Űrlapos'],
      ['frequency', 'hourlyAt15'],
      ['active', '0'],
      ['date_from', '2026-11-01'],
      ['date_to', '2026-12-31'],
      ['between_from', '8:05'],
      ['between_to', '17:30'],
      ['unless_between_from', '12:00'],
      ['unless_between_to', '13:00'],
      ['monday', '1'],
      ['friday', '1'],
      ['sunday', '0'],
      ['spots[]', mine.spots[1]!],
      ['spots[]', mine.spots[0]!],
      ['slideshows[]', mine.slideshow],
      ['screens[]', mine.screen],
    ]);
    const res = await a.post('/api/scheduled-contents', body, { headers: FORM });
    assert.equal(res.statusCode, 201, res.body);
    const item = scheduledContentSchema.parse(res.json());
    assert.equal(item.active, false);
    assert.equal(item.next_play_at, null, 'inactive: no next play time');
    assert.equal(item.frequency, 'hourlyAt15');
    assert.deepEqual([item.date_from, item.date_to], ['2026-11-01', '2026-12-31']);
    assert.deepEqual([item.between_from, item.between_to], ['08:05', '17:30']);
    assert.deepEqual([item.unless_between_from, item.unless_between_to], ['12:00', '13:00']);
    assert.deepEqual(
      [item.monday, item.tuesday, item.wednesday, item.thursday, item.friday, item.saturday, item.sunday],
      [true, false, false, false, true, false, false],
    );
    assert.deepEqual(
      item.spots.map((s) => s.id),
      [mine.spots[1], mine.spots[0]],
    );
  });

  test('multipart form: indexed lists, no day keys at all = every day, active absent = active', async () => {
    const { body, headers } = multipart({
      name: 'Multipart',
      frequency: 'everyFifteenMinutes',
      'spots[0]': mine.spots[0]!,
      'spots[1]': mine.spots[2]!,
    });
    const res = await a.post('/api/scheduled-contents', body, { headers });
    assert.equal(res.statusCode, 201, res.body);
    const item = scheduledContentSchema.parse(res.json());
    assert.equal(item.active, true);
    assert.equal(item.sunday, true);
    assert.deepEqual(
      item.spots.map((s) => s.id),
      [mine.spots[0], mine.spots[2]],
    );
    assert.equal(item.next_play_at, '2026-11-23T09:00:00+01:00');
  });

  test('a slideshow-only item (with its screens) is accepted', async () => {
    const item = await create({ name: 'Csak vetítés', slideshows: [mine.slideshow], screens: [mine.screen] });
    assert.deepEqual(item.spots, []);
  });
});

describe('validation (422 under each field, nothing saved)', () => {
  test('name required', async () => {
    await expect422({ ...base(), name: '  ' }, { name: ['A név megadása kötelező.'] });
  });

  test('unknown frequency', async () => {
    await expect422({ ...base(), frequency: 'weekly' }, { frequency: [M.frequency] });
    await expect422({ ...base(), frequency: 5 }, { frequency: [M.frequency] });
  });

  test('a time that is not H:i', async () => {
    for (const bad of ['24:00', '12:60', '8', '08:05:00', 'nyolc', 805]) {
      await expect422({ ...base(), between_from: bad, between_to: '10:00' }, { between_from: [M.time] });
    }
    await expect422(
      { ...base(), unless_between_from: '10:00', unless_between_to: '9.30' },
      { unless_between_to: [M.time] },
    );
  });

  test('one end of a window without the other, and equal ends', async () => {
    await expect422({ ...base(), between_from: '08:00' }, { between_to: [M.windowOtherEnd] });
    await expect422({ ...base(), between_to: '08:00', between_from: '' }, { between_from: [M.windowOtherEnd] });
    await expect422(
      { ...base(), unless_between_from: '22:00', unless_between_to: null },
      { unless_between_to: [M.windowOtherEnd] },
    );
    await expect422({ ...base(), unless_between_to: '06:00' }, { unless_between_from: [M.windowOtherEnd] });
    await expect422({ ...base(), between_from: '8:00', between_to: '08:00' }, { between_to: [M.windowEqual] });
  });

  test('dates: real calendar days, and the end not before the start', async () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-1-5', '26-01-05', 'holnap', 20260105]) {
      await expect422({ ...base(), date_from: bad }, { date_from: [M.date] });
    }
    await expect422({ ...base(), date_from: '2026-11-10', date_to: '2026-11-09' }, { date_to: [M.dateOrder] });
    // The same day at both ends is one day, not an error.
    await create({ ...base(), date_from: '2026-11-23', date_to: '2026-11-23' });
  });

  test('no day chosen (JSON false, form 0, or some days sent and none of them true)', async () => {
    const days = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, false]),
    );
    await expect422({ ...base(), ...days }, { days: [M.days] });
    await expect422({ ...base(), monday: '0' }, { days: [M.days] });
    await expect422(
      form([
        ['name', 'x'],
        ['spots[]', mine.spots[0]!],
        ['tuesday', '0'],
      ]),
      { days: [M.days] },
      { headers: FORM },
    );
  });

  test('no spot and no slideshow; screens without a slideshow; a slideshow without a screen', async () => {
    await expect422({ name: 'Üres' }, { spots: [M.nothingToPlay] });
    await expect422({ name: 'Üres', spots: [], slideshows: [] }, { spots: [M.nothingToPlay] });
    await expect422({ ...base(), screens: [mine.screen] }, { screens: [M.screensWithoutSlideshow] });
    await expect422({ ...base(), slideshows: [mine.slideshow] }, { screens: [M.screensRequired] });
  });

  test('malformed and too many ids', async () => {
    await expect422({ ...base(), spots: ['abc'] }, { spots: [M.idsInvalid] });
    await expect422({ ...base(), spots: [0] }, { spots: [M.idsInvalid] });
    await expect422({ ...base(), slideshows: [-1], screens: [mine.screen] }, { slideshows: [M.idsInvalid] });
    await expect422({ ...base(), spots: Array.from({ length: 51 }, (_, i) => i + 1) }, { spots: [M.tooMany] });
  });

  test("another shop's (or a missing) spot, slideshow or screen: 422 under that list, nothing saved", async () => {
    await expect422({ ...base(), spots: [mine.spots[0], theirs.spot] }, { spots: [M.unknown] });
    await expect422({ ...base(), spots: [999_999] }, { spots: [M.unknown] });
    await expect422({ ...base(), slideshows: [theirs.slideshow], screens: [mine.screen] }, { slideshows: [M.unknown] });
    await expect422({ ...base(), slideshows: [mine.slideshow], screens: [theirs.screen] }, { screens: [M.unknown] });
    const both = await expect422(
      { ...base(), spots: [theirs.spot], slideshows: [theirs.slideshow], screens: [theirs.screen] },
      { spots: [M.unknown], slideshows: [M.unknown], screens: [M.unknown] },
    );
    assert.equal(Object.keys(both.errors).length, 3);
  });

  test('every error at once, in a form', async () => {
    const res = await expect422(
      form([
        ['name', ''],
        ['frequency', 'sometimes'],
        ['date_from', '2026-12-01'],
        ['date_to', '2026-11-01'],
        ['between_from', '25:00'],
        ['unless_between_from', '10:00'],
        ['monday', '0'],
        ['screens[]', mine.screen],
      ]),
      {
        name: ['A név megadása kötelező.'],
        frequency: [M.frequency],
        date_to: [M.dateOrder],
        between_from: [M.time],
        unless_between_to: [M.windowOtherEnd],
        days: [M.days],
        spots: [M.nothingToPlay],
        screens: [M.screensWithoutSlideshow],
      },
      { headers: FORM },
    );
    // A malformed end is reported as such, not also as a missing other end.
    assert.equal(res.errors.between_to, undefined);
  });
});

describe('POST /api/scheduled-contents/{id} (update)', () => {
  test('overwrites every field and list; the order is the new one; active absent keeps the state', async () => {
    const item = await create({ ...base(), slideshows: [mine.slideshow], screens: [mine.screen] });
    const toggled = await a.post(`/api/scheduled-contents/toggle/${item.id}`);
    assert.equal(toggled.json().active, false);
    const res = await a.post(`/api/scheduled-contents/${item.id}`, {
      id: item.id,
      name: 'Átnevezett',
      frequency: 'hourly',
      between_from: '09:00',
      between_to: '20:00',
      monday: true,
      tuesday: true,
      spots: [mine.spots[2], mine.spots[1]],
    });
    assert.equal(res.statusCode, 200, res.body);
    const updated = scheduledContentSchema.parse(res.json());
    assert.equal(updated.id, item.id);
    assert.equal(updated.active, false, 'active absent: kept');
    assert.equal(updated.name, 'Átnevezett');
    assert.equal(updated.frequency, 'hourly');
    assert.equal(updated.wednesday, false);
    assert.deepEqual(
      updated.spots.map((s) => s.id),
      [mine.spots[2], mine.spots[1]],
    );
    assert.deepEqual(updated.slideshows, []);
    assert.deepEqual(updated.screens, []);
    assert.equal(updated.created_at, item.created_at);
    const reactivated = await a.post(`/api/scheduled-contents/${item.id}`, { ...base(), active: '1' });
    assert.equal(reactivated.json().active, true);
  });

  test('a refused update changes nothing (fields and links)', async () => {
    const item = await create({ ...base(), name: 'Marad', slideshows: [mine.slideshow], screens: [mine.screen] });
    await expect422(
      { name: 'Új név', spots: [mine.spots[1]], slideshows: [mine.slideshow], screens: [mine.screen, theirs.screen] },
      { screens: [M.unknown] },
      { url: `/api/scheduled-contents/${item.id}` },
    );
    await expect422(
      { name: 'Új név', frequency: 'never', spots: [mine.spots[1]] },
      { frequency: [M.frequency] },
      {
        url: `/api/scheduled-contents/${item.id}`,
      },
    );
    const now = (await list()).find((i) => i.id === item.id)!;
    assert.deepEqual(now, { ...item });
  });

  test("another shop's item, or none: 404, nothing changes", async () => {
    const theirsItem = await create({ name: 'Másiké', spots: [theirs.spot] }, other);
    for (const id of [theirsItem.id, 999_999]) {
      const res = await a.post(`/api/scheduled-contents/${id}`, base());
      assert.equal(res.statusCode, 404, res.body);
      assert.deepEqual(res.json(), { message: 'Nem található.' });
    }
    assert.deepEqual(
      (await list(other)).find((i) => i.id === theirsItem.id),
      theirsItem,
    );
  });
});

describe('toggle and delete', () => {
  test('toggle flips active and answers the item; inactive has no next play time', async () => {
    const item = await create(base());
    const off = await a.post(`/api/scheduled-contents/toggle/${item.id}`);
    assert.equal(off.statusCode, 200, off.body);
    assert.deepEqual(scheduledContentSchema.parse(off.json()), { ...item, active: false, next_play_at: null });
    const on = await a.post(`/api/scheduled-contents/toggle/${item.id}`, {});
    assert.equal(on.json().active, true);
    assert.equal(on.json().next_play_at, item.next_play_at);
  });

  test('delete answers true (form `id` too) and removes the item with its links', async () => {
    const item = await create({ ...base(), slideshows: [mine.slideshow], screens: [mine.screen] });
    const res = await a.post(`/api/scheduled-contents/delete/${item.id}`, form([['id', item.id]]), { headers: FORM });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json(), true);
    assert.equal(
      (await list()).some((i) => i.id === item.id),
      false,
    );
    const links = await rows<{ n: number }>(
      `select count(*)::int as n from scheduled_content_spots where scheduled_content_id = ${item.id}`,
    );
    assert.equal(links[0]!.n, 0);
    assert.equal((await a.post(`/api/scheduled-contents/delete/${item.id}`)).statusCode, 404);
  });

  test("another shop's item: toggle and delete answer 404 and change nothing", async () => {
    const theirsItem = await create({ name: 'Másiké', spots: [theirs.spot] }, other);
    for (const url of [
      `/api/scheduled-contents/toggle/${theirsItem.id}`,
      `/api/scheduled-contents/delete/${theirsItem.id}`,
    ]) {
      const res = await a.post(url);
      assert.equal(res.statusCode, 404, res.body);
    }
    assert.deepEqual(
      (await list(other)).find((i) => i.id === theirsItem.id),
      theirsItem,
    );
  });
});

describe('GET /api/scheduled-contents', () => {
  test("a bare array, newest first, of this shop's items only", async () => {
    const first = await create({ ...base(), name: 'Első' });
    const second = await create({ ...base(), name: 'Második' });
    const items = await list();
    assert.ok(Array.isArray(items));
    assert.deepEqual(
      items.slice(0, 2).map((i) => i.id),
      [second.id, first.id],
    );
    const otherIds = new Set((await list(other)).map((i) => i.id));
    assert.ok(items.every((i) => !otherIds.has(i.id)));
  });
});

describe('next_play_at (the injected clock, the shop time zone)', () => {
  const rule = {
    name: 'Óránként fél',
    frequency: 'hourlyAt30',
    between_from: '09:00',
    between_to: '20:00',
    spots: [] as number[],
  };

  test('the next fire in local time with the offset; past the window it is the next morning', async () => {
    const body = { ...rule, spots: [mine.spots[0]] };
    now = Date.parse('2026-11-23T08:10:20Z'); // 09:10:20 local
    assert.equal((await create(body)).next_play_at, '2026-11-23T09:30:00+01:00');
    now = Date.parse('2026-11-23T18:45:00Z'); // 19:45 local: 19:30 has passed, 20:30 is outside
    assert.equal((await create(body)).next_play_at, '2026-11-24T09:30:00+01:00');
    now = Date.parse('2026-07-06T05:00:00Z'); // summer: +02:00
    assert.equal((await create(body)).next_play_at, '2026-07-06T09:30:00+02:00');
  });

  test('weekdays only: from Friday evening to Monday morning', async () => {
    now = Date.parse('2026-11-27T19:00:00Z'); // Friday 20:00 local
    const item = await create({
      ...rule,
      spots: [mine.spots[0]],
      saturday: false,
      sunday: false,
      monday: true,
      tuesday: true,
      wednesday: true,
      thursday: true,
      friday: true,
    });
    assert.equal(item.next_play_at, '2026-11-30T09:30:00+01:00');
  });

  test('null when it will not fire again (the end date has passed)', async () => {
    const item = await create({ ...rule, spots: [mine.spots[0]], date_from: '2026-01-01', date_to: '2026-11-22' });
    assert.equal(item.active, true);
    assert.equal(item.next_play_at, null);
  });

  test("the shop's own time zone (customers.timezone)", async () => {
    await t.database.db.update(customers).set({ timezone: 'America/New_York' }).where(eq(customers.id, otherId));
    try {
      const item = await create({ ...rule, spots: [theirs.spot] }, other);
      // 08:00 UTC is 03:00 in New York: the window opens at 09:00 there.
      assert.equal(item.next_play_at, '2026-11-23T09:30:00-05:00');
    } finally {
      await t.database.db.update(customers).set({ timezone: 'Europe/Budapest' }).where(eq(customers.id, otherId));
    }
  });
});

describe('GET /api/scheduled-contents/preview', () => {
  let longSpot: number;
  let shortSpot: number;
  before(async () => {
    // Spots of known length: 150 s and 10 s.
    const [long, short] = await t.database.db
      .insert(spots)
      .values([
        { customerId: demoId, name: 'Hosszú', fileName: 'hosszu.mp3', filePath: 'assets/none.mp3', duration: 150 },
        { customerId: demoId, name: 'Rövid', fileName: 'rovid.mp3', filePath: 'assets/none.mp3', duration: 10 },
      ])
      .returning();
    longSpot = long!.id;
    shortSpot = short!.id;
  });
  beforeEach(async () => {
    // Only the items a test creates are active.
    await t.database.db
      .update(scheduledContents)
      .set({ active: false })
      .where(eq(scheduledContents.customerId, demoId));
  });

  const previewAll = async (query = '') => {
    const res = await a.get(`/api/scheduled-contents/preview${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return schedulePreviewSchema.parse(res.json());
  };
  const preview = async (query = '') => (await previewAll(query)).fires;

  test('hours: 1..168 whole, default 24; else 422 under hours', async () => {
    for (const bad of ['0', '169', '-1', '1.5', 'abc', '24x']) {
      const res = await a.get(`/api/scheduled-contents/preview?hours=${bad}`);
      assert.equal(res.statusCode, 422, `${bad}: ${res.body}`);
      assert.deepEqual(res.json().errors, { hours: [previewHoursMessage] });
    }
    await create({ name: 'Óránként', frequency: 'hourly', spots: [shortSpot] });
    assert.equal((await preview()).length, 24);
    assert.equal((await preview('?hours=1')).length, 1);
    assert.equal((await preview('?hours=168')).length, 168);
  });

  test('time order; same_minute and overrun clashes; inactive and other shops left out', async () => {
    const a2 = await create({ name: 'Kétpercenként', frequency: 'everyTwoMinutes', spots: [longSpot] });
    const b5 = await create({
      name: 'Ötpercenként',
      frequency: 'everyFiveMinutes',
      spots: [shortSpot],
      slideshows: [mine.slideshow],
      screens: [mine.screen],
    });
    const off = await create({ name: 'Kikapcsolt', frequency: 'everyMinute', spots: [shortSpot], active: false });
    await create({ name: 'Másiké', frequency: 'everyMinute', spots: [theirs.spot] }, other);
    const entries = await preview('?hours=1');
    assert.equal(entries.length, 30 + 12);
    assert.ok(entries.every((e) => e.scheduled_content_id !== off.id));
    assert.ok(entries.every((e) => [a2.id, b5.id].includes(e.scheduled_content_id)));
    const times = entries.map((e) => Date.parse(e.at));
    assert.deepEqual(
      times,
      [...times].sort((x, y) => x - y),
    );
    const at = (local: string, id: number) =>
      entries.find((e) => e.at === `2026-11-23T${local}:00+01:00` && e.scheduled_content_id === id);
    // 09:00: both fire (ties in id order).
    assert.deepEqual(
      entries.slice(0, 2).map((e) => [e.scheduled_content_id, e.clash]),
      [
        [a2.id, 'same_minute'],
        [b5.id, 'same_minute'],
      ],
    );
    // 09:02: the 150 s spot outlasts the 120 s to 09:04.
    assert.equal(at('09:02', a2.id)?.clash, 'overrun');
    // 09:04: the next fire is the other item's at 09:05.
    assert.equal(at('09:04', a2.id)?.clash, 'overrun');
    // 09:05: 10 s of spots, a minute to 09:06: fine.
    assert.equal(at('09:05', b5.id)?.clash, null);
    // 09:58: the next fire (10:00) is past the hour but still judges it.
    assert.equal(at('09:58', a2.id)?.clash, 'overrun');
    const entry = at('09:05', b5.id)!;
    assert.equal(entry.name, 'Ötpercenként');
    assert.deepEqual(entry.spots, [{ id: shortSpot, name: 'Rövid', duration: 10 }]);
    assert.deepEqual(entry.slideshows, [{ id: mine.slideshow, name: 'Akció' }]);
  });

  test('an item with no spots never overruns; the clock decides where the preview starts', async () => {
    now = Date.parse('2026-11-23T08:00:30Z');
    const item = await create({
      name: 'Vetítés',
      frequency: 'everyMinute',
      slideshows: [mine.slideshow],
      screens: [mine.screen],
    });
    const entries = await preview('?hours=1');
    assert.equal(entries[0]!.at, '2026-11-23T09:01:00+01:00');
    assert.ok(entries.every((e) => e.scheduled_content_id === item.id && e.clash === null));
  });
});

describe("'Csak nyitvatartási időben' (only_open) and the preview's whole day", () => {
  beforeEach(async () => {
    await t.database.db
      .update(scheduledContents)
      .set({ active: false })
      .where(eq(scheduledContents.customerId, demoId));
  });
  after(async () => {
    await t.database.db.update(musicPlans).set({ enabled: false }).where(eq(musicPlans.customerId, demoId));
  });

  test('a new item is only_open unless it says; an update without the field keeps it; a form sends 0', async () => {
    const plain = await create(base());
    assert.equal(plain.only_open, true);
    const off = await create({ ...base(), only_open: false });
    assert.equal(off.only_open, false);
    const updated = await a.post(`/api/scheduled-contents/${off.id}`, { ...base(), name: 'Átnevezett' });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.json().only_open, false);
    const res = await a.post(
      `/api/scheduled-contents/${plain.id}`,
      form([
        ['name', 'Űrlapból'],
        ['spots[]', mine.spots[0]!],
        ['only_open', '0'],
      ]),
      { headers: FORM },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().only_open, false);
  });

  test('fires of an only_open item in closed minutes are skipped (and clash with nothing); music events from the hours and the enabled plan', async () => {
    // The demo shop: open Monday to Saturday 08:00–20:00, three blocks (seed); the plan switched on here.
    await t.database.db.update(musicPlans).set({ enabled: true }).where(eq(musicPlans.customerId, demoId));
    const gated = await create({ ...base(), name: 'Csak nyitva', frequency: 'hourly' });
    const control = await create({ ...base(), name: 'Mindig', frequency: 'hourly', only_open: false });
    const res = await a.get('/api/scheduled-contents/preview?hours=24');
    assert.equal(res.statusCode, 200, res.body);
    const body = schedulePreviewSchema.parse(res.json());
    assert.deepEqual(Object.keys(res.json()).sort(), ['fires', 'from', 'music', 'until']);
    assert.equal(body.from, '2026-11-23T09:00:00+01:00');
    assert.equal(body.until, '2026-11-24T09:00:00+01:00');

    const fire = (local: string, id: number) =>
      body.fires.find((e) => e.at === local && e.scheduled_content_id === id)!;
    // Monday 19:00: open, both play in one minute.
    assert.equal(fire('2026-11-23T19:00:00+01:00', gated.id).skipped, undefined);
    assert.equal(fire('2026-11-23T19:00:00+01:00', gated.id).clash, 'same_minute');
    // 20:00 (closing) to 07:00: the gated item is skipped, the control plays alone (no clash).
    for (const local of ['2026-11-23T20:00:00+01:00', '2026-11-24T03:00:00+01:00', '2026-11-24T07:00:00+01:00']) {
      assert.equal(fire(local, gated.id).skipped, true, local);
      assert.equal(fire(local, gated.id).clash, null, local);
      assert.equal(fire(local, control.id).skipped, undefined, local);
      assert.equal(fire(local, control.id).clash, null, local);
    }
    // Tuesday 08:00: open again.
    assert.equal(fire('2026-11-24T08:00:00+01:00', gated.id).skipped, undefined);
    assert.equal(body.fires.filter((e) => e.skipped).length, 12);
    assert.ok(body.fires.filter((e) => e.skipped).every((e) => e.scheduled_content_id === gated.id));

    const channelId = async (name: string) =>
      (await rows<{ id: number }>(`select id from channels where name = '${name}'`))[0]!.id;
    const blockId = async (name: string) =>
      (
        await rows<{ id: number }>(
          `select id from music_plan_blocks where name = '${name}' and customer_id = ${demoId}`,
        )
      )[0]!.id;
    assert.deepEqual(body.music, [
      {
        at: '2026-11-23T12:00:00+01:00',
        kind: 'block',
        block_id: await blockId('Délutáni lendület'),
        source: { type: 'channel', id: await channelId('Napfényes pop'), name: 'Napfényes pop' },
        volume: 75,
      },
      {
        at: '2026-11-23T17:00:00+01:00',
        kind: 'block',
        block_id: await blockId('Esti jazz'),
        source: { type: 'channel', id: await channelId('Esti jazz bár'), name: 'Esti jazz bár' },
        volume: 65,
      },
      // The 20:00 end of the last block falls on the closing: only the closing is heard.
      { at: '2026-11-23T20:00:00+01:00', kind: 'close' },
      {
        at: '2026-11-24T08:00:00+01:00',
        kind: 'open',
        block_id: await blockId('Reggeli nyugalom'),
        source: { type: 'channel', id: await channelId('Reggeli kávé'), name: 'Reggeli kávé' },
        volume: 60,
      },
    ]);

    // The plan switched off: the opening and closing stay, with nothing said about the music.
    await t.database.db.update(musicPlans).set({ enabled: false }).where(eq(musicPlans.customerId, demoId));
    const off = schedulePreviewSchema.parse((await a.get('/api/scheduled-contents/preview?hours=24')).json());
    assert.deepEqual(off.music, [
      { at: '2026-11-23T20:00:00+01:00', kind: 'close' },
      { at: '2026-11-24T08:00:00+01:00', kind: 'open' },
    ]);
  });

  test("an only_open item's next_play_at skips the closed minutes, as its fires do", async () => {
    const before = (await a.get('/api/opening-hours')).json<Record<string, unknown>>();
    try {
      // Closing at 23:04 every day; on Wednesday open until 23:50.
      const res = await a.post('/api/opening-hours', {
        week: DAY_KEYS.map((day) => ({ day, open: '08:00', close: '23:04' })),
        exceptions: [{ date: '2026-11-25', name: 'Hosszú nyitva', open: '08:00', close: '23:50' }],
      });
      assert.equal(res.statusCode, 200, res.body);
      const rule = { ...base(), frequency: 'everyMinute', between_from: '23:05', between_to: '23:06' };
      const gated = await create({ ...rule, name: 'Zárás után' });
      const control = await create({ ...rule, name: 'Mindig', only_open: false });
      assert.equal(gated.next_play_at, '2026-11-25T23:05:00+01:00');
      assert.equal(control.next_play_at, '2026-11-23T23:05:00+01:00');
      const listed = await list();
      assert.equal(listed.find((i) => i.id === gated.id)?.next_play_at, '2026-11-25T23:05:00+01:00');
      assert.equal(listed.find((i) => i.id === control.id)?.next_play_at, '2026-11-23T23:05:00+01:00');
      // Without the late day it never plays within the year.
      await a.post('/api/opening-hours', {
        week: DAY_KEYS.map((day) => ({ day, open: '08:00', close: '23:04' })),
        exceptions: [],
      });
      assert.equal((await list()).find((i) => i.id === gated.id)?.next_play_at, null);
      // The runner agrees: Monday 23:05 fires only the item not bound to the hours.
      now = Date.parse('2026-11-23T23:05:00+01:00');
      const fired = await t.app.scheduler.tick(now);
      assert.deepEqual(
        fired.map((f) => f.scheduledContentId).filter((id) => id === gated.id || id === control.id),
        [control.id],
      );
    } finally {
      now = START;
      await a.post('/api/opening-hours', before);
    }
  });

  test('a shop without opening hours is always open: nothing skipped, no music events', async () => {
    await create({ spots: [theirs.spot], name: 'Másik boltban', frequency: 'hourly' }, other);
    const res = await other.get('/api/scheduled-contents/preview?hours=24');
    const body = schedulePreviewSchema.parse(res.json());
    assert.ok(body.fires.length >= 24);
    assert.ok(body.fires.every((e) => e.skipped === undefined));
    assert.deepEqual(body.music, []);
  });
});

describe('the only_open migration', () => {
  test('items saved before it keep firing in closed hours (false); the column then defaults to false for raw inserts', async () => {
    // A database migrated up to the migration before, with an item in it, then migrated on.
    const dir = await mkdtemp(path.join(tmpdir(), 'only-open-'));
    try {
      await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
      const journalFile = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
      const at = journal.entries.findIndex((e) => e.tag.endsWith('_scheduled_only_open'));
      assert.ok(at > 0, 'the migration is in the journal');
      await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      const client = new PGlite();
      const db = drizzle(client);
      try {
        await migrate(db, { migrationsFolder: dir });
        await client.exec(`
          INSERT INTO customers (name, slug) VALUES ('Régi bolt', 'regi');
          INSERT INTO scheduled_contents (customer_id, name) SELECT id, 'Régi ütemezés' FROM customers WHERE slug = 'regi';
        `);
        await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
        const { rows: after } = await client.query<{ only_open: boolean }>(
          `SELECT only_open FROM scheduled_contents WHERE name = 'Régi ütemezés'`,
        );
        assert.deepEqual(after, [{ only_open: false }]);
      } finally {
        await client.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the preview gives way to other requests', () => {
  test('200 items over 168 hours: the event loop gets turns while the preview is built', async () => {
    // Every item a rule of its own, so no work is shared between them.
    const items = Array.from({ length: SCHEDULED_CONTENTS_MAX }, (_, i) => ({
      id: i + 1,
      customerId: demoId,
      name: `Tétel ${i + 1}`,
      active: true,
      frequency: 'everyMinute',
      dateFrom: null,
      dateTo: null,
      betweenFrom: `0${i % 10}:00`,
      betweenTo: `23:${String(i % 60).padStart(2, '0')}`,
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
      allZones: true,
      createdAt: new Date(START),
      updatedAt: new Date(START),
      spots: [{ id: 1, name: 'Szpot', duration: 30 }],
      slideshows: [],
      screens: [],
      zones: [],
    })) satisfies ScheduledContentRow[];
    let turns = 0;
    let building = true;
    const turn = () => {
      turns += 1;
      if (building) setImmediate(turn);
    };
    setImmediate(turn);
    const entries = await buildPreview(items, START, 168, 'Europe/Budapest');
    building = false;
    assert.equal(entries.length, PREVIEW_ENTRIES_MAX);
    assert.ok(turns > 0, 'the preview held the event loop from start to end');
  });
});

describe('deleting a spot, slideshow or screen unlinks it; an item left with nothing to play turns inactive', () => {
  test('spot', async () => {
    const [spot] = await t.database.db
      .insert(spots)
      .values({ customerId: demoId, name: 'Törlendő', fileName: 't.mp3', filePath: 'assets/none.mp3', duration: 5 })
      .returning();
    const only = await create({ name: 'Csak ez', spots: [spot!.id] });
    const withMore = await create({ name: 'Több', spots: [spot!.id, mine.spots[0]] });
    const inactive = await create({ name: 'Kikapcsolt', spots: [spot!.id], active: false });
    const res = await a.post(`/api/spots/delete/${spot!.id}`);
    assert.equal(res.statusCode, 200, res.body);
    const items = await list();
    const byId = (id: number) => items.find((i) => i.id === id)!;
    assert.equal(byId(only.id).active, false);
    assert.deepEqual(byId(only.id).spots, []);
    assert.equal(byId(withMore.id).active, true);
    assert.deepEqual(
      byId(withMore.id).spots.map((s) => s.id),
      [mine.spots[0]],
    );
    assert.equal(byId(inactive.id).active, false);
  });

  test('screen: a slideshow left with no screen is sent nowhere, so that item turns inactive', async () => {
    const screen = (await a.post('/api/screens', { name: 'Ideiglenes' })).json().id as number;
    const onlyShow = await create({ name: 'Vetítés', slideshows: [mine.slideshow], screens: [screen] });
    const twoScreens = await create({
      name: 'Két kijelző',
      slideshows: [mine.slideshow],
      screens: [screen, mine.screen],
    });
    const withSpot = await create({
      name: 'Szpottal',
      spots: [mine.spots[0]],
      slideshows: [mine.slideshow],
      screens: [screen],
    });
    assert.equal((await a.post(`/api/screens/delete/${screen}`)).statusCode, 200);
    const items = await list();
    const byId = (id: number) => items.find((i) => i.id === id)!;
    assert.equal(byId(onlyShow.id).active, false);
    assert.equal(byId(twoScreens.id).active, true);
    assert.deepEqual(byId(twoScreens.id).screens, [{ id: mine.screen, name: 'Akció kijelző' }]);
    assert.equal(byId(withSpot.id).active, true);
  });

  test("slideshow; another shop's items are left alone", async () => {
    const slideshow = (await a.post('/api/slideshows', { name: 'Ideiglenes' })).json().id as number;
    const onlyShow = await create({ name: 'Vetítés', slideshows: [slideshow], screens: [mine.screen] });
    const withSpot = await create({
      name: 'Szpottal',
      spots: [mine.spots[0]],
      slideshows: [slideshow],
      screens: [mine.screen],
    });
    const theirsItem = await create(
      { name: 'Másiké', slideshows: [theirs.slideshow], screens: [theirs.screen] },
      other,
    );
    const otherBefore = await rows<{ n: number }>(
      `select count(*)::int as n from scheduled_contents where customer_id = ${otherId} and active`,
    );
    assert.equal((await a.post(`/api/slideshows/${slideshow}/delete`)).statusCode, 200);
    const items = await list();
    const byId = (id: number) => items.find((i) => i.id === id)!;
    assert.equal(byId(onlyShow.id).active, false);
    assert.deepEqual(byId(onlyShow.id).slideshows, []);
    assert.equal(byId(withSpot.id).active, true);
    assert.deepEqual(byId(withSpot.id).slideshows, []);
    // The other shop's item is untouched, though it too has a slideshow and a screen only.
    assert.equal((await list(other)).find((i) => i.id === theirsItem.id)!.active, true);
    const otherAfter = await rows<{ n: number }>(
      `select count(*)::int as n from scheduled_contents where customer_id = ${otherId} and active`,
    );
    assert.deepEqual(otherAfter, otherBefore);
  });
});

describe('schema', () => {
  test('the fire log claim key: one row per item and minute', async () => {
    const item = await create(base());
    const minute = new Date(START);
    const insert = () =>
      t.database.db.execute(
        sql`insert into scheduler_fires (customer_id, scheduled_content_id, minute, name, instance)
            values (${demoId}, ${item.id}, ${minute.toISOString()}, ${item.name}, 'test') on conflict do nothing returning id`,
      ) as unknown as Promise<{ rows: unknown[] }>;
    assert.equal((await insert()).rows.length, 1);
    assert.equal((await insert()).rows.length, 0);
    // Deleting the item keeps its log, unlinked.
    await a.post(`/api/scheduled-contents/delete/${item.id}`);
    const kept = await rows<{ scheduled_content_id: number | null }>(
      `select scheduled_content_id from scheduler_fires where name = '${item.name}'`,
    );
    assert.deepEqual(kept, [{ scheduled_content_id: null }]);
  });
});

describe('at most SCHEDULED_CONTENTS_MAX items a shop', () => {
  test('past the cap a create is 422 under name and saves nothing; the preview of a full shop is whole; other shops are not counted', async () => {
    const { db } = t.database;
    const have = (
      await rows<{ n: number }>(`select count(*)::int as n from scheduled_contents where customer_id = ${demoId}`)
    )[0]!.n;
    await db.update(scheduledContents).set({ active: false }).where(eq(scheduledContents.customerId, demoId));
    const [spot] = await db
      .insert(spots)
      .values({ customerId: demoId, name: 'Percenként', fileName: 'p.mp3', filePath: 'assets/none.mp3', duration: 20 })
      .returning();
    const fields = {
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
    for (let i = have; i < SCHEDULED_CONTENTS_MAX - 1; i++) {
      await createScheduledContent(db, {
        customerId: demoId,
        fields,
        links: { spots: [spot!.id], slideshows: [], screens: [] },
      });
    }
    // The 200th is still taken, the 201st is not.
    await create({ name: 'Utolsó', frequency: 'everyMinute', spots: [spot!.id] });
    await expect422({ name: 'Egy túl sok', spots: [spot!.id] }, { name: [M.limit] });
    assert.equal(M.limit, 'Legfeljebb 200 ütemezés lehet.');
    // Another shop has its own count.
    await create({ name: 'Másiké', spots: [theirs.spot] }, other);

    now = START;
    const [entries, me] = await Promise.all([a.get('/api/scheduled-contents/preview?hours=168'), other.get('/api/me')]);
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(entries.statusCode, 200, entries.body);
    const listed = schedulePreviewSchema.parse(entries.json()).fires;
    assert.equal(listed.length, PREVIEW_ENTRIES_MAX);
    const firstMinute = listed.slice(0, SCHEDULED_CONTENTS_MAX - have);
    assert.ok(firstMinute.every((e) => e.at === '2026-11-23T09:00:00+01:00' && e.clash === 'same_minute'));
    const ids = firstMinute.map((e) => e.scheduled_content_id);
    assert.deepEqual(
      ids,
      [...ids].sort((x, y) => x - y),
    );

    // One deleted, one may be created again.
    const deleted = await a.post(`/api/scheduled-contents/delete/${ids[0]}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    await create({ name: 'Újra belefér', spots: [spot!.id] });
  });
});
