import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { pageRuns } from '../player/support';

test.setTimeout(120_000);

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where a row's right-most action stands once its row is scrolled to the help bubble's height. */
interface Probe {
  label: string;
  action: Box;
  bubble: Box;
  /** Whether the point at the action's centre hits the action itself (not the bubble over it). */
  hitsAction: boolean;
}

/**
 * Marks the first row whose right-most button can be scrolled to the bubble's height, scrolls it there
 * and measures both. Rows are a table's body rows and a list's items (the track rows) in <main>.
 */
async function scrollRowToBubble(page: Page): Promise<Probe | null> {
  return page.evaluate(() => {
    const rect = (node: Element) => {
      const r = node.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    for (const marked of document.querySelectorAll('[data-probe]')) marked.removeAttribute('data-probe');
    const bubble = document.querySelector('[data-help-bubble]')!;
    const main = document.querySelector('main')!;
    const rows = [...main.querySelectorAll('tbody tr, ul > li, ol > li')];
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    for (const row of rows) {
      const buttons = row.querySelectorAll('button');
      const action = buttons[buttons.length - 1];
      if (!action) continue;
      const a = action.getBoundingClientRect();
      const b = bubble.getBoundingClientRect();
      const target = window.scrollY + (a.top + a.height / 2) - (b.top + b.height / 2);
      if (target < 0 || target > maxScroll) continue;
      window.scrollTo(0, target);
      action.setAttribute('data-probe', '');
      const box = rect(action);
      const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
      return {
        label: action.getAttribute('aria-label') ?? action.textContent?.trim() ?? '',
        action: box,
        bubble: rect(bubble),
        hitsAction: !!hit && action.contains(hit),
      };
    }
    return null;
  });
}

function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

// Pages whose lists are long enough, in the seeded demo shop, to bring a row to the bubble's height
// (the soundboard's five sounds do on a phone, where each is a card).
const LIST_PAGES = ['/channels/1', '/playlists/1', '/mixer/spots'];

for (const [width, height, pages] of [
  [1366, 768, LIST_PAGES],
  [390, 844, [...LIST_PAGES, '/mixer/soundboard']],
] as const) {
  test(`at ${width} px a row's right-most action scrolled to the help bubble stays visible and clickable`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await logIn(page);
    for (const path of pages) {
      await page.goto(path);
      await pageRuns(page);
      await expect(page.locator('main').locator('tbody tr, ul > li, ol > li').first()).toBeVisible();
      // A track list's right-most action is its rows' '⋯', shown once the API is known to offer the menu.
      const trackList = /^\/(channels|playlists)\//.test(path);
      if (trackList)
        await expect(
          page
            .locator('main')
            .getByRole('button', { name: /: további műveletek$/ })
            .first(),
        ).toBeVisible();
      if (path.startsWith('/playlists/')) {
        // A playlist's drag-and-drop code arrives on the first reach for its list and rebuilds the rows:
        // let it land first, so the probe's menu is not rebuilt under the test (that race is
        // tests/e2e/playlists/track-menu.spec.ts's).
        await page.locator('main li[data-track-id]').first().hover();
        await page.locator('[data-rfd-draggable-id]').first().waitFor({ state: 'attached' });
      }
      // Asked until the list has its rows (the page's first items may be its tab row's).
      let probe: Probe | null = null;
      await expect
        .poll(async () => (probe = await scrollRowToBubble(page)) !== null, {
          message: `${path}: a row reaches the bubble's height`,
          timeout: 15_000,
        })
        .toBe(true);
      const { label, action, bubble, hitsAction } = probe!;
      // The row really stands beside the bubble (same height), so the test measures the case in question.
      expect(
        action.top < bubble.bottom && action.bottom > bubble.top,
        `${path}: '${label}' at the bubble's height`,
      ).toBe(true);
      expect(intersects(action, bubble), `${path}: '${label}' clear of the help bubble`).toBe(false);
      expect(hitsAction, `${path}: '${label}' not covered`).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`${path.replace(/\W+/g, '_')}-${width}.png`) });
      // A real click, without force, and it lands on the action (its menu or confirmation may follow).
      // Its press is what is watched: a track's '⋯' swaps in its menu on the press, and the browser
      // may then send no click at all, as the pressed element is gone.
      await page.evaluate(() => {
        document.addEventListener(
          'pointerdown',
          (event) => {
            const hit = (event.target as Element).closest('button');
            document.body.dataset.clicked = hit?.hasAttribute('data-probe') ? 'probe' : 'other';
          },
          { capture: true, once: true },
        );
      });
      const probeButton = page.locator('[data-probe]');
      const opensMenu = (await probeButton.getAttribute('aria-haspopup')) === 'menu';
      expect(opensMenu, `${path}: '${label}' is a track's menu`).toBe(trackList);
      await probeButton.click();
      await expect(page.locator('body')).toHaveAttribute('data-clicked', 'probe');
      // A track's '⋯' opens its menu, on a playlist's page (whose rows can be dragged) as on a channel's.
      if (opensMenu) await expect(page.getByRole('menu'), `${path}: '${label}' opens its menu`).toBeVisible();
      await page.keyboard.press('Escape');
      if (opensMenu) await expect(page.getByRole('menu')).toBeHidden();
    }
  });
}
