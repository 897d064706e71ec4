import { expect, test, type Page } from '@playwright/test';
import { DEMO, submitLogin } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { E2E, type Stack } from '../../../scripts/launch/stack';

// Its own stack: the test restarts the tenant API with another APP_VERSION on the same DATA_DIR.
const API_PORT = E2E.apiPort + 10;
const WEB_PORT = E2E.webPort + 10;

let stack: Stack | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT, 'e2e-1');
});

test.afterAll(async () => {
  await stopOwnStack(stack);
});

/** What a returning shop manager does: come back to the tab (focus / visibility), then click around. */
async function nudge(page: Page, round: number): Promise<void> {
  await page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
  if (round % 2 === 1) {
    const target = round % 4 === 1 ? 'Saját listák' : 'Csatornák';
    await page
      .getByRole('navigation')
      .getByRole('link', { name: target })
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
}

test('a new API version opens the 20 s countdown, which ticks and reloads the page', async ({ page }) => {
  test.setTimeout(180_000);
  // Versions the page's own API calls (through the BFF) reported, in order.
  const apiVersions: string[] = [];
  page.on('response', (r) => {
    const v = r.headers()['x-app-version'];
    if (v && new URL(r.url()).pathname.startsWith('/api/')) apiVersions.push(v);
  });

  await page.goto(`${stack!.url('demo')}/login`);
  await submitLogin(page, DEMO);
  await expect(page).toHaveURL(`${stack!.url('demo')}/channels`);

  // The page must have stored the first version before the deploy.
  let round = 0;
  await expect
    .poll(
      async () => {
        if (!apiVersions.includes('e2e-1')) await nudge(page, 0);
        return apiVersions.includes('e2e-1');
      },
      { timeout: 30_000, intervals: [1_000], message: 'the page saw the first version in an API answer' },
    )
    .toBe(true);

  const dialog = page.getByRole('dialog').filter({ hasText: 'Új verzió érhető el' });
  await expect(dialog).toHaveCount(0);

  await stack!.restartApi('e2e-2');

  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        await nudge(page, round++);
        return dialog.isVisible();
      },
      { timeout: 60_000, intervals: [2_000], message: 'the version modal opens' },
    )
    .toBe(true);
  expect(apiVersions).toContain('e2e-2');

  const countdown = dialog.getByText(/\d+ másodperc/);
  const read = async () => Number(/(\d+) másodperc/.exec((await countdown.textContent()) ?? '')?.[1]);
  const first = await read();
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(20);
  await expect.poll(read, { timeout: 10_000 }).toBeLessThan(first);
  const later = await read();
  expect(later).toBeGreaterThanOrEqual(first - 4);

  // At zero the page reloads (about `later` seconds from now), and the fresh page has no modal.
  await page.waitForEvent('load', { timeout: (later + 10) * 1000 });
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
