import { expect, test, type BrowserContext } from '@playwright/test';
import { ACCOUNT_NAV, NAV_SECTIONS } from '@/components/layout/nav';
import { MIXER_TABS } from '@/components/mixer/tabs';
import type { Paginator, Track } from '@/contracts';
import { trackTitle } from '@/lib/format/track';
import { browserGet, DEMO, logIn } from '../e2e/support/auth';

/**
 * Every page of the main layout, from the navigation itself (the sidebar, the mixer's tabs, the
 * account menu): a page added there is checked here too. Against a Laravel API that serves only part
 * of the calls, each must render inside the layout, never a 500 nor the not-found page.
 */
const PAGES = [
  ...new Set([
    ...NAV_SECTIONS.flatMap((s) => s.items.map((i) => i.href)),
    ...MIXER_TABS.map((t) => t.href),
    ...ACCOUNT_NAV.map((i) => i.href),
  ]),
];

// One login for the whole file: each test opens its page in a context with the login's cookies.
let loggedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  await logIn(await context.newPage());
  loggedIn = await context.storageState();
  await context.close();
});

test.use({
  storageState: async ({}, use) => {
    await use(loggedIn);
  },
});

for (const path of PAGES) {
  test(`${path} renders inside the layout`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), `${path} answered`).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Az oldal nem található')).toHaveCount(0);
    await expect(page.getByRole('banner').getByText(DEMO.customer, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lejátszó' })).toBeVisible();
  });
}

test("each of the API's channels has a page", async ({ page }) => {
  await page.goto('/channels');
  const channels = (await browserGet(page, '/api/channels')).body as { id: number; name: string }[];
  expect(channels.length).toBeGreaterThan(0);
  for (const channel of channels) {
    const response = await page.goto(`/channels/${channel.id}`);
    expect(response?.status(), `/channels/${channel.id} answered`).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: channel.name })).toBeVisible();
    // Its tracks from the API's first page, in order: the title, or the file name without .mp3.
    const tracks = ((await browserGet(page, `/api/channels/${channel.id}/tracks/1`)).body as Paginator<Track>).data;
    expect(tracks.length, `channel ${channel.id} has tracks`).toBeGreaterThan(0);
    const rows = page.getByRole('region', { name: 'A csatorna zenéi' }).getByRole('listitem');
    await expect(rows).toHaveCount(tracks.length);
    for (const [i, track] of tracks.entries()) await expect(rows.nth(i)).toContainText(trackTitle(track));
    await expect(page.getByText('A csatorna zenéi most nem tölthetők be.')).toHaveCount(0);
  }
  // An id neither the channel call nor the list knows is the not-found page, inside the layout.
  const missing = await page.goto('/channels/999999');
  expect(missing?.status()).toBe(404);
});

test("/settings without the shop's day calls (404): no 'Nyitvatartás', no 'Letiltott zenék', no 'Szám letiltása'", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path === '/api/opening-hours' || path === '/api/blocked-tracks') asked.push(`${path} ${response.status()}`);
  });
  const response = await page.goto('/settings');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Beállítások' })).toBeVisible();
  // The browser asks once itself (the server's read found nothing) and takes the 404 as "not here".
  await expect.poll(() => asked.sort()).toEqual(['/api/blocked-tracks 404', '/api/opening-hours 404']);
  await expect(page.getByRole('heading', { name: 'Nyitvatartás' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Letiltott zenék' })).toHaveCount(0);
  await expect(page.getByText('A nyitvatartás most nem tölthető be.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /további műveletek/ })).toHaveCount(0);
  // Nor the sound settings (issue 28): the API lists no such rows.
  for (const name of ['Hangerő-kiegyenlítés', 'Szpotok hangereje', 'Áttűnés'])
    await expect(page.getByRole('heading', { name })).toHaveCount(0);
});

test("without the alerts' calls (404): no bell 'Értesítések', no banner, no 'Értesítések' section", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/alerts' || url.pathname === '/api/alert-settings')
      asked.push(`${url.pathname} ${response.status()}`);
  });
  const response = await page.goto('/settings');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Beállítások' })).toBeVisible();
  await expect.poll(() => [...new Set(asked)].sort()).toEqual(['/api/alert-settings 404', '/api/alerts 404']);
  await expect(page.getByRole('button', { name: /^Értesítések/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Értesítések' })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Nem szól a zene' })).toHaveCount(0);
});
