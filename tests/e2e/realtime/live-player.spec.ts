import { expect, test } from '../support/two-devices';
import { audioState, bar, LIVE, pathOf, playerOf, waitForDevices, waitForSocket } from './support';

test.describe.configure({ timeout: 120_000 });

test('a press on one device shows on the other, and the remote never sounds', async ({ a, b }) => {
  await waitForSocket(a.page);
  await waitForSocket(b.page);

  const barA = bar(a.page);
  const barB = bar(b.page);
  // B is a remote control: same state, no audio of its own.
  await expect(barB.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible(LIVE);
  await expect(barB.getByText('A zene egy másik eszközön szól')).toBeVisible();
  expect((await audioState(b.page)).paused).toBe(true);

  // Pause on A: B follows.
  await barA.getByRole('button', { name: 'Szünet', exact: true }).click();
  await expect(barB.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible(LIVE);

  // Shuffle on B: A follows.
  const shuffleA = barA.getByRole('button', { name: 'Véletlen sorrend' });
  const shuffleB = barB.getByRole('button', { name: 'Véletlen sorrend' });
  const before = (await shuffleA.getAttribute('aria-pressed')) === 'true';
  await shuffleB.click();
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(!before));
  await expect(shuffleA).toHaveAttribute('aria-pressed', String(!before), LIVE);

  // Play from B steers A's audio; B stays silent.
  await barB.getByRole('button', { name: 'Lejátszás', exact: true }).click();
  await expect(barA.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible(LIVE);
  await expect.poll(async () => (await audioState(a.page)).paused, LIVE).toBe(false);
  expect((await audioState(b.page)).paused).toBe(true);

  // Next from B: A plays the new track.
  const track = (await playerOf(a.page)).track!.id;
  await barB.getByRole('button', { name: 'Következő szám' }).click();
  await expect.poll(async () => (await playerOf(a.page)).track?.id, LIVE).not.toBe(track);
  const after = await playerOf(a.page);
  await expect.poll(async () => pathOf((await audioState(a.page)).src), LIVE).toBe(pathOf(after.track!.url));
  const title = after.track!.title?.trim() || after.track!.name.replace(/\.mp3$/i, '');
  await expect(barB.getByText(title, { exact: true })).toBeVisible(LIVE);

  await shuffleA.click();
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(before), LIVE);
});

test('moving playback from the device list switches which device sounds', async ({ a, b }) => {
  await waitForSocket(b.page);
  await waitForDevices(a.page, 2);

  // Let the music run a little, so the hand-over has a position to continue from.
  await expect.poll(async () => (await audioState(a.page)).time, { timeout: 15_000 }).toBeGreaterThan(3);

  await bar(a.page).getByRole('button', { name: 'Eszközök', exact: true }).click();
  const items = a.page.getByRole('menuitemradio');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Ez az eszköz' })).toHaveAttribute('aria-checked', 'true');
  await expect(items.filter({ hasText: 'Ez az eszköz' })).toContainText('Itt szól a zene');
  await expect(items.filter({ hasText: 'Asztali gép' }).first()).toBeVisible();
  const at = (await audioState(a.page)).time;
  await items.filter({ hasNotText: 'Ez az eszköz' }).click();

  // B takes over from about where A was; A goes quiet.
  await expect.poll(async () => (await audioState(b.page)).paused, LIVE).toBe(false);
  await expect.poll(async () => (await audioState(a.page)).paused, LIVE).toBe(true);
  // `paused` turns false as play() is called, before the element has seeked to the handed-over
  // position (that waits for the file's metadata): the position is read once it got there.
  await expect.poll(async () => (await audioState(b.page)).time, LIVE).toBeGreaterThan(at - 2);
  await expect(bar(a.page).getByText('A zene egy másik eszközön szól')).toBeVisible(LIVE);

  await bar(b.page).getByRole('button', { name: 'Eszközök', exact: true }).click();
  const itemsB = b.page.getByRole('menuitemradio');
  await expect(itemsB.filter({ hasText: 'Ez az eszköz' })).toContainText('Itt szól a zene');
  // And back again, chosen on the device that plays now.
  await itemsB.filter({ hasNotText: 'Ez az eszköz' }).click();
  await expect.poll(async () => (await audioState(a.page)).paused, LIVE).toBe(false);
  await expect.poll(async () => (await audioState(b.page)).paused, LIVE).toBe(true);
});
