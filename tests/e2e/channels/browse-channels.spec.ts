import { expect, test, type Locator } from '@playwright/test';
import { logIn } from '../support/auth';

test.setTimeout(90_000);

/** Where the first slide stands in the carousel: whole pixels, as a turn eases out in sub-pixel steps. */
async function slideOffset(carousel: Locator): Promise<number> {
  const box = await carousel.boundingBox();
  const first = await carousel.getByRole('group').first().boundingBox();
  // `|| 0`: a slide a fraction of a pixel left of its place rounds to -0, which is not 0 to `toBe`.
  return Math.round(first!.x - box!.x) || 0;
}

/** Resolves once the first slide has not moved, to the sub-pixel, for ten animation frames: a turn under way has ended. */
async function slidesAtRest(carousel: Locator): Promise<void> {
  await carousel
    .getByRole('group')
    .first()
    .evaluate(
      (slide) =>
        new Promise<void>((resolve) => {
          let last = slide.getBoundingClientRect().x;
          let still = 0;
          const frame = () => {
            const x = slide.getBoundingClientRect().x;
            still = x === last ? still + 1 : 0;
            last = x;
            if (still >= 10) resolve();
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
    );
}

test('the channel list shows the heading, the featured carousel and the category tabs', async ({ page }) => {
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Csatornák' })).toBeVisible();

  const carousel = page.getByRole('region', { name: 'Legújabb csatornáink' });
  await expect(carousel.getByRole('heading', { name: 'Legújabb csatornáink' })).toBeVisible();
  await expect(carousel.getByRole('link').first()).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Előző csatornák' })).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Következő csatornák' })).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'Csatorna kategóriák' }).getByRole('tab');
  await expect(tabs.first()).toHaveText('Kedvencek');
  expect(await tabs.count()).toBeGreaterThanOrEqual(5);

  // A category tab shows its subcategories, each a slider of channel tiles with a play button.
  const category = tabs.nth(1);
  await category.click();
  await expect(category).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  const sliders = panel.getByRole('region');
  expect(await sliders.count()).toBeGreaterThanOrEqual(2);
  const firstSlider = sliders.first();
  await expect(firstSlider.getByRole('heading', { level: 3 })).toBeVisible();
  await expect(firstSlider.getByRole('link', { name: /\d+ dal/ }).first()).toBeVisible();
  await expect(firstSlider.getByRole('button', { name: /lejátszása$/ }).first()).toBeVisible();
});

test('the featured carousel turns by itself and stops while the pointer is over it', async ({ page }) => {
  await logIn(page);
  const carousel = page.getByRole('region', { name: 'Legújabb csatornáink' });
  await expect(carousel.getByRole('link').first()).toBeVisible();
  await page.mouse.move(5, 760);

  const start = await slideOffset(carousel);
  await expect.poll(() => slideOffset(carousel), { timeout: 6_000 }).not.toBe(start);

  await carousel.getByRole('heading', { name: 'Legújabb csatornáink' }).hover();
  await slidesAtRest(carousel);
  const held = await slideOffset(carousel);
  // A window on purpose: a held carousel shows only by not moving.
  await page.waitForTimeout(3_000);
  expect(await slideOffset(carousel)).toBe(held);

  await page.mouse.move(5, 760);
  await expect.poll(() => slideOffset(carousel), { timeout: 6_000 }).not.toBe(held);
});

test('the slider buttons move a page; the featured carousel goes round, a subcategory slider stops at its ends', async ({
  page,
}) => {
  await logIn(page);
  const carousel = page.getByRole('region', { name: 'Legújabb csatornáink' });
  await expect(carousel.getByRole('link').first()).toBeVisible();
  await carousel.hover(); // no autoplay turn in between
  const start = await slideOffset(carousel);
  // Before the first page the featured carousel goes round to its last one.
  await carousel.getByRole('button', { name: 'Előző csatornák' }).click();
  await expect.poll(() => slideOffset(carousel), { timeout: 5_000 }).toBeLessThan(start - 100);
  const last = carousel.getByRole('group').last();
  await expect(last).toBeInViewport({ ratio: 0.9 });
  await carousel.getByRole('button', { name: 'Következő csatornák' }).click();
  await expect.poll(() => slideOffset(carousel), { timeout: 5_000 }).toBe(start);

  const tabs = page.getByRole('tablist', { name: 'Csatorna kategóriák' }).getByRole('tab');
  await tabs.nth(1).click();
  const slider = page.getByRole('tabpanel').getByRole('region').first();
  await expect(slider.getByRole('link').first()).toBeVisible();
  const previous = slider.getByRole('button', { name: 'Előző csatornák' });
  const next = slider.getByRole('button', { name: 'Következő csatornák' });
  await expect(previous).toBeDisabled();
  const first = await slideOffset(slider);
  await next.click();
  await expect.poll(() => slideOffset(slider), { timeout: 5_000 }).toBeLessThan(first);
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect.poll(() => slideOffset(slider), { timeout: 5_000 }).toBe(first);
  await expect(previous).toBeDisabled();
});

test("the featured carousel's button stops it for good, and starts it again", async ({ page }) => {
  await logIn(page);
  const carousel = page.getByRole('region', { name: 'Legújabb csatornáink' });
  await expect(carousel.getByRole('link').first()).toBeVisible();
  await carousel.getByRole('button', { name: 'Forgatás megállítása' }).click();
  const start = carousel.getByRole('button', { name: 'Forgatás indítása' });
  await expect(start).toBeVisible();
  // Nobody at the carousel any more: still it stays where it is.
  await page.mouse.move(5, 760);
  await start.blur();
  await slidesAtRest(carousel);
  const held = await slideOffset(carousel);
  // A window on purpose: a stopped carousel shows only by not moving.
  await page.waitForTimeout(3_000);
  expect(await slideOffset(carousel)).toBe(held);

  await start.click();
  await expect(carousel.getByRole('button', { name: 'Forgatás megállítása' })).toBeVisible();
  await page.mouse.move(5, 760);
  await expect.poll(() => slideOffset(carousel), { timeout: 15_000 }).not.toBe(held);
});

test.describe('with reduced motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the featured carousel does not turn until started; its buttons still page', async ({ page }) => {
    await logIn(page);
    const carousel = page.getByRole('region', { name: 'Legújabb csatornáink' });
    await expect(carousel.getByRole('link').first()).toBeVisible();
    await page.mouse.move(5, 760);
    await expect(carousel.getByRole('button', { name: 'Forgatás indítása' })).toBeVisible();
    const start = await slideOffset(carousel);
    // A window on purpose: a carousel that does not turn shows only by not moving.
    await page.waitForTimeout(3_000);
    expect(await slideOffset(carousel)).toBe(start);

    await carousel.getByRole('button', { name: 'Következő csatornák' }).click();
    await expect.poll(() => slideOffset(carousel), { timeout: 5_000 }).toBeLessThan(start);
  });
});
