/**
 * Slideshows (two steps, images one a call, order and seconds saved together) and screens (CRUD,
 * unguessable hash_id, the public calls of the screen page, ScreenUpdated on `screen.{hash_id}`).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Channel } from 'pusher-js';
import { SCREEN_UPDATED_EVENT } from '../../contracts/realtime';
import {
  publicScreenSchema,
  screenListSchema,
  screenSchema,
  screenSlideshowSchema,
  type Screen,
} from '../../contracts/screens';
import { slideshowImageSchema, slideshowListSchema, slideshowSchema, type Slideshow } from '../../contracts/slideshows';
import { fileMessages } from '../../contracts/uploads';
import { DEFAULT_ASSETS_ROOT } from '../../server/src/storage';
import {
  Client,
  createTestApp,
  localUrl,
  loggedIn,
  mediaFiles,
  multipart,
  OTHER,
  PNG,
  rowCount,
  type TestApp,
} from './helpers';
import { client, disconnectAll, listen, record, signer, sleep, subscribe } from './realtime-helpers';

let t: TestApp;
let port: number;
let a: Client;
let other: Client;
let jpeg: Buffer;
const addImage = (c: Client, slideshowId: number, data: Buffer, filename: string, type = 'image/png') => {
  const { body, headers } = multipart({}, [{ filename, type, data }]);
  return c.post(`/api/slideshows/${slideshowId}/image`, body, { headers });
};
const show = async (c: Client, id: number): Promise<Slideshow> => {
  const res = await c.get(`/api/slideshows/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return slideshowSchema.parse(res.json());
};
/** A public-channel listener on the screen's page channel (no login, no authorization). */
const listenTo = async (hashId: string): Promise<Channel> =>
  subscribe(
    client(port, t.config.pusherKey, signer({ key: t.config.pusherKey, secret: 'unused' })),
    `screen.${hashId}`,
  );
const updatesOn = async (seen: Array<{ event: string }>, count: number) => {
  for (let i = 0; i < 50 && seen.filter((e) => e.event === SCREEN_UPDATED_EVENT).length < count; i++) await sleep(50);
  return seen.filter((e) => e.event === SCREEN_UPDATED_EVENT).length;
};

before(async () => {
  t = await createTestApp({ UPLOAD_AUDIO_MAX_MB: '1', UPLOAD_IMAGE_MAX_MB: '1', UPLOAD_BODY_MAX_MB: '3' });
  port = await listen(t.app);
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  jpeg = await readFile(path.join(DEFAULT_ASSETS_ROOT, 'images/slides/slide-01.jpeg'));
});
after(async () => {
  disconnectAll();
  await t.close();
});

let slideshow: Slideshow;
let images: number[] = [];

describe('the demo seed', () => {
  test('two slideshows of generated slides and two screens showing them, publicly', async () => {
    const shows = slideshowListSchema.parse((await a.get('/api/slideshows')).json());
    assert.deepEqual(
      shows.map((s) => [s.name, s.images_count]),
      [
        ['Üdvözlő képek', 4],
        ['Őszi ajánlatok', 4],
      ],
    );
    const screens = screenListSchema.parse((await a.get('/api/screens')).json());
    assert.deepEqual(screens.map((s) => [s.name, s.slideshow?.name]).sort(), [
      ['Bejárati kijelző', 'Üdvözlő képek'],
      ['Pénztár feletti TV', 'Őszi ajánlatok'],
    ]);
    const pub = publicScreenSchema.parse(
      (await new Client(t.app).get(`/api/screens/public/${screens[0]!.hash_id}`)).json(),
    );
    assert.equal(pub.slideshow!.images.length, 4);
    const image = await new Client(t.app).get(localUrl(pub.slideshow!.images[0]!.url));
    assert.equal(image.headers['content-type'], 'image/jpeg');
    assert.equal(slideshowListSchema.parse((await other.get('/api/slideshows')).json()).length, 1);
  });
});

describe('slideshows', () => {
  test('step one: a name alone answers 201 with the id and no images', async () => {
    const res = await a.post('/api/slideshows', { name: 'Őszi kínálat' });
    assert.equal(res.statusCode, 201, res.body);
    slideshow = slideshowSchema.parse(res.json());
    assert.deepEqual([slideshow.name, slideshow.images, slideshow.images_count], ['Őszi kínálat', [], 0]);
    const bad = await a.post('/api/slideshows', 'name=', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors.name, ['A név megadása kötelező.']);
  });

  test('images one a call: JPEG and PNG by content, 5 s to start with, answered as {id, name, url, seconds}', async () => {
    const first = await addImage(a, slideshow.id, jpeg, 'elso.jpg', 'application/octet-stream');
    assert.equal(first.statusCode, 201, first.body);
    const image = slideshowImageSchema.parse(first.json());
    assert.deepEqual([image.name, image.seconds], ['elso.jpg', 5]);
    const served = await a.get(localUrl(image.url));
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/jpeg');
    const second = await addImage(a, slideshow.id, PNG, 'masodik.png');
    assert.equal(second.statusCode, 201, second.body);
    assert.equal((await a.get(localUrl(second.json().url))).headers['content-type'], 'image/png');
    const third = await addImage(a, slideshow.id, PNG, 'harmadik.png');
    images = [image.id, second.json().id, third.json().id];
    const now = await show(a, slideshow.id);
    assert.deepEqual(
      now.images.map((i) => i.id),
      images,
    );
    const list = slideshowListSchema.parse((await a.get('/api/slideshows')).json());
    assert.equal(list.find((s) => s.id === slideshow.id)!.images_count, 3, 'the list gives the number of slides');
  });

  test('bad images are refused on `file` and leave no row and no file', async () => {
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('GIF89a' + 'x'.repeat(100)), 'kep.png', fileMessages.notImage],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'kep.jpg', fileMessages.notImage],
      [await readFile(path.join(DEFAULT_ASSETS_ROOT, 'audio/sounds/gong.mp3')), 'kep.jpg', fileMessages.notImage],
      [Buffer.concat([jpeg, Buffer.alloc(1024 * 1024)]), 'nagy.jpg', fileMessages.tooLarge(1)],
    ];
    for (const [data, name, message] of cases) {
      const rows = await rowCount(t, 'slideshow_images');
      const files = await mediaFiles(t);
      const res = await addImage(a, slideshow.id, data, name, 'image/jpeg');
      assert.equal(res.statusCode, 422, `${name}: ${res.body}`);
      assert.deepEqual(res.json().errors.file, [message]);
      assert.equal(await rowCount(t, 'slideshow_images'), rows);
      assert.deepEqual(await mediaFiles(t), files);
    }
    const files = await mediaFiles(t);
    const two = multipart({}, [
      { filename: 'a.png', data: PNG },
      { filename: 'b.png', data: PNG },
    ]);
    const res = await a.post(`/api/slideshows/${slideshow.id}/image`, two.body, { headers: two.headers });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().errors.file, [fileMessages.tooMany]);
    assert.deepEqual(await mediaFiles(t), files);
    const none = await a.post(`/api/slideshows/${slideshow.id}/image`, {});
    assert.deepEqual(none.json().errors.file, [fileMessages.required]);
  });

  test('update: the new order with seconds, as JSON or as a form (images[0][id])', async () => {
    const res = await a.post(`/api/slideshows/${slideshow.id}`, {
      name: 'Őszi kínálat 2',
      images: [
        { id: images[2], seconds: 8 },
        { id: images[0], seconds: 3 },
        { id: images[1], seconds: 1 },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    const saved = slideshowSchema.parse(res.json());
    assert.equal(saved.name, 'Őszi kínálat 2');
    assert.deepEqual(
      saved.images.map((i) => [i.id, i.seconds]),
      [
        [images[2], 8],
        [images[0], 3],
        [images[1], 1],
      ],
    );
    const form = new URLSearchParams({ name: 'Űrlapból' });
    [images[1], images[2], images[0]].forEach((id, i) => {
      form.append(`images[${i}][id]`, String(id));
      form.append(`images[${i}][seconds]`, String(10 + i));
    });
    const viaForm = await a.post(`/api/slideshows/${slideshow.id}`, form.toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(viaForm.statusCode, 200, viaForm.body);
    assert.deepEqual(
      slideshowSchema.parse(viaForm.json()).images.map((i) => [i.id, i.seconds]),
      [
        [images[1], 10],
        [images[2], 11],
        [images[0], 12],
      ],
    );
    const mp = multipart({
      name: 'Multipartból',
      'images[0][id]': images[0]!,
      'images[0][seconds]': 4,
      'images[1][id]': images[1]!,
      'images[1][seconds]': 4,
      'images[2][id]': images[2]!,
      'images[2][seconds]': 4,
    });
    const viaMultipart = await a.post(`/api/slideshows/${slideshow.id}`, mp.body, { headers: mp.headers });
    assert.equal(viaMultipart.statusCode, 200, viaMultipart.body);
    assert.deepEqual(
      slideshowSchema.parse(viaMultipart.json()).images.map((i) => i.id),
      [images[0], images[1], images[2]],
    );
  });

  test('an update that leaves out an image, repeats one, adds a foreign one, or has 0 seconds is 422 and changes nothing', async () => {
    const before = await show(a, slideshow.id);
    const foreign = (await other.post('/api/slideshows', { name: 'Másik' })).json().id as number;
    const foreignImage = (await addImage(other, foreign, PNG, 'm.png')).json().id as number;
    const bodies: Array<[unknown, string]> = [
      [
        [
          { id: images[0], seconds: 5 },
          { id: images[1], seconds: 5 },
        ],
        'images',
      ],
      [
        [
          { id: images[0], seconds: 5 },
          { id: images[0], seconds: 5 },
          { id: images[1], seconds: 5 },
        ],
        'images',
      ],
      [[...images.map((id) => ({ id, seconds: 5 })), { id: foreignImage, seconds: 5 }], 'images'],
      [images.map((id, i) => ({ id, seconds: i === 1 ? 0 : 5 })), 'images.1.seconds'],
      [images.map((id) => ({ id, seconds: 'öt' })), 'images.0.seconds'],
      [undefined, 'images'],
      ['nem lista', 'images'],
    ];
    for (const [list, field] of bodies) {
      const res = await a.post(`/api/slideshows/${slideshow.id}`, { name: 'Nem mentett', images: list });
      assert.equal(res.statusCode, 422, `${JSON.stringify(list)}: ${res.body}`);
      assert.ok(res.json().errors[field]?.[0], `${field} in ${res.body}`);
    }
    assert.deepEqual(await show(a, slideshow.id), before);
  });

  test('remove an image by id: the row goes, then its file; an unknown id is 422 on `id`', async () => {
    const extra = (await addImage(a, slideshow.id, PNG, 'torlendo.png')).json();
    const filePath = decodeURIComponent(new URL(extra.url).pathname.slice('/media/'.length));
    assert.ok((await mediaFiles(t)).includes(filePath));
    const res = await a.post(`/api/slideshows/${slideshow.id}/image/remove`, 'id=' + extra.id, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      slideshowSchema.parse(res.json()).images.map((i) => i.id),
      images,
    );
    assert.ok(!(await mediaFiles(t)).includes(filePath));
    const again = await a.post(`/api/slideshows/${slideshow.id}/image/remove`, { id: extra.id });
    assert.equal(again.statusCode, 422);
    assert.deepEqual(again.json().errors.id, ['A kép nem található.']);
  });

  test("another shop's slideshow is 404 on every call and stays", async () => {
    const theirs = (await other.post('/api/slideshows', { name: 'Az övék' })).json().id as number;
    const theirImage = (await addImage(other, theirs, PNG, 'o.png')).json().id as number;
    const files = await mediaFiles(t);
    assert.equal((await a.get(`/api/slideshows/${theirs}`)).statusCode, 404);
    assert.equal(
      (await a.post(`/api/slideshows/${theirs}`, { name: 'X', images: [{ id: theirImage, seconds: 2 }] })).statusCode,
      404,
    );
    assert.equal((await addImage(a, theirs, PNG, 'x.png')).statusCode, 404);
    assert.deepEqual(await mediaFiles(t), files, 'the refused upload left no file');
    assert.equal((await a.post(`/api/slideshows/${theirs}/image/remove`, { id: theirImage })).statusCode, 404);
    assert.equal((await a.post(`/api/slideshows/${theirs}/delete`)).statusCode, 404);
    // Their image named in our own slideshow's remove is not found either.
    assert.equal((await a.post(`/api/slideshows/${slideshow.id}/image/remove`, { id: theirImage })).statusCode, 422);
    assert.equal((await show(other, theirs)).images.length, 1);
  });
});

describe('screens', () => {
  let screen: Screen;

  test('create: name, optional description, default slideshow; an unguessable url-safe hash_id', async () => {
    const res = await a.post('/api/screens', {
      name: 'Pénztár feletti TV',
      description: '',
      slideshow_id: slideshow.id,
    });
    assert.equal(res.statusCode, 201, res.body);
    screen = screenSchema.parse(res.json());
    assert.equal(screen.description, null);
    assert.equal(screen.slideshow_id, slideshow.id);
    assert.deepEqual(screen.slideshow, { id: slideshow.id, name: 'Multipartból' });
    assert.match(screen.hash_id, /^[A-Za-z0-9_-]{12,}$/);
    const second = screenSchema.parse(
      (await a.post('/api/screens', { name: 'Bejárat', description: 'Az ajtó mellett' })).json(),
    );
    assert.notEqual(second.hash_id, screen.hash_id);
    assert.equal(second.slideshow_id, null);
    const list = screenListSchema.parse((await a.get('/api/screens')).json());
    assert.deepEqual(
      list.slice(0, 2).map((s) => s.id),
      [second.id, screen.id],
      'newest first',
    );
  });

  test("field errors: name, description, slideshow_id (another shop's slideshow too)", async () => {
    const theirs = (await other.post('/api/slideshows', { name: 'Idegen' })).json().id as number;
    const rows = await rowCount(t, 'screens');
    const res = await a.post('/api/screens', { name: '', description: 'x'.repeat(1001), slideshow_id: 'abc' });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(Object.keys(res.json().errors).sort(), ['description', 'name', 'slideshow_id']);
    const foreign = await a.post('/api/screens', { name: 'Idegen vetítéssel', slideshow_id: theirs });
    assert.equal(foreign.statusCode, 422);
    assert.deepEqual(foreign.json().errors.slideshow_id, ['A kiválasztott slideshow nem található.']);
    assert.equal(await rowCount(t, 'screens'), rows);
  });

  test('the public calls need no login and give the slideshow with signed image URLs', async () => {
    const guest = new Client(t.app);
    const res = await guest.get(`/api/screens/public/${screen.hash_id}`);
    assert.equal(res.statusCode, 200, res.body);
    const pub = publicScreenSchema.parse(res.json());
    assert.equal(pub.name, 'Pénztár feletti TV');
    assert.deepEqual(
      pub.slideshow!.images.map((i) => i.id),
      images,
    );
    assert.equal((await guest.get(localUrl(pub.slideshow!.images[0]!.url))).statusCode, 200);
    const theirs = (await other.post('/api/slideshows', { name: 'Idegen' })).json().id as number;
    assert.equal((await guest.get(`/api/screens/public/${screen.hash_id}/slideshows/${theirs}`)).statusCode, 404);
    for (const bad of ['nincs-ilyen-kijelzo', 'short', '%00', screen.hash_id.toLowerCase() + 'x']) {
      assert.equal((await guest.get(`/api/screens/public/${encodeURIComponent(bad)}`)).statusCode, 404, bad);
    }
    const otherScreen = screenSchema.parse((await other.post('/api/screens', { name: 'Az övék' })).json());
    assert.equal(
      (await guest.get(`/api/screens/public/${otherScreen.hash_id}`)).statusCode,
      404,
      "another shop's screen through this shop",
    );
  });

  test("a screen's link opens its default and what a schedule sends to it, no other slideshow of the shop", async () => {
    const guest = new Client(t.app);
    const slideshowOf = (hashId: string, id: number) => guest.get(`/api/screens/public/${hashId}/slideshows/${id}`);
    const sent = (await a.post('/api/slideshows', { name: 'Küldött' })).json().id as number;
    const elsewhere = (await a.post('/api/slideshows', { name: 'Máshova küldött' })).json().id as number;
    const unsent = (await a.post('/api/slideshows', { name: 'Senkinek' })).json().id as number;
    const second = screenSchema.parse((await a.post('/api/screens', { name: 'Raktár TV' })).json());

    const own = await slideshowOf(screen.hash_id, screen.slideshow_id!);
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(screenSlideshowSchema.parse(own.json()).id, screen.slideshow_id);
    for (const id of [sent, elsewhere, unsent])
      assert.equal((await slideshowOf(screen.hash_id, id)).statusCode, 404, `slideshow ${id}`);

    const spot = (await a.get('/api/spots')).json()[0].id as number;
    const toScreen = await a.post('/api/scheduled-contents', {
      name: 'Akció a pénztárnál',
      slideshows: [sent],
      screens: [screen.id],
    });
    assert.equal(toScreen.statusCode, 201, toScreen.body);
    const toSecond = await a.post('/api/scheduled-contents', {
      name: 'Raktár',
      spots: [spot],
      slideshows: [elsewhere],
      screens: [second.id],
    });
    assert.equal(toSecond.statusCode, 201, toSecond.body);

    const shown = await slideshowOf(screen.hash_id, sent);
    assert.equal(shown.statusCode, 200, shown.body);
    assert.equal(screenSlideshowSchema.parse(shown.json()).name, 'Küldött');
    // Sent to another screen of the shop: that screen's link opens it, this one's does not.
    assert.equal((await slideshowOf(screen.hash_id, elsewhere)).statusCode, 404);
    assert.equal((await slideshowOf(second.hash_id, elsewhere)).statusCode, 200);
    assert.equal((await slideshowOf(second.hash_id, sent)).statusCode, 404);
    assert.equal((await slideshowOf(screen.hash_id, unsent)).statusCode, 404);
    // Unlinked again, it is closed again.
    const id = toScreen.json().id as number;
    const edited = await a.post(`/api/scheduled-contents/${id}`, {
      name: 'Akció a pénztárnál',
      slideshows: [sent],
      screens: [second.id],
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal((await slideshowOf(screen.hash_id, sent)).statusCode, 404);
    assert.equal((await slideshowOf(second.hash_id, sent)).statusCode, 200);
    for (const c of [toScreen, toSecond])
      assert.equal((await a.post(`/api/scheduled-contents/delete/${c.json().id}`)).statusCode, 200);
    assert.equal((await a.post(`/api/screens/delete/${second.id}`)).statusCode, 200);
  });

  test('ScreenUpdated on screen.{hash_id} when the name or default slideshow changes, or its images', async () => {
    const seen = record(await listenTo(screen.hash_id));
    const same = await a.post(`/api/screens/${screen.id}`, {
      name: screen.name,
      description: 'Csak leírás',
      slideshow_id: slideshow.id,
    });
    assert.equal(same.statusCode, 200, same.body);
    await sleep(200);
    assert.equal(await updatesOn(seen, 0), 0, 'a description alone does not disturb the screen');
    await a.post(`/api/screens/${screen.id}`, { name: 'Új név', slideshow_id: slideshow.id });
    assert.equal(await updatesOn(seen, 1), 1);
    await a.post(`/api/screens/${screen.id}`, { name: 'Új név', slideshow_id: '' });
    assert.equal(await updatesOn(seen, 2), 2);
    await a.post(`/api/screens/${screen.id}`, { name: 'Új név', slideshow_id: slideshow.id });
    assert.equal(await updatesOn(seen, 3), 3);
    await addImage(a, slideshow.id, PNG, 'uj.png');
    assert.equal(await updatesOn(seen, 4), 4, "an image added to the screen's slideshow");
    assert.deepEqual(seen.find((e) => e.event === SCREEN_UPDATED_EVENT)!.data, {});
  });

  test("another shop's screen is 404 for update and delete", async () => {
    const theirs = screenSchema.parse((await other.post('/api/screens', { name: 'Övék' })).json());
    assert.equal((await a.post(`/api/screens/${theirs.id}`, { name: 'Elvett' })).statusCode, 404);
    assert.equal((await a.post(`/api/screens/delete/${theirs.id}`)).statusCode, 404);
    assert.equal(
      screenListSchema.parse((await other.get('/api/screens')).json()).find((s) => s.id === theirs.id)!.name,
      'Övék',
    );
  });

  test("deleting the default slideshow nulls the screen's slideshow_id, tells the screen, removes the files", async () => {
    const seen = record(await listenTo(screen.hash_id));
    const files = (await show(a, slideshow.id)).images.map((i) =>
      decodeURIComponent(new URL(i.url).pathname.slice('/media/'.length)),
    );
    const res = await a.post(`/api/slideshows/${slideshow.id}/delete`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.body, 'true');
    const now = screenListSchema.parse((await a.get('/api/screens')).json()).find((s) => s.id === screen.id)!;
    assert.equal(now.slideshow_id, null);
    assert.equal(now.slideshow, null);
    assert.equal(await updatesOn(seen, 1), 1);
    const left = await mediaFiles(t);
    assert.ok(files.every((f) => !left.includes(f)));
    assert.equal((await a.get(`/api/slideshows/${slideshow.id}`)).statusCode, 404);
    const pub = publicScreenSchema.parse((await new Client(t.app).get(`/api/screens/public/${screen.hash_id}`)).json());
    assert.equal(pub.slideshow, null);
  });

  test('delete answers true; the public page then finds nothing', async () => {
    const res = await a.post(`/api/screens/delete/${screen.id}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, 'true');
    assert.equal((await new Client(t.app).get(`/api/screens/public/${screen.hash_id}`)).statusCode, 404);
  });
});
