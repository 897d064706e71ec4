import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Track } from '../../../contracts/tracks';
import { DAY_KEYS, DEFAULT_SCHEDULE_RULE } from '../../../contracts/names';
import { E2E, startApi, webUrl, type ManagedProcess, type Stack } from '../../../scripts/launch/stack';
import { logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { LIVE, pageCall, pathOf, waitForSocket, type Device } from '../realtime/support';
import { audioState, bar, playChannel, serverPlayer } from './support';

/*
 * The shop's day runs itself (issue 26), on the test clock: the plan's boundaries are applied when the
 * scheduler's test control ticks a minute. Its own stack: the plan acts on the demo shop's player, and
 * the ticks move the API's clock years ahead.
 */
const API_PORT = E2E.apiPort + 13;
const WEB_PORT = E2E.webPort + 13;
/** A Tuesday; Budapest (the demo shop's zone) is UTC+1 in January. */
const DAY = '2031-01-07';
const MORNING = 1;
const AFTERNOON = 2;
/** A channel whose tracks the setup makes 5 minutes long (a real MP3 of that length). */
const LONG = 3;

let stack: Stack | undefined;
/** The API started again after the setup put the long tracks in (the stack's handle names the stopped one). */
let restarted: ManagedProcess | undefined;
const devices: Device[] = [];

/**
 * A real MP3 of five minutes and a few seconds, made with ffmpeg (none when it is not installed), put in
 * as the only tracks of channel LONG: the API is stopped for it, its PGlite database written, and the API
 * started again on the same DATA_DIR. Answers the restarted API, or undefined without ffmpeg.
 */
async function withLongTracks(own: Stack): Promise<ManagedProcess | undefined> {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) return undefined;
  const rel = 'e2e/five-minutes.mp3';
  const file = path.join(own.dataDir, 'media', rel);
  mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=305'],
    ...['-ac', '1', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '48k', file],
  ]);
  const probed = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const duration = Number(probed.stdout?.toString().trim()) || 305;
  await own.api.stop();
  const db = new PGlite(path.join(own.dataDir, 'db'));
  try {
    await db.query('delete from channel_tracks where channel_id = $1', [LONG]);
    for (const [position, title] of ['Öt perc (1)', 'Öt perc (2)'].entries()) {
      const inserted = await db.query<{ id: number }>(
        `insert into tracks (file_path, file_name, title, artist, duration) values ($1, 'five-minutes.mp3', $2, 'Pulzus', $3) returning id`,
        [rel, title, duration],
      );
      await db.query('insert into channel_tracks (channel_id, track_id, position) values ($1, $2, $3)', [
        LONG,
        inserted.rows[0]!.id,
        position + 1,
      ]);
    }
  } finally {
    await db.close();
  }
  return startApi({ port: API_PORT, webPort: WEB_PORT, dataDir: own.dataDir, secrets: own.secrets });
}

test.use({ baseURL: webUrl(WEB_PORT, 'demo'), timezoneId: 'Europe/Budapest' });
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
  restarted = await withLongTracks(stack);
});

test.afterAll(async () => {
  for (const d of devices) await d.context.close().catch(() => {});
  await restarted?.stop();
  await stopOwnStack(stack);
});

/** A device of the shop, its clock set to `timezoneId` (the shop's own unless told). */
async function device(browser: Browser, timezoneId = 'Europe/Budapest'): Promise<Device> {
  const context = await browser.newContext({
    baseURL: webUrl(WEB_PORT, 'demo'),
    locale: 'hu-HU',
    timezoneId,
    viewport: { width: 1366, height: 768 },
  });
  const page = await context.newPage();
  await logIn(page);
  const d = { context, page };
  devices.push(d);
  return d;
}

/** The scheduler's test clock: the minute at `hm` on `day` (DAY), shop time; the ids of the items it fired. */
async function tick(request: APIRequestContext, hm: string, day = DAY): Promise<number[]> {
  const res = await request.post(`http://127.0.0.1:${API_PORT}/api/_test/scheduler/tick`, {
    data: { at: `${day}T${hm}:00+01:00` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { fired: Array<{ scheduled_content_id: number }> }).fired.map(
    (f) => f.scheduled_content_id,
  );
}

async function call(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await pageCall(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

const trackIdsOf = async (page: Page, channelId: number) =>
  new Set(((await call(page, 'GET', `/api/channels/${channelId}/tracks`)) as Track[]).map((t) => t.id));

test('opening starts the block, a press holds until the next boundary, a block switches the source, closing pauses; at night only a spot not bound to opening hours fires', async ({
  browser,
  request,
}) => {
  const counter = await device(browser);
  // The counter PC is the audio device; then paused, as it stands the evening before.
  await playChannel(counter.page, MORNING);
  await bar(counter.page).getByRole('button', { name: 'Szünet', exact: true }).click();
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(true);
  // The manager's phone is set to another zone: what it shows of the plan is still on the shop's clock.
  const phone = await device(browser, 'America/New_York');
  await waitForSocket(phone.page);

  // The plan: Monday–Saturday 08:00–20:00; mornings on one channel at 40, afternoons on another at 70
  // (in place of the seeded demo blocks, which the test stacks keep switched off).
  for (const block of (await call(counter.page, 'GET', '/api/music-plan/blocks')) as Array<{ id: number }>) {
    await call(counter.page, 'POST', `/api/music-plan/blocks/delete/${block.id}`, {});
  }
  await call(counter.page, 'POST', '/api/opening-hours', {
    week: DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '20:00' })),
    exceptions: [],
  });
  const days = Object.fromEntries(DAY_KEYS.map((d) => [d, true]));
  await call(counter.page, 'POST', '/api/music-plan/blocks', {
    name: 'Reggeli nyugalom',
    ...days,
    from: '08:00',
    to: '12:00',
    source_type: 'channel',
    source_id: MORNING,
    volume: 40,
  });
  await call(counter.page, 'POST', '/api/music-plan/blocks', {
    name: 'Délutáni lendület',
    ...days,
    from: '12:00',
    to: '20:00',
    source_type: 'channel',
    source_id: AFTERNOON,
    volume: 70,
  });
  await call(counter.page, 'POST', '/api/music-plan', {
    enabled: true,
    default_source_type: 'channel',
    default_source_id: MORNING,
  });
  const afternoonTracks = await trackIdsOf(counter.page, AFTERNOON);
  // The seeded scheduled spots would cut in at the ticked minutes: this test is about the music.
  for (const item of (await call(counter.page, 'GET', '/api/scheduled-contents')) as Array<{
    id: number;
    active: boolean;
  }>) {
    if (item.active) await call(counter.page, 'POST', `/api/scheduled-contents/toggle/${item.id}`, {});
  }

  // Before opening nothing sounds; at 08:00 the counter PC plays the morning block, by itself.
  await tick(request, '07:59');
  expect((await audioState(counter.page)).paused).toBe(true);
  await tick(request, '08:00');
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(false);
  let player = await serverPlayer(counter.page);
  expect(player.playable_id).toBe(MORNING);
  expect(player.volume).toBe(40);
  await expect(bar(phone.page).getByRole('button', { name: 'Szünet', exact: true })).toBeVisible(LIVE);

  // The manager pauses on the phone: the plan holds off until its next boundary, and both devices say so.
  await bar(phone.page).getByRole('button', { name: 'Szünet', exact: true }).click();
  for (const d of [phone, counter]) {
    await expect(bar(d.page).getByText('Kézi vezérlés kedd 12:00-ig', { exact: true })).toBeVisible(LIVE);
  }
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(true);
  // A minute of the block goes by: the hold keeps the music paused.
  await tick(request, '09:30');
  expect((await serverPlayer(counter.page)).is_playing).toBe(false);

  // 'Vissza a napirendhez' hands control back at once: the block plays again, the line goes.
  await bar(phone.page).getByRole('button', { name: 'Vissza a napirendhez', exact: true }).click();
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(false);
  for (const d of [phone, counter]) {
    await expect(bar(d.page).getByText(/^Kézi vezérlés/)).toHaveCount(0, LIVE);
  }

  // 12:00: the afternoon's channel. Nothing of the morning is announced any more; the track playing
  // now finishes first (the demo tracks are short), and the next one is the afternoon's.
  await tick(request, '12:00');
  await expect.poll(async () => (await serverPlayer(counter.page)).playable_id, LIVE).toBe(AFTERNOON);
  player = await serverPlayer(counter.page);
  expect(player.volume).toBe(70);
  expect(player.next_tracks?.length).toBeGreaterThan(0);
  for (const next of player.next_tracks ?? []) expect(afternoonTracks.has(next.id)).toBe(true);
  const playing = player.track!;
  // The audio device is sent near the track's end (a seek is no press), and goes on by itself.
  await call(counter.page, 'POST', `/api/players/${player.id}/update-volume`, {
    currentTime: Math.max(0, playing.duration - 2),
    volume: 70,
  });
  await expect.poll(async () => (await serverPlayer(counter.page)).track?.id, { timeout: 30_000 }).not.toBe(playing.id);
  player = await serverPlayer(counter.page);
  expect(afternoonTracks.has(player.track!.id)).toBe(true);
  expect(player.plan?.hold_until ?? null).toBeNull();
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(false);

  // 20:00: closed, the music pauses by itself.
  await tick(request, '20:00');
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(true);
  expect((await serverPlayer(counter.page)).is_playing).toBe(false);
  await expect(bar(phone.page).getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible(LIVE);

  // At 03:00 the next night a spot 'Csak nyitvatartási időben' stays silent; one without it plays.
  const [spot] = (await call(counter.page, 'GET', '/api/spots')) as Array<{ id: number }>;
  const item = async (name: string, onlyOpen: boolean) =>
    (
      (await call(counter.page, 'POST', '/api/scheduled-contents', {
        ...DEFAULT_SCHEDULE_RULE,
        name,
        active: true,
        only_open: onlyOpen,
        spots: [spot!.id],
        slideshows: [],
        screens: [],
      })) as { id: number }
    ).id;
  const openOnly = await item('Csak nyitva', true);
  const always = await item('Mindig', false);
  const fired = await tick(request, '03:00', '2031-01-08');
  expect(fired).toContain(always);
  expect(fired).not.toContain(openOnly);
  for (const id of [openOnly, always]) await call(counter.page, 'POST', `/api/scheduled-contents/delete/${id}`, {});
});

test('with a 5-minute track playing at a block boundary, the device switches to the new source at once', async ({
  browser,
  request,
}) => {
  test.skip(!restarted, 'ffmpeg is not installed: no 5-minute track to play');
  const DAY2 = '2031-01-08';
  // The counter PC of the test before (the shop's audio device), or a first device that becomes it;
  // then paused, as it stands the evening before.
  const counter = devices[0] ?? (await device(browser));
  await playChannel(counter.page, LONG);
  await bar(counter.page).getByRole('button', { name: 'Szünet', exact: true }).click();
  await expect.poll(async () => (await audioState(counter.page)).paused, LIVE).toBe(true);

  // Open Monday–Saturday 08:00–20:00; the long channel until 14:00, then the afternoon's.
  for (const block of (await call(counter.page, 'GET', '/api/music-plan/blocks')) as Array<{ id: number }>) {
    await call(counter.page, 'POST', `/api/music-plan/blocks/delete/${block.id}`, {});
  }
  await call(counter.page, 'POST', '/api/opening-hours', {
    week: DAY_KEYS.map((day) => (day === 'sunday' ? { day, closed: true } : { day, open: '08:00', close: '20:00' })),
    exceptions: [],
  });
  const days = Object.fromEntries(DAY_KEYS.map((d) => [d, true]));
  const block = (name: string, from: string, to: string, channel: number) =>
    call(counter.page, 'POST', '/api/music-plan/blocks', {
      name,
      ...days,
      from,
      to,
      source_type: 'channel',
      source_id: channel,
      volume: 60,
    });
  await block('Hosszú számok', '08:00', '14:00', LONG);
  await block('Délután', '14:00', '20:00', AFTERNOON);
  await call(counter.page, 'POST', '/api/music-plan', {
    enabled: true,
    default_source_type: 'channel',
    default_source_id: MORNING,
  });
  for (const item of (await call(counter.page, 'GET', '/api/scheduled-contents')) as Array<{
    id: number;
    active: boolean;
  }>) {
    if (item.active) await call(counter.page, 'POST', `/api/scheduled-contents/toggle/${item.id}`, {});
  }
  const afternoonTracks = await trackIdsOf(counter.page, AFTERNOON);

  // 08:00: a five-minute track of the long channel plays on the device.
  await tick(request, '08:00', DAY2);
  await expect.poll(async () => (await audioState(counter.page)).time, LIVE).toBeGreaterThan(2);
  const long = await serverPlayer(counter.page);
  expect(long.playable_id).toBe(LONG);
  expect(long.track!.duration).toBeGreaterThan(300);
  const longAudio = await audioState(counter.page);
  expect(pathOf(longAudio.src)).toBe(pathOf(long.track!.url));
  expect(longAudio.paused).toBe(false);

  // 14:00 with more than 3 minutes of it left: the afternoon's track plays at once, not in five minutes.
  await tick(request, '14:00', DAY2);
  await expect
    .poll(
      async () => {
        const server = await serverPlayer(counter.page);
        const audio = await audioState(counter.page);
        return (
          server.playable_id === AFTERNOON &&
          !!server.track &&
          afternoonTracks.has(server.track.id) &&
          !audio.paused &&
          pathOf(audio.src) === pathOf(server.track.url)
        );
      },
      { ...LIVE, intervals: [250] },
    )
    .toBe(true);
  const switched = await serverPlayer(counter.page);
  for (const next of switched.next_tracks ?? []) expect(afternoonTracks.has(next.id)).toBe(true);
  expect(switched.volume).toBe(60);
});
