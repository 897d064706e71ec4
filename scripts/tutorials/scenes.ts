/**
 * What each tutorial video shows: per item key (content.ts), one step per narration sentence. A step
 * does what its sentence describes on the real pages, as the demo shop's manager; generate.ts then
 * takes the still. Selectors are the Hungarian names a manager reads (lib/i18n/hu.ts), so a changed
 * text shows up here as a failing step rather than a video of the wrong page.
 */
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';

export type SceneContext = {
  page: Page;
  browser: Browser;
  /** The web app's base URL of the demo shop. */
  base: string;
  repoRoot: string;
  /** Opens a second, logged-in device (a tablet); generate.ts closes it after the item. */
  openSecondDevice: () => Promise<Page>;
};

export type Step = (s: SceneContext) => Promise<void>;

export type Scene = {
  /** Runs before the first still (nothing is recorded). */
  setup?: Step;
  steps: Step[];
  /** Runs after the last still: leaves the shop's player as the next item expects it. */
  teardown?: Step;
};

/** Lets requests, fonts and transitions finish before the still. */
export async function settle(page: Page, ms = 600): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.waitForTimeout(ms);
}

async function open(page: Page, base: string, route: string, heading: string | RegExp): Promise<void> {
  await page.goto(base + route);
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await settle(page);
}

const main = (page: Page) => page.locator('main');

/** Moves the mouse onto an element (a visible hover for the still) and clicks it. */
async function press(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await target.hover();
  await target.click();
}

const CHANNEL = 'Lounge terasz';

async function channelDetail(page: Page, base: string, name = CHANNEL): Promise<void> {
  await open(page, base, '/channels', 'Csatornák');
  await press(
    main(page)
      .getByRole('link', { name: new RegExp(name) })
      .first(),
  );
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await settle(page);
}

async function playChannel(page: Page, base: string): Promise<void> {
  await channelDetail(page, base);
  await press(
    main(page)
      .getByRole('button', { name: /^Lejátszás$|lejátszása$/ })
      .first(),
  );
  await page.getByText('Most szól').first().waitFor({ timeout: 15_000 });
  await settle(page, 1500);
}

export const scenes: Record<string, Scene> = {
  'csatorna-inditasa': {
    steps: [
      async ({ page, base }) => open(page, base, '/channels', 'Csatornák'),
      async ({ page, base }) => channelDetail(page, base),
      async ({ page }) => {
        await press(
          main(page)
            .getByRole('button', { name: /^Lejátszás$|lejátszása$/ })
            .first(),
        );
        await page.getByText('Most szól').first().waitFor({ timeout: 15_000 });
        await settle(page, 2500);
      },
      async ({ page }) => {
        await press(main(page).getByRole('button', { name: 'Kedvenc' }));
        await page
          .getByText(/Hozzáadva a kedvencekhez|Eltávolítva a kedvencekből/)
          .first()
          .waitFor();
        await page.waitForTimeout(300);
      },
    ],
  },

  'sajat-lista': {
    steps: [
      async ({ page, base }) => open(page, base, '/playlists', 'Saját listák'),
      async ({ page }) => {
        await press(main(page).getByRole('button', { name: 'Új lista' }));
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('A lista neve').fill('Délutáni pihenő');
        await settle(page, 400);
      },
      async ({ page, base }) => {
        await page.getByRole('dialog').getByRole('button', { name: 'Létrehozás' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await channelDetail(page, base);
        await press(
          main(page)
            .getByRole('button', { name: /hozzáadása lejátszási listához$/ })
            .nth(2),
        );
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('checkbox', { name: 'Délutáni pihenő' }).waitFor();
        // The row's styled box covers the native checkbox, so the click goes to the input itself.
        const box = dialog.getByRole('checkbox', { name: 'Délutáni pihenő' });
        await box.hover({ force: true });
        await box.dispatchEvent('click');
        await box.and(page.locator(':checked')).waitFor();
        await settle(page, 800);
      },
      async ({ page, base }) => {
        await page.keyboard.press('Escape');
        await open(page, base, '/playlists', 'Saját listák');
        await press(
          main(page)
            .getByRole('link', { name: /Reggeli nyitás/ })
            .first(),
        );
        await page.getByRole('heading', { name: 'Reggeli nyitás' }).waitFor();
        await settle(page);
        await press(
          main(page)
            .getByRole('button', { name: /^Lejátszás$|lejátszása$/ })
            .first(),
        );
        await page.getByText('Most szól').first().waitFor({ timeout: 15_000 });
        await settle(page, 2000);
      },
    ],
  },

  'zene-atvitele': {
    setup: async (s) => {
      await playChannel(s.page, s.base);
      const tablet = await s.openSecondDevice();
      await tablet.goto(s.base + '/channels');
      await tablet.getByRole('heading', { name: 'Csatornák' }).first().waitFor();
      await settle(tablet, 1500);
    },
    steps: [
      async ({ page }) => settle(page, 800),
      async ({ page }) => {
        await press(page.getByRole('button', { name: 'Eszközök' }).first());
        await page.getByText('A bolt eszközei').waitFor();
        await settle(page, 600);
      },
      async ({ page }) => {
        const tablet = page
          .getByRole('menuitemradio')
          .filter({ hasNot: page.getByText('Ez az eszköz') })
          .first();
        await tablet.hover();
        await page.waitForTimeout(300);
        // The still shows the choice under the pointer; the move happens at the next step.
      },
      async ({ page }) => {
        await page
          .getByRole('menuitemradio')
          .filter({ hasNot: page.getByText('Ez az eszköz') })
          .first()
          .click();
        await page.getByText('A zene egy másik eszközön szól').first().waitFor({ timeout: 15_000 });
        await settle(page, 1200);
      },
    ],
    // The tablet logs out with its context: bring the music back and pause it, or every later video
    // would show 'A zenét szóló eszköz nem elérhető'.
    teardown: async ({ page }) => {
      await page.getByRole('button', { name: 'Eszközök' }).first().click();
      await page
        .getByRole('menuitemradio')
        .filter({ has: page.getByText('Ez az eszköz') })
        .first()
        .click();
      await page.getByText('A zene egy másik eszközön szól').first().waitFor({ state: 'hidden', timeout: 15_000 });
      await page.getByRole('region', { name: 'Lejátszó' }).getByRole('button', { name: 'Szünet' }).first().click();
      await settle(page, 500);
    },
  },

  'szpot-feltoltese': {
    steps: [
      async ({ page, base }) => open(page, base, '/mixer/spots', 'Reklám szpotok'),
      async ({ page, repoRoot }) => {
        await press(main(page).getByRole('button', { name: 'Új szpot feltöltése' }));
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Szpot neve').fill('Ingyenes parkolás');
        await dialog
          .locator('input[type=file]')
          .setInputFiles(path.join(repoRoot, 'server/assets/audio/spots/ingyenes-parkolas.mp3'));
        await settle(page, 500);
      },
      async ({ page }) => {
        await page.getByRole('dialog').getByRole('button', { name: 'Mentés' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 30_000 });
        await main(page).getByRole('cell', { name: 'Ingyenes parkolás' }).first().waitFor();
        await settle(page, 300);
      },
      async ({ page }) => {
        await press(
          page
            .getByRole('tab', { name: 'Ütemezés' })
            .or(page.getByRole('link', { name: 'Ütemezés' }))
            .first(),
        );
        await page.getByRole('heading', { name: 'Ütemezett tartalmak' }).waitFor();
        await settle(page);
      },
    ],
  },

  'hangtar-gyorshangok': {
    setup: async ({ page, base }) => playChannel(page, base),
    steps: [
      async ({ page, base }) => {
        await page.goto(base + '/mixer/soundboard');
        await page.getByRole('heading', { name: 'Gyorshangok' }).waitFor();
        await settle(page);
      },
      async ({ page }) => {
        await press(main(page).getByRole('tab', { name: /^Összes hang/ }));
        await press(
          main(page)
            .getByRole('button', { name: 'Gyorshang: Fanfár' })
            .or(main(page).getByRole('switch', { name: 'Gyorshang: Fanfár' }))
            .or(main(page).getByRole('checkbox', { name: 'Gyorshang: Fanfár' }))
            .first(),
        );
        await page.getByText('Hozzáadva a gyorshangokhoz').first().waitFor();
        await settle(page, 300);
      },
      async ({ page }) => {
        await page.mouse.wheel(0, -2000);
        const quick = page
          .getByRole('region', { name: 'Gyorshangok' })
          .getByRole('button', { name: 'Fanfár lejátszása' });
        const target =
          (await quick.count()) > 0 ? quick : main(page).getByRole('button', { name: 'Fanfár lejátszása' }).first();
        await press(target.first());
        await page
          .getByText(/Hang szól|Most szól/)
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        await page.waitForTimeout(500);
      },
      async ({ page }) => {
        await press(main(page).getByRole('button', { name: 'Új hang feltöltése' }));
        await page.getByRole('dialog').getByLabel('A hang neve').fill('Üzletzárás jelzés');
        await settle(page, 400);
      },
    ],
  },

  'utemezes-letrehozasa': {
    steps: [
      async ({ page, base }) => open(page, base, '/mixer/scheduler', 'Ütemezett tartalmak'),
      async ({ page }) => {
        await press(main(page).getByRole('button', { name: 'Új ütemezés' }));
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Név', { exact: true }).fill('Hétvégi akció óránként');
        await dialog.getByLabel('Gyakoriság').selectOption('hourly');
        await settle(page, 400);
      },
      async ({ page }) => {
        const dialog = page.getByRole('dialog');
        const only = dialog.getByRole('group', { name: 'Csak ekkor' });
        await only.getByLabel('Ettől').fill('09:00');
        await only.getByLabel('Eddig').fill('20:00');
        await dialog.getByRole('group', { name: 'Napok' }).scrollIntoViewIfNeeded();
        await dialog.getByRole('group', { name: 'Napok' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await settle(page, 400);
      },
      async ({ page }) => {
        const dialog = page.getByRole('dialog');
        const spots = dialog.getByRole('group', { name: 'Szpotok' });
        await spots.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await spots
          .getByRole('checkbox', { name: /Hétvégi akció/ })
          .first()
          .click();
        await settle(page, 400);
      },
      async ({ page }) => {
        await page.getByRole('dialog').getByRole('button', { name: 'Mentés' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await main(page).getByText('Hétvégi akció óránként').first().waitFor();
        await main(page)
          .getByRole('switch', { name: 'Aktív: Hétvégi akció óránként' })
          .or(main(page).getByRole('checkbox', { name: 'Aktív: Hétvégi akció óránként' }))
          .first()
          .hover();
        await settle(page, 300);
      },
    ],
  },

  'slideshow-es-kepernyo': {
    steps: [
      async ({ page, base }) => open(page, base, '/mixer/slideshows', 'Slideshowk'),
      async ({ page }) => {
        await press(main(page).getByRole('button', { name: 'Szerkesztés: Őszi ajánlatok' }));
        await page.getByRole('dialog').getByRole('list', { name: 'A slideshow képei' }).waitFor();
        await settle(page, 1000);
      },
      async ({ page, base }) => {
        await page.keyboard.press('Escape');
        await open(page, base, '/mixer/screens', 'Képernyők');
        await press(main(page).getByRole('button', { name: 'Szerkesztés: Pénztár feletti TV' }));
        await page.getByRole('dialog').getByLabel('Alapértelmezett slideshow').waitFor();
        await settle(page, 500);
      },
      async ({ page, base }) => {
        await page.keyboard.press('Escape');
        const href = await main(page).locator('a[href^="/screen/"]').first().getAttribute('href');
        if (!href) throw new Error('no public screen link on the Képernyők page');
        await page.goto(base + href);
        await page.locator('img').first().waitFor();
        await settle(page, 1500);
      },
    ],
  },
};
