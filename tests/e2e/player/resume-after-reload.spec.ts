import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';
import { audioState, bar, playChannel, releasePlayer, serverPlayer } from './support';

test.describe.configure({ timeout: 90_000 });

test.afterEach(async ({ page }) => {
  await releasePlayer(page);
});

test('a reload goes on where the music was, not from the last periodic position report', async ({ page }) => {
  // Positions the page reports through update-volume (the seek, then one every 10 s while playing).
  const reported: number[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/update-volume')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { currentTime?: number };
    if (typeof body.currentTime === 'number') reported.push(body.currentTime);
  });

  await logIn(page);
  await playChannel(page, 1);
  reported.length = 0;
  await bar(page).getByRole('slider', { name: 'Tekerés' }).fill('10');
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThanOrEqual(9.5);

  // Wait for a periodic report past the seek, then let the music run on 4 s: the next report is ~6 s
  // away, so without a report as the page goes the server would hold a time 4 s behind the music.
  await expect.poll(() => reported.some((t) => t > 11), { timeout: 20_000 }).toBe(true);
  const lastPeriodic = reported.at(-1)!;
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(lastPeriodic + 4);
  const left = (await audioState(page)).time;

  await page.reload();

  // The server got the position of the moment the page went (the new page reports only after 10 s)…
  await expect
    .poll(async () => (await serverPlayer(page)).current_time, { timeout: 5_000 })
    .toBeGreaterThanOrEqual(left - 0.5);
  // …and the music goes on from there.
  await expect
    .poll(
      async () => {
        const audio = await audioState(page);
        return !audio.paused && audio.time >= left - 1 && audio.time < left + 8;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
});
