import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';
import {
  channelTrackIds,
  createPlaylist,
  pageCall,
  playlistTrackIds,
  shownTrackIds,
  toast,
  uniqueName,
} from './support';

test.setTimeout(120_000);

test('rename: the error for an empty name, then the new name, kept after a reload', async ({ page }) => {
  await logIn(page);
  const playlist = await createPlaylist(page, uniqueName('Átnevezendő'));
  await page.goto(`/playlists/${playlist.id}`);
  await page.getByRole('button', { name: 'Átnevezés' }).click();

  const field = page.getByLabel('A lista neve');
  await expect(field).toHaveValue(playlist.name);
  await field.fill('');
  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('A név megadása kötelező.')).toBeVisible();
  await expect(page.getByText('Hibás kitöltés, kérjük javítsa.')).toBeVisible();

  const name = uniqueName('Új név');
  await field.fill(name);
  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('removing a track: toast, count and the server agree', async ({ page }) => {
  await logIn(page);
  const ids = (await channelTrackIds(page, 1)).slice(0, 3);
  const playlist = await createPlaylist(page, uniqueName('Törlős'), ids);
  await page.goto(`/playlists/${playlist.id}`);
  await expect(page.getByRole('main').getByText('3 dal', { exact: true })).toBeVisible();

  const rows = page.getByRole('region', { name: 'A lista zenéi' }).locator('li[data-track-id]');
  await rows.nth(1).getByRole('button', { name: 'Eltávolítás a listáról' }).click();
  await expect(toast(page, 'Sikeresen eltávolítva a lejátszási listáról.')).toBeVisible();
  await expect.poll(() => shownTrackIds(page)).toEqual([ids[0], ids[2]]);
  await expect(page.getByRole('main').getByText('2 dal', { exact: true })).toBeVisible();
  expect(await playlistTrackIds(page, playlist.id)).toEqual([ids[0], ids[2]]);
});

test('delete asks first; Mégse keeps it, Lista törlése removes it and goes back to the grid', async ({ page }) => {
  await logIn(page);
  const name = uniqueName('Törlendő');
  const playlist = await createPlaylist(page, name);
  await page.goto(`/playlists/${playlist.id}`);

  await page.getByRole('button', { name: 'Lista törlése' }).click();
  let dialog = page.getByRole('dialog', { name: 'Biztosan törli a lejátszási listát?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mégse' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Lista törlése' }).click();
  dialog = page.getByRole('dialog', { name: 'Biztosan törli a lejátszási listát?' });
  await dialog.getByRole('button', { name: 'Lista törlése' }).click();
  await expect(toast(page, 'Sikeresen eltávolítva.')).toBeVisible();
  await expect(page).toHaveURL(/\/playlists$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saját listák' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: name })).toHaveCount(0);
  const all = await pageCall<{ id: number }[]>(page, 'GET', '/api/playlists');
  expect(all.some((p) => p.id === playlist.id)).toBe(false);
});

test('the back arrow leads to the grid', async ({ page }) => {
  await logIn(page);
  const playlist = await createPlaylist(page, uniqueName('Vissza'));
  await page.goto(`/playlists/${playlist.id}`);
  await page.getByRole('link', { name: 'Vissza a listákhoz' }).click();
  await expect(page).toHaveURL(/\/playlists$/);
});
