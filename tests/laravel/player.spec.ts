import { expect, test, type Page } from '@playwright/test';
import { browserGet, logIn } from '../e2e/support/auth';

interface PeerPlayer {
  id: number;
  is_playing: boolean;
}

async function serverPlayer(page: Page): Promise<PeerPlayer> {
  const players = (await browserGet(page, '/api/players')).body as PeerPlayer[];
  return players[0]!;
}

/** The bar's play/pause button; its name says what a press does. */
function playButton(page: Page, playing: boolean) {
  return page
    .getByRole('region', { name: 'Lejátszó' })
    .getByRole('button', { name: playing ? 'Szünet' : 'Lejátszás', exact: true });
}

test('play and pause in the bar go through toggle-play, and another device sees the state', async ({
  page,
  browser,
}) => {
  await logIn(page);
  const start = (await serverPlayer(page)).is_playing;
  await expect(playButton(page, start)).toBeVisible();

  // Retried: a press before hydration does nothing.
  const toggled = page.waitForResponse((r) => /\/api\/players\/\d+\/toggle-play$/.test(r.url()));
  await expect(async () => {
    await playButton(page, start).click({ timeout: 1_000 });
    await expect(playButton(page, !start)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect((await toggled).status()).toBe(200);
  expect((await serverPlayer(page)).is_playing).toBe(!start);

  // The state is the server's: another device of the shop shows it.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await logIn(second);
    await expect(playButton(second, !start)).toBeVisible();
  } finally {
    await other.close();
  }

  await playButton(page, !start).click();
  await expect(playButton(page, start)).toBeVisible();
  expect((await serverPlayer(page)).is_playing).toBe(start);
});
