import { expect, test, type Request } from '@playwright/test';
import { logIn } from '../support/auth';
import { createPlaylist, uniqueName } from '../playlists/support';

test.setTimeout(90_000);

/** A Next router prefetch: a GET of a page's server-component payload with the prefetch header. */
function prefetchedPath(request: Request): string | null {
  const url = new URL(request.url());
  if (!url.searchParams.has('_rsc') || request.headers()['next-router-prefetch'] !== '1') return null;
  return url.pathname;
}

test('the channel list prefetches a channel page only when the pointer goes over its tile', async ({ page }) => {
  const prefetched: string[] = [];
  page.on('request', (request) => {
    const path = prefetchedPath(request);
    if (path) prefetched.push(path);
  });

  await logIn(page);
  const heading = page.getByRole('heading', { level: 1, name: 'Csatornák' });
  await expect(heading).toBeVisible();
  // The pointer stays where the login button was, which may now be over a tile (a real hover): it
  // goes to the heading, and only what happens after that counts.
  await heading.hover();
  // A prefetch that hover started is over once the network is quiet: only then is the count reset.
  await page.waitForLoadState('networkidle');
  prefetched.length = 0;
  const tile = page
    .getByRole('tabpanel')
    .getByRole('link', { name: /\d+ dal/ })
    .first();
  await expect(tile).toBeVisible();
  // Dozens of links are on screen; none of their pages is fetched just because it is visible (the
  // sidebar's destinations are, once the page is idle: the next test).
  await page.waitForLoadState('networkidle');
  // A window on purpose: that nothing is prefetched shows only over time.
  await page.waitForTimeout(1_500);
  expect(prefetched.filter((path) => path.startsWith('/channels/'))).toEqual([]);

  const href = await tile.getAttribute('href');
  expect(href).toMatch(/^\/channels\/\d+$/);
  await tile.hover();
  await expect.poll(() => prefetched, { timeout: 15_000 }).toContain(href);

  // The click still navigates to the channel.
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('once the page is idle, the sidebar’s other destinations are prefetched, and no channel tile’s', async ({
  page,
}) => {
  const prefetched: string[] = [];
  page.on('request', (request) => {
    const path = prefetchedPath(request);
    if (path) prefetched.push(path);
  });
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Csatornák' })).toBeVisible();
  // Without a pointer or focus on any of them: the sidebar's links lead there ('Keverőpult' to its first tab).
  await expect
    .poll(() => ['/playlists', '/mixer/scheduler', '/tutorial'].filter((path) => !prefetched.includes(path)), {
      timeout: 20_000,
    })
    .toEqual([]);
  expect(prefetched.filter((path) => path.startsWith('/channels/'))).toEqual([]);
  // The page the user is on is not fetched again.
  expect(prefetched).not.toContain('/channels');
});

test('a sidebar page shown from the idle prefetch sends no request of its own, and shows what changed since', async ({
  page,
}) => {
  // Requests for /playlists' own render: a navigation's, or the idle prefetch's second one (Next's full
  // kind asks the route with the prefetch header, then the page without it).
  const renders: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/playlists' && url.searchParams.has('_rsc') && !request.headers()['next-router-prefetch'])
      renders.push(request.url());
  });
  await logIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Csatornák' })).toBeVisible();
  await expect.poll(() => renders.length, { timeout: 20_000 }).toBe(1);
  await page.waitForLoadState('networkidle');

  // A list made after the prefetch (here through the API; on another device in a shop), then a moment:
  // the prefetched render is older than a fresh one would be, and does not have it.
  const name = uniqueName('Előtöltés után');
  await createPlaylist(page, name);
  await page.waitForTimeout(3_500);

  await page
    .getByRole('navigation', { name: 'Fő navigáció' })
    .getByRole('link', { name: 'Saját listák', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saját listák' })).toBeVisible();
  await expect(page.getByRole('main').getByText(name, { exact: true })).toBeVisible();
  expect(renders).toHaveLength(1);
});
