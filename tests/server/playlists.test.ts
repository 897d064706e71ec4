import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { paginatorSchema } from '../../contracts/pagination';
import {
  PLAYLIST_NAME_MAX,
  playlistListSchema,
  playlistSchema,
  playlistTrackAddedListSchema,
  toggleTrackAnswerSchema,
  type Playlist,
} from '../../contracts/playlists';
import { trackSchema } from '../../contracts/tracks';
import { playlists, playlistTracks } from '../../server/src/db/schema';
import { Client, createTestApp, loggedIn, OTHER, type TestApp } from './helpers';

let t: TestApp;
let a: Client;
let other: Client;
let channelTracks: number[]; // channel 1, in order
let moreTracks: number[]; // channel 2, in order

const FORM = { headers: { 'content-type': 'application/x-www-form-urlencoded' } };
type Errors = { message: string; errors: Record<string, string[]> };

const json = (res: { statusCode: number; body: string }, status = 200): unknown => {
  assert.equal(res.statusCode, status, res.body);
  return JSON.parse(res.body);
};
const playlist = (res: { statusCode: number; body: string }, status = 200): Playlist =>
  playlistSchema.parse(json(res, status));
const errorsOf = (res: { statusCode: number; body: string }, status = 422): Errors => {
  assert.equal(res.statusCode, status, res.body);
  return JSON.parse(res.body) as Errors;
};
const trackIdsInDb = async (id: number) =>
  (
    await t.database.db
      .select({ id: playlistTracks.trackId })
      .from(playlistTracks)
      .where(eq(playlistTracks.playlistId, id))
      .orderBy(asc(playlistTracks.position), asc(playlistTracks.trackId))
  ).map((r) => r.id);
const create = async (name: string, tracks?: number[]): Promise<Playlist> =>
  tracks
    ? playlist(await a.post('/api/playlists/all-tracks/', { name, tracks }), 201)
    : playlist(await a.post('/api/playlists', { name }), 201);

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  channelTracks = z
    .array(trackSchema)
    .parse(JSON.parse((await a.get('/api/channels/1/tracks')).body))
    .map((x) => x.id);
  moreTracks = z
    .array(trackSchema)
    .parse(JSON.parse((await a.get('/api/channels/2/tracks')).body))
    .map((x) => x.id)
    .filter((id) => !channelTracks.includes(id));
  assert.ok(channelTracks.length >= 20);
});
after(async () => {
  await t.close();
});

describe('playlists: seed and list', () => {
  test('demo has three seeded playlists covering the collage variants; other has none', async () => {
    const list = playlistListSchema.parse(json(await a.get('/api/playlists')));
    const byName = new Map(list.map((p) => [p.name, p]));
    const counts = ['Reggeli nyitás', 'Hétvégi pörgés', 'Csendes zárás'].map((n) => byName.get(n)?.tracks_count);
    assert.deepEqual(counts, [7, 2, 0]);
    const full = byName.get('Reggeli nyitás')!;
    assert.equal(full.tracks.length, 4, 'cover holds the first four');
    assert.ok(full.tracks.every((tr) => tr.image_thumbnail_url === null || tr.image_thumbnail_url.includes('/media/')));
    assert.equal(full.duration, full.channel_duration);
    assert.ok(full.duration > 0);
    assert.match(full.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    assert.equal(byName.get('Hétvégi pörgés')!.tracks.length, 2);
    assert.deepEqual(byName.get('Csendes zárás')!.tracks, []);
    assert.deepEqual(json(await other.get('/api/playlists')), []);
  });

  test('needs a login', async () => {
    assert.equal((await new Client(t.app).get('/api/playlists')).statusCode, 401);
  });
});

describe('playlists: create, show, rename', () => {
  test('create answers 201 and the new playlist; show finds it; the list has it first', async () => {
    const p = await create('Esti zárás');
    assert.equal(p.name, 'Esti zárás');
    assert.equal(p.tracks_count, 0);
    assert.equal(p.duration, 0);
    assert.deepEqual(p.tracks, []);
    assert.deepEqual(playlist(await a.get(`/api/playlists/${p.id}`)), p);
    assert.equal(playlistListSchema.parse(json(await a.get('/api/playlists')))[0]!.id, p.id);
  });

  test('create as a form; the name is trimmed', async () => {
    const p = playlist(await a.post('/api/playlists', 'name=%20%20Kassza%20mellett%20', FORM), 201);
    assert.equal(p.name, 'Kassza mellett');
  });

  test('bad names are 422 on `name` in Hungarian, and nothing is created', async () => {
    const before = (await t.database.db.select().from(playlists)).length;
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      assert.deepEqual(errorsOf(await a.post('/api/playlists', body)).errors, { name: ['A név megadása kötelező.'] });
    }
    assert.deepEqual(
      errorsOf(await a.post('/api/playlists', { name: 'x'.repeat(PLAYLIST_NAME_MAX + 1) })).errors.name,
      [`A név legfeljebb ${PLAYLIST_NAME_MAX} karakter lehet.`],
    );
    assert.ok(errorsOf(await a.post('/api/playlists', { name: ['a'] })).errors.name?.[0]);
    assert.ok(errorsOf(await a.post('/api/playlists', { name: 'a\u0000b' })).errors.name?.[0]);
    assert.ok(errorsOf(await a.post('/api/playlists', { name: 'a\nb' })).errors.name?.[0]);
    assert.equal(
      errorsOf(await a.post('/api/playlists', '"just a string"', { headers: { 'content-type': 'application/json' } }))
        .errors.name?.[0],
      'A név megadása kötelező.',
    );
    assert.equal(
      (await a.post('/api/playlists', '{not json', { headers: { 'content-type': 'application/json' } })).statusCode,
      400,
    );
    assert.equal((await t.database.db.select().from(playlists)).length, before);
    assert.equal(
      playlist(await a.post('/api/playlists', { name: 'x'.repeat(PLAYLIST_NAME_MAX) }), 201).name.length,
      PLAYLIST_NAME_MAX,
    );
  });

  test('rename by form and JSON; bad name → 422 and unchanged', async () => {
    const p = await create('Régi név');
    assert.equal(playlist(await a.post(`/api/playlists/${p.id}`, 'name=%C3%9Aj%20n%C3%A9v', FORM)).name, 'Új név');
    assert.equal(playlist(await a.post(`/api/playlists/${p.id}/`, { name: 'Harmadik' })).name, 'Harmadik');
    assert.deepEqual(errorsOf(await a.post(`/api/playlists/${p.id}`, { name: '' })).errors, {
      name: ['A név megadása kötelező.'],
    });
    assert.equal(playlist(await a.get(`/api/playlists/${p.id}`)).name, 'Harmadik');
  });

  test('missing or malformed ids are 404', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      assert.equal((await a.get(`/api/playlists/${id}`)).statusCode, 404, id);
      assert.equal((await a.post(`/api/playlists/${id}`, { name: 'x' })).statusCode, 404, id);
    }
  });
});

describe('playlists: tracks', () => {
  test('toggle adds at the end, then removes; track_added follows', async () => {
    const p = await create('Váltogatós');
    const [t1, t2, t3] = channelTracks;
    for (const id of [t1, t2, t3]) {
      const answer = toggleTrackAnswerSchema.parse(json(await a.post(`/api/playlists/${p.id}/tracks/${id}`)));
      assert.equal(answer.track_added, true);
    }
    assert.deepEqual(await trackIdsInDb(p.id), [t1, t2, t3]);
    const removed = toggleTrackAnswerSchema.parse(json(await a.post(`/api/playlists/${p.id}/tracks/${t2}/`)));
    assert.equal(removed.track_added, false);
    assert.equal(removed.playlist.tracks_count, 2);
    assert.deepEqual(
      removed.playlist.tracks.map((x) => x.id),
      [t1, t3],
    );
    const back = toggleTrackAnswerSchema.parse(json(await a.post(`/api/playlists/${p.id}/tracks/${t2}`)));
    assert.equal(back.track_added, true);
    assert.deepEqual(await trackIdsInDb(p.id), [t1, t3, t2], 're-added at the end');

    const withFlag = playlistTrackAddedListSchema.parse(json(await a.get(`/api/playlists/tracks/${t2}`)));
    const mine = withFlag.find((x) => x.id === p.id)!;
    assert.equal(mine.track_added, true);
    assert.equal(mine.tracks_count, 3);
    assert.ok(withFlag.some((x) => !x.track_added));
    assert.equal(withFlag.length, playlistListSchema.parse(json(await a.get('/api/playlists'))).length);
    await a.post(`/api/playlists/${p.id}/tracks/${t2}`);
    const after = playlistTrackAddedListSchema.parse(json(await a.get(`/api/playlists/tracks/${t2}/`)));
    assert.equal(after.find((x) => x.id === p.id)!.track_added, false);
  });

  test('toggle and track_added: unknown tracks and playlists are 404, nothing changes', async () => {
    const p = await create('Hibás dalok');
    assert.equal((await a.post(`/api/playlists/${p.id}/tracks/999999`)).statusCode, 404);
    assert.equal((await a.post(`/api/playlists/${p.id}/tracks/abc`)).statusCode, 404);
    assert.equal((await a.post(`/api/playlists/999999/tracks/${channelTracks[0]}`)).statusCode, 404);
    assert.equal((await a.get('/api/playlists/tracks/999999')).statusCode, 404);
    assert.equal((await a.get('/api/playlists/tracks/x')).statusCode, 404);
    assert.deepEqual(await trackIdsInDb(p.id), []);
  });

  test('all-tracks creates a playlist from a list, both spellings, JSON and form', async () => {
    const p1 = playlist(
      await a.post('/api/playlists/all-tracks/', { name: 'Egész csatorna', tracks: channelTracks }),
      201,
    );
    assert.equal(p1.tracks_count, channelTracks.length);
    assert.deepEqual(await trackIdsInDb(p1.id), channelTracks);
    const p2 = playlist(
      await a.post(
        '/api/playlists/all-tracks',
        `name=K%C3%A9t%20dal&tracks[]=${channelTracks[5]}&tracks[]=${channelTracks[1]}`,
        FORM,
      ),
      201,
    );
    assert.equal(p2.name, 'Két dal');
    assert.deepEqual(await trackIdsInDb(p2.id), [channelTracks[5], channelTracks[1]]);
    const p3 = playlist(await a.post('/api/playlists/all-tracks', `name=Egy&tracks[]=${channelTracks[2]}`, FORM), 201);
    assert.deepEqual(await trackIdsInDb(p3.id), [channelTracks[2]]);
    const p4 = playlist(
      await a.post('/api/playlists/all-tracks', {
        name: 'Ismétlés',
        tracks: [channelTracks[3], String(channelTracks[4]), channelTracks[3]],
      }),
      201,
    );
    assert.deepEqual(
      await trackIdsInDb(p4.id),
      [channelTracks[3], channelTracks[4]],
      'repeats skipped, strings accepted',
    );
  });

  test('multipart forms work too (repeated tracks[] fields, one field alone)', async () => {
    const boundary = 'pulzusboundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = (fields: Array<[string, string]>) =>
      fields.map(([k, v]) => part(k, v)).join('') + `--${boundary}--\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const two = playlist(
      await a.post(
        '/api/playlists/all-tracks/',
        body([
          ['name', 'Multipart'],
          ['tracks[]', String(channelTracks[7])],
          ['tracks[]', String(channelTracks[6])],
        ]),
        { headers },
      ),
      201,
    );
    assert.deepEqual(await trackIdsInDb(two.id), [channelTracks[7], channelTracks[6]]);
    playlist(
      await a.post(`/api/playlists/${two.id}/all-tracks`, body([['tracks[]', String(channelTracks[8])]]), { headers }),
    );
    assert.deepEqual(await trackIdsInDb(two.id), [channelTracks[7], channelTracks[6], channelTracks[8]]);
  });

  test('all-tracks create: bad name or tracks → 422 (both fields at once), nothing saved', async () => {
    const before = (await t.database.db.select().from(playlists)).length;
    let e = errorsOf(await a.post('/api/playlists/all-tracks/', { tracks: channelTracks }));
    assert.deepEqual(e.errors, { name: ['A név megadása kötelező.'] });
    e = errorsOf(await a.post('/api/playlists/all-tracks/', { name: '', tracks: [999999] }));
    assert.deepEqual(Object.keys(e.errors).sort(), ['name', 'tracks']);
    e = errorsOf(await a.post('/api/playlists/all-tracks/', { name: 'Ok', tracks: [channelTracks[0], 999999] }));
    assert.deepEqual(Object.keys(e.errors), ['tracks']);
    for (const tracks of [undefined, [], 'abc', [0], [-1], [1.5], ['x'], [{}], [null]]) {
      e = errorsOf(await a.post('/api/playlists/all-tracks', { name: 'Ok', tracks }));
      assert.ok(e.errors.tracks?.[0], JSON.stringify(tracks));
    }
    assert.equal((await t.database.db.select().from(playlists)).length, before);
  });

  test('all-tracks into a playlist appends in order, skipping ones already there', async () => {
    const p = await create('Bővülő');
    await a.post(`/api/playlists/${p.id}/tracks/${channelTracks[2]}`);
    const added = playlist(await a.post(`/api/playlists/${p.id}/all-tracks/`, { tracks: channelTracks.slice(0, 5) }));
    assert.equal(added.tracks_count, 5);
    assert.deepEqual(await trackIdsInDb(p.id), [
      channelTracks[2],
      channelTracks[0],
      channelTracks[1],
      channelTracks[3],
      channelTracks[4],
    ]);
    playlist(
      await a.post(`/api/playlists/${p.id}/all-tracks`, `tracks[]=${moreTracks[0]}&tracks[]=${channelTracks[0]}`, FORM),
    );
    assert.equal((await trackIdsInDb(p.id)).at(-1), moreTracks[0]);
    const again = playlist(await a.post(`/api/playlists/${p.id}/all-tracks`, { tracks: channelTracks.slice(0, 5) }));
    assert.equal(again.tracks_count, 6, 'all already there: nothing added');
  });

  test('all-tracks into a playlist: unknown ids → 422 with nothing added; foreign playlist → 404', async () => {
    const p = await create('Atomos');
    const e = errorsOf(await a.post(`/api/playlists/${p.id}/all-tracks/`, { tracks: [channelTracks[0], 999999] }));
    assert.deepEqual(Object.keys(e.errors), ['tracks']);
    assert.ok(errorsOf(await a.post(`/api/playlists/${p.id}/all-tracks/`, {})).errors.tracks);
    assert.deepEqual(await trackIdsInDb(p.id), []);
    assert.equal((await a.post('/api/playlists/999999/all-tracks', { tracks: [channelTracks[0]] })).statusCode, 404);
  });

  test('paged tracks: flat paginator, play order, ?page= wins, empty after the end', async () => {
    const p = playlist(
      await a.post('/api/playlists/all-tracks', { name: 'Lapozós', tracks: [...channelTracks].reverse() }),
      201,
    );
    const page = paginatorSchema(trackSchema);
    const one = page.parse(json(await a.get(`/api/playlists/${p.id}/tracks/1`)));
    assert.equal(one.per_page, 15);
    assert.equal(one.total, channelTracks.length);
    assert.equal(one.current_page, 1);
    assert.deepEqual(
      one.data.map((x) => x.id),
      [...channelTracks].reverse().slice(0, 15),
    );
    assert.equal(one.from, 1);
    assert.ok(one.next_page_url?.endsWith(`/api/playlists/${p.id}/tracks/2?page=2`));
    const two = page.parse(json(await a.get(`/api/playlists/${p.id}/tracks/1?page=2`)));
    assert.equal(two.current_page, 2);
    assert.deepEqual(
      two.data.map((x) => x.id),
      [...channelTracks].reverse().slice(15),
    );
    const past = page.parse(json(await a.get(`/api/playlists/${p.id}/tracks/9`)));
    assert.deepEqual(past.data, []);
    assert.equal(past.from, null);
    for (const bad of ['0', 'x', '-1']) {
      assert.ok(errorsOf(await a.get(`/api/playlists/${p.id}/tracks/${bad}`)).errors.page, bad);
    }
    const empty = await create('Üres lapok');
    assert.deepEqual(page.parse(json(await a.get(`/api/playlists/${empty.id}/tracks/1`))).data, []);
    const all = z.array(trackSchema).parse(json(await a.get(`/api/playlists/${p.id}/tracks`)));
    assert.deepEqual(
      all.map((x) => x.id),
      [...channelTracks].reverse(),
    );
    assert.equal((await a.get('/api/playlists/999999/tracks/1')).statusCode, 404);
  });
});

describe('playlists: reorder and delete', () => {
  test('reorder sets the new order (JSON and form); the cover follows', async () => {
    const ids = channelTracks.slice(0, 6);
    const p = playlist(await a.post('/api/playlists/all-tracks', { name: 'Sorrend', tracks: ids }), 201);
    const reversed = [...ids].reverse();
    const r = playlist(await a.post(`/api/playlists/${p.id}/reorder`, { tracks: reversed }));
    assert.deepEqual(
      r.tracks.map((x) => x.id),
      reversed.slice(0, 4),
    );
    assert.deepEqual(await trackIdsInDb(p.id), reversed);
    const mixed = [ids[2]!, ids[0]!, ids[5]!, ids[1]!, ids[4]!, ids[3]!];
    playlist(await a.post(`/api/playlists/${p.id}/reorder/`, mixed.map((id) => `tracks[]=${id}`).join('&'), FORM));
    assert.deepEqual(await trackIdsInDb(p.id), mixed);
    const paged = paginatorSchema(trackSchema).parse(json(await a.get(`/api/playlists/${p.id}/tracks/1`)));
    assert.deepEqual(
      paged.data.map((x) => x.id),
      mixed,
    );
  });

  test('reorder: missing, extra, duplicate, foreign or malformed ids → 422 and no change', async () => {
    const ids = channelTracks.slice(0, 4);
    const p = playlist(await a.post('/api/playlists/all-tracks', { name: 'Szigorú', tracks: ids }), 201);
    const bad: unknown[] = [
      ids.slice(0, 3), // missing
      [...ids, channelTracks[10]], // extra (a real track not in it)
      [ids[0], ids[1], ids[2], ids[2]], // duplicate instead of one
      [...ids, ids[0]], // duplicate on top
      [ids[0], ids[1], ids[2], 999999], // unknown
      [], // empty for a non-empty list
      undefined,
      [ids[0], 'x', ids[2], ids[3]],
    ];
    for (const tracks of bad) {
      const e = errorsOf(await a.post(`/api/playlists/${p.id}/reorder`, tracks === undefined ? {} : { tracks }));
      assert.ok(e.errors.tracks?.[0], JSON.stringify(tracks));
      assert.deepEqual(await trackIdsInDb(p.id), ids, JSON.stringify(tracks));
    }
    const empty = await create('Üres sorrend');
    playlist(await a.post(`/api/playlists/${empty.id}/reorder`, { tracks: [] }));
    assert.equal((await a.post('/api/playlists/999999/reorder', { tracks: ids })).statusCode, 404);
  });

  test('delete answers true; the playlist and its tracks are gone; again → 404', async () => {
    const p = playlist(
      await a.post('/api/playlists/all-tracks', { name: 'Törlendő', tracks: channelTracks.slice(0, 3) }),
      201,
    );
    assert.equal(json(await a.post(`/api/playlists/${p.id}/delete`)), true);
    assert.equal((await a.get(`/api/playlists/${p.id}`)).statusCode, 404);
    assert.deepEqual(await trackIdsInDb(p.id), []);
    assert.equal((await a.post(`/api/playlists/${p.id}/delete/`)).statusCode, 404);
  });

  test('unsafe calls need the CSRF token', async () => {
    const p = await create('CSRF');
    assert.equal((await a.post(`/api/playlists/${p.id}/delete`, undefined, { xsrf: false })).statusCode, 419);
    assert.equal((await a.get(`/api/playlists/${p.id}`)).statusCode, 200);
  });
});

describe('playlists: tenant isolation', () => {
  test("another customer's playlist is 404 on every route and stays untouched", async () => {
    const p = playlist(
      await a.post('/api/playlists/all-tracks', { name: 'Csak a demóé', tracks: channelTracks.slice(0, 3) }),
      201,
    );
    const [otherPlayer] = z.array(z.object({ id: z.number() })).parse(json(await other.get('/api/players')));
    const tr = channelTracks[0]!;
    const calls: Array<Promise<{ statusCode: number }>> = [
      other.get(`/api/playlists/${p.id}`),
      other.post(`/api/playlists/${p.id}`, { name: 'Elvett' }),
      other.post(`/api/playlists/${p.id}/all-tracks/`, { tracks: [channelTracks[9]] }),
      other.post(`/api/playlists/${p.id}/tracks/${tr}`),
      other.get(`/api/playlists/${p.id}/tracks/1`),
      other.get(`/api/playlists/${p.id}/tracks`),
      other.post(`/api/playlists/${p.id}/reorder`, { tracks: [...channelTracks.slice(0, 3)].reverse() }),
      other.post(`/api/playlists/${p.id}/delete`),
      other.post(`/api/players/${otherPlayer!.id}/playable/playlist/${p.id}`),
    ];
    for (const res of calls) assert.equal((await res).statusCode, 404);
    const withFlag = playlistTrackAddedListSchema.parse(json(await other.get(`/api/playlists/tracks/${tr}`)));
    assert.deepEqual(withFlag, []);
    const still = playlist(await a.get(`/api/playlists/${p.id}`));
    assert.equal(still.name, 'Csak a demóé');
    assert.deepEqual(await trackIdsInDb(p.id), channelTracks.slice(0, 3));
    const demoPlayer = z.array(z.object({ id: z.number() })).parse(json(await a.get('/api/players')))[0]!;
    const mine = await other.post('/api/playlists', { name: 'Másik listája' });
    const theirs = playlistSchema.parse(JSON.parse(mine.body));
    assert.equal((await a.post(`/api/players/${demoPlayer.id}/playable/playlist/${theirs.id}`)).statusCode, 404);
  });
});
