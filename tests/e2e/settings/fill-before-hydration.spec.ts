import { expect, test, type Page } from '@playwright/test';
import type { Setting } from '../../../contracts';
import { SOUND_SETTING_DEFAULTS, SOUND_SETTING_KEYS, soundSettingsOf } from '../../../contracts/sound-settings';
import { BUNDLED_API, logIn } from '../support/auth';
import { pageCall } from '../realtime/support';

test.describe.configure({ timeout: 90_000 });

/*
 * /settings' rows stream after the frame and are hydrated after it. A weak PC shows them before its
 * scripts have run: what a manager types then must not be lost (typed into a field React did not yet
 * listen to, it was kept on screen, but the row's 'Mentés' stayed disabled, the time-zone search
 * picked nothing, and the next render put the old value back). Here the page's scripts are held back
 * until the field is on screen and the fill has started, as on a slow device.
 */

let shown: Page | undefined;

// The crossfade back at its default, so the specs after this one find the demo shop as it was.
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

/** Holds the app's scripts (not its styles, which the first paint needs) until `release` is called. */
async function holdScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  await page.route(/\/_next\/static\/.+\.js(\?.*)?$/, async (route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  return { release: open, held: () => held };
}

/** Opens /settings with its scripts held; `field` is on screen before any of them has run. */
async function openBeforeScripts(page: Page, field: (page: Page) => ReturnType<Page['getByLabel']>) {
  const scripts = await holdScripts(page);
  await page.goto('/settings', { waitUntil: 'commit' });
  await expect(field(page)).toBeVisible();
  // The page's own scripts were asked for and none has arrived: nothing is hydrated yet.
  expect(scripts.held()).toBeGreaterThan(0);
  expect(await page.locator('audio[data-player-audio]').count()).toBe(0);
  return scripts;
}

test(
  "a field filled as soon as /settings shows, before the page's scripts have run, is kept and saved; the time-zone search picks as typed",
  BUNDLED_API,
  async ({ page }) => {
    await logIn(page);
    shown = page;
    const fade = (p: Page) => row(p, 'Áttűnés').getByLabel('Áttűnés (másodperc)');

    // 'Áttűnés' filled at first paint, then the scripts come.
    let scripts = await openBeforeScripts(page, fade);
    const filled = fade(page).fill('5');
    scripts.release();
    await filled;
    await expect(fade(page)).toHaveValue('5');
    const save = row(page, 'Áttűnés').getByRole('button', { name: 'Mentés' });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(row(page, 'Áttűnés').getByText('Mentve')).toBeVisible();
    expect(soundSettingsOf((await pageCall(page, 'GET', '/api/settings')).body as Setting[]).crossfadeSeconds).toBe(5);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // The time-zone search typed at first paint narrows and picks, and its 'Mentés' can save it.
    const search = (p: Page) => row(p, 'Időzóna').getByRole('searchbox', { name: 'Időzóna keresése' });
    scripts = await openBeforeScripts(page, search);
    const typed = search(page).fill('bécs');
    scripts.release();
    await typed;
    await expect(search(page)).toHaveValue('bécs');
    await expect(row(page, 'Időzóna').getByRole('combobox', { name: 'Időzóna' })).toHaveValue('Europe/Vienna');
    await expect(row(page, 'Időzóna').getByRole('button', { name: 'Mentés' })).toBeEnabled();
    // Still there once the page has loaded and its later renders (the zones built in idle slices) ran.
    await page.waitForLoadState('load');
    await expect(search(page)).toHaveValue('bécs');
    await expect(row(page, 'Időzóna').getByRole('combobox', { name: 'Időzóna' })).toHaveValue('Europe/Vienna');
  },
);
