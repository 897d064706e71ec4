import { expect, test } from '@playwright/test';
import type { Spot } from '../../../contracts/spots';
import { logIn } from '../support/auth';
import { pageCall, pathOf } from '../realtime/support';
import { MEDIA, playPreview, previewState, recordProgress, throttleUploads, toast, uniqueName } from './support';

test.setTimeout(150_000);

const spots = async (page: import('@playwright/test').Page) =>
  (await pageCall(page, 'GET', '/api/spots')).body as Spot[];

test('a shop manager uploads a spot with its progress, replaces its file and hears the preview, then deletes it', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/mixer/spots');
  await expect(page.getByRole('heading', { level: 1, name: 'Reklám szpotok' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Reklám szpotok' });
  await expect(table.getByRole('columnheader', { name: 'Szpot neve' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Fájlnév' })).toBeVisible();

  // Enter with nothing filled in: the server's first error under each field.
  await page.getByRole('button', { name: 'Új szpot feltöltése' }).click();
  const dialog = page.getByRole('dialog', { name: 'Új szpot feltöltése' });
  const name = dialog.getByRole('textbox', { name: 'Szpot neve' });
  const file = dialog.getByLabel('Hangfájl (MP3)');
  await name.press('Enter');
  await expect(name).toHaveAccessibleDescription('A név megadása kötelező.');
  await expect(file).toHaveAccessibleDescription('A fájl megadása kötelező.');

  // The upload, slowed so that its real progress (the XHR's, through the BFF) can be watched.
  const spotName = uniqueName('Friss pékáru');
  await name.fill(spotName);
  await file.setInputFiles(MEDIA.spot('friss-pekaru.mp3'));
  await expect(dialog.getByText('friss-pekaru.mp3')).toBeVisible();
  await throttleUploads(page, 40 * 1024);
  const progress = await recordProgress(page);
  await name.press('Enter');
  await expect(dialog.getByRole('progressbar', { name: 'Feltöltés' })).toBeVisible();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible({ timeout: 30_000 });
  await throttleUploads(page, null);
  const shown = await progress();
  // Several steps between the start and the end: the bar followed the bytes, it did not jump.
  expect(shown.filter((p) => p > 0 && p < 100).length, `progress seen: ${shown.join(', ')}`).toBeGreaterThanOrEqual(2);
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
  await expect(dialog).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: spotName });
  await expect(row).toContainText('friss-pekaru.mp3');
  const created = (await spots(page)).find((s) => s.name === spotName)!;
  expect(created).toMatchObject({ file_name: 'friss-pekaru.mp3' });
  expect(created.duration).toBeGreaterThan(1);

  // Edit: the current file in a preview that really loads and plays.
  await row.getByRole('button', { name: `Szerkesztés: ${spotName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Szpot szerkesztése' });
  await expect(edit.getByText('Jelenlegi fájl: friss-pekaru.mp3')).toBeVisible();
  await expect.poll(async () => (await previewState(page)).readyState).toBeGreaterThanOrEqual(1);
  const before = await previewState(page);
  expect(pathOf(before.src)).toBe(pathOf(created.url));
  expect(before.duration).toBeCloseTo(created.duration, 0);
  await playPreview(page);
  await expect.poll(async () => (await previewState(page)).time).toBeGreaterThan(0.3);

  // 'Fájl csere' with a new name; Enter saves.
  await expect(edit.getByText('Fájl csere')).toBeVisible();
  const renamed = uniqueName('Hétvégi akció');
  await edit.getByRole('textbox', { name: 'Szpot neve' }).fill(renamed);
  await edit.getByLabel('Hangfájl (MP3)').setInputFiles(MEDIA.spot('hetvegi-akcio.mp3'));
  await edit.getByRole('textbox', { name: 'Szpot neve' }).press('Enter');
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  await expect(edit).toBeHidden();
  const replacedRow = table.getByRole('row').filter({ hasText: renamed });
  await expect(replacedRow).toContainText('hetvegi-akcio.mp3');
  await expect(table.getByRole('row').filter({ hasText: spotName })).toHaveCount(0);
  const replaced = (await spots(page)).find((s) => s.id === created.id)!;
  expect(replaced).toMatchObject({ name: renamed, file_name: 'hetvegi-akcio.mp3' });
  expect(pathOf(replaced.url)).not.toBe(pathOf(created.url));

  // The preview now plays the new file; the old one is gone from storage.
  await replacedRow.getByRole('button', { name: `Szerkesztés: ${renamed}` }).click();
  await expect(edit.getByText('Jelenlegi fájl: hetvegi-akcio.mp3')).toBeVisible();
  await expect.poll(async () => (await previewState(page)).readyState).toBeGreaterThanOrEqual(1);
  const after = await previewState(page);
  expect(pathOf(after.src)).toBe(pathOf(replaced.url));
  expect(after.duration).toBeCloseTo(replaced.duration, 0);
  await playPreview(page);
  await expect.poll(async () => (await page.request.get(created.url)).status()).toBe(404);
  // Without a new file, a save keeps the file (the last toast gone first, to see this one).
  await expect(toast(page, 'Sikeresen mentve.')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Mentés' }).click();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  expect((await spots(page)).find((s) => s.id === created.id)?.file_name).toBe('hetvegi-akcio.mp3');

  // Delete, confirmed.
  await replacedRow.getByRole('button', { name: `Törlés: ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Biztosan törli a szpotot?' });
  await confirm.getByRole('button', { name: 'Szpot törlése' }).click();
  await expect(toast(page, 'Sikeresen eltávolítva.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
  expect((await spots(page)).some((s) => s.id === created.id)).toBe(false);
});
