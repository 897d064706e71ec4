import { expect, test } from '@playwright/test';
import { BUNDLED_API, loginForm, throwawayEmail } from '../support/auth';

test('the sixth failed login within a minute asks to try again in N seconds', BUNDLED_API, async ({ page }) => {
  const email = throwawayEmail('throttle');
  await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill('wrong-password');

  const wrong = page.getByText('Hibás e-mail cím vagy jelszó.', { exact: true });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await expect(form.submit).toBeEnabled();
    const answer = page.waitForResponse((r) => r.url().includes('/auth/login') && r.request().method() === 'POST');
    await form.submit.click();
    expect((await answer).status(), `attempt ${attempt}`).toBe(422);
    await expect(wrong).toBeVisible();
  }

  await expect(form.submit).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().includes('/auth/login') && r.request().method() === 'POST');
  await form.submit.click();
  expect((await answer).status()).toBe(429);
  const throttled = page.getByText(/^Túl sok bejelentkezési kísérlet\. Kérjük, próbálja újra (\d+) másodperc múlva\.$/);
  await expect(throttled).toBeVisible();
  const seconds = Number(/(\d+) másodperc/.exec((await throttled.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  await expect(wrong).toHaveCount(0);
});
