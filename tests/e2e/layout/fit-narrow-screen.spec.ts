import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    return Math.max(doc.scrollWidth, document.body.scrollWidth) - doc.clientWidth;
  });
}

test('no horizontal scroll on /login at 390×844', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Bejelentkezés', exact: true })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.mouse.wheel(300, 0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});

test('no horizontal scroll on /channels at 390×844', async ({ page }) => {
  await logIn(page);
  await expect(page.getByRole('heading', { name: 'Csatornák' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.mouse.wheel(300, 0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});
