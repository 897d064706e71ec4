import { pageRuns } from '../player/support';
import { expect, test, type Page } from '@playwright/test';
import type { Setting } from '../../../contracts';
import { SOUND_SETTING_DEFAULTS, SOUND_SETTING_KEYS, soundSettingsOf } from '../../../contracts/sound-settings';
import { BUNDLED_API, logIn } from '../support/auth';
import { pageCall } from '../realtime/support';

test.describe.configure({ timeout: 90_000 });

let shown: Page | undefined;

// Put the rows back at their defaults, so the specs after this one find the demo shop as it was.
test.afterEach(async () => {
  const page = shown;
  shown = undefined;
  if (!page) return;
  const rows = (await pageCall(page, 'GET', '/api/settings')).body as Setting[];
  for (const row of rows.filter((r) => (SOUND_SETTING_KEYS as readonly string[]).includes(r.key))) {
    const key = row.key as (typeof SOUND_SETTING_KEYS)[number];
    await pageCall(page, 'POST', `/api/settings/${row.id}`, { key, value: SOUND_SETTING_DEFAULTS[key] }).catch(
      () => {},
    );
  }
});

const row = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

test(
  "'Hangerő-kiegyenlítés', 'Szpotok hangereje', 'Áttűnés': at their defaults; a value out of range is refused under its field; saved, a reload shows them",
  BUNDLED_API,
  async ({ page }) => {
    await logIn(page);
    shown = page;
    await page.goto('/settings');
    await pageRuns(page);

    const level = row(page, 'Hangerő-kiegyenlítés');
    const spots = row(page, 'Szpotok hangereje');
    const fade = row(page, 'Áttűnés');
    await expect(level.getByRole('switch', { name: 'Hangerő-kiegyenlítés' })).toHaveAttribute('aria-checked', 'true');
    await expect(spots.getByLabel('Szpotok hangereje (dB)')).toHaveValue('0');
    await expect(fade.getByLabel('Áttűnés (másodperc)')).toHaveValue('3');

    // +7 dB is past the range: the server's message under the field, nothing saved.
    await spots.getByLabel('Szpotok hangereje (dB)').fill('7');
    await spots.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText('Hibás kitöltés, kérjük javítsa.', { exact: true })).toBeVisible();
    await expect(spots.getByText('A szpotok hangereje -6 és +6 dB közötti egész szám lehet.')).toBeVisible();
    await expect(spots.getByLabel('Szpotok hangereje (dB)')).toHaveAttribute('aria-invalid', 'true');
    // So is a crossfade of 9 s.
    await fade.getByLabel('Áttűnés (másodperc)').fill('9');
    await fade.getByRole('button', { name: 'Mentés' }).click();
    await expect(fade.getByText('Az áttűnés 0 és 8 másodperc közötti egész szám lehet.')).toBeVisible();
    const stored = async () => soundSettingsOf((await pageCall(page, 'GET', '/api/settings')).body as Setting[]);
    expect(await stored()).toEqual({ normalize: true, spotGainDb: 0, crossfadeSeconds: 3 });

    // Fixed and saved, row by row.
    await spots.getByLabel('Szpotok hangereje (dB)').fill('-4');
    await spots.getByRole('button', { name: 'Mentés' }).click();
    await expect(spots.getByText('Mentve')).toBeVisible();
    await expect(spots.getByText('A szpotok hangereje -6 és +6 dB közötti egész szám lehet.')).toHaveCount(0);
    await fade.getByLabel('Áttűnés (másodperc)').fill('6');
    await fade.getByRole('button', { name: 'Mentés' }).click();
    await expect(fade.getByText('Mentve')).toBeVisible();
    await level.getByRole('switch', { name: 'Hangerő-kiegyenlítés' }).click();
    await expect(level.getByText('Ki', { exact: true })).toBeVisible();
    await level.getByRole('button', { name: 'Mentés' }).click();
    await expect(level.getByText('Mentve')).toBeVisible();
    expect(await stored()).toEqual({ normalize: false, spotGainDb: -4, crossfadeSeconds: 6 });

    await page.reload();
    await pageRuns(page);
    await expect(level.getByRole('switch', { name: 'Hangerő-kiegyenlítés' })).toHaveAttribute('aria-checked', 'false');
    await expect(spots.getByLabel('Szpotok hangereje (dB)')).toHaveValue('-4');
    await expect(fade.getByLabel('Áttűnés (másodperc)')).toHaveValue('6');
  },
);
