/**
 * What a device needs to play on alone and to never go back in time: `version` (raised by every
 * change, never by a call that changes nothing) and `next_tracks` (the next two in the player's
 * order, with media URLs, exactly what `next` then chooses, shuffled too, through a cycle's end),
 * kept current when the list is reordered; and taking the output over with `expected_session_id`
 * (409 when another device took it meanwhile).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { playerMessages, playerSchema, type Player } from '../../contracts/player';
import { players } from '../../server/src/db/schema';
import { Client, createTestApp, loggedIn, parsePlayer, type TestApp } from './helpers';

let t: TestApp;
let a: Client;
let b: Client;
let playerId: number;
let sessionA: string;
let sessionB: string;
let playlistId: number;
let playlistTracks: number[];

const parse = parsePlayer;
const base = () => `/api/players/${playerId}`;
const ids = (p: Player) => (p.next_tracks ?? []).map((tr) => tr.id);

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  b = await loggedIn(t.app);
  sessionA = (JSON.parse((await a.get('/api/me')).body) as { session_id: string }).session_id;
  sessionB = (JSON.parse((await b.get('/api/me')).body) as { session_id: string }).session_id;
  playerId = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body))[0]!.id;
  const tracks = (JSON.parse((await a.get('/api/channels/1/tracks')).body) as Array<{ id: number }>)
    .map((tr) => tr.id)
    .slice(0, 5);
  assert.equal(tracks.length, 5, 'the demo channel has at least five tracks');
  const created = await a.post('/api/playlists/all-tracks', { name: 'Előre', tracks });
  assert.equal(created.statusCode, 201, created.body);
  playlistId = (JSON.parse(created.body) as { id: number }).id;
  playlistTracks = tracks;
});
after(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db
    .update(players)
    .set({
      isRepeat: true,
      isRandom: false,
      isPlaying: false,
      sessionId: null,
      playableType: null,
      playableId: null,
      trackId: null,
      cyclePlayed: [],
      upcoming: [],
    })
    .where(eq(players.id, playerId));
});

const play = async (c: Client = a) => parse(await c.post(`${base()}/playable/playlist/${playlistId}`, {}));
const next = async () => parse(await a.get(`${base()}/next`));

describe('version', () => {
  test('every change raises it; a call that changes nothing does not', async () => {
    const first = await play();
    assert.equal(typeof first.version, 'number');
    const volume = parse(await a.post(`${base()}/update-volume`, { volume: 40 }));
    assert.ok(volume.version! > first.version!);
    const same = parse(await a.post(`${base()}/update-volume`, { volume: 40 }));
    assert.equal(same.version, volume.version);
    const moved = await next();
    assert.ok(moved.version! > volume.version!);
    // Reading does not raise it either.
    const [read] = z.array(playerSchema).parse(JSON.parse((await b.get('/api/players')).body));
    assert.equal(read!.version, moved.version);
  });
});

describe('next_tracks', () => {
  test('in order: the two after the current one with media URLs; next takes the first; the end wraps only with repeat', async () => {
    const started = await play();
    assert.equal(started.track!.id, playlistTracks[0]);
    assert.deepEqual(ids(started), playlistTracks.slice(1, 3));
    assert.match(started.next_tracks![0]!.url, /\/media\/.*signature=/);
    let p = started;
    for (let i = 1; i < playlistTracks.length; i++) {
      const announced = ids(p)[0];
      p = await next();
      assert.equal(p.track!.id, announced);
    }
    // On the last track: with repeat the list starts over.
    assert.deepEqual(ids(p), playlistTracks.slice(0, 2));
    p = parse(await a.post(`${base()}/repeat`));
    assert.equal(p.is_repeat, false);
    assert.deepEqual(ids(p), [], 'nothing comes after the last track without repeat');
  });

  test('shuffled: next always plays the first announced track, each track once per cycle, across the cycle end', async () => {
    await play();
    let p = parse(await a.post(`${base()}/random`));
    assert.equal(p.is_random, true);
    const seen: number[] = [p.track!.id];
    for (let i = 0; i < playlistTracks.length * 2 + 1; i++) {
      const announced = ids(p);
      assert.equal(announced.length, 2, 'two tracks are always announced while repeating');
      p = await next();
      assert.equal(p.track!.id, announced[0], `step ${i}: next plays the announced track`);
      // What was second is now first, unless it was drawn anew.
      assert.equal(ids(p)[0], announced[1]);
      seen.push(p.track!.id);
    }
    const firstCycle = seen.slice(0, playlistTracks.length);
    assert.deepEqual([...firstCycle].sort(), [...playlistTracks].sort(), 'each track once in a cycle');
  });

  test('reordering the list moves the announcement (and raises the version) while the current track plays on', async () => {
    const p = await play();
    assert.deepEqual(ids(p), [playlistTracks[1], playlistTracks[2]]);
    const reordered = [
      playlistTracks[0]!,
      playlistTracks[4]!,
      playlistTracks[3]!,
      playlistTracks[2]!,
      playlistTracks[1]!,
    ];
    const res = await a.post(`/api/playlists/${playlistId}/reorder`, { tracks: reordered });
    assert.equal(res.statusCode, 200, res.body);
    const [after] = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body));
    assert.equal(after!.track!.id, playlistTracks[0]);
    assert.deepEqual(ids(after!), [playlistTracks[4], playlistTracks[3]]);
    assert.ok(after!.version! > p.version!);
  });
});

describe('taking the output over', () => {
  test('with the owner it saw: taken; after another device took it: 409 and nothing changes', async () => {
    await play(a);
    const owner = sessionA;
    const took = parse(await b.post(`${base()}/sessions/${sessionB}`, { currentTime: 12, expected_session_id: owner }));
    assert.equal(took.session_id, sessionB);
    // A third device saw A as the owner too, and answers the prompt a moment later.
    const late = await a.post(`${base()}/sessions/${sessionA}`, { currentTime: 13, expected_session_id: owner });
    assert.equal(late.statusCode, 409, late.body);
    assert.equal((JSON.parse(late.body) as { message: string }).message, playerMessages.outputTaken);
    const [now] = z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body));
    assert.equal(now!.session_id, sessionB);
    assert.equal(now!.version, took.version);
    // Without the field the move works as before; a bad one is a 422 under the field.
    assert.equal(parse(await a.post(`${base()}/sessions/${sessionA}`, { currentTime: 1 })).session_id, sessionA);
    const bad = await a.post(`${base()}/sessions/${sessionA}`, { currentTime: 1, expected_session_id: 5 });
    assert.equal(bad.statusCode, 422, bad.body);
    assert.deepEqual(Object.keys((JSON.parse(bad.body) as { errors: object }).errors), ['expected_session_id']);
  });
});
