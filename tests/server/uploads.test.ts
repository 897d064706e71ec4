/**
 * Spots and own sounds with their files (SPEC.md §7 Spots, Sounds): uploads streamed to storage,
 * judged by content, limited in size, one a call; updates that keep or replace the file; deletes;
 * sound marks and requests. A refused upload leaves no row and no file; a replaced or deleted
 * file goes once the change is committed.
 */
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { soundListSchema, soundMessages, soundSchema, SOUNDS_MAX } from '../../contracts/sounds';
import { spotListSchema, spotMessages, spotSchema, SPOTS_MAX } from '../../contracts/spots';
import { fileMessages } from '../../contracts/uploads';
import { customers, sounds, spots } from '../../server/src/db/schema';
import { DEFAULT_ASSETS_ROOT } from '../../server/src/storage';
import {
  createTestApp,
  forgedXingMp3,
  localUrl,
  loggedIn,
  lyingInfoMp3,
  mediaFiles,
  multipart,
  noiseFramesMp3,
  OTHER,
  PNG,
  rowCount,
  silentMp3,
  type Client,
  type FilePart,
  type TestApp,
} from './helpers';

let t: TestApp;
let a: Client;
let other: Client;

const asset = (rel: string) => readFile(path.join(DEFAULT_ASSETS_ROOT, rel));
let mp3: Buffer;
let jpeg: Buffer;
const upload = (c: Client, url: string, fields: Record<string, string>, files: FilePart[]) => {
  const { body, headers } = multipart(fields, files);
  return c.post(url, body, { headers });
};

const mp3File = (data = mp3, filename = 'uj-szpot.mp3', type = 'audio/mpeg'): FilePart => ({ filename, type, data });

/** A refusal: 422 with `errors.file` (and the given message), no new rows, no new files. */
async function assertRefused(
  send: () => Promise<{ statusCode: number; body: string }>,
  message: string | RegExp,
  table: string,
) {
  const rowsBefore = await rowCount(t, table);
  const filesBefore = await mediaFiles(t);
  const res = await send();
  assert.equal(res.statusCode, 422, res.body);
  const first = JSON.parse(res.body).errors.file?.[0];
  if (typeof message === 'string') assert.equal(first, message, res.body);
  else assert.match(first, message, res.body);
  assert.equal(await rowCount(t, table), rowsBefore, 'a refused upload wrote a row');
  assert.deepEqual(await mediaFiles(t), filesBefore, 'a refused upload left a file');
}

before(async () => {
  t = await createTestApp({ UPLOAD_AUDIO_MAX_MB: '1', UPLOAD_IMAGE_MAX_MB: '1', UPLOAD_BODY_MAX_MB: '3' });
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  mp3 = await asset('audio/sounds/gong.mp3');
  jpeg = await asset('images/slides/slide-01.jpeg');
});
after(async () => {
  await t.close();
});

describe('spots', () => {
  let spotId: number;
  let firstUrl: string;

  test('an upload answers 201 with the spot, its file name and the duration read from the file', async () => {
    const res = await upload(a, '/api/spots', { name: ' Új szpot ' }, [mp3File()]);
    assert.equal(res.statusCode, 201, res.body);
    const spot = spotSchema.parse(JSON.parse(res.body));
    assert.equal(spot.name, 'Új szpot');
    assert.equal(spot.file_name, 'uj-szpot.mp3');
    assert.ok(Math.abs(spot.duration - 4.833) < 0.05, String(spot.duration));
    spotId = spot.id;
    firstUrl = spot.url;
    const listed = spotListSchema.parse(JSON.parse((await a.get('/api/spots')).body));
    assert.equal(listed[0]!.id, spotId, 'newest first');
    assert.equal((await mediaFiles(t)).filter((f) => f.startsWith('tmp')).length, 0, 'no temporary file left');
  });

  test('the file is served like the catalogue: signed, audio/mpeg, ranges', async () => {
    const full = await a.get(localUrl(firstUrl));
    assert.equal(full.statusCode, 200);
    assert.equal(full.headers['content-type'], 'audio/mpeg');
    assert.ok(full.rawPayload.equals(mp3));
    const part = await a.get(localUrl(firstUrl), { headers: { range: 'bytes=0-99' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.rawPayload.length, 100);
    const unsigned = await a.get(new URL(firstUrl).pathname);
    assert.equal(unsigned.statusCode, 403);
  });

  test('an update without a file renames and keeps the file; the body id is the path id', async () => {
    const res = await upload(a, `/api/spots/${spotId}`, { name: 'Átnevezett szpot', id: '999' }, []);
    assert.equal(res.statusCode, 200, res.body);
    const spot = spotSchema.parse(JSON.parse(res.body));
    assert.equal(spot.id, spotId);
    assert.equal(spot.name, 'Átnevezett szpot');
    assert.equal(new URL(spot.url).pathname, new URL(firstUrl).pathname);
    const json = await a.post(`/api/spots/${spotId}`, { name: 'JSON név' });
    assert.equal(json.statusCode, 200, json.body);
    assert.equal(JSON.parse(json.body).name, 'JSON név');
  });

  test('an update with an empty file input keeps the file too (a form with no file chosen)', async () => {
    const res = await upload(a, `/api/spots/${spotId}`, { name: 'Üres fájlmező' }, [
      { filename: '', data: Buffer.alloc(0) },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(new URL(JSON.parse(res.body).url).pathname, new URL(firstUrl).pathname);
  });

  test('a new file replaces the old one, which is removed', async () => {
    const before = await mediaFiles(t);
    const shorter = await asset('audio/sounds/ertesites.mp3');
    const res = await upload(a, `/api/spots/${spotId}`, { name: 'Új fájllal' }, [mp3File(shorter, 'rovid.mp3')]);
    assert.equal(res.statusCode, 200, res.body);
    const spot = spotSchema.parse(JSON.parse(res.body));
    assert.equal(spot.file_name, 'rovid.mp3');
    assert.ok(Math.abs(spot.duration - 0.731) < 0.05, String(spot.duration));
    const after = await mediaFiles(t);
    assert.equal(after.length, before.length, 'one file in, one out');
    const oldPath = decodeURIComponent(new URL(firstUrl).pathname.slice('/media/'.length));
    assert.ok(before.includes(oldPath) && !after.includes(oldPath), 'the replaced file is gone');
    assert.equal((await a.get(localUrl(firstUrl))).statusCode, 404);
    firstUrl = spot.url;
  });

  test('bad files are refused on `file` and leave nothing behind', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 7)]);
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'Exe' }, [mp3File(exe, 'virus.mp3')]),
      fileMessages.notMp3,
      'spots',
    );
    await assertRefused(
      () =>
        upload(a, '/api/spots', { name: 'Szöveg' }, [
          mp3File(Buffer.from('Ez csak szöveg, nem hang.\n'.repeat(50)), 'szoveg.mp3'),
        ]),
      fileMessages.notMp3,
      'spots',
    );
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'PNG' }, [mp3File(PNG, 'kep.mp3')]),
      fileMessages.notMp3,
      'spots',
    );
    // Cut inside its ID3 tag / first frame: nothing playable in it.
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'Csonka' }, [mp3File(mp3.subarray(0, 300), 'csonka.mp3')]),
      fileMessages.brokenMp3,
      'spots',
    );
    await assertRefused(
      () =>
        upload(a, '/api/spots', { name: 'ID3 és szöveg' }, [
          mp3File(
            Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from('x'.repeat(500))]),
            'id3.mp3',
          ),
        ]),
      fileMessages.brokenMp3,
      'spots',
    );
    const big = Buffer.concat([mp3, Buffer.alloc(1024 * 1024 + 10, 0)]);
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'Nagy' }, [mp3File(big, 'nagy.mp3')]),
      fileMessages.tooLarge(1),
      'spots',
    );
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'Kettő' }, [mp3File(), mp3File(mp3, 'masodik.mp3')]),
      fileMessages.tooMany,
      'spots',
    );
    await assertRefused(() => upload(a, '/api/spots', { name: 'Nincs fájl' }, []), fileMessages.required, 'spots');
    await assertRefused(() => a.post('/api/spots', { name: 'JSON-ban' }), fileMessages.required, 'spots');
    // A bad file in an update leaves the spot as it was.
    const before = JSON.parse((await a.get('/api/spots')).body).find((s: { id: number }) => s.id === spotId);
    await assertRefused(
      () => upload(a, `/api/spots/${spotId}`, { name: 'Nem menthető' }, [mp3File(PNG, 'x.mp3')]),
      fileMessages.notMp3,
      'spots',
    );
    const now = JSON.parse((await a.get('/api/spots')).body).find((s: { id: number }) => s.id === spotId);
    assert.equal(now.name, before.name);
  });

  test('a Xing frame count the bytes cannot hold is refused as broken; an update with it keeps the spot', async () => {
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'Hamis' }, [mp3File(forgedXingMp3(), 'hamis.mp3')]),
      fileMessages.brokenMp3,
      'spots',
    );
    // The spot's loudness is measured after its upload: settled first, so only the refused update could change it.
    await t.app.ctx.loudness.idle();
    const before = JSON.parse((await a.get('/api/spots')).body).find((s: { id: number }) => s.id === spotId);
    await assertRefused(
      () => upload(a, `/api/spots/${spotId}`, { name: 'Hamis' }, [mp3File(forgedXingMp3(), 'hamis.mp3')]),
      fileMessages.brokenMp3,
      'spots',
    );
    const now = JSON.parse((await a.get('/api/spots')).body).find((s: { id: number }) => s.id === spotId);
    assert.deepEqual(now, before);
  });

  test('a length header that lies, or frames with no decodable audio, are refused as broken, whatever the cap', async () => {
    // 14 minutes (the 1 MB limit of this app) behind an Info header claiming 1,000 frames (72 s).
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'Hazug' }, [mp3File(lyingInfoMp3(14 * 60, 1000), 'hazug.mp3')]),
      fileMessages.brokenMp3,
      'spots',
    );
    await assertRefused(
      () => upload(a, '/api/sounds', { name: 'Hazug' }, [mp3File(lyingInfoMp3(100, 300), 'hazug.mp3')]),
      fileMessages.brokenMp3,
      'sounds',
    );
    // 480 s of valid frame headers over random bytes.
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'Zaj' }, [mp3File(noiseFramesMp3(480), 'zaj.mp3')]),
      fileMessages.brokenMp3,
      'spots',
    );
  });

  test('a spot is at most 10 minutes: 10:00 is taken, longer is refused on `file`, in a new spot and in an update', async () => {
    const res = await upload(a, '/api/spots', { name: 'Tíz perc' }, [mp3File(silentMp3(600), 'tiz-perc.mp3')]);
    assert.equal(res.statusCode, 201, res.body);
    const duration = spotSchema.parse(JSON.parse(res.body)).duration;
    assert.ok(duration >= 600 && duration < 601, `measured ${duration}`);
    await assertRefused(
      () => upload(a, '/api/spots', { name: 'Hosszú' }, [mp3File(silentMp3(601), 'hosszu.mp3')]),
      fileMessages.spotTooLong,
      'spots',
    );
    await t.app.ctx.loudness.idle();
    const before = JSON.parse((await a.get('/api/spots')).body).find((s: { id: number }) => s.id === spotId);
    await assertRefused(
      () => upload(a, `/api/spots/${spotId}`, { name: 'Hosszú' }, [mp3File(silentMp3(601), 'hosszu.mp3')]),
      fileMessages.spotTooLong,
      'spots',
    );
    const now = JSON.parse((await a.get('/api/spots')).body).find((s: { id: number }) => s.id === spotId);
    assert.deepEqual(now, before);
  });

  test('the name is checked together with the file, in Hungarian', async () => {
    const res = await upload(a, '/api/spots', { name: '  ' }, [mp3File(PNG, 'x.mp3')]);
    assert.equal(res.statusCode, 422);
    const body = JSON.parse(res.body);
    assert.deepEqual(body.errors.name, ['A név megadása kötelező.']);
    assert.deepEqual(body.errors.file, [fileMessages.notMp3]);
    assert.deepEqual(await mediaFiles(t).then((f) => f.filter((x) => x.startsWith('tmp'))), []);
  });

  test('a body over the hard cap is 413 and leaves nothing', async () => {
    const filesBefore = await mediaFiles(t);
    const rows = await rowCount(t, 'spots');
    const res = await upload(a, '/api/spots', { name: 'Óriás' }, [
      mp3File(Buffer.concat([mp3, Buffer.alloc(3 * 1024 * 1024 + 10)]), 'oriasi.mp3'),
    ]);
    assert.equal(res.statusCode, 413, res.body);
    assert.equal(JSON.parse(res.body).message, 'A kérés túl nagy.');
    assert.equal(await rowCount(t, 'spots'), rows);
    assert.deepEqual(await mediaFiles(t), filesBefore);
  });

  test('a chunked body (no length) over the hard cap is 413 too, with no file left behind', async () => {
    const filesBefore = await mediaFiles(t);
    const { body, headers } = multipart({ name: 'Folyam' }, [
      mp3File(Buffer.concat([mp3, Buffer.alloc(3 * 1024 * 1024 + 10)]), 'folyam.mp3'),
    ]);
    // Sent in 64 kB pieces as a stream: the API sees no content-length and must stop by itself.
    const pieces = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) =>
      body.subarray(i * 65536, (i + 1) * 65536),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/spots',
      headers: {
        ...headers,
        cookie: a.cookieHeader(),
        'x-xsrf-token': encodeURIComponent(a.jar.get('XSRF-TOKEN')!),
        accept: 'application/json',
      },
      payload: Readable.from(pieces),
    });
    assert.equal(res.statusCode, 413, res.body);
    assert.deepEqual(await mediaFiles(t), filesBefore);
  });

  test("another shop's spot is 404 for update and delete, and stays", async () => {
    const theirs = spotListSchema.parse(JSON.parse((await other.get('/api/spots')).body))[0]!;
    const filesBefore = await mediaFiles(t);
    const res = await upload(a, `/api/spots/${theirs.id}`, { name: 'Elvett' }, [mp3File()]);
    assert.equal(res.statusCode, 404, res.body);
    assert.deepEqual(await mediaFiles(t), filesBefore, 'the refused upload left no file');
    assert.equal((await a.post(`/api/spots/delete/${theirs.id}`)).statusCode, 404);
    const still = spotListSchema.parse(JSON.parse((await other.get('/api/spots')).body))[0]!;
    assert.deepEqual(still, { ...theirs, url: still.url });
  });

  test('delete answers true, removes the row and then the file', async () => {
    const filePath = decodeURIComponent(new URL(firstUrl).pathname.slice('/media/'.length));
    assert.ok((await mediaFiles(t)).includes(filePath));
    const res = await a.post(`/api/spots/delete/${spotId}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.body, 'true');
    assert.ok(!(await mediaFiles(t)).includes(filePath));
    assert.ok(!spotListSchema.parse(JSON.parse((await a.get('/api/spots')).body)).some((s) => s.id === spotId));
    assert.equal((await a.post(`/api/spots/delete/${spotId}`)).statusCode, 404);
  });

  test('a seeded spot (committed demo media) can be deleted; its asset stays', async () => {
    const seeded = spotListSchema.parse(JSON.parse((await a.get('/api/spots')).body)).at(-1)!;
    const res = await a.post(`/api/spots/delete/${seeded.id}`);
    assert.equal(res.statusCode, 200, res.body);
    await stat(path.join(DEFAULT_ASSETS_ROOT, 'audio/spots', seeded.file_name));
  });
});

describe('sounds', () => {
  let own: number;

  test('an own sound upload answers 201 with customer_id and the true duration', async () => {
    const res = await upload(a, '/api/sounds', { name: 'Bolti csengő' }, [
      mp3File(mp3, 'csengo.mp3', 'application/x-anything'),
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const sound = soundSchema.parse(JSON.parse(res.body));
    assert.equal(typeof sound.customer_id, 'number');
    assert.equal(sound.is_favorite, false);
    assert.ok(Math.abs(sound.duration - 4.833) < 0.05);
    own = sound.id;
    const list = soundListSchema.parse(JSON.parse((await a.get('/api/sounds')).body));
    assert.equal(list.at(-1)!.id, own, 'own sounds after the provider sounds');
    assert.ok(
      !soundListSchema.parse(JSON.parse((await other.get('/api/sounds')).body)).some((s) => s.id === own),
      'not seen by another shop',
    );
  });

  test('bad sound files are refused and leave nothing', async () => {
    await assertRefused(
      () => upload(a, '/api/sounds', { name: 'Kép' }, [mp3File(jpeg, 'kep.mp3')]),
      fileMessages.notMp3,
      'sounds',
    );
    await assertRefused(
      () => upload(a, '/api/sounds', { name: 'Csonka' }, [mp3File(mp3.subarray(0, 200), 'c.mp3')]),
      fileMessages.brokenMp3,
      'sounds',
    );
    await assertRefused(
      () => upload(a, '/api/sounds', { name: 'Két fájl' }, [mp3File(), mp3File()]),
      fileMessages.tooMany,
      'sounds',
    );
    await assertRefused(
      () => upload(a, '/api/sounds', { name: 'Hamis' }, [mp3File(forgedXingMp3(), 'hamis.mp3')]),
      fileMessages.brokenMp3,
      'sounds',
    );
  });

  test('a sound is at most 2 minutes: 2:00 is taken, longer is refused on `file`', async () => {
    const res = await upload(a, '/api/sounds', { name: 'Két perc' }, [mp3File(silentMp3(120), 'ket-perc.mp3')]);
    assert.equal(res.statusCode, 201, res.body);
    await assertRefused(
      () => upload(a, '/api/sounds', { name: 'Hosszú hang' }, [mp3File(silentMp3(121), 'hosszu.mp3')]),
      fileMessages.soundTooLong,
      'sounds',
    );
  });

  test('favourite and quick toggle for this shop only, provider sounds included', async () => {
    const provider = soundListSchema
      .parse(JSON.parse((await a.get('/api/sounds')).body))
      .find((s) => s.customer_id === undefined && !s.is_favorite)!;
    const on = await a.post(`/api/sounds/${provider.id}/favorite`);
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(soundSchema.parse(JSON.parse(on.body)).is_favorite, true);
    const theirs = soundListSchema
      .parse(JSON.parse((await other.get('/api/sounds')).body))
      .find((s) => s.id === provider.id)!;
    assert.equal(theirs.is_favorite, false, "another shop's marks are its own");
    const off = await a.post(`/api/sounds/${provider.id}/favorite`);
    assert.equal(soundSchema.parse(JSON.parse(off.body)).is_favorite, false);
    const quick = await a.post(`/api/sounds/${own}/quick`);
    assert.equal(soundSchema.parse(JSON.parse(quick.body)).is_quick, true);
    const listed = soundListSchema.parse(JSON.parse((await a.get('/api/sounds')).body)).find((s) => s.id === own)!;
    assert.equal(listed.is_quick, true);
    assert.equal((await other.post(`/api/sounds/${own}/quick`)).statusCode, 404, "another shop's own sound");
  });

  test('a provider sound cannot be deleted (403) and stays', async () => {
    const provider = soundListSchema
      .parse(JSON.parse((await a.get('/api/sounds')).body))
      .find((s) => s.customer_id === undefined)!;
    const res = await a.post(`/api/sounds/${provider.id}/delete`);
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(JSON.parse(res.body).message, 'A szolgáltató hangjai nem törölhetők.');
    assert.ok(soundListSchema.parse(JSON.parse((await a.get('/api/sounds')).body)).some((s) => s.id === provider.id));
  });

  test("an own sound is deleted with its file; another shop's is 404", async () => {
    assert.equal((await other.post(`/api/sounds/${own}/delete`)).statusCode, 404);
    const sound = soundListSchema.parse(JSON.parse((await a.get('/api/sounds')).body)).find((s) => s.id === own)!;
    const filePath = decodeURIComponent(new URL(sound.url).pathname.slice('/media/'.length));
    assert.ok((await mediaFiles(t)).includes(filePath));
    const res = await a.post(`/api/sounds/${own}/delete`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.body, 'true');
    assert.ok(!(await mediaFiles(t)).includes(filePath));
  });

  test('a sound request is stored for the provider (201), 1–1000 characters', async () => {
    const res = await a.post('/api/sounds/requests', { description: 'Karácsonyi csengettyű, rövid' });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(JSON.parse(res.body).description, 'Karácsonyi csengettyű, rövid');
    assert.equal(await rowCount(t, 'sound_requests'), 1);
    const form = await a.post('/api/sounds/requests', 'description=Tavaszi+madarcsicserges', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.statusCode, 201, form.body);
    for (const description of [undefined, '', '   ', 'x'.repeat(1001)]) {
      const bad = await a.post('/api/sounds/requests', { description });
      assert.equal(bad.statusCode, 422, bad.body);
      assert.ok(JSON.parse(bad.body).errors.description[0]);
    }
    assert.equal(await rowCount(t, 'sound_requests'), 2);
  });
});

describe('how many a shop may keep', () => {
  /** Fills the other shop's own spots or sounds up to one below the cap, with rows of no real file. */
  async function fillUpTo(table: typeof spots | typeof sounds, n: number) {
    const [shop] = await t.database.db.select().from(customers).where(eq(customers.slug, 'other'));
    const have = await t.database.db.select({ id: table.id }).from(table).where(eq(table.customerId, shop!.id));
    const rows = Array.from({ length: n - have.length }, (_, i) => ({
      customerId: shop!.id,
      name: `Kitöltő ${i + 1}`,
      fileName: 'kitolto.mp3',
      filePath: `${table === spots ? 'spots' : 'sounds'}/${shop!.id}/kitolto-${i}.mp3`,
      duration: 1,
    }));
    if (rows.length) await t.database.db.insert(table).values(rows);
    return shop!.id;
  }

  for (const [kind, table, max, message] of [
    ['spots', spots, SPOTS_MAX, spotMessages.limit],
    ['sounds', sounds, SOUNDS_MAX, soundMessages.limit],
  ] as const) {
    test(`at most ${max} ${kind}, counted under a lock on the shop: 422 under \`name\`, nothing saved`, async () => {
      const customerId = await fillUpTo(table, max - 1);
      const count = async () =>
        (await t.database.db.select({ id: table.id }).from(table).where(eq(table.customerId, customerId))).length;
      const filesBefore = await mediaFiles(t);
      // Two uploads at once for the last place: one is taken, the other refused.
      const answers = await Promise.all(
        ['Utolsó hely', 'Egy túl sok'].map((name) => upload(other, `/api/${kind}`, { name }, [mp3File()])),
      );
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [201, 422], answers.map((r) => r.body).join('\n'));
      const refused = answers.find((r) => r.statusCode === 422)!;
      assert.deepEqual(JSON.parse(refused.body).errors, { name: [message] });
      assert.equal(await count(), max);
      assert.equal((await mediaFiles(t)).length, filesBefore.length + 1, 'the refused upload left a file');
      // The other shop is not counted: the demo shop still uploads.
      const mine = await upload(a, `/api/${kind}`, { name: 'Saját' }, [mp3File()]);
      assert.equal(mine.statusCode, 201, mine.body);
      await t.app.ctx.loudness.idle();
      await t.database.db.delete(table).where(eq(table.customerId, customerId));
    });
  }
});
