import { expect, test, type Page } from '@playwright/test';
import { BUNDLED_API, DEMO, submitLogin } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { E2E, type Stack } from '../../../scripts/launch/stack';

// Its own stack: a changed logo must not show up in the other tests' headers and login pages.
const API_PORT = E2E.apiPort + 12;
const WEB_PORT = E2E.webPort + 12;

/** An 8×8 PNG: the server judges an upload by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

test.describe.configure({ mode: 'serial' });

let stack: Stack | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

test.afterAll(async () => {
  await stopOwnStack(stack);
});

function headerLogo(page: Page) {
  return page.getByRole('banner').locator('img').first();
}

async function openEditor(page: Page) {
  await page.getByRole('button', { name: 'Logó cseréje' }).click();
  return page.getByLabel('Új logó');
}

test(
  'the logo: a bad file is refused and the old one stays; a PNG shows in the header at once, without a reload',
  BUNDLED_API,
  async ({ page }) => {
    const base = stack!.url('demo');
    await page.goto(`${base}/login`);
    await submitLogin(page, DEMO);
    await expect(page).toHaveURL(/\/channels$/);
    // Inside the app, as a manager goes there: the account menu's 'Beállítások'.
    await page.goto(`${base}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Beállítások' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Logó' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Időzóna' })).toBeVisible();
    const before = await headerLogo(page).getAttribute('src');
    // Gone after any reload: proves the header changed in place.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // Named .png and sent as image/png, but no image: the server refuses it by its content.
    await (
      await openEditor(page)
    ).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByRole('button', { name: 'Feltöltés' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Hibás kitöltés, kérjük javítsa.' })).toBeVisible();
    await expect(page.getByLabel('Új logó')).toHaveAttribute('aria-invalid', 'true');
    await expect(headerLogo(page)).toHaveAttribute('src', before ?? '');
    await page.getByRole('button', { name: 'Mégse' }).click();

    await (await openEditor(page)).setInputFiles({ name: 'uj-logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Az új logó előnézete' })).toBeVisible();
    await page.getByRole('button', { name: 'Feltöltés' }).click();
    await expect(page.getByText('Sikeresen elmentve.', { exact: true })).toBeVisible();
    await expect(page.getByText('Mentve', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logó cseréje' })).toBeVisible();

    await expect(headerLogo(page)).not.toHaveAttribute('src', before ?? '');
    const after = await headerLogo(page).getAttribute('src');
    await expect(page.getByRole('img', { name: 'A jelenlegi logó' })).toHaveAttribute('src', after ?? '');
    await expect
      .poll(() => headerLogo(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(8);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The 'Saved' indicator goes after 3 s.
    await expect(page.getByText('Mentve', { exact: true })).toBeHidden({ timeout: 5_000 });
    // And the server keeps it: a reload shows the new logo.
    await page.reload();
    await expect.poll(() => headerLogo(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  },
);
