import { expect, test } from '@playwright/test';
import type { PlayLogEntry } from '../../../contracts/play-log';
import type { Spot } from '../../../contracts/spots';
import {
  audioState,
  closeDevice,
  type Device,
  LIVE,
  openDevice,
  pageCall,
  pathOf,
  playHere,
  roomBeforeTrackEnd,
  spotElement,
  waitForSocket,
} from './support';

test.describe.configure({ timeout: 150_000 });

let a: Device | undefined;

test.afterEach(async () => {
  await closeDevice(a);
  a = undefined;
});

async function logOf(device: Device, type: string): Promise<PlayLogEntry[]> {
  const res = await pageCall(device.page, 'GET', `/api/play-log?type=${type}`);
  expect(res.status).toBe(200);
  return (res.body as { data: PlayLogEntry[] }).data;
}

/** How many entries of the type the log holds in all (a page holds at most 50; earlier tests fill it). */
async function countOf(device: Device, type: string): Promise<number> {
  const res = await pageCall(device.page, 'GET', `/api/play-log?type=${type}`);
  expect(res.status).toBe(200);
  return (res.body as { total: number }).total;
}

test('the audio device reports what it really played; a report made while the API could not take it arrives later, once', async ({
  browser,
  baseURL,
}) => {
  a = await openDevice(browser, baseURL);
  await playHere(a.page);
  await waitForSocket(a.page);
  // The track must not end before it is skipped below.
  const player = await roomBeforeTrackEnd(a.page, a.page, 45);
  const spots = (await pageCall(a.page, 'GET', '/api/spots')).body as Spot[];
  const spot = [...spots].sort((x, y) => x.duration - y.duration)[0]!;
  const spotsBefore = await countOf(a, 'spot');
  // Three seconds heard before the spot. The track may resume where an earlier test left it, so
  // they count from where this device started it, not from 0:00.
  // (Once it moves steadily: a resumed track's seek to its place lands after the play starts.)
  let startedAt = 0;
  await expect
    .poll(
      async () => {
        const before = await audioState(a!.page);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const after = await audioState(a!.page);
        startedAt = after.time;
        const step = after.time - before.time;
        return !before.paused && !after.paused && step > 0 && step < 1;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect.poll(async () => (await audioState(a!.page)).time, { timeout: 15_000 }).toBeGreaterThan(startedAt + 3);

  // The API refuses to take reports for now (as if it were away): the spot's report must wait.
  let refused = 0;
  await a.page.route('**/api/players/*/played', async (route) => {
    refused++;
    await route.abort('connectionrefused');
  });
  expect((await pageCall(a.page, 'POST', `/api/players/${player.id}/spots/play`, { spots: [spot.id] })).status).toBe(
    200,
  );
  await expect.poll(async () => pathOf((await spotElement(a!.page)).src), LIVE).toBe(pathOf(spot.url));
  // The music fades out and waits (issue 28: the spot starts once the fade is over).
  await expect.poll(async () => (await audioState(a!.page)).paused, LIVE).toBe(true);
  // The spot ends and the music resumes: the spot's report was tried and kept.
  await expect
    .poll(async () => (await audioState(a!.page)).paused, { timeout: spot.duration * 1000 + 10_000 })
    .toBe(false);
  await expect.poll(() => refused, LIVE).toBeGreaterThan(0);
  expect(await countOf(a, 'spot')).toBe(spotsBefore);

  // The API takes reports again; the network coming back sends what waited.
  await a.page.unroute('**/api/players/*/played');
  await a.page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => countOf(a!, 'spot'), LIVE).toBe(spotsBefore + 1);
  const [spotEntry] = await logOf(a, 'spot');
  expect(spotEntry).toMatchObject({
    type: 'spot',
    item_id: spot.id,
    name: spot.name,
    ended: true,
    player_id: player.id,
  });
  expect(spotEntry!.seconds!).toBeGreaterThan(spot.duration - 1.5);
  expect(spotEntry!.seconds!).toBeLessThanOrEqual(spot.duration + 0.5);

  // Skipping the track reports it as heard so far, not to its end.
  // The track before this one may have ended just as the test began: its report can land after
  // any count taken here, so the skip's report is found by its key and track, not by the count.
  const keysBefore = new Set((await logOf(a, 'track')).map((e) => e.key));
  const heard = (await audioState(a.page)).time;
  expect((await pageCall(a.page, 'GET', `/api/players/${player.id}/next`)).status).toBe(200);
  let trackEntry: PlayLogEntry | undefined;
  await expect
    .poll(async () => {
      trackEntry = (await logOf(a!, 'track')).find((e) => !keysBefore.has(e.key) && e.item_id === player.track!.id);
      return trackEntry !== undefined;
    }, LIVE)
    .toBe(true);
  expect(trackEntry).toMatchObject({ type: 'track', item_id: player.track!.id, ended: false });
  // At least the 3 s before the spot (the first time update only sets where counting starts).
  expect(trackEntry!.seconds!).toBeGreaterThan(2.4);
  expect(trackEntry!.seconds!).toBeLessThan(heard + 2);
  // The outbox is empty again.
  expect(
    await a.page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('pulzus.playReports.') && localStorage.getItem(k) !== '[]'),
    ),
  ).toEqual([]);
});
