import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { playChannel, releasePlayer } from '../player/support';

test.describe.configure({ timeout: 360_000 });

/** Every page a shop manager opens, and the guest pages. */
const ROUTES = [
  '/channels',
  '/channels/1',
  '/playlists',
  '/mixer/scheduler',
  '/mixer/spots',
  '/mixer/soundboard',
  '/mixer/slideshows',
  '/mixer/screens',
  '/mixer/play-log',
  '/mixer/plan',
  '/reports',
  '/settings',
  '/tutorial',
  '/nincs-ilyen-oldal',
];
const GUEST_ROUTES = ['/login', '/forgot'];

/** React's hydration failures: #418 (text or markup differs) and its relatives in a production build. */
const HYDRATION = /#418|#419|#423|#425|hydrat/i;

function watchHydration(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION.test(error.message)) errors.push(`${page.url()}: ${error.message}`);
  });
  return errors;
}

async function visitAll(page: Page, routes: string[], errors: string[], guest = false): Promise<void> {
  for (const route of routes) {
    await page.goto(route);
    // Hydrated: the engine's audio element is in the document (guest pages have none: the load is enough).
    if (!guest) await page.locator('audio[data-player-audio]').waitFor({ state: 'attached' });
    await page.waitForLoadState('load');
    // React reports a failed hydration right after it tried; give the last page's report a moment.
    await page.waitForTimeout(300);
  }
  expect(errors).toEqual([]);
}

async function playlistRoutes(page: Page): Promise<string[]> {
  const playlists = await page.evaluate(async () => {
    const response = await fetch('/api/playlists', { headers: { Accept: 'application/json' } });
    return (await response.json()) as { id: number }[];
  });
  return [...ROUTES, ...(playlists[0] ? [`/playlists/${playlists[0].id}`] : [])];
}

test('no hydration error on any route at 1366 px, on the audio device with the music playing, nor on the guest pages', async ({
  page,
  browser,
  baseURL,
}) => {
  const errors = watchHydration(page);
  await logIn(page);
  try {
    await playChannel(page, 1);
    await visitAll(page, await playlistRoutes(page), errors);
  } finally {
    await releasePlayer(page);
  }
  const guest = await browser.newContext({ baseURL, locale: 'hu-HU', viewport: { width: 1366, height: 768 } });
  try {
    const guestPage = await guest.newPage();
    await visitAll(guestPage, GUEST_ROUTES, watchHydration(guestPage), true);
  } finally {
    await guest.close();
  }
});

test('no hydration error on any route at 390 px, on a phone while the music plays elsewhere, nor on the guest pages', async ({
  page,
  browser,
  baseURL,
}) => {
  await logIn(page);
  const phoneContext = await browser.newContext({
    baseURL,
    locale: 'hu-HU',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await playChannel(page, 1);
    const phone = await phoneContext.newPage();
    const errors = watchHydration(phone);
    await visitAll(phone, GUEST_ROUTES, errors, true);
    await logIn(phone);
    await visitAll(phone, await playlistRoutes(phone), errors);
    await phone.evaluate(() => fetch('/auth/logout', { method: 'POST', headers: { Accept: 'application/json' } }));
  } finally {
    await phoneContext.close();
    await releasePlayer(page);
  }
});
