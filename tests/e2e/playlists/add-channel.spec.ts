import { expect, test } from '@playwright/test';
import type { Channel } from '../../../contracts';
import { logIn } from '../support/auth';
import { createPlaylist, pageCall, playlistTrackIds, channelTrackIds, toast, uniqueName } from './support';

test.setTimeout(120_000);

test('the channel header’s button puts every track of the channel on a playlist', async ({ page }) => {
  await logIn(page);
  const channel = await pageCall<Channel>(page, 'GET', '/api/channels/1');
  const name = uniqueName('Csatorna lista');
  const playlist = await createPlaylist(page, name);

  await page.goto('/channels/1');
  await page.getByRole('button', { name: 'A csatorna összes zenéje lejátszási listára' }).click();
  const dialog = page.getByRole('dialog', { name: 'Csatorna hozzáadása listához' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: `Hozzáadás: ${name}` }).click();
  await expect(toast(page, 'Sikeresen hozzáadva a lejátszási listához.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Hozzáadás: ${name}` })).toContainText('Hozzáadva');

  expect(await playlistTrackIds(page, playlist.id)).toEqual(await channelTrackIds(page, 1));
  await page.keyboard.press('Escape');
  await page.goto(`/playlists/${playlist.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main').getByText(`${channel.tracks_count} dal`, { exact: true })).toBeVisible();
});

test('a new playlist from a whole channel', async ({ page }) => {
  await logIn(page);
  await page.goto('/channels/1');
  await page.getByRole('button', { name: 'A csatorna összes zenéje lejátszási listára' }).click();
  const dialog = page.getByRole('dialog', { name: 'Csatorna hozzáadása listához' });
  const name = uniqueName('Egész csatorna');
  await dialog.getByLabel('A lista neve').fill(name);
  await dialog.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Hozzáadás: ${name}` })).toContainText('Hozzáadva');

  const channelIds = await channelTrackIds(page, 1);
  const playlists = await pageCall<{ id: number; name: string; tracks_count: number }[]>(page, 'GET', '/api/playlists');
  const created = playlists.find((p) => p.name === name);
  expect(created?.tracks_count).toBe(channelIds.length);
});
