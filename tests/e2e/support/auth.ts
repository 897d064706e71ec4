import { expect, type Page } from '@playwright/test';

export interface Login {
  email: string;
  password: string;
}

/** The seeded managers (README); `other` lives on other.localhost. */
export const DEMO = { email: 'demo@pulzus.hu', password: 'pulzus-demo', customer: 'Demo Bolt' } as const;
export const OTHER = { email: 'other@pulzus.hu', password: 'pulzus-other' } as const;

/**
 * Marks a test that needs a call or a behaviour only the bundled tenant API has (reset mails, login
 * throttling, a logo in the demo shop's settings): the Laravel suite, which runs these auth specs
 * against a real Laravel API, leaves it out (playwright.laravel.config.ts).
 */
export const BUNDLED_API = { tag: '@bundled-api' } as const;

/** A fresh address nobody has used, for tests that must not lock out or touch a real login. */
export function throwawayEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function loginForm(page: Page) {
  return {
    email: page.getByLabel('E-mail cím', { exact: true }),
    password: page.getByLabel('Jelszó', { exact: true }),
    remember: page.getByLabel('Emlékezzen rám', { exact: true }),
    submit: page.getByRole('button', { name: 'Bejelentkezés', exact: true }),
  };
}

/** Fills the login form on the current page as a user would and presses the button. */
export async function submitLogin(page: Page, login: Login, remember = false): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(login.email);
  await form.password.fill(login.password);
  if (remember) await form.remember.check();
  await expect(form.submit).toBeEnabled();
  await form.submit.click();
}

/** Logs in through /login and waits for the landing page. */
export async function logIn(page: Page, login: Login = DEMO, remember = false): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, login, remember);
  await expect(page).toHaveURL(/\/channels$/);
}

/**
 * A JSON GET from inside the page, with the browser's own cookies. (Node's resolver, which Playwright's
 * request fixture uses, does not map *.localhost to the loopback address; Chromium does.)
 */
export async function browserGet(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  }, path);
}
