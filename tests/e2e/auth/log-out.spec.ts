import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';

test("'Kijelentkezés' in the header menu logs out", async ({ page }) => {
  await logIn(page);

  await page.getByRole('banner').getByRole('button', { name: 'Fiók menü' }).click();
  await page.getByRole('menuitem', { name: 'Kijelentkezés' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Bejelentkezés', exact: true })).toBeVisible();

  // The session is gone, not just the page: the app routes and the API refuse the browser.
  await page.goto('/channels');
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get('/api/me', { headers: { Accept: 'application/json' } });
  expect(me.status()).toBe(401);
});
