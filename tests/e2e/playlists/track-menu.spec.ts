import { expect, test, type Locator, type Page } from '@playwright/test';
import { BUNDLED_API, logIn } from '../support/auth';
import { pageRuns } from '../player/support';
import { channelTrackIds, createPlaylist, shownTrackIds } from './support';

// The track menu ('Szám letiltása') is offered only by the bundled API.
test.describe.configure({ timeout: 120_000 });

/** A playlist of the test's own, opened on its page: its rows as the list shows them. */
async function openOwnPlaylist(page: Page): Promise<number[]> {
  await logIn(page);
  const ids = (await channelTrackIds(page, 1)).slice(0, 3);
  expect(ids).toHaveLength(3);
  const playlist = await createPlaylist(page, `Menü ${Date.now().toString(36)}`, ids);
  await page.goto(`/playlists/${playlist.id}`);
  await pageRuns(page);
  await expect.poll(() => shownTrackIds(page)).toEqual(ids);
  return ids;
}

function row(page: Page, trackId: number): Locator {
  return page.getByRole('region', { name: 'A lista zenéi' }).locator(`li[data-track-id="${trackId}"]`);
}

function menuButton(page: Page, trackId: number): Locator {
  return row(page, trackId).getByRole('button', { name: /: további műveletek$/ });
}

/** The open menu shows its items; 'Hozzáadás lejátszási listához' opens its dialog, which is closed again. */
async function expectMenuLeadsToDialog(page: Page): Promise<void> {
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Hozzáadás lejátszási listához' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Szám letiltása' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Hozzáadás lejátszási listához' }).click();
  await expect(menu).toBeHidden();
  const dialog = page.getByRole('dialog', { name: 'Hozzáadás lejátszási listához' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Bezárás' }).click();
  await expect(dialog).toBeHidden();
}

test(
  "a click on a playlist row's '⋯' opens the track menu, before and after the drag-and-drop code is here",
  BUNDLED_API,
  async ({ page }) => {
    const ids = await openOwnPlaylist(page);
    // The first press: the drag-and-drop code starts loading as the pointer reaches the list.
    await menuButton(page, ids[0]!).click();
    await expectMenuLeadsToDialog(page);
    // The list now has its drag handles (the library's attributes): the menu still opens.
    await expect(row(page, ids[1]!).locator('[data-rfd-drag-handle-draggable-id]')).toHaveCount(1);
    await menuButton(page, ids[1]!).click();
    await expectMenuLeadsToDialog(page);
  },
);

test("Enter and Space on a playlist row's focused '⋯' open the track menu", BUNDLED_API, async ({ page }) => {
  const ids = await openOwnPlaylist(page);
  for (const [key, id] of [
    ['Enter', ids[0]!],
    ['Space', ids[1]!],
  ] as const) {
    await menuButton(page, id).focus();
    // Focus reaches for the list, which fetches its drag-and-drop code and rebuilds the rows: the
    // keys are pressed once that has landed (the press racing it is the mouse test's), on the '⋯'
    // that then holds the focus.
    await expect(row(page, id).locator('[data-rfd-drag-handle-draggable-id]')).toHaveCount(1);
    await menuButton(page, id).focus();
    await expect(menuButton(page, id)).toBeFocused();
    await page.keyboard.press(key);
    const menu = page.getByRole('menu');
    await expect(menu, key).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Szám letiltása' })).toBeVisible();
    // The menu has the keyboard: the arrow reaches its first item, Enter chooses it.
    await expect(menu).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Hozzáadás lejátszási listához' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Hozzáadás lejátszási listához' });
    await expect(dialog, key).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  // Space did not lift the row: the order stands.
  await expect.poll(() => shownTrackIds(page)).toEqual(ids);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("a tap on a playlist row's '⋯' opens the track menu", BUNDLED_API, async ({ page }) => {
    const ids = await openOwnPlaylist(page);
    await menuButton(page, ids[0]!).tap();
    await expectMenuLeadsToDialog(page);
    await menuButton(page, ids[2]!).tap();
    await expectMenuLeadsToDialog(page);
  });
});
