import { pageRuns } from '../player/support';
import { expect, test, type Page } from '@playwright/test';
import type { OpeningHours } from '../../../contracts/opening-hours';
import { BUNDLED_API, logIn } from '../support/auth';
import { pageCall } from '../realtime/support';

test.describe.configure({ timeout: 90_000 });

// The shop's hours as the test found them: put back afterwards, so the specs after it find the
// demo shop as it was.
let found: { page: Page; hours: OpeningHours } | undefined;

test.afterEach(async () => {
  if (!found) return;
  const { page, hours } = found;
  found = undefined;
  await pageCall(page, 'POST', '/api/opening-hours', hours).catch(() => {});
});

function day(page: Page, key: string) {
  return page.locator(`li[data-day="${key}"]`);
}

test(
  "'Nyitvatartás': a past-midnight day and date exceptions; equal open and close is refused under its field; saved, a reload shows them",
  BUNDLED_API,
  async ({ page }) => {
    await logIn(page);
    const before = await pageCall(page, 'GET', '/api/opening-hours');
    expect(before.status).toBe(200);
    found = { page, hours: before.body as OpeningHours };
    // From a shop without hours, as a new one starts.
    await pageCall(page, 'POST', '/api/opening-hours', { week: [], exceptions: [] });

    await page.goto('/settings');
    await pageRuns(page);
    const form = page.getByRole('form', { name: 'Nyitvatartás' });
    await expect(page.getByRole('heading', { level: 2, name: 'Nyitvatartás' })).toBeVisible();
    await expect(
      page.getByText('Nincs megadva nyitvatartás: a bolt mindig nyitva van, a zene magától nem indul és nem áll le.'),
    ).toBeVisible();

    // Monday open and closing at the same minute: the server refuses it, under Monday's 'Zárás'.
    await page.getByLabel('Hétfő: Nyitás').fill('09:00');
    await page.getByLabel('Hétfő: Zárás').fill('09:00');
    await form.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('Hibás kitöltés, kérjük javítsa.', { exact: true })).toBeVisible();
    await expect(day(page, 'monday').getByText('A nyitás és a zárás nem lehet azonos.')).toBeVisible();
    await expect(page.getByLabel('Hétfő: Zárás')).toHaveAttribute('aria-invalid', 'true');
    // The keyboard is taken to the refused field.
    await expect(page.getByLabel('Hétfő: Zárás')).toBeFocused();
    expect((await pageCall(page, 'GET', '/api/opening-hours')).body).toEqual({ week: [], exceptions: [] });

    // Fixed; Friday a bar's night until 02:00 (it says so); Sunday closed (as suggested).
    await page.getByLabel('Hétfő: Zárás').fill('20:00');
    await expect(page.getByLabel('Hétfő: Zárás')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Péntek: Nyitás').fill('18:00');
    await page.getByLabel('Péntek: Zárás').fill('02:00');
    await expect(day(page, 'friday').getByText('Éjfél után zár, másnap 02:00-kor.')).toBeVisible();
    await expect(page.getByLabel('Vasárnap: Zárva')).toBeChecked();

    // Two exceptions: Christmas Eve closed, New Year's Eve short.
    await form.getByRole('button', { name: 'Eltérő nap hozzáadása' }).click();
    await expect(page.getByLabel('1. eltérő nap: Dátum')).toBeFocused();
    await page.getByLabel('1. eltérő nap: Dátum').fill('2030-12-24');
    await page.getByLabel('1. eltérő nap: Megnevezés').fill('Szenteste');
    await expect(page.getByLabel('1. eltérő nap: Zárva')).toBeChecked();
    await form.getByRole('button', { name: 'Eltérő nap hozzáadása' }).click();
    await page.getByLabel('2. eltérő nap: Dátum').fill('2030-12-31');
    await page.getByLabel('2. eltérő nap: Megnevezés').fill('Szilveszter');
    await page.getByLabel('2. eltérő nap: Zárva').uncheck();
    await page.getByLabel('2. eltérő nap: Nyitás').fill('10:00');
    await page.getByLabel('2. eltérő nap: Zárás').fill('14:00');

    await form.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('Sikeresen elmentve.', { exact: true })).toBeVisible();
    await expect(page.getByText('Nincs megadva nyitvatartás', { exact: false })).toHaveCount(0);
    const open = { open: '08:00', close: '20:00' };
    const expected: OpeningHours = {
      week: [
        { day: 'monday', open: '09:00', close: '20:00' },
        { day: 'tuesday', ...open },
        { day: 'wednesday', ...open },
        { day: 'thursday', ...open },
        { day: 'friday', open: '18:00', close: '02:00' },
        { day: 'saturday', ...open },
        { day: 'sunday', closed: true },
      ],
      exceptions: [
        { date: '2030-12-24', name: 'Szenteste', closed: true },
        { date: '2030-12-31', name: 'Szilveszter', open: '10:00', close: '14:00' },
      ],
    };
    expect((await pageCall(page, 'GET', '/api/opening-hours')).body).toEqual(expected);

    await page.reload();
    await pageRuns(page);
    await expect(page.getByLabel('Hétfő: Nyitás')).toHaveValue('09:00');
    await expect(page.getByLabel('Péntek: Zárás')).toHaveValue('02:00');
    await expect(day(page, 'friday').getByText('Éjfél után zár, másnap 02:00-kor.')).toBeVisible();
    await expect(page.getByLabel('Vasárnap: Zárva')).toBeChecked();
    await expect(page.getByLabel('1. eltérő nap: Megnevezés')).toHaveValue('Szenteste');
    await expect(page.getByLabel('1. eltérő nap: Zárva')).toBeChecked();
    await expect(page.getByLabel('2. eltérő nap: Dátum')).toHaveValue('2030-12-31');
    await expect(page.getByLabel('2. eltérő nap: Zárás')).toHaveValue('14:00');

    // 'Nyitvatartás törlése' (confirmed) makes the shop always open again.
    await form.getByRole('button', { name: 'Nyitvatartás törlése' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Igen, törlés' }).click();
    await expect(
      page.getByText('Nincs megadva nyitvatartás: a bolt mindig nyitva van, a zene magától nem indul és nem áll le.'),
    ).toBeVisible();
    expect((await pageCall(page, 'GET', '/api/opening-hours')).body).toEqual({ week: [], exceptions: [] });
  },
);
