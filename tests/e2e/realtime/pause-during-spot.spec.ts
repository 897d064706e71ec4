import { expect, test } from '../support/two-devices';
import type { PlayLogEntry } from '../../../contracts/play-log';
import type { Spot } from '../../../contracts/spots';
import {
  audioState,
  bar,
  type Device,
  LIVE,
  pageCall,
  pathOf,
  roomBeforeTrackEnd,
  spotElement,
  waitForSocket,
} from './support';

test.describe.configure({ timeout: 150_000 });

async function spotLog(device: Device): Promise<{ total: number; data: PlayLogEntry[] }> {
  const res = await pageCall(device.page, 'GET', '/api/play-log?type=spot');
  expect(res.status).toBe(200);
  return res.body as { total: number; data: PlayLogEntry[] };
}

test('pause during a spot silences it at once; play goes on with the spot from where it stopped, then the track; the log holds the spot once', async ({
  a,
  b,
}) => {
  await waitForSocket(a.page);
  await waitForSocket(b.page);
  const spots = (await pageCall(a.page, 'GET', '/api/spots')).body as Spot[];
  // The longest spot: time to pause it well before its end.
  const spot = [...spots].sort((x, y) => y.duration - x.duration)[0]!;
  // The track must not end before the spot nor just after it.
  const player = await roomBeforeTrackEnd(a.page, b.page, 25);
  const logged = (await spotLog(a)).total;

  expect((await pageCall(b.page, 'POST', `/api/players/${player.id}/spots/play`, { spots: [spot.id] })).status).toBe(
    200,
  );
  await expect.poll(async () => pathOf((await spotElement(a.page)).src), LIVE).toBe(pathOf(spot.url));
  await expect.poll(async () => (await spotElement(a.page)).time, LIVE).toBeGreaterThan(2);

  // Pause pressed on the phone: the audio device's spot element stops, and so does everything else.
  await bar(b.page).getByRole('button', { name: 'Szünet', exact: true }).click();
  await expect.poll(async () => (await spotElement(a.page)).paused, LIVE).toBe(true);
  const stoppedAt = (await spotElement(a.page)).time;
  expect(stoppedAt).toBeLessThan(spot.duration - 1);
  // A window on purpose: nothing may sound on while paused (the spot, the music, a queued item).
  await a.page.waitForTimeout(1_500);
  const silent = await spotElement(a.page);
  expect(silent).toMatchObject({ paused: true, time: stoppedAt });
  expect(pathOf(silent.src)).toBe(pathOf(spot.url));
  expect((await audioState(a.page)).paused).toBe(true);
  // The bars no longer say an ad is on; 'next' still may not drop it.
  await expect(bar(a.page).getByText('Reklám szól')).toHaveCount(0);
  await expect(bar(a.page).getByRole('button', { name: 'Következő szám' })).toBeDisabled();

  // Play: the spot goes on from where it stopped (not from its start), the music still waits.
  await bar(b.page).getByRole('button', { name: 'Lejátszás', exact: true }).click();
  await expect.poll(async () => (await spotElement(a.page)).paused, LIVE).toBe(false);
  const resumed = await spotElement(a.page);
  expect(pathOf(resumed.src)).toBe(pathOf(spot.url));
  expect(resumed.time).toBeGreaterThanOrEqual(stoppedAt);
  expect(resumed.time).toBeLessThan(stoppedAt + 2);
  expect((await audioState(a.page)).paused).toBe(true);
  await expect(bar(a.page).getByText('Reklám szól')).toBeVisible(LIVE);

  // Then the track.
  const rest = (spot.duration - stoppedAt) * 1000;
  await expect.poll(async () => (await audioState(a.page)).paused, { timeout: rest + 10_000 }).toBe(false);
  expect(pathOf((await audioState(a.page)).src)).toBe(pathOf(player.track!.url));
  expect((await spotElement(a.page)).src).toBe('');

  // One entry for the spot, played to its end, its heard time not counting the pause.
  await expect.poll(async () => (await spotLog(a)).total, LIVE).toBe(logged + 1);
  const [entry] = (await spotLog(a)).data;
  expect(entry).toMatchObject({ type: 'spot', item_id: spot.id, ended: true, player_id: player.id });
  expect(entry!.seconds!).toBeGreaterThan(spot.duration - 1.5);
  expect(entry!.seconds!).toBeLessThanOrEqual(spot.duration + 0.5);
  // No second entry turns up late.
  await a.page.waitForTimeout(1_000);
  expect((await spotLog(a)).total).toBe(logged + 1);
});
