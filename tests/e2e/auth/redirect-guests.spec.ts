import { expect, test } from '@playwright/test';
import { browserGet, loginForm } from '../support/auth';

test.describe('a guest', () => {
  for (const route of ['/channels', '/mixer/spots', '/']) {
    test(`is sent from ${route} to /login`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await expect(loginForm(page).email).toBeVisible();
      await expect(loginForm(page).password).toBeVisible();
      await expect(loginForm(page).remember).toBeVisible();
      await expect(loginForm(page).submit).toBeVisible();
    });
  }

  test('sees the guest pages themselves', async ({ page }) => {
    await page.goto('/forgot');
    await expect(page).toHaveURL(/\/forgot$/);
    await expect(page.getByLabel('E-mail cím', { exact: true })).toBeVisible();
  });

  test('cannot read the API through the BFF', async ({ page }) => {
    await page.goto('/login');
    const me = await browserGet(page, '/api/me');
    expect(me.status).toBe(401);
  });
});
