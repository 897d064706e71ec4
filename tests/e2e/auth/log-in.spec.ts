import { expect, test, type Locator } from '@playwright/test';
import { browserGet, BUNDLED_API, DEMO, logIn, loginForm, submitLogin } from '../support/auth';

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box (not visible)');
  return b;
}

test('wrong password shows the message under the e-mail field', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, { email: DEMO.email, password: 'not-the-password' });

  const message = page.getByText('Hibás e-mail cím vagy jelszó.', { exact: true });
  await expect(message).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Under the e-mail field: below its input and above the password field.
  const form = loginForm(page);
  const [messageBox, emailBox, passwordBox] = await Promise.all([box(message), box(form.email), box(form.password)]);
  expect(messageBox.y).toBeGreaterThanOrEqual(emailBox.y + emailBox.height - 1);
  expect(messageBox.y + messageBox.height).toBeLessThanOrEqual(passwordBox.y + 1);

  // Still a guest.
  await page.goto('/channels');
  await expect(page).toHaveURL(/\/login$/);
});

test('the button stays disabled until both fields have 4 characters', async ({ page }) => {
  await page.goto('/login');
  const form = loginForm(page);
  await expect(form.submit).toBeDisabled();
  await form.email.fill('a@b');
  await form.password.fill('1234');
  await expect(form.submit).toBeDisabled();
  await form.email.fill('a@bc');
  await expect(form.submit).toBeEnabled();
  await form.password.fill('123');
  await expect(form.submit).toBeDisabled();
});

test("what a manager types before the page's script has run is kept, and the login goes through", async ({ page }) => {
  // A weak PC, or a slow line: the page's scripts come only after the fields were filled.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const form = loginForm(page);
  await form.email.fill(DEMO.email);
  await form.password.fill(DEMO.password);
  release();
  // Hydrated: React has taken the field over (and rendered the form once more with its own state).
  await page.waitForFunction(() => {
    const field = document.getElementById('login-email');
    return !!field && Object.keys(field).some((key) => key.startsWith('__reactFiber'));
  });
  await expect(form.email).toHaveValue(DEMO.email);
  await expect(form.password).toHaveValue(DEMO.password);
  await form.submit.click();
  await expect(page).toHaveURL(/\/channels$/);
});

test('success lands on /channels with the shop name', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, DEMO);
  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByRole('heading', { name: 'Csatornák' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(DEMO.customer, { exact: true })).toBeVisible();
});

test("the header shows the logo from the shop's settings", BUNDLED_API, async ({ page }) => {
  await logIn(page);
  const header = page.getByRole('banner');
  await expect(header.getByText(DEMO.customer, { exact: true })).toBeVisible();

  // The customer's logo from its settings (a signed media URL of the API), really loaded.
  const customer = (await browserGet(page, '/api/customer')).body as {
    settings: { key: string; url: string | null }[];
  };
  const logoSetting = customer.settings.find((s) => s.key === 'logo');
  expect(logoSetting?.url, 'the demo seed has a logo setting with a URL').toBeTruthy();

  const logo = header.locator('img').first();
  await expect(logo).toBeVisible();
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const src = await logo.evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
  expect(src).not.toContain('top_radio');
  expect(decodeURIComponent(src)).toContain(new URL(logoSetting!.url!, page.url()).pathname);
});
