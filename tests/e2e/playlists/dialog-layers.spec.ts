import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { toast, uniqueName } from './support';

test.setTimeout(120_000);

/**
 * Whether the topmost element at the centre of `target` belongs to it (nothing lies over it). Toasts let
 * presses through (pointer-events: none), which hit testing skips: the target is made hittable first.
 */
async function onTop(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  return target.evaluate(
    (el, point) => {
      (el as HTMLElement).style.pointerEvents = 'auto';
      const top = document.elementFromPoint(point.x, point.y);
      return !!top && (top === el || el.contains(top));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

async function openTrackDialog(page: Page) {
  await page.goto('/channels/1');
  const firstRow = page.getByRole('region', { name: 'A csatorna zenéi' }).getByRole('listitem').first();
  await firstRow.getByRole('button', { name: /hozzáadása lejátszási listához$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Hozzáadás lejátszási listához' });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width}×${viewport.height}: toasts show above an open dialog, and its title stays while the lists scroll`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    const dialog = await openTrackDialog(page);
    const newSection = dialog.getByRole('region', { name: 'Új lista létrehozása' });

    // Enough lists that the dialog must scroll.
    for (let i = 0; i < 7; i++) {
      await newSection.getByLabel('A lista neve').fill(uniqueName(`Réteg ${i}`));
      await newSection.getByRole('button', { name: 'Létrehozás' }).click();
      const saved = toast(page, 'Sikeresen mentve.').last();
      await expect(saved).toBeVisible();
      if (i === 0) {
        // The toast is the topmost thing where it sits: not under the dialog's dark overlay.
        expect(await onTop(page, saved)).toBe(true);
      }
      await expect(newSection.getByLabel('A lista neve')).toHaveValue('');
    }

    const title = dialog.getByRole('heading', { name: 'Hozzáadás lejátszási listához' });
    const close = dialog.getByRole('button', { name: 'Bezárás' });
    const titleTop = (await title.boundingBox())!.y;
    const closeTop = (await close.boundingBox())!.y;
    // Scroll the list to its end (the new-list form sits below the lists).
    await newSection.getByLabel('A lista neve').scrollIntoViewIfNeeded();
    await dialog.getByRole('list').hover();
    await page.mouse.wheel(0, 2000);
    // The wheel's scroll has ended: the box that scrolls the list stands at its end.
    await dialog.getByRole('list').evaluate(
      (list) =>
        new Promise<void>((resolve) => {
          let box: Element | null = list;
          while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)))
            box = box.parentElement;
          const atEnd = () => !box || box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
          const frame = () => (atEnd() ? resolve() : requestAnimationFrame(frame));
          frame();
        }),
    );
    expect((await title.boundingBox())!.y).toBeCloseTo(titleTop, 0);
    expect((await close.boundingBox())!.y).toBeCloseTo(closeTop, 0);
    await expect(title).toBeInViewport();
    expect(await onTop(page, close)).toBe(true);
    expect(await onTop(page, title)).toBe(true);
  });
}
