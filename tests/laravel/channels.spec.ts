import { expect, test } from '@playwright/test';
import { browserGet, DEMO, logIn } from '../e2e/support/auth';

interface PeerChannel {
  id: number;
  name: string;
  is_featured: boolean;
}

test('the header names the shop and /channels shows every channel the API lists', async ({ page }) => {
  await logIn(page);
  await expect(page.getByRole('banner').getByText(DEMO.customer, { exact: true })).toBeVisible();

  const channels = (await browserGet(page, '/api/channels')).body as PeerChannel[];
  expect(channels.map((c) => c.name).length, 'the peer lists channels').toBeGreaterThan(1);
  // No categories (the API does not serve them): every channel in one tab; no favourites either.
  await expect(page.getByRole('tab', { name: 'Összes csatorna', selected: true })).toBeVisible();
  const grid = page.getByRole('tabpanel');
  for (const channel of channels) {
    await expect(grid.getByRole('link', { name: new RegExp(channel.name) }).first()).toBeVisible();
  }
  // The featured ones in the carousel too.
  const featured = page.getByRole('region', { name: 'Legújabb csatornáink' });
  for (const channel of channels.filter((c) => c.is_featured)) {
    await expect(featured.getByText(channel.name).first()).toBeAttached();
  }

  await page.getByRole('tab', { name: 'Kedvencek' }).click();
  await expect(page.getByText('A kedvenc csatornákat most nem sikerült betölteni.', { exact: false })).toBeVisible();

  // A tile opens its channel.
  await page.getByRole('tab', { name: 'Összes csatorna' }).click();
  const first = channels[0]!;
  await grid
    .getByRole('link', { name: new RegExp(first.name) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/channels/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
});
