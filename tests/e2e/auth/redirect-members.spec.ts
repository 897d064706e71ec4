import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';

test.describe('a logged-in manager', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page);
  });

  test('is sent from / to /channels', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/channels$/);
    await expect(page.getByRole('heading', { name: 'Csatornák' })).toBeVisible();
  });

  for (const route of ['/login', '/forgot', '/reset/some-token?email=demo%40pulzus.hu']) {
    test(`is sent away from ${route.replace(/\?.*/, '')}`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/channels$/);
      await expect(page.getByLabel('Jelszó', { exact: true })).toHaveCount(0);
    });
  }
});
