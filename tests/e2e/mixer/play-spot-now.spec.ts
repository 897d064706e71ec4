import { expect, test } from '../support/two-devices';
import type { PlayLogEntry } from '../../../contracts/play-log';
import type { Spot } from '../../../contracts/spots';
import { formatClock } from '../../../lib/format/duration';
import {
  audioState,
  type Device,
  LIVE,
  pageCall,
  pathOf,
  playerOf,
  roomBeforeTrackEnd,
  spotElement,
  waitForSocket,
} from '../realtime/support';
import { toast } from './support';

test.describe.configure({ timeout: 150_000 });

async function spotLog(device: Device): Promise<{ total: number; data: PlayLogEntry[] }> {
  const res = await pageCall(device.page, 'GET', '/api/play-log?type=spot');
  expect(res.status).toBe(200);
  return res.body as { total: number; data: PlayLogEntry[] };
}

test("'Azonnali lejátszás' on the phone plays the spot on the audio device, then the music; it lands in the play log", async ({
  a,
  b,
}) => {
  await waitForSocket(a.page);
  const spots = (await pageCall(b.page, 'GET', '/api/spots')).body as Spot[];
  const spot = [...spots].sort((x, y) => x.duration - y.duration)[0]!;
  // The track must not end before the spot nor just after it.
  const player = await roomBeforeTrackEnd(a.page, b.page, 30);
  const logged = (await spotLog(b)).total;

  await b.page.setViewportSize({ width: 390, height: 844 });
  await b.page.goto('/mixer/spots');
  const table = b.page.getByRole('table', { name: 'Reklám szpotok' });
  const row = table.getByRole('row').filter({ hasText: spot.name });
  // The length column, m:ss.
  await expect(row).toContainText(formatClock(spot.duration));
  await row.getByRole('button', { name: `Azonnali lejátszás: ${spot.name}` }).click();
  await expect(toast(b.page, 'A szpotot elküldtük a zenét szóló eszközre.')).toBeVisible();

  // The audio device: the music waits, the spot sounds.
  await expect.poll(async () => pathOf((await spotElement(a.page)).src), LIVE).toBe(pathOf(spot.url));
  await expect.poll(async () => (await spotElement(a.page)).time, LIVE).toBeGreaterThan(0.3);
  expect((await audioState(a.page)).paused).toBe(true);
  // Then the music again, and one entry in the log, played to its end.
  await expect
    .poll(async () => (await audioState(a.page)).paused, { timeout: spot.duration * 1000 + 10_000 })
    .toBe(false);
  expect(pathOf((await audioState(a.page)).src)).toBe(pathOf(player.track!.url));
  await expect.poll(async () => (await spotLog(b)).total, LIVE).toBe(logged + 1);
  const [entry] = (await spotLog(b)).data;
  expect(entry).toMatchObject({ type: 'spot', item_id: spot.id, name: spot.name, ended: true, player_id: player.id });

  // The spot's modal in edit mode offers it too.
  await row.getByRole('button', { name: `Szerkesztés: ${spot.name}` }).click();
  const dialog = b.page.getByRole('dialog', { name: 'Szpot szerkesztése' });
  await dialog.getByRole('button', { name: 'Azonnali lejátszás', exact: true }).click();
  await expect(toast(b.page, 'A szpotot elküldtük a zenét szóló eszközre.')).toBeVisible();
  await expect.poll(async () => pathOf((await spotElement(a.page)).src), LIVE).toBe(pathOf(spot.url));
});

test("with no audio device online 'Azonnali lejátszás' says so, and nothing plays", async ({ a, b }) => {
  const spots = (await pageCall(b.page, 'GET', '/api/spots')).body as Spot[];
  const spot = spots[0]!;
  // The audio device goes away: its login ends (a logout ends its socket too).
  const player = await playerOf(a.page);
  expect(player.session_id).not.toBeNull();
  expect((await pageCall(a.page, 'POST', '/auth/logout')).status).toBe(204);

  await b.page.goto('/mixer/spots');
  const row = b.page.getByRole('table', { name: 'Reklám szpotok' }).getByRole('row').filter({ hasText: spot.name });
  await row.getByRole('button', { name: `Azonnali lejátszás: ${spot.name}` }).click();
  await expect(toast(b.page, 'Nincs zenét szóló eszköz.')).toBeVisible();
  await expect(toast(b.page, 'A szpotot elküldtük a zenét szóló eszközre.')).toHaveCount(0);
  // The phone announces no ad that nobody hears.
  await expect(b.page.getByRole('region', { name: 'Lejátszó' }).getByText('Reklám szól')).toHaveCount(0);
});
