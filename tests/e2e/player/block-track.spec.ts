import { expect, test, type Page } from '@playwright/test';
import { BUNDLED_API, logIn } from '../support/auth';
import { pageCall } from '../realtime/support';
import { audioState, bar, expectTimeAdvances, playChannel, releasePlayer, serverPlayer } from './support';

test.describe.configure({ timeout: 120_000 });

/** Unblocks every track this test blocked, so the specs after it find the demo shop as it was. */
async function unblockAll(page: Page): Promise<void> {
  const list = await pageCall(page, 'GET', '/api/blocked-tracks').catch(() => null);
  for (const track of (list?.body ?? []) as { id: number }[]) {
    await pageCall(page, 'POST', `/api/blocked-tracks/${track.id}`).catch(() => {});
  }
}

test.afterEach(async ({ page }) => {
  await unblockAll(page);
  await releasePlayer(page);
});

test(
  "'Szám letiltása' on the playing track: the music moves on at once; it is listed under 'Letiltott zenék' until 'Tiltás feloldása'",
  BUNDLED_API,
  async ({ page }) => {
    await logIn(page);
    expect((await pageCall(page, 'GET', '/api/blocked-tracks')).body).toEqual([]);
    await playChannel(page, 1);
    const before = await serverPlayer(page);
    const blocked = before.track!;
    const title = blocked.title!;
    expect(title).toBeTruthy();

    // The bar's menu of the current track.
    await bar(page)
      .getByRole('button', { name: `${title}: további műveletek` })
      .click();
    await page.getByRole('menuitem', { name: 'Szám letiltása' }).click();
    await expect(page.getByText(`Letiltva: ${title}. Ez a szám többé nem szól.`)).toBeVisible();

    // At once, not at the track's end: the server plays another track and the audio follows it.
    await expect.poll(async () => (await serverPlayer(page)).track?.id, { timeout: 10_000 }).not.toBe(blocked.id);
    const after = await serverPlayer(page);
    expect(after.is_playing).toBe(true);
    expect(after.next_tracks?.some((t) => t.id === blocked.id) ?? false).toBe(false);
    await expect
      .poll(async () => new URL((await audioState(page)).src || 'http://x/').pathname, { timeout: 10_000 })
      .toBe(new URL(after.track!.url).pathname);
    await expectTimeAdvances(page);
    await expect(bar(page).getByText(after.track!.title!, { exact: true })).toBeVisible();

    // The channel's list marks it, and its row's menu offers the way back.
    await page.goto('/channels/1');
    const row = page.getByRole('main').getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('Letiltva', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `${title}: további műveletek` }).click();
    await expect(page.getByRole('menuitem', { name: 'Tiltás feloldása' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Listed on the settings page; 'Tiltás feloldása' takes it off.
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Letiltott zenék' });
    await expect(section.getByRole('listitem').filter({ hasText: title })).toBeVisible();
    await section.getByRole('button', { name: `${title}: tiltás feloldása` }).click();
    await expect(page.getByText(`Feloldva: ${title}. Ez a szám újra szólhat.`)).toBeVisible();
    await expect(section.getByText(/^Nincs letiltott zene\./)).toBeVisible();
    expect((await pageCall(page, 'GET', '/api/blocked-tracks')).body).toEqual([]);
  },
);
