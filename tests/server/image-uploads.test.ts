/**
 * Slides and logos are judged by their header, not their first bytes: a PNG signature followed by
 * HTML, a broken chunk, and headers claiming sizes the in-store screen cannot decode (over 40
 * megapixels or 8000 px a side) are refused on `errors.file` and leave no row and no file; a
 * valid PNG and JPEG, up to the limits exactly, are taken. Each image is read by image-size and by
 * our walk of its structure (server/src/storage/image-header.ts): malformed files (cut short, a wrong
 * signature, another format, a frame only one of the two readers reads, absurd dimensions) answer 422
 * with the same two Hungarian messages.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { SETTING_LOGO } from '../../contracts/settings';
import { fileMessages } from '../../contracts/uploads';
import { settings } from '../../server/src/db/schema';
import { DEFAULT_ASSETS_ROOT } from '../../server/src/storage';
import { createTestApp, loggedIn, mediaFiles, multipart, PNG, rowCount, type Client, type TestApp } from './helpers';
import { ihdr, png, PNG_SIGNATURE, pngChunk, jpeg, jpegTwoFrames } from './image-bytes';

let t: TestApp;
let a: Client;
let slideshowId: number;
let logoId: number;

const TOO_LARGE = 'A kép legfeljebb 40 megapixeles lehet, és egyik oldala sem lehet hosszabb 8000 képpontnál.';

const post = (url: string, fields: Record<string, string | number>, data: Buffer, filename: string) => {
  const { body, headers } = multipart(fields, [
    { filename, type: filename.endsWith('.png') ? 'image/png' : 'image/jpeg', data },
  ]);
  return a.post(url, body, { headers });
};
const addSlide = (data: Buffer, filename = 'dia.png') =>
  post(`/api/slideshows/${slideshowId}/image`, {}, data, filename);
const uploadLogo = (data: Buffer, filename = 'logo.png') =>
  post(`/api/settings/file/${logoId}`, { id: logoId, key: SETTING_LOGO }, data, filename);
const logoRow = async () => (await t.database.db.select().from(settings).where(eq(settings.id, logoId)))[0]!;

/** Refused on `file` with `message`; no image row, no logo change, no file left. */
async function assertRefused(res: { statusCode: number; body: string }, message: string, what: string) {
  assert.equal(res.statusCode, 422, `${what}: ${res.body}`);
  assert.deepEqual(JSON.parse(res.body).errors, { file: [message] }, what);
}

const forged: Array<[string, Buffer]> = [
  [
    'a PNG signature followed by HTML',
    Buffer.concat([PNG_SIGNATURE, Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')]),
  ],
  ['a PNG signature followed by a JPEG', Buffer.concat([PNG_SIGNATURE, jpeg(10, 10)])],
  [
    'IHDR with a wrong CRC',
    Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr(10, 10), { badCrc: true }), pngChunk('IDAT', Buffer.alloc(4))]),
  ],
  ['no IDAT', Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr(10, 10)), pngChunk('IEND', Buffer.alloc(0))])],
  [
    'a JPEG start followed by HTML',
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html></html>')]),
  ],
];
const oversized: Array<[string, Buffer]> = [
  ['PNG 100000×100000', png(100_000, 100_000)],
  ['PNG 2³¹−1 a side', png(2 ** 31 - 1, 2 ** 31 - 1)],
  ['PNG 2³¹−1 × 1', png(2 ** 31 - 1, 1)],
  ['PNG 8000×5001 (over 40 MP)', png(8000, 5001)],
  ['PNG 6325×6325 (over 40 MP, sides within)', png(6325, 6325)],
  ['PNG 8001×1', png(8001, 1)],
  ['PNG 1×8001', png(1, 8001)],
  ['JPEG 8001×100', jpeg(8001, 100)],
  ['JPEG 7000×7000', jpeg(7000, 7000)],
  ['JPEG 10×10, then a second frame of 65500×65500', jpegTwoFrames(10, 10, [65500, 65500])],
];

/** A lossless VP8L WebP of `width`×`height` (its header; no pixels): a format we do not take. */
function webp(width: number, height: number): Buffer {
  const bits = Buffer.alloc(4);
  bits.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14));
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.from([5, 0, 0, 0, 0x2f]), bits, Buffer.alloc(1)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), chunk]);
}

const wrongSignature = (data: Buffer, at: number) => {
  const copy = Buffer.from(data);
  copy[at] = copy[at]! ^ 0x20;
  return copy;
};

/** Malformed files: each [what, bytes, name it is sent as]. */
const malformed: Array<[string, Buffer, string]> = [
  ['a PNG cut inside its IHDR', png(640, 480).subarray(0, 20), 'vagott.png'],
  ['a PNG cut inside its IDAT', png(640, 480).subarray(0, png(640, 480).length - 20), 'vagott.png'],
  ['a PNG signature alone', PNG_SIGNATURE, 'ures.png'],
  ['a JPEG cut inside its frame header', jpeg(640, 480).subarray(0, 100), 'vagott.jpg'],
  ['a JPEG start and end, nothing between', Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'ures.jpg'],
  ['a PNG whose signature has one byte changed', wrongSignature(png(640, 480), 1), 'rossz.png'],
  ['a JPEG whose start has one byte changed', wrongSignature(jpeg(640, 480), 1), 'rossz.jpg'],
  ['a WebP named .png', webp(640, 480), 'mas.png'],
  [
    'a GIF named .jpg',
    Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x80, 0x02, 0xe0, 0x01]), Buffer.alloc(20)]),
    'mas.jpg',
  ],
  ['a JPEG whose only frame is lossless (image-size reads no size)', jpeg(30, 20, { sof: 0xc3 }), 'veszteseg.jpg'],
  ['a PNG of 0×0', png(0, 0), 'nulla.png'],
  ['a JPEG of 0 width', jpeg(0, 480), 'nulla.jpg'],
];
const hugeDeclared: Array<[string, Buffer, string]> = [
  ['a PNG declaring 2³¹−1 × 2³¹−1', png(2 ** 31 - 1, 2 ** 31 - 1), 'nagy.png'],
  ['a JPEG declaring 65535×65535', jpeg(65535, 65535), 'nagy.jpg'],
  ['a JPEG of 64×64 with a later frame of 65535×65535', jpegTwoFrames(64, 64, [65535, 65535]), 'nagy.jpg'],
];

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  const created = await a.post('/api/slideshows', { name: 'Fejlécek' });
  assert.equal(created.statusCode, 201, created.body);
  slideshowId = created.json().id;
  logoId = (await a.get('/api/settings')).json().find((s: { key: string }) => s.key === SETTING_LOGO).id;
});
after(async () => {
  await t?.close();
});

describe('slides', () => {
  test('forged and oversized images are refused, leaving nothing behind', async () => {
    const rows = await rowCount(t, 'slideshow_images');
    const files = await mediaFiles(t);
    for (const [what, data] of forged) await assertRefused(await addSlide(data), fileMessages.notImage, what);
    for (const [what, data] of oversized)
      await assertRefused(await addSlide(data, what.startsWith('JPEG') ? 'dia.jpg' : 'dia.png'), TOO_LARGE, what);
    assert.equal(await rowCount(t, 'slideshow_images'), rows);
    assert.deepEqual(await mediaFiles(t), files);
  });

  test('valid PNGs and JPEGs are taken, up to 40 megapixels and 8000 px a side exactly', async () => {
    const slide = await readFile(path.join(DEFAULT_ASSETS_ROOT, 'images/slides/slide-01.jpeg'));
    const good: Array<[string, Buffer, string]> = [
      ['the smallest PNG', PNG, 'kicsi.png'],
      ['a photo JPEG', slide, 'foto.jpeg'],
      ['PNG 8000×5000 (40 MP exactly)', png(8000, 5000), 'szeles.png'],
      ['PNG 5000×8000', png(5000, 8000), 'magas.png'],
      ['PNG 6324×6324', png(6324, 6324), 'negyzet.png'],
      ['PNG 8000×1', png(8000, 1), 'csik.png'],
      ['JPEG 8000×5000', jpeg(8000, 5000), 'szeles.jpg'],
    ];
    for (const [what, data, filename] of good) {
      const res = await addSlide(data, filename);
      assert.equal(res.statusCode, 201, `${what}: ${res.body}`);
      assert.equal(res.json().name, filename, what);
    }
  });
});

describe('logos', () => {
  test('forged and oversized images are refused; the logo stays as it was', async () => {
    const before = await logoRow();
    const files = await mediaFiles(t);
    for (const [what, data] of forged) await assertRefused(await uploadLogo(data), fileMessages.notImage, what);
    for (const [what, data] of oversized) await assertRefused(await uploadLogo(data), TOO_LARGE, what);
    assert.deepEqual(await logoRow(), before);
    assert.deepEqual(await mediaFiles(t), files);
  });

  test('a valid PNG at the limit and a JPEG are taken', async () => {
    for (const data of [png(8000, 5000), jpeg(640, 480)]) {
      const res = await uploadLogo(data);
      assert.equal(res.statusCode, 200, res.body);
    }
    assert.match((await logoRow()).filePath!, /\.jpg$/);
  });
});

describe('malformed images', () => {
  test('cut short, a wrong signature or format, a frame image-size cannot read: 422 "A kép csak JPEG vagy PNG fájl lehet."', async () => {
    const rows = await rowCount(t, 'slideshow_images');
    const logo = await logoRow();
    const files = await mediaFiles(t);
    for (const [what, data, filename] of malformed) {
      await assertRefused(await addSlide(data, filename), 'A kép csak JPEG vagy PNG fájl lehet.', `slide: ${what}`);
      await assertRefused(await uploadLogo(data, filename), 'A kép csak JPEG vagy PNG fájl lehet.', `logo: ${what}`);
    }
    assert.equal(await rowCount(t, 'slideshow_images'), rows);
    assert.deepEqual(await logoRow(), logo);
    assert.deepEqual(await mediaFiles(t), files);
  });

  test('huge declared dimensions, in the first frame or a later one: 422 with the size message', async () => {
    const files = await mediaFiles(t);
    for (const [what, data, filename] of hugeDeclared) {
      await assertRefused(await addSlide(data, filename), TOO_LARGE, `slide: ${what}`);
      await assertRefused(await uploadLogo(data, filename), TOO_LARGE, `logo: ${what}`);
    }
    assert.deepEqual(await mediaFiles(t), files);
  });
});
