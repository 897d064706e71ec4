import { expect, test } from '@playwright/test';
import { browserGet, DEMO, logIn } from '../support/auth';

test("'Kijelentkezés' in the header menu logs out", async ({ page }) => {
  await logIn(page);

  // The account menu's trigger shows the shop's logo and name. (Retried: a click that lands before
  // hydration opens nothing.)
  const logout = page.getByRole('menuitem', { name: 'Kijelentkezés' });
  await expect(async () => {
    await page.getByRole('banner').getByRole('button', { name: DEMO.customer }).click();
    await expect(logout).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await logout.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Bejelentkezés', exact: true })).toBeVisible();

  // The session is gone, not just the page: the app routes and the API refuse the browser.
  await page.goto('/channels');
  await expect(page).toHaveURL(/\/login$/);
  expect((await browserGet(page, '/api/me')).status).toBe(401);
});
