import { expect, test, type Page } from '@playwright/test';
import type { Sound } from '../../../contracts/sounds';
import {
  audioState,
  closeDevice,
  type Device,
  LIVE,
  openDevice,
  pageCall,
  pathOf,
  playHere,
  roomBeforeTrackEnd,
  spotElement,
  waitForSocket,
} from '../realtime/support';
import { MEDIA, recordProgress, throttleUploads, toast, uniqueName } from './support';

test.describe.configure({ timeout: 180_000 });

let audio: Device | undefined;
let remote: Device | undefined;

test.afterEach(async () => {
  await closeDevice(remote);
  await closeDevice(audio);
  audio = remote = undefined;
});

const sounds = async (page: Page) => (await pageCall(page, 'GET', '/api/sounds')).body as Sound[];
const quickGrid = (page: Page) => page.getByRole('region', { name: 'Gyorshangok' });

test('a shop uploads its own sound, makes it quick and plays it from the grid over the ducked music', async ({
  browser,
  baseURL,
}) => {
  // The shop's audio device plays a channel; the manager works on another device.
  audio = await openDevice(browser, baseURL);
  await playHere(audio.page);
  remote = await openDevice(browser, baseURL);
  const page = remote.page;
  await page.goto('/mixer/soundboard');
  await waitForSocket(audio.page);
  await waitForSocket(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Hangtár' })).toBeVisible();

  // 'Új hang feltöltése': its progress, then the toast.
  const name = uniqueName('Saját gong');
  await page.getByRole('button', { name: 'Új hang feltöltése' }).click();
  const dialog = page.getByRole('dialog', { name: 'Új hang feltöltése' });
  await dialog.getByRole('textbox', { name: 'A hang neve' }).fill(name);
  await dialog.getByLabel('Hangfájl (MP3)').setInputFiles(MEDIA.sound('gong.mp3'));
  await throttleUploads(page, 12 * 1024);
  const progress = await recordProgress(page);
  await dialog.getByRole('textbox', { name: 'A hang neve' }).press('Enter');
  await expect(dialog.getByRole('progressbar', { name: 'Feltöltés' })).toBeVisible();
  await expect(toast(page, 'Sikeresen mentve')).toBeVisible({ timeout: 30_000 });
  await throttleUploads(page, null);
  expect((await progress()).filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(2);
  const sound = (await sounds(page)).find((s) => s.name === name)!;
  expect(sound.customer_id).toBeDefined();

  // Every sound: the new one is the shop's own; a provider's sound offers no delete.
  await page.getByRole('tab', { name: /^Összes hang \(\d+\)$/ }).click();
  const table = page.getByRole('table', { name: 'Összes hang' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Saját hangok');
  await expect(row.getByRole('button', { name: `Törlés: ${name}` })).toBeVisible();
  const provider = (await sounds(page)).find((s) => s.customer_id === undefined)!;
  const providerRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: provider.name, exact: true }) });
  await expect(providerRow).toContainText('Szolgáltató hangjai');
  await expect(providerRow.getByRole('button', { name: /^Törlés:/ })).toHaveCount(0);

  // Quick and favourite toggles, with their toasts; the grid and the tab count follow.
  const quick = row.getByRole('button', { name: `Gyorshang: ${name}` });
  await quick.click();
  await expect(toast(page, 'Hozzáadva a gyorshangokhoz')).toBeVisible();
  await expect(quick).toHaveAttribute('aria-pressed', 'true');
  const tile = quickGrid(page).getByRole('button', { name: `${name} lejátszása` });
  await expect(tile).toBeVisible();
  const favoritesTab = page.getByRole('tab', { name: /^Kedvencek/ });
  const favoritesBefore = Number(/\((\d+)\)/.exec((await favoritesTab.textContent()) ?? '')?.[1]);
  await row.getByRole('button', { name: `Kedvenc: ${name}` }).click();
  await expect(toast(page, 'Hozzáadva a kedvencekhez')).toBeVisible();
  await expect(favoritesTab).toHaveText(`Kedvencek (${favoritesBefore + 1})`);
  expect((await sounds(page)).find((s) => s.id === sound.id)).toMatchObject({ is_quick: true, is_favorite: true });

  // A tap on the tile: the audio device plays the sound over the music, which ducks under it and plays
  // on (issue 28: a sound shorter than 5 s does not pause it).
  // The track must not end during the sound or just after it.
  const player = await roomBeforeTrackEnd(audio.page, page, 25);
  await tile.click();
  await expect.poll(async () => pathOf((await spotElement(audio!.page)).src), LIVE).toBe(pathOf(sound.url));
  await expect.poll(async () => (await spotElement(audio!.page)).time, LIVE).toBeGreaterThan(0.2);
  const during = await audioState(audio.page);
  expect(sound.duration).toBeLessThan(5);
  expect(during.paused).toBe(false);
  // The tile says it is sounding (on this remote device, from the event the audio device also got).
  await expect(tile).toHaveAttribute('data-playing', 'true');
  await expect(tile).toHaveAccessibleDescription('Most szól');
  await expect(row.getByRole('button', { name: `${name} lejátszása` }).first()).toHaveAttribute('data-playing', 'true');

  await expect
    .poll(async () => (await spotElement(audio!.page)).src, { timeout: sound.duration * 1000 + 15_000 })
    .toBe('');
  const resumed = await audioState(audio.page);
  expect(resumed.paused).toBe(false);
  expect(pathOf(resumed.src)).toBe(pathOf(player.track!.url));
  expect(resumed.time).toBeGreaterThanOrEqual(during.time - 0.5);
  await expect(tile).not.toHaveAttribute('data-playing', 'true', { timeout: 15_000 });

  // Off again, then the own sound is deleted (confirmed) and leaves the grid and the table.
  await quick.click();
  await expect(toast(page, 'Eltávolítva a gyorshangok közül')).toBeVisible();
  await expect(tile).toHaveCount(0);
  await row.getByRole('button', { name: `Kedvenc: ${name}` }).click();
  await expect(toast(page, 'Eltávolítva a kedvencek közül')).toBeVisible();
  await row.getByRole('button', { name: `Törlés: ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Biztosan törli a hangot?' })
    .getByRole('button', { name: 'Hang törlése' })
    .click();
  await expect(toast(page, 'Sikeresen eltávolítva.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await sounds(page)).some((s) => s.id === sound.id)).toBe(false);
});

test("'Új hang kérése' stores what the shop wants and says so", async ({ browser, baseURL }) => {
  remote = await openDevice(browser, baseURL);
  const page = remote.page;
  await page.goto('/mixer/soundboard');
  await page.getByRole('button', { name: 'Új hang kérése' }).click();
  const dialog = page.getByRole('dialog', { name: 'Új hang kérése' });
  const field = dialog.getByRole('textbox', { name: 'Milyen hangot szeretne?' });
  await dialog.getByRole('button', { name: 'Kérés küldése' }).click();
  await expect(field).toHaveAccessibleDescription('A leírás megadása kötelező.');
  await field.fill('Rövid, vidám dallam a délutáni akció kezdetére');
  await dialog.getByRole('button', { name: 'Kérés küldése' }).click();
  await expect(toast(page, 'Köszönjük, a kérését továbbítottuk.')).toBeVisible();
  await expect(dialog).toBeHidden();
});
