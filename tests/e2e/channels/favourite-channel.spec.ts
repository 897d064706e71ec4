import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';

test.setTimeout(120_000);

async function openFavouritesTab(page: Page) {
  const tab = page.getByRole('tab', { name: 'Kedvencek' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

test('favouring a channel shows the toast and puts it into the Kedvencek tab, and back', async ({ page }) => {
  await logIn(page);

  // The first channel that is not a favourite yet.
  let name = '';
  for (let id = 2; id <= 24 && !name; id++) {
    await page.goto(`/channels/${id}`);
    const heart = page.getByRole('button', { name: 'Kedvenc' });
    if ((await heart.getAttribute('aria-pressed')) === 'false') {
      name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    }
  }
  expect(name).not.toBe('');
  const heart = page.getByRole('button', { name: 'Kedvenc' });

  await heart.click();
  await expect(page.getByRole('status').getByText('Hozzáadva a kedvencekhez', { exact: true })).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('link', { name: 'Vissza a csatornákhoz' }).click();
  await expect(page).toHaveURL(/\/channels$/);
  let favourites = await openFavouritesTab(page);
  await expect(favourites.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();

  // And out again, which also leaves the shared demo data as it was.
  await favourites.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Kedvenc' }).click();
  await expect(page.getByRole('status').getByText('Eltávolítva a kedvencekből', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kedvenc' })).toHaveAttribute('aria-pressed', 'false');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Kedvenc' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('link', { name: 'Vissza a csatornákhoz' }).click();
  favourites = await openFavouritesTab(page);
  await expect(favourites.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveCount(0);
});
