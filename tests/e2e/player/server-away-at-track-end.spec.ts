import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { E2E, startApi, webUrl, type ManagedProcess, type Stack } from '../support/stack';
import { audioState, bar, playChannel, serverPlayer } from './support';

// Its own stack: the test stops the tenant API and starts it again on the same DATA_DIR.
const API_PORT = E2E.apiPort + 11;
const WEB_PORT = E2E.webPort + 11;

let stack: Stack | undefined;
/** The API started again by the test (the stack's own handle still names the stopped one). */
let restarted: ManagedProcess | undefined;

test.use({ baseURL: webUrl(WEB_PORT, 'demo') });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

test.afterAll(async () => {
  await restarted?.stop();
  await stopOwnStack(stack);
});

test('a track that ends while the API is away: the bar says so, and the next track plays once it is back', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page);
  await playChannel(page, 1);
  const before = await serverPlayer(page);
  const region = bar(page);
  await expect(region.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();

  await stack!.api.stop();
  // Right before the end: the track ends while nobody answers.
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]')!;
    audio.currentTime = Math.max(0, audio.duration - 1.5);
  });
  await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(true);

  await expect(region.getByText('Nincs kapcsolat a szerverrel', { exact: true })).toBeVisible({ timeout: 10_000 });
  // Nothing sounds: the bar must not offer a pause over the silence.
  await expect(region.getByRole('button', { name: 'Szünet', exact: true })).toHaveCount(0);
  // Still away after a few retries: the notice stays.
  await page.waitForTimeout(6_000);
  await expect(region.getByText('Nincs kapcsolat a szerverrel', { exact: true })).toBeVisible();

  restarted = await startApi({ port: API_PORT, webPort: WEB_PORT, dataDir: stack!.dataDir, secrets: stack!.secrets });
  const back = Date.now();

  // The device asks again every 5 s: the server's next track plays within ~10 s of its return.
  await expect
    .poll(
      async () => {
        const audio = await audioState(page);
        return !audio.paused && new URL(audio.src).pathname !== new URL(before.track!.url).pathname;
      },
      { timeout: 12_000, intervals: [250] },
    )
    .toBe(true);
  expect(Date.now() - back).toBeLessThan(12_000);
  await expect(region.getByText('Nincs kapcsolat a szerverrel', { exact: true })).toHaveCount(0);
  await expect(region.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();
  const after = await serverPlayer(page);
  expect(after.track!.id).not.toBe(before.track!.id);
  expect(after.is_playing).toBe(true);
});
