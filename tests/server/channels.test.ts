import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { channelCategorySchema, channelSchema } from '../../contracts/channels';
import { hmacSha256 } from '../../server/src/security/crypto';
import { paginatorSchema } from '../../contracts/pagination';
import { trackSchema } from '../../contracts/tracks';
import { Client, createTestApp, localUrl, loggedIn, OTHER, type TestApp } from './helpers';

let t: TestApp;
let demo: Client;
let other: Client;

before(async () => {
  t = await createTestApp();
  demo = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
});
after(async () => {
  await t.close();
});

const json = (res: { statusCode: number; body: string }, status = 200) => {
  assert.equal(res.statusCode, status, res.body);
  return JSON.parse(res.body) as unknown;
};

describe('channel catalogue', () => {
  test('needs a login', async () => {
    const res = await new Client(t.app).get('/api/channels');
    assert.equal(res.statusCode, 401);
  });

  test('lists at least 24 channels with covers, landscapes, featured ones and 20+ tracks each', async () => {
    const list = z.array(channelSchema).parse(json(await demo.get('/api/channels')));
    assert.ok(list.length >= 24);
    assert.ok(list.some((c) => c.is_featured));
    for (const c of list) {
      assert.ok(c.tracks_count >= 20, `${c.name}: ${c.tracks_count} tracks`);
      assert.ok(c.channel_duration > 0 && c.duration === c.channel_duration);
      assert.ok(c.image_url?.startsWith('http://api.test:4000/media/'));
      assert.equal(c.landscape, true);
      assert.ok(c.landscape_url);
      assert.match(c.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    }
  });

  test('categories with 2–4 subcategories holding channels', async () => {
    const cats = z.array(channelCategorySchema).parse(json(await demo.get('/api/channels/subcategories')));
    assert.ok(cats.length >= 4);
    for (const cat of cats) {
      assert.ok(cat.subcategories.length >= 2 && cat.subcategories.length <= 4, cat.name);
      for (const sub of cat.subcategories) assert.ok(sub.channels.length > 0, sub.name);
    }
  });

  test('one channel, and 404 for missing or malformed ids', async () => {
    const channel = channelSchema.parse(json(await demo.get('/api/channels/1')));
    assert.equal(channel.id, 1);
    for (const id of ['999999', '0', 'abc', '-1', '1.5', '99999999999999']) {
      const res = await demo.get(`/api/channels/${id}`);
      assert.equal(res.statusCode, 404, id);
      assert.deepEqual(JSON.parse(res.body), { message: 'Nem található.' });
    }
    assert.equal((await demo.get('/api/channels/999999/tracks/1')).statusCode, 404);
    assert.equal((await demo.get('/api/channels/999999/tracks')).statusCode, 404);
    assert.equal((await demo.get('/api/channels/999999/check-favorite')).statusCode, 404);
    assert.equal((await demo.post('/api/channels/999999/toggle-favorite')).statusCode, 404);
  });

  test('some tracks have no title and some no artist', async () => {
    const all = new Map<number, z.infer<typeof trackSchema>>();
    for (const c of z.array(channelSchema).parse(json(await demo.get('/api/channels')))) {
      for (const tr of z.array(trackSchema).parse(json(await demo.get(`/api/channels/${c.id}/tracks`))))
        all.set(tr.id, tr);
    }
    const tracks = [...all.values()];
    assert.ok(tracks.some((tr) => tr.title === null));
    assert.ok(tracks.some((tr) => tr.artist === null));
    for (const tr of tracks) {
      assert.match(tr.name, /\.mp3$/);
      assert.match(tr.formatted_duration, /^\d+:\d\d$/);
      assert.ok(tr.image_thumbnail_url);
    }
  });
});

describe('track pages', () => {
  const page = paginatorSchema(trackSchema);

  test('pages through every track to an empty page', async () => {
    const channel = channelSchema.parse(json(await demo.get('/api/channels/2')));
    const all = z.array(trackSchema).parse(json(await demo.get('/api/channels/2/tracks')));
    assert.equal(all.length, channel.tracks_count);
    const seen: number[] = [];
    let n = 1;
    for (;;) {
      const p = page.parse(json(await demo.get(`/api/channels/2/tracks/${n}`)));
      assert.equal(p.current_page, n);
      assert.equal(p.per_page, 15);
      assert.equal(p.total, channel.tracks_count);
      if (!p.data.length) {
        assert.equal(p.from, null);
        assert.equal(p.to, null);
        assert.equal(p.next_page_url, null);
        break;
      }
      assert.equal(p.from, (n - 1) * 15 + 1);
      seen.push(...p.data.map((tr) => tr.id));
      n++;
      assert.ok(n < 10, 'runaway paging');
    }
    assert.deepEqual(
      seen,
      all.map((tr) => tr.id),
      'pages keep the play order',
    );
    const first = page.parse(json(await demo.get('/api/channels/2/tracks/1')));
    assert.equal(first.last_page, Math.ceil(channel.tracks_count / 15));
    assert.ok(first.next_page_url?.endsWith('/api/channels/2/tracks/2?page=2'));
    assert.equal(first.prev_page_url, null);
    assert.equal(first.links[0]?.label, '&laquo; Previous');
    assert.equal(first.links.at(-1)?.label, 'Next &raquo;');
  });

  test('the page query parameter is read as Laravel does', async () => {
    const viaQuery = page.parse(json(await demo.get('/api/channels/2/tracks/1?page=2')));
    const viaPath = page.parse(json(await demo.get('/api/channels/2/tracks/2')));
    assert.equal(viaQuery.current_page, 2);
    assert.deepEqual(
      viaQuery.data.map((x) => x.id),
      viaPath.data.map((x) => x.id),
    );
  });

  test('a page that is not a positive integer is a 422', async () => {
    for (const p of ['0', 'abc', '-2', '1.5']) {
      const res = await demo.get(`/api/channels/2/tracks/${p}`);
      assert.equal(res.statusCode, 422, p);
      const body = JSON.parse(res.body) as { errors: Record<string, string[]> };
      assert.ok(body.errors.page?.[0]);
    }
  });

  test('a signed track URL plays with Range; a tampered one is refused', async () => {
    const [track] = z.array(trackSchema).parse(json(await demo.get('/api/channels/3/tracks')));
    const url = localUrl(track!.url);
    const full = await t.app.inject({ method: 'GET', url });
    assert.equal(full.statusCode, 200);
    assert.equal(full.headers['content-type'], 'audio/mpeg');
    const size = Number(full.headers['content-length']);
    assert.ok(size > 10_000);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 100-199/${size}`);
    assert.equal(part.rawPayload.length, 100);
    assert.match(String(part.headers['cache-control']), /max-age=\d+/);

    const tampered = url.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    assert.equal((await t.app.inject({ method: 'GET', url: tampered })).statusCode, 403);
    const otherFile = url.replace(/tracks\/[^/?]+\.mp3/, 'tracks/other.mp3');
    assert.equal((await t.app.inject({ method: 'GET', url: otherFile })).statusCode, 403);
    assert.equal((await t.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode, 403);

    const cover = channelSchema.parse(json(await demo.get('/api/channels/3'))).image_url!;
    const img = await t.app.inject({ method: 'GET', url: localUrl(cover) });
    assert.equal(img.statusCode, 200);
    assert.equal(img.headers['content-type'], 'image/jpeg');
  });

  test('asset paths cannot climb out of the asset folder, and uploads cannot write into it', async () => {
    const storage = t.app.ctx.storage;
    assert.equal(storage.resolve('assets/../../package.json'), undefined);
    assert.equal(storage.resolve('assets/../package.json')?.includes('assets'), false);
    await assert.rejects(storage.put('assets/audio/x.mp3', 'x'));
    assert.throws(() => storage.signedUrl('assets/../../package.json'));
    // Even a validly signed URL that climbs out finds nothing.
    const urlPath = '/media/assets/..%2F..%2F..%2Fpackage.json';
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = hmacSha256(t.config.appKey, `${urlPath}?expires=${expires}`);
    const escaped = await t.app.inject({ method: 'GET', url: `${urlPath}?expires=${expires}&signature=${signature}` });
    assert.equal(escaped.statusCode, 404);
  });
});

describe('favourites', () => {
  test('round trip: check, toggle on, list, toggle off', async () => {
    assert.equal(json(await demo.get('/api/channels/5/check-favorite')), false);
    const on = await demo.post('/api/channels/5/toggle-favorite');
    assert.equal(on.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(json(on), true);
    assert.equal(json(await demo.get('/api/channels/5/check-favorite')), true);
    let favs = z.array(channelSchema).parse(json(await demo.get('/api/channels/favorite')));
    assert.ok(favs.some((c) => c.id === 5));
    assert.equal(json(await demo.post('/api/channels/5/toggle-favorite')), false);
    assert.equal(json(await demo.get('/api/channels/5/check-favorite')), false);
    favs = z.array(channelSchema).parse(json(await demo.get('/api/channels/favorite')));
    assert.ok(!favs.some((c) => c.id === 5));
  });

  test('the demo customer has seeded favourites; they are its own', async () => {
    const demoFavs = z.array(channelSchema).parse(json(await demo.get('/api/channels/favorite')));
    assert.ok(demoFavs.length >= 3);
    const otherFavs = z.array(channelSchema).parse(json(await other.get('/api/channels/favorite')));
    assert.equal(otherFavs.length, 0);
    assert.equal(json(await other.get(`/api/channels/${demoFavs[0]!.id}/check-favorite`)), false);
    assert.equal(json(await other.post('/api/channels/7/toggle-favorite')), true);
    assert.equal(
      json(await demo.get('/api/channels/7/check-favorite')),
      demoFavs.some((c) => c.id === 7),
    );
  });

  test('toggle needs the CSRF token', async () => {
    const res = await demo.request('POST', '/api/channels/5/toggle-favorite', { xsrf: false });
    assert.equal(res.statusCode, 419);
  });
});
