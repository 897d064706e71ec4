import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';

test.setTimeout(120_000);

test('a channel opens with its details and the track list scrolls to its end', async ({ page }) => {
  await logIn(page);
  const carousel = page.getByRole('region', { name: 'Legújabb csatornáink' });
  const link = carousel.getByRole('link', { name: /Napfényes pop/ });
  await carousel.hover(); // keeps the carousel still while clicking
  // Slides out of view are inert (issue 25): page with the slider's button as a reader would.
  const slide = carousel.getByRole('group').filter({ has: page.getByRole('link', { name: /Napfényes pop/ }) });
  await expect(async () => {
    if ((await slide.getAttribute('inert')) !== null) {
      const [at, row] = [await slide.boundingBox(), await carousel.boundingBox()];
      const back = at && row && at.x < row.x;
      await carousel.getByRole('button', { name: back ? 'Előző csatornák' : 'Következő csatornák' }).click();
    }
    await expect(slide).not.toHaveAttribute('inert', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await link.click();
  await expect(page).toHaveURL(/\/channels\/\d+$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Napfényes pop' })).toBeVisible();
  const count = Number((await page.getByText(/^\d+ dal$/).textContent())?.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(15); // more than one page
  await expect(page.getByText(/^(\d+ óra )?\d+ perc$/)).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Kedvenc' })).toHaveAttribute('aria-pressed', /true|false/);
  await expect(main.getByRole('button', { name: 'Véletlen sorrend' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Ismétlés' })).toBeVisible();

  const tracks = page.getByRole('region', { name: 'A csatorna zenéi' }).getByRole('listitem');
  await expect(tracks).toHaveCount(15);
  await expect(page.getByText('Nincsenek további zenék.')).toHaveCount(0);

  const end = page.getByText('Nincsenek további zenék.');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(end).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(tracks).toHaveCount(count);
  await expect(tracks.first()).toContainText('1');
  await expect(tracks.last()).toContainText(String(count));
});

test('a click on a track plays it in this channel and marks it', async ({ page }) => {
  await logIn(page);
  await page.goto('/channels/2');
  // The player bar has its own play button; the channel's is in the page.
  const main = page.getByRole('main');
  // Each row's first button plays the track (the add-to-playlist button follows it).
  const items = page.getByRole('region', { name: 'A csatorna zenéi' }).getByRole('listitem');
  const rows = { nth: (i: number) => items.nth(i).getByRole('button').first() };
  const third = rows.nth(2);
  await third.click();
  await expect(third).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
  await expect(main.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();

  // Enter on another row moves the mark there.
  await rows.nth(4).focus();
  await page.keyboard.press('Enter');
  await expect(rows.nth(4)).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
  await expect(third).not.toHaveAttribute('aria-current', 'true');

  await main.getByRole('button', { name: 'Szünet', exact: true }).click();
  await expect(main.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(rows.nth(4)).toHaveAttribute('aria-current', 'true');
});

test('an unknown channel answers the not-found page', async ({ page }) => {
  await logIn(page);
  const response = await page.goto('/channels/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Az oldal nem található' })).toBeVisible();
});
