import { expect, test } from '@playwright/test';
import { BUNDLED_API, DEMO, loginForm, submitLogin } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { rawRequest } from '../support/raw-http';
import { E2E, webUrl, type Stack } from '../../../scripts/launch/stack';

// Its own stack: the test fills the demo manager's account-wide login limit for 15 minutes.
const API_PORT = E2E.apiPort + 10;
const WEB_PORT = E2E.webPort + 10;
const HOST = `demo.localhost:${WEB_PORT}`;
const YEAR_SECONDS = 365 * 24 * 3600;

let stack: Stack | undefined;

test.use({ baseURL: webUrl(WEB_PORT, 'demo') });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

test.afterAll(async () => {
  await stopOwnStack(stack);
});

/** A wrong password posted straight to the web server from `localAddress`, with no cookie: a browser never seen. */
function wrongLogin(localAddress: string) {
  return rawRequest({
    method: 'POST',
    path: '/auth/login',
    host: HOST,
    port: WEB_PORT,
    localAddress,
    headers: { 'content-type': 'application/json', origin: `http://${HOST}` },
    body: JSON.stringify({ email: DEMO.email, password: 'wrong-password' }),
  });
}

test(
  'strangers tripping the account limit do not lock the manager out of a browser that logged in before',
  BUNDLED_API,
  async ({ page, browser }) => {
    test.setTimeout(180_000);

    // The first visit gives the browser its lasting id; a login makes the API remember it.
    await page.goto('/login');
    const device = (await page.context().cookies()).find((c) => c.name === 'pulzus_device');
    expect(device).toBeDefined();
    expect(device!.httpOnly).toBe(true);
    expect(device!.sameSite).toBe('Lax');
    expect(device!.expires - Date.now() / 1000).toBeGreaterThan(YEAR_SECONDS - 3600);
    await submitLogin(page, DEMO);
    await expect(page).toHaveURL(/\/channels$/);

    // Logging out forgets the session, not the browser.
    const loggedOut = await page.evaluate(async () => (await fetch('/auth/logout', { method: 'POST' })).status);
    expect(loggedOut).toBe(204);
    const after = (await page.context().cookies()).find((c) => c.name === 'pulzus_device');
    expect(after?.value).toBe(device!.value);

    // 5 wrong passwords from each of 10 other addresses fill the account-wide limit (50 in 15 minutes).
    for (let ip = 11; ip <= 20; ip++) {
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await wrongLogin(`127.0.0.${ip}`)).status, `127.0.0.${ip}, attempt ${attempt}`).toBe(422);
      }
    }
    expect((await wrongLogin('127.0.0.21')).status).toBe(429);

    // A browser the account has not seen meets the lock even with the right password.
    const stranger = await browser.newContext({ baseURL: webUrl(WEB_PORT, 'demo') });
    try {
      const strangerPage = await stranger.newPage();
      await strangerPage.goto('/login');
      await submitLogin(strangerPage, DEMO);
      await expect(
        strangerPage.getByText(/^Túl sok bejelentkezési kísérlet\. Kérjük, próbálja újra \d+ másodperc múlva\.$/),
      ).toBeVisible();
      await expect(strangerPage).toHaveURL(/\/login$/);
    } finally {
      await stranger.close();
    }

    // The manager's own browser logs in.
    await page.goto('/login');
    await expect(loginForm(page).submit).toBeVisible();
    await submitLogin(page, DEMO);
    await expect(page).toHaveURL(/\/channels$/);
  },
);
