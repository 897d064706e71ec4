import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PLAYABLE_PLAYLIST, playerSchema, type Player } from '../../contracts/player';
import { playlistSchema, type Playlist } from '../../contracts/playlists';
import { trackSchema } from '../../contracts/tracks';
import { players } from '../../server/src/db/schema';
import type { PlayerChange } from '../../server/src/player/service';
import { Client, createTestApp, loggedIn, OTHER, parsePlayer, type TestApp } from './helpers';

let t: TestApp;
let a: Client;
let playerId: number;
let tracks: number[];
let changes: Array<{ player: Player; change: PlayerChange }> = [];

const parse = parsePlayer;
const base = () => `/api/players/${playerId}`;
const dbPlayer = async () => (await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]!;
/** The row without what a list edit may move while the track plays on: the announcement and its bookkeeping. */
const playState = ({
  upcoming: _upcoming,
  version: _version,
  updatedAt: _updatedAt,
  ...rest
}: typeof players.$inferSelect) => rest;
const newPlaylist = async (ids: number[], name = 'Lejátszós'): Promise<Playlist> => {
  const res = await a.post('/api/playlists/all-tracks', { name, tracks: ids });
  assert.equal(res.statusCode, 201, res.body);
  return playlistSchema.parse(JSON.parse(res.body));
};
const currentPlayer = async () => z.array(playerSchema).parse(JSON.parse((await a.get('/api/players')).body))[0]!;

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  playerId = (await currentPlayer()).id;
  tracks = z
    .array(trackSchema)
    .parse(JSON.parse((await a.get('/api/channels/1/tracks')).body))
    .map((x) => x.id)
    .slice(0, 5);
  t.app.ctx.players.addListener((player, change) => {
    changes.push({ player, change });
  });
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
      currentTime: 0,
      sessionId: null,
      playableType: null,
      playableId: null,
      trackId: null,
      cyclePlayed: [],
    })
    .where(eq(players.id, playerId));
  changes = [];
});

describe('playing a playlist', () => {
  test('plays from the first track, or from `track` (query or body); a track not in it → 422', async () => {
    const p = await newPlaylist(tracks);
    let pl = parse(await a.post(`${base()}/playable/playlist/${p.id}`));
    assert.equal(pl.is_playing, true);
    assert.equal(pl.track?.id, tracks[0]);
    assert.deepEqual(pl.playable, { type: PLAYABLE_PLAYLIST, id: p.id, name: 'Lejátszós' });
    assert.equal(pl.playable_type, 'App\\Models\\Playlist');
    assert.equal(changes.at(-1)?.change.reason, 'playable');
    pl = parse(await a.post(`${base()}/playable/playlist/${p.id}?track=${tracks[3]}`));
    assert.equal(pl.track?.id, tracks[3]);
    pl = parse(await a.post(`${base()}/playable/playlist/${p.id}`, { track: tracks[2] }));
    assert.equal(pl.track?.id, tracks[2]);
    const before = await dbPlayer();
    const channelOnly = z
      .array(trackSchema)
      .parse(JSON.parse((await a.get('/api/channels/1/tracks')).body))
      .at(-1)!.id;
    assert.ok(
      (
        JSON.parse((await a.post(`${base()}/playable/playlist/${p.id}?track=${channelOnly}`)).body) as {
          errors: Record<string, string[]>;
        }
      ).errors.track,
    );
    assert.equal((await a.post(`${base()}/playable/playlist/${p.id}?track=abc`)).statusCode, 422);
    assert.equal((await a.post(`${base()}/playable/playlist/999999`)).statusCode, 404);
    assert.equal((await a.post(`/api/players/999999/playable/playlist/${p.id}`)).statusCode, 404);
    assert.deepEqual(await dbPlayer(), before);
  });

  test('next walks the playlist in its order and wraps with repeat; jump works; an empty playlist does not play', async () => {
    const order = [tracks[4]!, tracks[1]!, tracks[3]!];
    const p = await newPlaylist(order);
    parse(await a.post(`${base()}/playable/playlist/${p.id}`));
    assert.equal(parse(await a.get(`${base()}/next`)).track?.id, order[1]);
    assert.equal(parse(await a.get(`${base()}/next`)).track?.id, order[2]);
    const wrapped = parse(await a.get(`${base()}/next`));
    assert.equal(wrapped.track?.id, order[0]);
    assert.equal(wrapped.is_playing, true);
    assert.equal(parse(await a.get(`${base()}/next/tracks/${order[2]}`)).track?.id, order[2]);
    assert.equal((await a.get(`${base()}/next/tracks/${tracks[0]}`)).statusCode, 404);
    const empty = await newPlaylist([order[0]!], 'Majdnem üres');
    await a.post(`/api/playlists/${empty.id}/tracks/${order[0]}`);
    const idle = parse(await a.post(`${base()}/playable/playlist/${empty.id}`));
    assert.equal(idle.is_playing, false);
    assert.equal(idle.track, null);
    assert.equal(idle.playable?.id, empty.id);
  });

  test('shuffle plays every playlist track once per cycle', async () => {
    const p = await newPlaylist(tracks);
    parse(await a.post(`${base()}/random`));
    const first = parse(await a.post(`${base()}/playable/playlist/${p.id}`));
    const seen = [first.track!.id];
    for (let i = 1; i < tracks.length; i++) seen.push(parse(await a.get(`${base()}/next`)).track!.id);
    assert.deepEqual(
      [...seen].sort((x, y) => x - y),
      [...tracks].sort((x, y) => x - y),
    );
  });
});

describe('editing the playing playlist', () => {
  test('deleting it stops the player and clears playable and track (notified)', async () => {
    const p = await newPlaylist(tracks);
    parse(await a.post(`${base()}/playable/playlist/${p.id}?track=${tracks[2]}`));
    changes = [];
    assert.equal((await a.post(`/api/playlists/${p.id}/delete`)).body, 'true');
    const pl = await currentPlayer();
    assert.equal(pl.is_playing, false);
    assert.equal(pl.playable, null);
    assert.equal(pl.playable_type, null);
    assert.equal(pl.playable_id, null);
    assert.equal(pl.track, null);
    assert.equal(pl.current_time, 0);
    assert.equal(changes.length, 1);
    assert.equal(changes[0]!.change.reason, 'playable-deleted');
    assert.equal(changes[0]!.player.playable, null);
  });

  test('deleting another playlist leaves the player alone and notifies nobody', async () => {
    const playing = await newPlaylist(tracks);
    const idle = await newPlaylist(tracks.slice(0, 2), 'Másik');
    parse(await a.post(`${base()}/playable/playlist/${playing.id}`));
    const before = await dbPlayer();
    changes = [];
    await a.post(`/api/playlists/${idle.id}/delete`);
    assert.deepEqual(await dbPlayer(), before);
    assert.equal(changes.length, 0);
  });

  test('removing the playing track moves on to the next one and keeps playing', async () => {
    const p = await newPlaylist(tracks);
    parse(await a.post(`${base()}/playable/playlist/${p.id}?track=${tracks[1]}`));
    await t.database.db.update(players).set({ currentTime: 42 }).where(eq(players.id, playerId));
    changes = [];
    const res = JSON.parse((await a.post(`/api/playlists/${p.id}/tracks/${tracks[1]}`)).body) as {
      track_added: boolean;
    };
    assert.equal(res.track_added, false);
    const pl = await currentPlayer();
    assert.equal(pl.track?.id, tracks[2]);
    assert.equal(pl.is_playing, true);
    assert.equal(pl.current_time, 0);
    assert.equal(changes.length, 1);
    assert.equal(changes[0]!.change.reason, 'playable-edited');
    assert.equal(changes[0]!.player.track?.id, tracks[2]);
  });

  test('removing another track leaves the playing track alone; only an announced one moves the announcement', async () => {
    const p = await newPlaylist(tracks);
    parse(await a.post(`${base()}/playable/playlist/${p.id}?track=${tracks[1]}`));
    const before = await dbPlayer();
    assert.deepEqual(before.upcoming, [tracks[2], tracks[3]]);
    changes = [];
    // Not among the next two: nothing changes, nobody is told.
    await a.post(`/api/playlists/${p.id}/tracks/${tracks[0]}`);
    assert.deepEqual(await dbPlayer(), before);
    assert.equal(changes.length, 0);
    // Announced: the play state stays, the announcement moves on, and the devices hear of it.
    await a.post(`/api/playlists/${p.id}/tracks/${tracks[3]}`);
    const after = await dbPlayer();
    assert.deepEqual(playState(after), playState(before));
    assert.deepEqual(after.upcoming, [tracks[2], tracks[4]]);
    assert.equal(changes.length, 1);
    assert.deepEqual(
      changes[0]!.player.next_tracks?.map((tr) => tr.id),
      [tracks[2], tracks[4]],
    );
    assert.equal(parse(await a.get(`${base()}/next`)).track?.id, tracks[2]);
    assert.equal(parse(await a.get(`${base()}/next`)).track?.id, tracks[4], 'the removed track is skipped');
  });

  test('removing the playing last track wraps with repeat, or stops on the first without', async () => {
    const p = await newPlaylist(tracks.slice(0, 3));
    parse(await a.post(`${base()}/playable/playlist/${p.id}?track=${tracks[2]}`));
    await a.post(`/api/playlists/${p.id}/tracks/${tracks[2]}`);
    let pl = await currentPlayer();
    assert.equal(pl.track?.id, tracks[0]);
    assert.equal(pl.is_playing, true);

    parse(await a.post(`${base()}/repeat`));
    parse(await a.get(`${base()}/next/tracks/${tracks[1]}`));
    await a.post(`/api/playlists/${p.id}/tracks/${tracks[1]}`);
    pl = await currentPlayer();
    assert.equal(pl.track?.id, tracks[0]);
    assert.equal(pl.is_playing, false, 'ran past the end without repeat');
  });

  test('removing the last remaining track stops the player with no track; the playable stays', async () => {
    const p = await newPlaylist([tracks[0]!]);
    parse(await a.post(`${base()}/playable/playlist/${p.id}`));
    await a.post(`/api/playlists/${p.id}/tracks/${tracks[0]}`);
    const pl = await currentPlayer();
    assert.equal(pl.is_playing, false);
    assert.equal(pl.track, null);
    assert.equal(pl.playable?.id, p.id);
    // Filling it again: play starts from its first track.
    await a.post(`/api/playlists/${p.id}/all-tracks`, { tracks: [tracks[3], tracks[4]] });
    const again = parse(await a.get(`${base()}/toggle-play`));
    assert.equal(again.is_playing, true);
    assert.equal(again.track?.id, tracks[3]);
  });

  test('removing the playing track while shuffling picks an unplayed one of the cycle', async () => {
    const p = await newPlaylist(tracks);
    parse(await a.post(`${base()}/random`));
    const first = parse(await a.post(`${base()}/playable/playlist/${p.id}`)).track!.id;
    const second = parse(await a.get(`${base()}/next`)).track!.id;
    await a.post(`/api/playlists/${p.id}/tracks/${second}`);
    const row = await dbPlayer();
    assert.ok(row.trackId !== null && ![first, second].includes(row.trackId));
    assert.ok(!row.cyclePlayed.includes(second));
    assert.ok(row.cyclePlayed.includes(first) && row.cyclePlayed.includes(row.trackId));
  });

  test('a reorder keeps the current track playing and takes effect from the next one', async () => {
    const p = await newPlaylist(tracks);
    parse(await a.post(`${base()}/playable/playlist/${p.id}?track=${tracks[1]}`));
    await t.database.db.update(players).set({ currentTime: 17 }).where(eq(players.id, playerId));
    const before = await dbPlayer();
    changes = [];
    const order = [tracks[4]!, tracks[1]!, tracks[0]!, tracks[3]!, tracks[2]!];
    assert.equal((await a.post(`/api/playlists/${p.id}/reorder`, { tracks: order })).statusCode, 200);
    const after = await dbPlayer();
    assert.deepEqual(playState(after), playState(before), 'the current track keeps playing where it was');
    // The new order's next two are announced to the devices.
    assert.deepEqual(after.upcoming, [tracks[0], tracks[3]]);
    assert.equal(changes.length, 1);
    assert.equal(parse(await a.get(`${base()}/next`)).track?.id, tracks[0]);
    assert.equal(parse(await a.get(`${base()}/next`)).track?.id, tracks[3]);
  });

  test('a refused reorder or a failing edit leaves player and playlist as they were', async () => {
    const p = await newPlaylist(tracks);
    parse(await a.post(`${base()}/playable/playlist/${p.id}`));
    const before = await dbPlayer();
    assert.equal((await a.post(`/api/playlists/${p.id}/reorder`, { tracks: tracks.slice(1) })).statusCode, 422);
    assert.deepEqual(await dbPlayer(), before);
  });

  test('renaming the playing playlist updates the player’s playable name (notified)', async () => {
    const p = await newPlaylist(tracks);
    parse(await a.post(`${base()}/playable/playlist/${p.id}`));
    changes = [];
    await a.post(`/api/playlists/${p.id}`, { name: 'Átnevezett' });
    assert.equal((await currentPlayer()).playable?.name, 'Átnevezett');
    assert.equal(changes.length, 1);
    assert.equal(changes[0]!.player.playable?.name, 'Átnevezett');
  });

  test('another customer cannot touch the demo player through a playlist', async () => {
    const other = await loggedIn(t.app, OTHER);
    const mine = await newPlaylist(tracks);
    assert.equal((await other.post(`${base()}/playable/playlist/${mine.id}`)).statusCode, 404);
    const theirs = playlistSchema.parse(
      JSON.parse((await other.post('/api/playlists/all-tracks', { name: 'Övék', tracks })).body),
    );
    assert.equal((await a.post(`${base()}/playable/playlist/${theirs.id}`)).statusCode, 404);
    parse(await a.post(`${base()}/playable/playlist/${mine.id}`));
    const before = await dbPlayer();
    await other.post(`/api/playlists/${theirs.id}/delete`);
    assert.deepEqual(await dbPlayer(), before);
  });
});
