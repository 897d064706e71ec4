import { expect, test } from '@playwright/test';
import { loginForm } from '../e2e/support/auth';

// The wrong password's 422 is checked by the end-to-end auth specs this suite runs too; this is
// Laravel's own validation message (resources/lang/hu), under the field it names.
test("a malformed e-mail shows Laravel's Hungarian validation message under the field", async ({ page }) => {
  await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill('demo.pulzus.hu');
  await form.password.fill('pulzus-demo');
  const answer = page.waitForResponse((r) => r.url().endsWith('/auth/login') && r.request().method() === 'POST');
  await form.submit.click();
  expect((await answer).status()).toBe(422);

  const message = page.getByText('A(z) e-mail cím mezőnek érvényes e-mail címnek kell lennie.', { exact: true });
  await expect(message).toBeVisible();
  const [messageBox, emailBox, passwordBox] = await Promise.all([
    message.boundingBox(),
    form.email.boundingBox(),
    form.password.boundingBox(),
  ]);
  expect(messageBox!.y).toBeGreaterThanOrEqual(emailBox!.y + emailBox!.height - 1);
  expect(messageBox!.y + messageBox!.height).toBeLessThanOrEqual(passwordBox!.y + 1);
  await expect(page).toHaveURL(/\/login$/);
});
