import { expect, test } from '@playwright/test';
import { logIn } from '../e2e/support/auth';

/**
 * 'Zenei napirend' needs `GET /api/music-plan`, a call only the bundled API has: against Laravel (it
 * answers 404) the mixer's tab row leaves the tab out, and /mixer/plan says so plainly, with the way
 * back to the scheduler.
 */
test('the music plan hides its tab and its page says it is not available, with a way back', async ({ page }) => {
  await logIn(page);
  await page.goto('/mixer/scheduler');
  const tabs = page.getByRole('navigation', { name: 'Keverőpult részei' });
  await expect(tabs.getByRole('link', { name: 'Hangtár' })).toBeVisible();
  await expect(tabs.getByRole('link')).toHaveCount(5);
  await expect(tabs.getByRole('link', { name: 'Zenei napirend' })).toHaveCount(0);

  const response = await page.goto('/mixer/plan');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Zenei napirend' })).toBeVisible();
  await expect(page.getByText('A zenei napirend itt nem érhető el')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Új idősáv' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Vissza az ütemezéshez' }).click();
  await expect(page).toHaveURL(/\/mixer\/scheduler$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ütemezett tartalmak' })).toBeVisible();
});
