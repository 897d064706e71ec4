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

test('at 390×844 the featured card fits its slide and shows its play button', async ({ page }) => {
  await logIn(page);
  const carousel = page.getByRole('region', { name: 'Legújabb csatornáink' });
  await expect(carousel).toBeVisible();
  const slide = carousel.getByRole('group').first();
  const card = slide.locator('article');
  const slideBox = (await slide.boundingBox())!;
  const cardBox = (await card.boundingBox())!;
  // The card stays inside its slide (it was 434 px wide in a 358 px slide).
  expect(cardBox.width).toBeLessThanOrEqual(slideBox.width);
  const viewport = carousel.locator('[class*="viewport"]');
  const viewportBox = (await viewport.boundingBox())!;
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(viewportBox.x + viewportBox.width + 1);
  const play = card.getByRole('button', { name: /lejátszása$/ });
  await expect(play).toBeInViewport({ ratio: 1 });
  const playBox = (await play.boundingBox())!;
  expect(playBox.x + playBox.width).toBeLessThanOrEqual(viewportBox.x + viewportBox.width);

  // During a slide no other card's button drifts into this one: after it, the first visible card is
  // the next one, whole, with its own button.
  await carousel.getByRole('button', { name: 'Következő csatornák' }).click();
  const buttons = carousel.getByRole('button', { name: /lejátszása$/ });
  const nextPlay = carousel
    .getByRole('group')
    .nth(1)
    .getByRole('button', { name: /lejátszása$/ });
  // Polled until the slide has arrived (the next card's button whole in view); a button that
  // drifted in would keep the count above 1.
  await expect
    .poll(async () => ({
      nextWhole: await nextPlay.evaluate((el, box) => {
        const r = el.getBoundingClientRect();
        return r.left >= box.x - 1 && r.right <= box.x + box.width + 1;
      }, viewportBox),
      inView: await buttons.evaluateAll((els, box) => {
        return els.filter((el) => {
          const r = el.getBoundingClientRect();
          return r.right > box.x && r.left < box.x + box.width;
        }).length;
      }, viewportBox),
    }))
    .toEqual({ nextWhole: true, inView: 1 });
});

test('at 390×844 the channel tabs are one row that scrolls sideways', async ({ page }) => {
  await logIn(page);
  const tabs = page.getByRole('tablist', { name: 'Csatorna kategóriák' });
  await expect(tabs).toBeVisible();
  const tops = await tabs
    .getByRole('tab')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(2);
  expect(new Set(tops).size).toBe(1);
  const row = await tabs.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    overflow: getComputedStyle(el).overflowX,
  }));
  expect(row.overflow).toBe('auto');
  // The page itself still does not scroll sideways.
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('at 390×844 the channel header keeps its round buttons together', async ({ page }) => {
  await logIn(page);
  await page.goto('/channels/1');
  const header = page.getByRole('main').locator('header').first();
  const round = [
    header.getByRole('button', { name: /kedvenc/i }),
    header.getByRole('button', { name: 'Véletlen sorrend' }),
    header.getByRole('button', { name: 'Ismétlés' }),
    header.getByRole('button', { name: /lejátszási listá/ }),
  ];
  const tops = await Promise.all(round.map(async (b) => Math.round((await b.boundingBox())!.y)));
  // The add-to-playlist button is not left alone on a row of its own.
  expect(new Set(tops).size).toBe(1);
});

test('the login screen names the shop once', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Bejelentkezés', exact: true })).toBeVisible();
  // The shop's logo carries its name (alt text); no caption repeats it.
  await expect(page.getByRole('img', { name: /^Demo Bolt/ })).toBeVisible();
  await expect(page.getByText('Demo Bolt', { exact: true })).toHaveCount(0);
});
