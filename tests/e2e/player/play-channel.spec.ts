import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';
import { audioState, bar, expectTimeAdvances, playChannel, releasePlayer, serverPlayer } from './support';

test.describe.configure({ timeout: 90_000 });

test.afterEach(async ({ page }) => {
  await releasePlayer(page);
});

test('play on a channel really plays its track, and the bar shows it', async ({ page }) => {
  await logIn(page);
  await playChannel(page, 1);

  const player = await serverPlayer(page);
  expect(player.is_playing).toBe(true);
  expect(player.track).not.toBeNull();
  const audio = await audioState(page);
  // Same file; the signature may be renewed in later answers, so compare the path.
  expect(new URL(audio.src).pathname).toBe(new URL(player.track!.url).pathname);
  await expectTimeAdvances(page);

  const region = bar(page);
  await expect(region.getByRole('link', { name: player.playable!.name })).toHaveAttribute('href', '/channels/1');
  await expect(region.getByText(player.track!.formatted_duration, { exact: true })).toBeVisible();

  // Pause stops the audio and tells the server.
  await region.getByRole('button', { name: 'Szünet', exact: true }).click();
  await expect(region.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  expect((await serverPlayer(page)).is_playing).toBe(false);
});

test('the bar shows a pause or a play at once, before the server answers; a play that fails brings the play button back with a toast', async ({
  page,
}) => {
  await logIn(page);
  await playChannel(page, 1);
  const region = bar(page);
  const pauseButton = region.getByRole('button', { name: 'Szünet', exact: true });
  const playButton = region.getByRole('button', { name: 'Lejátszás', exact: true });
  // The presses reach the real server, each held back until the page has shown its result.
  const held: (() => void)[] = [];
  let fail = false;
  await page.route('**/api/players/*/toggle-play', async (route) => {
    if (fail) return route.abort('connectionrefused');
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  const release = async () => {
    await expect.poll(() => held.length).toBe(1);
    held.shift()!();
  };
  const answered = () => page.waitForResponse((res) => res.url().includes('/toggle-play'));

  await pauseButton.click();
  await expect(playButton).toBeVisible();
  let answer = answered();
  await release();
  await answer;
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  expect((await serverPlayer(page)).is_playing).toBe(false);

  await playButton.click();
  await expect(pauseButton).toBeVisible();
  answer = answered();
  await release();
  await answer;
  await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(false);
  expect((await serverPlayer(page)).is_playing).toBe(true);
  await expect(pauseButton).toBeVisible();

  // Paused again; then a play the server never gets.
  await pauseButton.click();
  answer = answered();
  await release();
  await answer;
  await expect(playButton).toBeVisible();
  fail = true;
  await playButton.click();
  await expect(page.getByText('A lejátszó nem válaszolt, kérjük, próbálja újra.')).toBeVisible();
  await expect(playButton).toBeVisible();
  expect((await serverPlayer(page)).is_playing).toBe(false);
  expect((await audioState(page)).paused).toBe(true);
  await page.unroute('**/api/players/*/toggle-play');
});

test("'Következő szám' changes the track and the audio follows", async ({ page }) => {
  await logIn(page);
  await playChannel(page, 1);
  const before = await serverPlayer(page);

  await bar(page).getByRole('button', { name: 'Következő szám' }).click();

  await expect.poll(async () => (await serverPlayer(page)).track?.id).not.toBe(before.track!.id);
  const after = await serverPlayer(page);
  await expect
    .poll(async () => new URL((await audioState(page)).src || 'http://x/').pathname)
    .toBe(new URL(after.track!.url).pathname);
  await expectTimeAdvances(page);
});

test('shuffle and repeat toggle on the server and survive a reload', async ({ page }) => {
  await logIn(page);
  await playChannel(page, 1);
  const region = bar(page);
  const shuffle = region.getByRole('button', { name: 'Véletlen sorrend' });
  const repeat = region.getByRole('button', { name: 'Ismétlés' });
  const initial = await serverPlayer(page);

  await expect(shuffle).toHaveAttribute('aria-pressed', String(initial.is_random));
  await expect(repeat).toHaveAttribute('aria-pressed', String(initial.is_repeat));

  await shuffle.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', String(!initial.is_random));
  await repeat.click();
  await expect(repeat).toHaveAttribute('aria-pressed', String(!initial.is_repeat));

  await page.reload();
  await expect(shuffle).toHaveAttribute('aria-pressed', String(!initial.is_random));
  await expect(repeat).toHaveAttribute('aria-pressed', String(!initial.is_repeat));
  const stored = await serverPlayer(page);
  expect(stored.is_random).toBe(!initial.is_random);
  expect(stored.is_repeat).toBe(!initial.is_repeat);

  // Back as it was, so a shop never ends up without repeat because of a test.
  await shuffle.click();
  await repeat.click();
  await expect(shuffle).toHaveAttribute('aria-pressed', String(initial.is_random));
  await expect(repeat).toHaveAttribute('aria-pressed', String(initial.is_repeat));
});

test('the seek line moves the audio and the server position', async ({ page }) => {
  await logIn(page);
  await playChannel(page, 1);
  const seek = bar(page).getByRole('slider', { name: 'Tekerés' });

  await seek.fill('30');

  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThanOrEqual(29.5);
  await expect.poll(async () => (await serverPlayer(page)).current_time).toBeGreaterThanOrEqual(29.5);
  await expect(bar(page).getByText(/^0:3\d$/)).toBeVisible();

  // Keyboard: the slider is reachable and arrows move it.
  await seek.focus();
  const before = (await audioState(page)).time;
  for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(before + 8);
});

test('volume changes the audio element, persists, and mute restores it', async ({ page }) => {
  await logIn(page);
  await playChannel(page, 1);
  const region = bar(page);
  const slider = region.getByRole('slider', { name: 'Hangerő' });

  await slider.fill('40');
  await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(0.4, 2);
  await expect.poll(async () => (await serverPlayer(page)).volume).toBe(40);

  // Below 5 snaps to silence (SPEC.md §5).
  await slider.fill('3');
  await expect.poll(async () => (await serverPlayer(page)).volume).toBe(0);
  await slider.fill('40');
  await expect.poll(async () => (await serverPlayer(page)).volume).toBe(40);

  await region.getByRole('button', { name: 'Némítás', exact: true }).click();
  await expect.poll(async () => (await audioState(page)).volume).toBe(0);
  await expect.poll(async () => (await serverPlayer(page)).volume).toBe(0);
  await region.getByRole('button', { name: 'Némítás feloldása' }).click();
  await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(0.4, 2);

  await page.reload();
  await expect(slider).toHaveValue('40');
  await expect.poll(async () => (await audioState(page)).volume).toBeCloseTo(0.4, 2);

  await slider.fill('100');
  await expect.poll(async () => (await serverPlayer(page)).volume).toBe(100);
});
