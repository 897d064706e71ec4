import { expect, test, type Page } from '@playwright/test';
import { logIn, loginForm } from '../support/auth';
import { rawRequest } from '../support/raw-http';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { E2E, startApi, webUrl, type ManagedProcess, type Stack } from '../../../scripts/launch/stack';

// Its own stack: the test stops the tenant API, so the main layout's own call (GET /api/me) fails.
const API_PORT = E2E.apiPort + 10;
const WEB_PORT = E2E.webPort + 10;

let stack: Stack | undefined;
/** The API started again by the test (the stack's handle still names the stopped one). */
let api: ManagedProcess | undefined;

test.use({ baseURL: webUrl(WEB_PORT, 'demo') });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
  api = stack.api;
});

test.afterAll(async () => {
  await api?.stop();
  await stopOwnStack(stack);
});

async function stopApi(): Promise<void> {
  await api!.stop();
}

async function startApiAgain(): Promise<void> {
  api = await startApi({ port: API_PORT, webPort: WEB_PORT, dataDir: stack!.dataDir, secrets: stack!.secrets });
}

function errorPage(page: Page) {
  const alert = page.getByRole('alert');
  return {
    alert,
    title: alert.getByText('Valami hiba történt', { exact: true }),
    retry: alert.getByRole('button', { name: 'Újrapróbálás', exact: true }),
    logout: alert.getByRole('button', { name: 'Kijelentkezés', exact: true }),
  };
}

test.describe.configure({ mode: 'serial' });

test('a failing main layout shows an error page in Hungarian; Újrapróbálás brings the page back once the API is up', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  await stopApi();

  const response = await page.goto('/channels');
  // A page, not a bare 500 text: the error boundary answers it.
  expect(response?.status()).toBeGreaterThanOrEqual(500);
  const error = errorPage(page);
  await expect(error.title).toBeVisible();
  await expect(error.retry).toBeVisible();
  await expect(error.logout).toBeVisible();
  await expect(page.getByText('Az oldalt most nem sikerült betölteni.', { exact: false })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('error-page-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('error-page-390.png') });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Still away: pressing it shows the same page again, no dead end.
  await error.retry.click();
  await expect(errorPage(page).title).toBeVisible();

  await startApiAgain();
  await errorPage(page).retry.click();
  await expect(page.getByRole('heading', { name: 'Csatornák', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert').getByText('Valami hiba történt')).toHaveCount(0);
});

test("'Kijelentkezés' on the error page logs out with a plain form post and lands on the login page", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  await stopApi();
  try {
    await page.goto('/playlists');
    const error = errorPage(page);
    await expect(error.title).toBeVisible();

    // The form's own post (no script involved): 303 to /login.
    const [post] = await Promise.all([
      page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/auth/logout' && res.request().method() === 'POST',
      ),
      error.logout.click(),
    ]);
    expect(post.status()).toBe(303);
    expect(post.headers()['location']).toBe('/login');
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginForm(page).email).toBeVisible();
  } finally {
    await startApiAgain();
  }

  // Logged out for real: the app's pages send the visitor to the login page.
  await page.goto('/channels');
  await expect(page).toHaveURL(/\/login$/);
});

test('/login does not send a logged-in visitor to a page that fails: while the API is away it shows the login page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  await stopApi();
  try {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginForm(page).email).toBeVisible();
  } finally {
    await startApiAgain();
  }
  // With the API back, the same visitor is sent on to the channels as before.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/channels$/);
});

test('the logout form keeps the cross-site guard: a form post from another site is refused and logs nobody out', async ({
  page,
  context,
}) => {
  await logIn(page);
  const cookies = await context.cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie };
  const host = `demo.localhost:${WEB_PORT}`;

  const crossSite = await rawRequest({
    method: 'POST',
    path: '/auth/logout',
    host,
    port: WEB_PORT,
    headers: { ...form, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    body: '',
  });
  expect(crossSite.status).toBe(403);
  await page.goto('/channels');
  await expect(page.getByRole('heading', { name: 'Csatornák', level: 1 })).toBeVisible();

  const sameOrigin = await rawRequest({
    method: 'POST',
    path: '/auth/logout',
    host,
    port: WEB_PORT,
    headers: { ...form, 'sec-fetch-site': 'same-origin', origin: `http://${host}` },
    body: '',
  });
  expect(sameOrigin.status).toBe(303);
  expect(sameOrigin.headers.location).toBe('/login');
  // A script's logout keeps its 204 (tests/e2e/auth/log-out.spec.ts); this one cleared the seal.
  expect(String(sameOrigin.headers['set-cookie'] ?? '')).toMatch(/pulzus=;/);
});
