import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';

test.setTimeout(90_000);

test('a cover that fails to load falls back to the default cover by id parity', async ({ page }) => {
  await logIn(page);
  // Every channel cover fails, as an expired signed URL would.
  await page.route(/\/media\/.*channels\/cover-/, (route) => route.fulfill({ status: 403, body: '' }));
  await page.goto('/channels');

  const tab = page.getByRole('tablist', { name: 'Csatorna kategóriák' }).getByRole('tab').nth(1);
  await tab.click();
  await expect(page.getByRole('tabpanel').getByRole('link').first()).toBeVisible();

  // The first two tiles of every slider are on screen (lazy images elsewhere are never fetched).
  const ids: number[] = [];
  const sliders = page.getByRole('tabpanel').getByRole('region');
  for (let i = 0; i < (await sliders.count()); i++) {
    const hrefs = await sliders
      .nth(i)
      .getByRole('link')
      .evaluateAll((all) => all.slice(0, 2).map((a) => a.getAttribute('href') ?? ''));
    ids.push(...hrefs.map((href) => Number(href.split('/').pop())));
  }
  expect(ids.some((id) => id % 2 === 0) && ids.some((id) => id % 2 === 1)).toBe(true);

  for (const id of ids) {
    const img = page.getByRole('tabpanel').locator(`a[href="/channels/${id}"] img`).first();
    await img.scrollIntoViewIfNeeded().catch(() => undefined);
    await expect(img).toHaveAttribute('src', id % 2 === 1 ? '/img/base-cover-1.png' : '/img/base-cover-2.png');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
});
