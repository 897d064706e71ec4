import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';
import { playChannel, releasePlayer } from '../player/support';
import { toast, uniqueName } from '../playlists/support';

test.setTimeout(120_000);

test.afterEach(async ({ page }) => {
  await releasePlayer(page);
});

test('at 390 px the player bar shows at least 24 characters of the title, on up to two lines', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);
  await playChannel(page, 1);
  const title = page.locator('#player-bar section p[title]').first();
  await expect(title).toBeVisible();
  // A title of 24 characters (the walkthrough's was cut to 'Piaci for…'): all of it shows, nothing clipped.
  const fits = await title.evaluate((el) => {
    el.textContent = 'Piaci forgatag reggelente';
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
    return { clipped: el.scrollHeight > el.clientHeight + 1, lines: Math.round(el.clientHeight / lineHeight) };
  });
  expect(fits.clipped).toBe(false);
  expect(fits.lines).toBeLessThanOrEqual(2);
});

test('a new playlist is highlighted in the grid for a moment, the toast clear of “Új lista”; its empty page leads to the channels', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/playlists');
  const newList = page.locator('button', { hasText: 'Új lista' });
  await newList.click();
  const name = uniqueName('Kiemelt lista');
  await page.getByLabel('A lista neve').fill(name);
  await page.keyboard.press('Enter');
  const saved = toast(page, 'Sikeresen mentve.');
  await expect(saved).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await expect(card).toHaveClass(/justAdded/);
  const [toastBox, buttonBox] = [(await saved.boundingBox())!, (await newList.boundingBox())!];
  const overlap =
    toastBox.x < buttonBox.x + buttonBox.width &&
    toastBox.x + toastBox.width > buttonBox.x &&
    toastBox.y < buttonBox.y + buttonBox.height &&
    toastBox.y + toastBox.height > buttonBox.y;
  expect(overlap).toBe(false);
  // The mark goes after 3 s.
  await expect(card).not.toHaveClass(/justAdded/, { timeout: 6_000 });

  await card.getByRole('link', { name }).click();
  await expect(page.getByText('Ez a csatorna üres még.')).toBeVisible();
  await page.getByRole('link', { name: 'Zenék keresése a csatornák között' }).click();
  await expect(page).toHaveURL(/\/channels$/);
});
