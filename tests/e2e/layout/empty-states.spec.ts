import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { bar } from '../player/support';

async function expectInsideLayout(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Fő navigáció' })).toBeAttached();
  await expect(bar(page)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await logIn(page);
});

test('an unknown address shows the not-found page inside the layout, as an unknown channel does', async ({ page }) => {
  for (const path of ['/no-such-page', '/mixer/no-such-tab', '/channels/999999']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Az oldal nem található', level: 1 })).toBeVisible();
    await expectInsideLayout(page);
    await main.getByRole('link', { name: 'Vissza a főoldalra' }).click();
    await expect(page).toHaveURL(/\/channels$/);
  }
});

test('screenshots of the not-found page at both sizes', async ({ page }) => {
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const path of ['/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('[data-empty-state]').first()).toBeVisible();
      // It fits the screen: nothing wider than the viewport.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_')}-${width}.png`) });
    }
  }
});
