import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { bar, releasePlayer, serverPlayer } from '../player/support';
import { channelTrackIds, createPlaylist, dragAnnounced, playlistTrackIds, shownTrackIds } from './support';

test.setTimeout(150_000);

test.afterEach(async ({ page }) => {
  await releasePlayer(page);
});

function handle(page: Page, index: number) {
  return page
    .getByRole('region', { name: 'A lista zenéi' })
    .locator('li[data-track-id]')
    .nth(index)
    .getByRole('button', { name: /áthelyezése$/ });
}

async function ownPlaylist(page: Page, count: number) {
  const ids = (await channelTrackIds(page, 1)).slice(0, count);
  expect(ids).toHaveLength(count);
  const playlist = await createPlaylist(page, `Sorrend ${Date.now().toString(36)}`, ids);
  return { playlist, ids };
}

test('dragging a track with the mouse changes the order, which survives a reload', async ({ page }) => {
  await logIn(page);
  const { playlist, ids } = await ownPlaylist(page, 4);
  await page.goto(`/playlists/${playlist.id}`);
  await expect.poll(() => shownTrackIds(page)).toEqual(ids);

  // The first track goes below the third.
  const from = await handle(page, 0).boundingBox();
  const to = await handle(page, 2).boundingBox();
  if (!from || !to) throw new Error('no handle');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await expect(dragAnnounced(page, 'Új hely: 3.')).toHaveCount(1);
  await page.mouse.up();

  const expected = [ids[1], ids[2], ids[0], ids[3]];
  await expect.poll(() => shownTrackIds(page)).toEqual(expected);
  await expect.poll(() => playlistTrackIds(page, playlist.id)).toEqual(expected);
  await page.reload();
  await expect.poll(() => shownTrackIds(page)).toEqual(expected);
});

test('the keyboard moves a track (space, arrow, space) and the new order drives playback', async ({ page }) => {
  await logIn(page);
  const { playlist, ids } = await ownPlaylist(page, 3);
  await page.goto(`/playlists/${playlist.id}`);
  await expect.poll(() => shownTrackIds(page)).toEqual(ids);

  // The third track up by one: space lifts, the arrow moves, space drops.
  await handle(page, 2).focus();
  await page.keyboard.press('Space');
  await expect(dragAnnounced(page, 'Felemelve, jelenleg a(z) 3. helyen.')).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(dragAnnounced(page, 'Új hely: 2.')).toHaveCount(1);
  await page.keyboard.press('Space');

  const expected = [ids[0], ids[2], ids[1]];
  await expect.poll(() => shownTrackIds(page)).toEqual(expected);
  await expect.poll(() => playlistTrackIds(page, playlist.id)).toEqual(expected);
  await page.reload();
  await expect.poll(() => shownTrackIds(page)).toEqual(expected);

  // Play from the top: 'Következő szám' brings the track that now stands second.
  const player = await serverPlayer(page);
  if (player.is_random) await bar(page).getByRole('button', { name: 'Véletlen sorrend' }).click();
  await expect.poll(async () => (await serverPlayer(page)).is_random).toBe(false);
  await page.getByRole('main').getByRole('button', { name: 'Lejátszás', exact: true }).click();
  await expect.poll(async () => (await serverPlayer(page)).track?.id).toBe(expected[0]);
  await bar(page).getByRole('button', { name: 'Következő szám' }).click();
  await expect.poll(async () => (await serverPlayer(page)).track?.id).toBe(expected[1]);
  if (player.is_random) await bar(page).getByRole('button', { name: 'Véletlen sorrend' }).click();
});

test('a click on a track plays the playlist from that track', async ({ page }) => {
  await logIn(page);
  const { playlist, ids } = await ownPlaylist(page, 3);
  await page.goto(`/playlists/${playlist.id}`);
  const rows = page.getByRole('region', { name: 'A lista zenéi' }).locator('li[data-track-id]');
  await rows.nth(1).getByRole('button').nth(1).click();
  await expect.poll(async () => (await serverPlayer(page)).track?.id).toBe(ids[1]);
  const player = await serverPlayer(page);
  expect(player.playable_id).toBe(playlist.id);
  await expect(rows.nth(1).locator('[aria-current="true"]')).toBeVisible();
});
