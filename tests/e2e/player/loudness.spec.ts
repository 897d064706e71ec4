import { expect, test, type Page } from '@playwright/test';
import type { Setting } from '../../../contracts';
import type { PlayLogEntry } from '../../../contracts/play-log';
import type { Sound } from '../../../contracts/sounds';
import type { Spot } from '../../../contracts/spots';
import {
  SETTING_CROSSFADE_SECONDS,
  LOUDNESS_PEAK_CEILING_DBTP,
  LOUDNESS_TARGET_LUFS,
  SETTING_LOUDNESS_NORMALIZE,
  SETTING_SPOT_GAIN_DB,
  SOUND_SETTING_DEFAULTS,
  SOUND_SETTING_KEYS,
} from '../../../contracts/sound-settings';
import { SAMPLE_RATE } from '../../../scripts/media/dsp';
import { encodeMp3 } from '../../../scripts/media/mp3';
import { BUNDLED_API, logIn } from '../support/auth';
import { pageCall } from '../realtime/support';
import { audioState, playChannel, releasePlayer, serverPlayer } from './support';

/**
 * Issue 28 on the audio device: every item is played at the target loudness through the Web Audio
 * graph. The test reads what the device SCHEDULED on its gains (the graph's log on the page), not
 * what a microphone would hear: a loud spot and a quiet sound, uploaded as real MP3s and measured by
 * the API, and the seeded track, each end within 1 LU of the target; the music fades out before the
 * spot and back in after, and ducks under a short sound. Tracks cross in equal-power fades of
 * 'Áttűnés' seconds; a skip fades out over 0.3 s.
 */
test.describe.configure({ timeout: 150_000 });

interface Scheduled {
  gain: string;
  kind: 'set' | 'linear' | 'curve';
  value: number;
  at: number;
  duration?: number;
  curve?: number[];
}

const scheduled = (page: Page): Promise<Scheduled[]> =>
  page.evaluate(() => (window as { __pulzusAudioGraph?: { log: Scheduled[] } }).__pulzusAudioGraph?.log.slice() ?? []);
const contextState = (page: Page) =>
  page.evaluate(() => (window as { __pulzusAudioGraph?: { state(): string } }).__pulzusAudioGraph?.state() ?? null);
const db = (gain: number) => 20 * Math.log10(gain);

/** A 997 Hz sine: `lufs` is its loudness (a mono sine peaking at A reads 20·log10(A) − 3.01 LUFS). */
function sineMp3(seconds: number, lufs: number): number[] {
  const amplitude = Math.pow(10, (lufs + 3.01) / 20);
  const pcm = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < pcm.length; i++) pcm[i] = amplitude * Math.sin((2 * Math.PI * 997 * i) / SAMPLE_RATE);
  return [...encodeMp3(pcm, 128)];
}

async function upload<T>(page: Page, path: string, name: string, bytes: number[]): Promise<T> {
  const { status, body } = await page.evaluate(
    async ({ path, name, bytes }) => {
      const form = new FormData();
      form.append('name', name);
      form.append('file', new File([new Uint8Array(bytes)], `${name}.mp3`, { type: 'audio/mpeg' }));
      const res = await fetch(path, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { path, name, bytes },
  );
  expect(status, JSON.stringify(body)).toBe(201);
  return body as T;
}

/** The item once the API has measured it (a worker does, right after the upload). */
async function measured<T extends { id: number; loudness_lufs?: number | null }>(page: Page, list: string, id: number) {
  let item: T | undefined;
  await expect
    .poll(
      async () => {
        item = ((await pageCall(page, 'GET', list)).body as T[]).find((x) => x.id === id);
        return typeof item?.loudness_lufs;
      },
      { timeout: 30_000 },
    )
    .toBe('number');
  return item!;
}

async function saveSetting(page: Page, key: string, value: string) {
  const rows = (await pageCall(page, 'GET', '/api/settings')).body as Setting[];
  const row = rows.find((r) => r.key === key)!;
  expect((await pageCall(page, 'POST', `/api/settings/${row.id}`, { key, value })).status).toBe(200);
}

/** The entries logged after `from` for one gain. */
const of = (log: Scheduled[], gain: string, from = 0) => log.slice(from).filter((e) => e.gain === gain);

let shown: Page | undefined;
let made: { spot?: number; sound?: number } = {};

test.afterEach(async () => {
  const page = shown;
  shown = undefined;
  if (!page) return;
  for (const key of SOUND_SETTING_KEYS) await saveSetting(page, key, SOUND_SETTING_DEFAULTS[key]).catch(() => {});
  if (made.spot) await pageCall(page, 'POST', `/api/spots/delete/${made.spot}`).catch(() => {});
  if (made.sound) await pageCall(page, 'POST', `/api/sounds/${made.sound}/delete`).catch(() => {});
  made = {};
  await releasePlayer(page);
});

test(
  'a loud spot and a quiet sound are levelled to the target like the track; the music fades out before the spot, in after it, and ducks under a short sound',
  BUNDLED_API,
  async ({ page }) => {
    await logIn(page);
    shown = page;
    // No crossfade here: this test follows one track's gains.
    await saveSetting(page, SETTING_CROSSFADE_SECONDS, '0');
    // A spot mastered hot (−8 LUFS, peaking at −5 dBTP) and a quiet jingle (−20 LUFS, peaking at −17).
    const spot = await upload<Spot>(page, '/api/spots', 'Hangos szpot', sineMp3(4, -8));
    made.spot = spot.id;
    const sound = await upload<Sound>(page, '/api/sounds', 'Halk csengő', sineMp3(3, -20));
    made.sound = sound.id;
    const loud = await measured<Spot>(page, '/api/spots', spot.id);
    const quiet = await measured<Sound>(page, '/api/sounds', sound.id);
    expect(loud.loudness_lufs!).toBeGreaterThan(-8.5);
    expect(loud.loudness_lufs!).toBeLessThan(-7.5);
    expect(loud.peak_dbtp!).toBeLessThanOrEqual(-1);
    expect(quiet.loudness_lufs!).toBeGreaterThan(-20.5);
    expect(quiet.loudness_lufs!).toBeLessThan(-19.5);
    expect(quiet.peak_dbtp!).toBeLessThanOrEqual(-6);

    await playChannel(page);
    await expect.poll(() => contextState(page), { timeout: 15_000 }).toBe('running');
    const player = await serverPlayer(page);
    const track = player.track!;
    expect(typeof track.loudness_lufs).toBe('number');

    // The track: brought to the target, unless its true peak would pass the ceiling first.
    const lastLevel = async (gain: string) => of(await scheduled(page), gain).at(-1);
    const toTarget = LOUDNESS_TARGET_LUFS - track.loudness_lufs!;
    const expected = Math.min(toTarget, LOUDNESS_PEAK_CEILING_DBTP - track.peak_dbtp!);
    await expect
      .poll(async () => {
        const level = await lastLevel('music.level');
        return level ? Math.round(db(level.value) * 100) / 100 : null;
      })
      .toBeCloseTo(expected, 1);
    if (expected === toTarget)
      expect(Math.abs(track.loudness_lufs! + expected - LOUDNESS_TARGET_LUFS)).toBeLessThanOrEqual(1);

    // The loud spot: the music fades out over 0.5 s first, the spot plays 8 dB down, the music comes
    // back over 1 s from silence.
    const before = (await scheduled(page)).length;
    expect((await pageCall(page, 'POST', `/api/players/${player.id}/spots/play`, { spots: [spot.id] })).status).toBe(
      200,
    );
    await expect.poll(async () => of(await scheduled(page), 'spot.level', before).length).toBeGreaterThan(0);
    let log = await scheduled(page);
    const spotLevel = of(log, 'spot.level', before)[0]!;
    expect(Math.abs(loud.loudness_lufs! + db(spotLevel.value) - LOUDNESS_TARGET_LUFS)).toBeLessThanOrEqual(1);
    expect(loud.peak_dbtp! + db(spotLevel.value)).toBeLessThanOrEqual(LOUDNESS_PEAK_CEILING_DBTP);
    expect(of(log, 'music.fade', before)[0]).toMatchObject({ kind: 'linear', value: 0, duration: 0.5 });
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => of(await scheduled(page), 'music.fade', before).length, { timeout: 20_000 }).toBe(2);
    expect(of(await scheduled(page), 'music.fade', before)[1]).toMatchObject({ kind: 'linear', value: 1, duration: 1 });
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(false);

    // The quiet 3 s sound: 4 dB up, over the music, which ducks to 30 % and comes back over 1 s.
    const beforeSound = (await scheduled(page)).length;
    expect((await pageCall(page, 'POST', `/api/players/${player.id}/sounds/${sound.id}/play`)).status).toBe(200);
    await expect.poll(async () => of(await scheduled(page), 'spot.level', beforeSound).length).toBeGreaterThan(0);
    log = await scheduled(page);
    const soundLevel = of(log, 'spot.level', beforeSound)[0]!;
    expect(Math.abs(quiet.loudness_lufs! + db(soundLevel.value) - LOUDNESS_TARGET_LUFS)).toBeLessThanOrEqual(1);
    expect(quiet.peak_dbtp! + db(soundLevel.value)).toBeLessThanOrEqual(LOUDNESS_PEAK_CEILING_DBTP);
    expect(of(log, 'music.fade', beforeSound)[0]).toMatchObject({ kind: 'linear', value: 0.3 });
    expect((await audioState(page)).paused).toBe(false);
    await expect
      .poll(async () => of(await scheduled(page), 'music.fade', beforeSound).length, { timeout: 20_000 })
      .toBe(2);
    expect(of(await scheduled(page), 'music.fade', beforeSound)[1]).toMatchObject({
      kind: 'linear',
      value: 1,
      duration: 1,
    });

    // 'Hangerő-kiegyenlítés' off and spots +3 dB: the next track plays at its own level, a spot 3 dB over it.
    await saveSetting(page, SETTING_LOUDNESS_NORMALIZE, '0');
    await saveSetting(page, SETTING_SPOT_GAIN_DB, '3');
    const beforeNext = (await scheduled(page)).length;
    expect((await pageCall(page, 'GET', `/api/players/${player.id}/next`)).status).toBe(200);
    await expect
      .poll(async () => of(await scheduled(page), 'music.level', beforeNext).at(-1)?.value, { timeout: 15_000 })
      .toBe(1);
    const beforeOwn = (await scheduled(page)).length;
    expect((await pageCall(page, 'POST', `/api/players/${player.id}/spots/play`, { spots: [spot.id] })).status).toBe(
      200,
    );
    await expect.poll(async () => of(await scheduled(page), 'spot.level', beforeOwn).length).toBeGreaterThan(0);
    expect(db(of(await scheduled(page), 'spot.level', beforeOwn)[0]!.value)).toBeCloseTo(3, 5);
  },
);

test(
  "'Áttűnés': the next announced track starts on the second element and the two cross in equal-power fades of the set length; the server moves on to it; a skip fades out over 0.3 s",
  BUNDLED_API,
  async ({ page }) => {
    await logIn(page);
    shown = page;
    await saveSetting(page, SETTING_CROSSFADE_SECONDS, '4');
    await playChannel(page);
    await expect.poll(() => contextState(page), { timeout: 15_000 }).toBe('running');
    const player = await serverPlayer(page);
    const track = player.track!;
    const next = player.next_tracks![0]!;
    expect(next.id).not.toBe(track.id);
    expect(track.duration).toBeGreaterThan(12);

    const tracksLogged = async () =>
      ((await pageCall(page, 'GET', '/api/play-log?type=track')).body as { data: PlayLogEntry[] }).data;
    const known = new Set((await tracksLogged()).map((e) => e.key));
    const newEntry = async (id: number) =>
      (await tracksLogged()).find((e) => !known.has(e.key) && e.item_id === id) ?? null;

    // Near the end, as another device's seek would put it: 4 s of crossfade start about 4.5 s before.
    const before = (await scheduled(page)).length;
    const seek = await pageCall(page, 'POST', `/api/players/${player.id}/update-volume`, {
      currentTime: track.duration - 8,
      volume: player.volume,
    });
    expect(seek.status).toBe(200);
    await expect
      .poll(async () => of(await scheduled(page), 'tail.fade', before).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const log = await scheduled(page);
    const fadeIn = of(log, 'next.fade', before).find((e) => e.kind === 'curve')!;
    const fadeOut = of(log, 'tail.fade', before).find((e) => e.kind === 'curve')!;
    for (const fade of [fadeIn, fadeOut]) expect(fade.duration).toBe(4);
    expect(Math.abs(fadeIn.at - fadeOut.at)).toBeLessThan(0.05);
    // Equal power: in rises 0 → 1, out falls 1 → 0, and in² + out² stays 1 all the way.
    expect(fadeIn.curve![0]).toBeCloseTo(0, 5);
    expect(fadeIn.curve!.at(-1)).toBeCloseTo(1, 5);
    expect(fadeOut.curve![0]).toBeCloseTo(1, 5);
    expect(fadeOut.curve!.at(-1)).toBeCloseTo(0, 5);
    expect(fadeIn.curve!.length).toBe(fadeOut.curve!.length);
    fadeIn.curve!.forEach((v, i) => expect(v ** 2 + fadeOut.curve![i]! ** 2).toBeCloseTo(1, 4));
    // The incoming track got its own level before it started.
    expect(of(log, 'next.level', before).length).toBeGreaterThan(0);

    // The music element is now the next track's, and the server follows it.
    await expect.poll(async () => new URL((await audioState(page)).src).pathname).toBe(new URL(next.url).pathname);
    await expect.poll(async () => (await serverPlayer(page)).track?.id, { timeout: 10_000 }).toBe(next.id);
    expect((await audioState(page)).paused).toBe(false);
    // Two music elements take turns; only the current one is marked.
    await expect(page.locator('audio:not([data-spot-audio])')).toHaveCount(2);
    await expect(page.locator('audio[data-player-audio]')).toHaveCount(1);

    // Proof of play: the track that went out was heard to its end under its fade (from the seek: 8 s).
    await expect.poll(() => newEntry(track.id), { timeout: 15_000 }).not.toBeNull();
    const out = (await newEntry(track.id))!;
    expect(out.ended).toBe(true);
    expect(out.seconds!).toBeGreaterThan(6);
    expect(out.seconds!).toBeLessThan(9.5);

    // 'Következő szám': the track sounding fades out over 0.3 s while the next one starts.
    const beforeSkip = (await scheduled(page)).length;
    expect((await pageCall(page, 'GET', `/api/players/${player.id}/next`)).status).toBe(200);
    await expect
      .poll(async () => of(await scheduled(page), 'tail.fade', beforeSkip)[0] ?? null, { timeout: 10_000 })
      .toMatchObject({ kind: 'linear', value: 0, duration: 0.3 });
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(false);
    // The track that came in counts from its first sound (the whole crossfade) to the skip's fade.
    await expect.poll(() => newEntry(next.id), { timeout: 15_000 }).not.toBeNull();
    const skipped = (await newEntry(next.id))!;
    expect(skipped.ended).toBe(false);
    expect(skipped.seconds!).toBeGreaterThan(4);
  },
);
