import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { pageRuns } from '../player/support';

test.setTimeout(120_000);

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where focus stands after a Tab, against the player bar, the help bubble and the slider viewport around it. */
interface FocusStop {
  label: string;
  /** Inside the dock (the player bar or the help bubble): those stops are the dock's own. */
  inDock: boolean;
  focused: Rect;
  bar: Rect;
  bubble: Rect;
  /** The slider's visible row, when the focused element is in a slide. */
  sliderViewport: Rect | null;
}

async function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const rect = (node: Element) => {
      const r = node.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const bar = document.getElementById('player-bar')!;
    const bubble = document.querySelector('[data-help-bubble]')!;
    const slide = el.closest('[aria-roledescription="slide"]');
    const viewport = slide?.parentElement?.parentElement ?? null;
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return {
      label: `${el.tagName.toLowerCase()} '${name}'`,
      inDock: bar.contains(el) || bubble.contains(el) || el.closest('[data-help-bubble]') !== null,
      focused: rect(el),
      bar: rect(bar),
      bubble: rect(bubble),
      sliderViewport: viewport ? rect(viewport) : null,
    };
  });
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

/**
 * Tabs from the top of /channels through the page into the dock and checks every stop on the way:
 * fully above the bar's top edge, clear of the help bubble, and never on a slide scrolled out of its
 * slider (those are inert).
 */
async function tabThroughChannels(page: Page): Promise<number> {
  await page.goto('/channels');
  await expect(page.getByRole('region', { name: 'Legújabb csatornáink' }).getByRole('link').first()).toBeVisible();
  await expect(page.locator('#player-bar')).not.toBeEmpty();
  // The pointer away from the carousel and the page's start: Tab walks the page in order.
  await page.mouse.move(1, 1);
  await page.evaluate(() => window.scrollTo(0, 0));
  let checked = 0;
  for (let press = 0; press < 150; press++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (!stop) continue;
    if (stop.inDock) break;
    checked++;
    const where = `stop ${press + 1}, ${stop.label}`;
    expect(stop.focused.bottom, `${where}: above the bar`).toBeLessThanOrEqual(stop.bar.top);
    expect(overlaps(stop.focused, stop.bubble), `${where}: clear of the help bubble`).toBe(false);
    if (stop.sliderViewport) {
      expect(stop.focused.left, `${where}: inside its slider`).toBeGreaterThanOrEqual(stop.sliderViewport.left - 1);
      expect(stop.focused.right, `${where}: inside its slider`).toBeLessThanOrEqual(stop.sliderViewport.right + 1);
    }
  }
  return checked;
}

test('tabbing through /channels keeps every focused element above the player bar and clear of the help bubble', async ({
  page,
}) => {
  await logIn(page);
  // Enough stops to pass the fold: the featured carousel, the tabs, the subcategory sliders below.
  expect(await tabThroughChannels(page)).toBeGreaterThan(20);
});

test('at 390 px too, every focused element stays above the player bar and clear of the help bubble', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);
  expect(await tabThroughChannels(page)).toBeGreaterThan(10);
});

test('slides scrolled out of a slider are inert; paging makes them reachable', async ({ page }) => {
  await logIn(page);
  const carousel = page.getByRole('region', { name: 'Legújabb csatornáink' });
  await expect(carousel.getByRole('link').first()).toBeVisible();
  await carousel.hover(); // no autoplay turn in between
  const slides = carousel.getByRole('group');
  // 1366 px: two featured slides in view, the rest out of it and out of the tab order.
  await expect(slides.nth(0)).not.toHaveAttribute('inert');
  await expect(slides.nth(1)).not.toHaveAttribute('inert');
  await expect(slides.nth(2)).toHaveAttribute('inert', '');
  await carousel.getByRole('button', { name: 'Következő csatornák' }).click();
  await expect(slides.nth(2)).not.toHaveAttribute('inert');
  await expect(slides.nth(0)).toHaveAttribute('inert', '');
});

test('a dialog closed with Escape gives focus back to the button that opened it', async ({ page }) => {
  await logIn(page);
  await page.goto('/playlists');
  // The page runs (hydrated): a key pressed before would reach a button without its handler.
  await pageRuns(page);
  // By CSS, not by role: while the modal is open the page behind it is hidden from the accessibility tree.
  const newList = page.locator('button', { hasText: 'Új lista' });
  await newList.focus();
  await expect(newList).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Új lejátszási lista' });
  await expect(dialog).toBeVisible();
  await expect(newList).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newList).toBeFocused();
});
