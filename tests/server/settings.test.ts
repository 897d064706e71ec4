/**
 * Settings (SPEC.md §7 Settings): the list (logo, timezone, others), POST /api/settings/{id} with
 * its per-key rules (JSON, urlencoded and multipart alike), the timezone reaching the scheduler,
 * the logo upload (good and refused files, the old logo kept until a new one is committed), every
 * shop's default rows, and another shop's ids.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { settingSchema } from '../../contracts/auth';
import { SETTING_LOGO, SETTING_TIMEZONE, settingListSchema, settingMessages } from '../../contracts/settings';
import {
  SETTING_CROSSFADE_SECONDS,
  SETTING_LOUDNESS_NORMALIZE,
  SETTING_SPOT_GAIN_DB,
  SOUND_SETTING_KEYS,
  soundSettingsOf,
} from '../../contracts/sound-settings';
import { fileMessages } from '../../contracts/uploads';
import { customerSchema } from '../../contracts/auth';
import { customers, settings } from '../../server/src/db/schema';
import { runSeed } from '../../server/src/seed';
import { DEFAULT_ASSETS_ROOT } from '../../server/src/storage';
import {
  Client,
  createTestApp,
  loggedIn,
  localUrl,
  mediaFiles,
  multipart,
  OTHER,
  PNG,
  type FilePart,
  type TestApp,
} from './helpers';

// Monday 2026-11-23, 09:00 in Budapest (UTC+1).
const START = Date.parse('2026-11-23T08:00:00Z');
let now = START;
let t: TestApp;
let a: Client;
let other: Client;
let demoId: number;
let otherId: number;
const ids = { logo: 0, timezone: 0, otherLogo: 0, otherTimezone: 0 };
const MB = 1024 * 1024;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const asset = (rel: string) => readFile(path.join(DEFAULT_ASSETS_ROOT, rel));
const settingRows = (customerId: number) =>
  t.database.db.select().from(settings).where(eq(settings.customerId, customerId)).orderBy(settings.id);
const rowOf = async (id: number) => (await t.database.db.select().from(settings).where(eq(settings.id, id)))[0]!;
const timezoneOf = async (customerId: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, customerId)))[0]!.timezone;
const stored = (relPath: string) => existsSync(path.join(t.dataDir, 'media', relPath));

async function list(c: Client = a) {
  const res = await c.get('/api/settings');
  assert.equal(res.statusCode, 200, res.body);
  return settingListSchema.parse(res.json());
}

async function expect422(res: { statusCode: number; body: string; json(): unknown }, errors: Record<string, string[]>) {
  assert.equal(res.statusCode, 422, res.body);
  const json = res.json() as { message: string; errors: Record<string, string[]> };
  assert.deepEqual(Object.keys(json.errors).sort(), Object.keys(errors).sort(), res.body);
  for (const [field, messages] of Object.entries(errors)) assert.deepEqual(json.errors[field], messages, res.body);
}

const uploadLogo = (
  file: FilePart,
  { id = ids.logo, key = SETTING_LOGO, c = a }: { id?: number; key?: string; c?: Client } = {},
) => {
  const { body, headers } = multipart({ id, key }, [file]);
  return c.post(`/api/settings/file/${id}`, body, { headers });
};

before(async () => {
  t = await createTestApp({}, { clock: () => now });
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  const idOf = async (slug: string) =>
    (await t.database.db.select().from(customers).where(eq(customers.slug, slug)))[0]!.id;
  demoId = await idOf('demo');
  otherId = await idOf('other');
  for (const [customerId, prefix] of [
    [demoId, ''],
    [otherId, 'other'],
  ] as const) {
    const rows = await settingRows(customerId);
    const id = (key: string) => rows.find((r) => r.key === key)!.id;
    if (prefix) Object.assign(ids, { otherLogo: id(SETTING_LOGO), otherTimezone: id(SETTING_TIMEZONE) });
    else Object.assign(ids, { logo: id(SETTING_LOGO), timezone: id(SETTING_TIMEZONE) });
  }
});
after(async () => {
  await t?.close();
});
beforeEach(() => {
  now = START;
});

describe('GET /api/settings', () => {
  test('every shop has logo then timezone; other keys follow by id', async () => {
    const [extra] = await t.database.db
      .insert(settings)
      .values({ customerId: demoId, key: 'shop_note', value: 'Nyitva 9-től' })
      .returning();
    try {
      const got = await list();
      assert.deepEqual(
        got.map((s) => s.key),
        [SETTING_LOGO, SETTING_TIMEZONE, ...SOUND_SETTING_KEYS, 'shop_note'],
      );
      const [logo, timezone] = got;
      assert.equal(logo!.id, ids.logo);
      assert.equal(logo!.value, null);
      // The seeded demo logo, as a signed media link.
      assert.match(
        logo!.url!,
        /^http:\/\/api\.test:4000\/media\/customers\/\d+\/logo\.svg\?expires=\d+&signature=[0-9a-f]+$/,
      );
      assert.deepEqual(timezone, { id: ids.timezone, key: SETTING_TIMEZONE, value: 'Europe/Budapest', url: null });
      // The sound settings at their defaults (issue 28): levelling on, spots at the music's level, 3 s crossfade.
      assert.deepEqual(
        got.slice(2, 5).map((s) => [s.key, s.value, s.url]),
        [
          [SETTING_LOUDNESS_NORMALIZE, '1', null],
          [SETTING_SPOT_GAIN_DB, '0', null],
          [SETTING_CROSSFADE_SECONDS, '3', null],
        ],
      );
      assert.deepEqual(soundSettingsOf(got), { normalize: true, spotGainDb: 0, crossfadeSeconds: 3 });
      assert.deepEqual(got[5], { id: extra!.id, key: 'shop_note', value: 'Nyitva 9-től', url: null });
      // The other shop sees only its own rows.
      const theirs = await list(other);
      assert.deepEqual(
        theirs.map((s) => s.key),
        [SETTING_LOGO, SETTING_TIMEZONE, ...SOUND_SETTING_KEYS],
      );
      assert.deepEqual(
        theirs.slice(0, 2).map((s) => s.id),
        [ids.otherLogo, ids.otherTimezone],
      );
    } finally {
      await t.database.db.delete(settings).where(eq(settings.id, extra!.id));
    }
  });

  test('a shop created outside the seed gets every row at the next start (no logo file: the default)', async () => {
    const [shop] = await t.database.db
      .insert(customers)
      .values({ slug: 'uj-bolt', name: 'Új Bolt', timezone: 'Europe/London' })
      .returning();
    try {
      assert.deepEqual(await settingRows(shop!.id), []);
      // What a restart runs: the seed steps (all done) and the every-start syncs.
      const storage = t.app.ctx.storage;
      assert.deepEqual(await runSeed({ db: t.database.db, storage }), []);
      const rows = await settingRows(shop!.id);
      assert.deepEqual(
        rows.map((r) => [r.key, r.value, r.filePath]),
        [
          [SETTING_LOGO, null, null],
          [SETTING_TIMEZONE, 'Europe/London', null],
          [SETTING_LOUDNESS_NORMALIZE, '1', null],
          [SETTING_SPOT_GAIN_DB, '0', null],
          [SETTING_CROSSFADE_SECONDS, '3', null],
        ],
      );
      // A shop that has one of them keeps its value; running it again changes nothing else.
      await t.database.db
        .update(settings)
        .set({ value: '5' })
        .where(eq(settings.id, rows.find((r) => r.key === SETTING_CROSSFADE_SECONDS)!.id));
      rows.find((r) => r.key === SETTING_CROSSFADE_SECONDS)!.value = '5';
      // Running it again changes nothing.
      await runSeed({ db: t.database.db, storage });
      assert.deepEqual(
        (await settingRows(shop!.id)).map((r) => [r.id, r.key, r.value]),
        rows.map((r) => [r.id, r.key, r.value]),
      );
    } finally {
      await t.database.db.delete(customers).where(eq(customers.id, shop!.id));
    }
  });

  test('needs a login', async () => {
    const guest = new Client(t.app);
    await guest.csrf();
    assert.equal((await guest.get('/api/settings')).statusCode, 401);
    assert.equal(
      (await guest.post(`/api/settings/${ids.timezone}`, { key: SETTING_TIMEZONE, value: 'UTC' })).statusCode,
      401,
    );
    assert.equal(await timezoneOf(demoId), 'Europe/Budapest');
  });
});

describe('POST /api/settings/{id}', () => {
  const nextPlayOfSeeded = async () => {
    const res = await a.get('/api/scheduled-contents');
    assert.equal(res.statusCode, 200, res.body);
    const item = (res.json() as Array<{ name: string; next_play_at: string | null }>).find(
      (i) => i.name === 'Óránkénti akció szpot',
    );
    return item!.next_play_at;
  };

  test('timezone: a known zone is saved to the row and customers.timezone; the scheduler follows', async () => {
    assert.equal(await nextPlayOfSeeded(), '2026-11-23T09:30:00+01:00');
    try {
      const res = await a.post(`/api/settings/${ids.timezone}`, {
        id: ids.timezone,
        key: SETTING_TIMEZONE,
        value: ' America/New_York ',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(settingSchema.parse(res.json()), {
        id: ids.timezone,
        key: SETTING_TIMEZONE,
        value: 'America/New_York',
        url: null,
      });
      assert.equal(await timezoneOf(demoId), 'America/New_York');
      assert.equal((await rowOf(ids.timezone)).value, 'America/New_York');
      assert.equal((await list()).find((s) => s.key === SETTING_TIMEZONE)!.value, 'America/New_York');
      // 08:00 UTC is 03:00 in New York: the seeded half-past spot's window opens at 09:00 there.
      assert.equal(await nextPlayOfSeeded(), '2026-11-23T09:30:00-05:00');
      // The other shop is untouched.
      assert.equal(await timezoneOf(otherId), 'Europe/Budapest');
      assert.equal((await rowOf(ids.otherTimezone)).value, 'Europe/Budapest');
    } finally {
      const back = await a.post(`/api/settings/${ids.timezone}`, { key: SETTING_TIMEZONE, value: 'Europe/Budapest' });
      assert.equal(back.statusCode, 200, back.body);
    }
    assert.equal(await nextPlayOfSeeded(), '2026-11-23T09:30:00+01:00');
  });

  test('timezone as a urlencoded and a multipart form; UTC is known; the path id wins over the body id', async () => {
    try {
      const form = new URLSearchParams({
        id: String(ids.otherTimezone),
        key: SETTING_TIMEZONE,
        value: 'Asia/Tokyo',
      }).toString();
      const res = await a.post(`/api/settings/${ids.timezone}`, form, { headers: FORM });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().id, ids.timezone);
      assert.equal(await timezoneOf(demoId), 'Asia/Tokyo');
      assert.equal(await timezoneOf(otherId), 'Europe/Budapest');
      const { body, headers } = multipart({ id: ids.timezone, key: SETTING_TIMEZONE, value: 'UTC' });
      const res2 = await a.post(`/api/settings/${ids.timezone}`, body, { headers });
      assert.equal(res2.statusCode, 200, res2.body);
      assert.equal(await timezoneOf(demoId), 'UTC');
    } finally {
      await a.post(`/api/settings/${ids.timezone}`, { key: SETTING_TIMEZONE, value: 'Europe/Budapest' });
    }
  });

  test('timezone: current IANA names are accepted as well as their older spellings, and kept as sent', async () => {
    try {
      for (const value of ['Europe/Kyiv', 'Europe/Kiev', 'Asia/Kolkata', 'Asia/Calcutta', 'Asia/Kathmandu']) {
        const res = await a.post(`/api/settings/${ids.timezone}`, { key: SETTING_TIMEZONE, value });
        assert.equal(res.statusCode, 200, `${value}: ${res.body}`);
        assert.equal(await timezoneOf(demoId), value);
      }
    } finally {
      await a.post(`/api/settings/${ids.timezone}`, { key: SETTING_TIMEZONE, value: 'Europe/Budapest' });
    }
  });

  test('timezone: an unknown zone is a 422 on value and changes nothing', async () => {
    for (const value of [
      'Mars/Olympus_Mons',
      'europe/budapest',
      'Europe/Budapest/x',
      '',
      '   ',
      '+01:00',
      'CET\u0000',
      42,
      null,
      ['UTC'],
      { a: 1 },
    ]) {
      const res = await a.post(`/api/settings/${ids.timezone}`, { key: SETTING_TIMEZONE, value });
      await expect422(res, {
        value: [
          typeof value === 'string' || value === null || typeof value === 'number'
            ? settingMessages.timezone
            : settingMessages.valueText,
        ],
      });
    }
    await expect422(await a.post(`/api/settings/${ids.timezone}`, { key: SETTING_TIMEZONE }), {
      value: [settingMessages.timezone],
    });
    assert.equal(await timezoneOf(demoId), 'Europe/Budapest');
    assert.equal((await rowOf(ids.timezone)).value, 'Europe/Budapest');
  });

  test("a key that is not the row's is a 422 on key (with the value's error too); a missing key is required", async () => {
    await expect422(await a.post(`/api/settings/${ids.timezone}`, { key: SETTING_LOGO, value: 'UTC' }), {
      key: [settingMessages.keyMismatch],
    });
    await expect422(await a.post(`/api/settings/${ids.timezone}`, { key: 'TIMEZONE', value: 'Nowhere' }), {
      key: [settingMessages.keyMismatch],
      value: [settingMessages.timezone],
    });
    await expect422(await a.post(`/api/settings/${ids.timezone}`, { value: 'UTC' }), {
      key: [settingMessages.keyRequired],
    });
    await expect422(await a.post(`/api/settings/${ids.timezone}`, { key: ['timezone'], value: 'UTC' }), {
      key: [settingMessages.keyRequired],
    });
    assert.equal(await timezoneOf(demoId), 'Europe/Budapest');
  });

  test('logo: not through value', async () => {
    const before = await rowOf(ids.logo);
    await expect422(
      await a.post(`/api/settings/${ids.logo}`, { key: SETTING_LOGO, value: 'https://example.com/logo.png' }),
      {
        value: [settingMessages.logoAsFile],
      },
    );
    await expect422(await a.post(`/api/settings/${ids.logo}`, { key: SETTING_LOGO }), {
      value: [settingMessages.logoAsFile],
    });
    assert.deepEqual(await rowOf(ids.logo), before);
  });

  test('any other key: trimmed text up to 255 characters without control characters; blank is null', async () => {
    const [row] = await t.database.db
      .insert(settings)
      .values({ customerId: demoId, key: 'shop_note', value: null })
      .returning();
    const url = `/api/settings/${row!.id}`;
    try {
      let res = await a.post(url, { key: 'shop_note', value: '  Hétfőn zárva  ' });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { id: row!.id, key: 'shop_note', value: 'Hétfőn zárva', url: null });
      res = await a.post(url, { key: 'shop_note', value: 'é'.repeat(255) });
      assert.equal(res.statusCode, 200, res.body);
      await expect422(await a.post(url, { key: 'shop_note', value: 'x'.repeat(256) }), {
        value: [settingMessages.valueTooLong(255)],
      });
      await expect422(await a.post(url, { key: 'shop_note', value: 'első\nmásodik' }), {
        value: [settingMessages.valueControl],
      });
      await expect422(await a.post(url, { key: 'shop_note', value: 'a\u202Eb' }), {
        value: [settingMessages.valueControl],
      });
      await expect422(await a.post(url, { key: 'shop_note', value: { x: 1 } }), { value: [settingMessages.valueText] });
      assert.equal((await rowOf(row!.id)).value, 'é'.repeat(255));
      res = await a.post(url, { key: 'shop_note', value: '   ' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().value, null);
    } finally {
      await t.database.db.delete(settings).where(eq(settings.id, row!.id));
    }
  });

  test('the sound settings: a switch (1/0), a whole dB from -6 to +6, whole seconds from 0 to 8; kept in one spelling', async () => {
    const rows = await list();
    const idOf = (key: string) => rows.find((s) => s.key === key)!.id;
    const save = (key: string, value: unknown) => a.post(`/api/settings/${idOf(key)}`, { key, value });
    try {
      for (const [key, value, kept] of [
        [SETTING_LOUDNESS_NORMALIZE, '0', '0'],
        [SETTING_LOUDNESS_NORMALIZE, 'true', '1'],
        [SETTING_SPOT_GAIN_DB, '-6', '-6'],
        [SETTING_SPOT_GAIN_DB, ' +6 ', '6'],
        [SETTING_SPOT_GAIN_DB, 3, '3'],
        [SETTING_CROSSFADE_SECONDS, '0', '0'],
        [SETTING_CROSSFADE_SECONDS, '8', '8'],
      ] as const) {
        const res = await save(key, value);
        assert.equal(res.statusCode, 200, `${key}=${value}: ${res.body}`);
        assert.equal(res.json().value, kept);
        assert.equal((await rowOf(idOf(key))).value, kept);
      }
      for (const [key, value, message] of [
        [SETTING_LOUDNESS_NORMALIZE, 'igen', settingMessages.loudnessNormalize],
        [SETTING_LOUDNESS_NORMALIZE, '', settingMessages.loudnessNormalize],
        [SETTING_LOUDNESS_NORMALIZE, '2', settingMessages.loudnessNormalize],
        [SETTING_SPOT_GAIN_DB, '7', settingMessages.spotGainDb],
        [SETTING_SPOT_GAIN_DB, '-7', settingMessages.spotGainDb],
        [SETTING_SPOT_GAIN_DB, '1.5', settingMessages.spotGainDb],
        [SETTING_SPOT_GAIN_DB, '', settingMessages.spotGainDb],
        [SETTING_CROSSFADE_SECONDS, '9', settingMessages.crossfadeSeconds],
        [SETTING_CROSSFADE_SECONDS, '-1', settingMessages.crossfadeSeconds],
        [SETTING_CROSSFADE_SECONDS, 'három', settingMessages.crossfadeSeconds],
        [SETTING_CROSSFADE_SECONDS, null, settingMessages.crossfadeSeconds],
        [SETTING_CROSSFADE_SECONDS, ['3'], settingMessages.valueText],
      ] as const) {
        await expect422(await save(key, value), { value: [message] });
      }
      assert.deepEqual(soundSettingsOf(await list()), { normalize: true, spotGainDb: 3, crossfadeSeconds: 8 });
      // The other shop keeps its defaults.
      assert.deepEqual(soundSettingsOf(await list(other)), { normalize: true, spotGainDb: 0, crossfadeSeconds: 3 });
    } finally {
      await save(SETTING_LOUDNESS_NORMALIZE, '1');
      await save(SETTING_SPOT_GAIN_DB, '0');
      await save(SETTING_CROSSFADE_SECONDS, '3');
    }
  });

  test("another shop's id, an unknown or malformed id: 404, nothing changes", async () => {
    for (const id of [ids.otherTimezone, 999_999, 0, 'abc', '1.5']) {
      const res = await a.post(`/api/settings/${id}`, { key: SETTING_TIMEZONE, value: 'UTC' });
      assert.equal(res.statusCode, 404, `${id}: ${res.body}`);
      assert.deepEqual(res.json(), { message: 'Nem található.' });
    }
    assert.equal(await timezoneOf(otherId), 'Europe/Budapest');
    assert.equal((await rowOf(ids.otherTimezone)).value, 'Europe/Budapest');
    const res = await uploadLogo({ filename: 'logo.png', type: 'image/png', data: PNG }, { id: ids.otherLogo });
    assert.equal(res.statusCode, 404, res.body);
    const theirs = await rowOf(ids.otherLogo);
    assert.match(theirs.filePath!, /^customers\/\d+\/logo\.svg$/);
    assert.ok(stored(theirs.filePath!));
  });
});

describe('POST /api/settings/file/{id}: the logo', () => {
  /** The logo row and file must be exactly as before, and no upload left behind. */
  async function assertRefused(res: Awaited<ReturnType<typeof uploadLogo>>, errors: Record<string, string[]>) {
    const before = await rowOf(ids.logo);
    const files = await mediaFiles(t);
    await expect422(res, errors);
    assert.deepEqual(await rowOf(ids.logo), before);
    assert.ok(stored(before.filePath!), 'the old logo file is still there');
    assert.deepEqual(await mediaFiles(t), files, 'no file was added or removed');
  }

  test('refused files leave the old logo (row and file): text as .png, an MP3 declared image/png, an oversized image, none, two', async () => {
    const original = await rowOf(ids.logo);
    assert.ok(original.filePath && stored(original.filePath));
    const mp3 = await asset('audio/sounds/gong.mp3');
    await assertRefused(
      await uploadLogo({
        filename: 'logo.png',
        type: 'image/png',
        data: Buffer.from('Ez csak szöveg, nem kép.\n'.repeat(20)),
      }),
      {
        file: [fileMessages.notImage],
      },
    );
    await assertRefused(await uploadLogo({ filename: 'logo.png', type: 'image/png', data: mp3 }), {
      file: [fileMessages.notImage],
    });
    // A real PNG header, just over UPLOAD_IMAGE_MAX_MB (10 MB by default).
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * MB + 1 - PNG.length)]);
    await assertRefused(await uploadLogo({ filename: 'nagy.png', type: 'image/png', data: huge }), {
      file: [fileMessages.tooLarge(10)],
    });
    const { body, headers } = multipart({ id: ids.logo, key: SETTING_LOGO });
    await assertRefused(await a.post(`/api/settings/file/${ids.logo}`, body, { headers }), {
      file: [fileMessages.required],
    });
    await assertRefused(await a.post(`/api/settings/file/${ids.logo}`, { key: SETTING_LOGO }), {
      file: [fileMessages.required],
    });
    const two = multipart({ id: ids.logo, key: SETTING_LOGO }, [
      { filename: 'a.png', data: PNG },
      { filename: 'b.png', data: PNG },
    ]);
    await assertRefused(await a.post(`/api/settings/file/${ids.logo}`, two.body, { headers: two.headers }), {
      file: [fileMessages.tooMany],
    });
    assert.deepEqual(await rowOf(ids.logo), original);
  });

  test("only the logo row takes a file; the key must be the row's", async () => {
    await assertRefused(await uploadLogo({ filename: 'logo.png', data: PNG }, { key: 'timezone' }), {
      key: [settingMessages.keyMismatch],
    });
    await assertRefused(await uploadLogo({ filename: 'logo.png', data: Buffer.from('nem kép') }, { key: '' }), {
      key: [settingMessages.keyRequired],
      file: [fileMessages.notImage],
    });
    const tzBefore = await rowOf(ids.timezone);
    const res = await uploadLogo({ filename: 'logo.png', data: PNG }, { id: ids.timezone, key: SETTING_TIMEZONE });
    await expect422(res, { key: [settingMessages.notFile] });
    assert.deepEqual(await rowOf(ids.timezone), tzBefore);
  });

  test('a PNG, then a JPEG: stored, served with its type, the old file removed after the commit, /api/customer shows it at once', async () => {
    const first = await rowOf(ids.logo);
    // The declared type and name do not matter: the content does.
    const res = await uploadLogo({ filename: 'uj-logo.bin', type: 'application/octet-stream', data: PNG });
    assert.equal(res.statusCode, 200, res.body);
    const png = settingSchema.parse(res.json());
    assert.equal(png.id, ids.logo);
    assert.equal(png.key, SETTING_LOGO);
    assert.equal(png.value, null);
    assert.match(
      png.url!,
      /^http:\/\/api\.test:4000\/media\/logos\/\d+\/[A-Za-z0-9]+\.png\?expires=\d+&signature=[0-9a-f]+$/,
    );
    const row = await rowOf(ids.logo);
    assert.match(row.filePath!, new RegExp(`^logos/${demoId}/[A-Za-z0-9]+\\.png$`));
    assert.ok(stored(row.filePath!));
    assert.equal(stored(first.filePath!), false, 'the old logo file is removed');
    const served = await a.get(localUrl(png.url!));
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.ok(served.rawPayload.equals(PNG));

    const customer = customerSchema.parse((await a.get('/api/customer')).json());
    assert.equal(customer.settings.find((s) => s.key === SETTING_LOGO)!.url, png.url);
    assert.equal((await list()).find((s) => s.key === SETTING_LOGO)!.url, png.url);

    const jpeg = await asset('images/tracks/thumb-01.jpeg');
    const res2 = await uploadLogo({ filename: 'logo.jpg', type: 'image/jpeg', data: jpeg });
    assert.equal(res2.statusCode, 200, res2.body);
    const jpg = settingSchema.parse(res2.json());
    assert.match(jpg.url!, /\/media\/logos\/\d+\/[A-Za-z0-9]+\.jpg\?/);
    assert.equal(stored(row.filePath!), false, 'the PNG is removed once the JPEG is committed');
    const servedJpeg = await a.get(localUrl(jpg.url!));
    assert.equal(servedJpeg.headers['content-type'], 'image/jpeg');
    assert.ok(servedJpeg.rawPayload.equals(jpeg));
    assert.equal(
      customerSchema.parse((await a.get('/api/customer')).json()).settings.find((s) => s.key === SETTING_LOGO)!.url,
      jpg.url,
    );
    // Only the current logo remains of the shop's logo files; the other shop's logo is untouched.
    const logos = (await mediaFiles(t)).filter(
      (f) => f.startsWith(`logos/${demoId}/`) || f.startsWith(`customers/${demoId}/`),
    );
    assert.deepEqual(logos, [(await rowOf(ids.logo)).filePath]);
    assert.ok(stored((await rowOf(ids.otherLogo)).filePath!));
  });

  test('the logo before login (the login page shows it)', async () => {
    const guest = new Client(t.app);
    const res = await guest.get('/api/customer');
    assert.equal(res.statusCode, 200, res.body);
    const logo = customerSchema.parse(res.json()).settings;
    assert.deepEqual(
      logo.map((s) => s.key),
      [SETTING_LOGO],
    );
  });
});
