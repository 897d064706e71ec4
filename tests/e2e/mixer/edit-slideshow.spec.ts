import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { dragAnnounced, pageCall, pngFiles, toast, uniqueName, type SlideshowAnswer } from './support';

test.setTimeout(120_000);

function dialog(page: Page) {
  return page.getByRole('dialog');
}

/** The image names in the order the editor shows them. */
function shownNames(page: Page) {
  return dialog(page)
    .getByRole('list', { name: 'A slideshow képei' })
    .locator('li[data-image-id]')
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector('img')?.nextElementSibling?.textContent?.replace(/^\d+\.\s*/, '') ?? ''),
    );
}

function handle(page: Page, name: string) {
  return dialog(page).getByRole('button', { name: `${name} áthelyezése` });
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

test('a slideshow is made in two steps, its images uploaded, reordered by keyboard and mouse, timed and saved; reopened it keeps all that', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/mixer/slideshows');
  await expect(page.getByRole('heading', { level: 1, name: 'Slideshowk' })).toBeVisible();
  const name = uniqueName('Heti akciók');

  // Step one: the name alone, then 'Tovább'.
  await page.getByRole('button', { name: 'Új slideshow' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Új slideshow' })).toBeVisible();
  await expect(dialog(page).getByLabel(/^Képek/)).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Tovább' }).click();
  await expect(dialog(page).getByLabel('Név')).toHaveAccessibleDescription(/.+/);
  await dialog(page).getByLabel('Név').fill(name);
  await dialog(page).getByLabel('Név').press('Enter');

  // Step two: the server answered the id; the images go up one a call as they are picked.
  await expect(dialog(page).getByRole('heading', { name: `Képek: ${name}` })).toBeVisible();
  const list = await pageCall<{ id: number; name: string }[]>(page, 'GET', '/api/slideshows');
  const created = list.find((s) => s.name === name);
  expect(created, 'the first step created the slideshow').toBeDefined();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/slideshows/${created!.id}/image`))
      uploads.push(request.url());
  });
  await dialog(page)
    .getByLabel(/^Képek/)
    .setInputFiles(pngFiles(['piros', 'zold', 'kek']));
  await expect(dialog(page).getByRole('progressbar')).toBeVisible();
  await expect.poll(() => shownNames(page)).toEqual(['piros.png', 'zold.png', 'kek.png']);
  await expect(dialog(page).getByRole('progressbar')).toHaveCount(0);
  expect(uploads).toHaveLength(3);
  // The thumbnails are the real images.
  await expect
    .poll(() =>
      dialog(page)
        .locator('li[data-image-id] img')
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)),
    )
    .toEqual([320, 320, 320]);

  // A file that is no image is refused by the server, said under the field; the others stay.
  await dialog(page)
    .getByLabel(/^Képek/)
    .setInputFiles([{ name: 'level.png', mimeType: 'image/png', buffer: Buffer.from('nem kép') }]);
  await expect(dialog(page).getByLabel(/^Képek/)).toHaveAccessibleDescription(/^level\.png: .+/);
  expect(await shownNames(page)).toEqual(['piros.png', 'zold.png', 'kek.png']);

  // Keyboard: the third image up by one (space lifts, arrow moves, space drops).
  await handle(page, 'kek.png').focus();
  await page.keyboard.press('Space');
  await expect(dragAnnounced(page, 'Felemelve, jelenleg a(z) 3. helyen.')).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(dragAnnounced(page, 'Új hely: 2.')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect.poll(() => shownNames(page)).toEqual(['piros.png', 'kek.png', 'zold.png']);

  // Mouse: the first image to the bottom.
  const from = await handle(page, 'piros.png').boundingBox();
  const to = await handle(page, 'zold.png').boundingBox();
  if (!from || !to) throw new Error('no handle');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 8, { steps: 20 });
  await expect(dragAnnounced(page, 'Új hely: 3.')).toHaveCount(1);
  await page.mouse.up();
  await expect.poll(() => shownNames(page)).toEqual(['kek.png', 'zold.png', 'piros.png']);

  // Seconds: 0 is refused under its field, before anything is sent.
  const seconds = (n: number) => dialog(page).getByLabel(`A(z) ${n}. kép ideje másodpercben`);
  await expect(seconds(1)).toHaveValue('5');
  await seconds(2).fill('0');
  await dialog(page).getByRole('button', { name: 'Mentés' }).click();
  await expect(seconds(2)).toHaveAccessibleDescription('Legalább 1 másodperc, egész szám.');
  await seconds(2).fill('12');
  await dialog(page).getByRole('button', { name: 'Mentés' }).click();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // The table counts the slides; the server has the order and the seconds.
  await expect(row(page, name).getByRole('cell').first()).toHaveText('3');
  const saved = await pageCall<SlideshowAnswer>(page, 'GET', `/api/slideshows/${created!.id}`);
  expect(saved.images.map((i) => [i.name, i.seconds])).toEqual([
    ['kek.png', 5],
    ['zold.png', 12],
    ['piros.png', 5],
  ]);

  // Reopened after a reload: the same order and seconds.
  await page.reload();
  await row(page, name)
    .getByRole('button', { name: `Szerkesztés: ${name}` })
    .click();
  await expect(dialog(page).getByRole('heading', { name: 'Slideshow szerkesztése' })).toBeVisible();
  await expect.poll(() => shownNames(page)).toEqual(['kek.png', 'zold.png', 'piros.png']);
  await expect(seconds(2)).toHaveValue('12');

  // Remove one image: gone at once, and from the server.
  await dialog(page).getByRole('button', { name: 'Kép eltávolítása: zold.png' }).click();
  await expect(toast(page, 'Sikeresen eltávolítva.')).toBeVisible();
  await expect.poll(() => shownNames(page)).toEqual(['kek.png', 'piros.png']);
  await dialog(page).getByRole('button', { name: 'Mentés' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row(page, name).getByRole('cell').first()).toHaveText('2');

  // Delete, confirmed.
  await row(page, name)
    .getByRole('button', { name: `Törlés: ${name}` })
    .click();
  await expect(page.getByRole('dialog', { name: 'Biztosan törli a slideshow-t?' })).toBeVisible();
  await page.getByRole('button', { name: 'Slideshow törlése' }).click();
  await expect(toast(page, 'Sikeresen eltávolítva.')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  const after = await pageCall<{ id: number }[]>(page, 'GET', '/api/slideshows');
  expect(after.some((s) => s.id === created!.id)).toBe(false);
});
