import { expect, test, type Page } from '@playwright/test';
import { browserGet, DEMO, logIn } from '../support/auth';
import { E2E, webUrl } from '../../../scripts/launch/stack';

/**
 * A page on another site must not drive the BFF: the session cookie is SameSite=Lax, so a top-level
 * navigation from anywhere carries it, and some GETs change the player. The BFF refuses requests
 * whose Sec-Fetch-Site is not same-origin; /auth/expired only logs out a session the API has dropped.
 */
const REFUSED = 'A kérés más oldalról érkezett, ezért elutasítottuk.';
const EVIL = 'http://evil.example';

/** Opens a page of another site with a link to `target`, clicks it and returns the answer. */
async function followLinkFromAnotherSite(page: Page, target: string) {
  await page.route(`${EVIL}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><a id="go" href="${target}">zene</a>` }),
  );
  await page.goto(`${EVIL}/`);
  const navigation = page.waitForEvent(
    'response',
    (r) => r.url().startsWith(target) && r.request().isNavigationRequest(),
  );
  await page.click('#go');
  return navigation;
}

async function player(page: Page): Promise<{ id: number; is_playing: boolean }> {
  const { status, body } = await browserGet(page, '/api/players');
  expect(status).toBe(200);
  return (body as { id: number; is_playing: boolean }[])[0]!;
}

test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a link on another site to toggle-play is refused and the player is unchanged', async ({ page }) => {
  await logIn(page, DEMO);
  const before = await player(page);

  const target = `${webUrl(E2E.webPort)}/api/players/${before.id}/toggle-play`;
  const answer = await followLinkFromAnotherSite(page, target);
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toEqual({ message: REFUSED });

  await page.goto('/channels');
  expect((await player(page)).is_playing).toBe(before.is_playing);
  // The app's own calls from its pages still pass.
  expect((await browserGet(page, '/api/me')).status).toBe(200);
});

test('a link on another site to /auth/expired does not log out a live session', async ({ page }) => {
  await logIn(page, DEMO);
  const answer = await followLinkFromAnotherSite(page, `${webUrl(E2E.webPort)}/auth/expired`);
  expect(answer.status()).toBe(303);
  await expect(page).toHaveURL(/\/channels$/);
  expect((await browserGet(page, '/api/me')).status).toBe(200);
});

test('/auth/expired clears a seal whose API session is gone, and logging out revokes it', async ({ page, context }) => {
  await logIn(page, DEMO);
  const cookies = await context.cookies();
  // Log out as the app does; the seal taken before must be worthless now.
  expect(await page.evaluate(async () => (await fetch('/auth/logout', { method: 'POST' })).status)).toBe(204);
  await context.addCookies(cookies);
  expect((await browserGet(page, '/api/me')).status).toBe(401);
  await context.addCookies(cookies);
  await page.goto('/auth/expired');
  await expect(page).toHaveURL(/\/login$/);
  // Of the cookies taken before, only the browser's id is left: it outlives a logout on purpose
  // (the login throttle knows the browser by it), the seal is gone.
  expect(
    (await context.cookies())
      .filter((c) => cookies.some((o) => o.name === c.name && o.value === c.value))
      .map((c) => c.name),
  ).toEqual(['pulzus_device']);
});
