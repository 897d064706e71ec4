import { expect, test, type Page } from '@playwright/test';
import type { TutorialTopic } from '@/contracts';
import { ACCOUNT_NAV, NAV_SECTIONS } from '@/components/layout/nav';
import { MIXER_TABS } from '@/components/mixer/tabs';
import { browserGet, logIn } from '../support/auth';
import { collectCspViolations } from '../support/csp-violations';
import { createSlideshow, pageCall, type ScreenAnswer, uniqueName } from '../mixer/support';
import { releasePlayer } from '../player/support';
import { playHere, waitForSocket } from '../realtime/support';

/**
 * The pages' Content-Security-Policy in Chromium: every page, with a track playing (its audio
 * through the media worker, its cover), the realtime socket connected, a tutorial video, a public
 * screen's slides and the guest pages, without one violation. Nothing is allowed by hand here: a
 * source the app really uses and the policy forgets fails this test.
 */
const PAGES = [
  ...new Set([
    ...NAV_SECTIONS.flatMap((s) => s.items.map((i) => i.href)),
    ...MIXER_TABS.map((t) => t.href),
    ...ACCOUNT_NAV.map((i) => i.href),
  ]),
];

/** Lets the page settle: its scripts ran, its images and media asked for. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test('every page loads its scripts, media, worker and socket with no policy violation', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const violations = await collectCspViolations(context);

  await logIn(page);
  // The collector itself: an image from an origin the policy does not name is reported, both ways.
  await page.evaluate(() => {
    const probe = new Image();
    probe.src = 'http://192.0.2.1/probe.png';
    document.body.append(probe);
  });
  await expect
    .poll(() =>
      ['blocked http://192.0.2.1/probe.png', 'console:'].every((part) => violations.some((v) => v.includes(part))),
    )
    .toBe(true);
  violations.length = 0;

  await playHere(page);
  await waitForSocket(page);
  // The media worker controls the page once it has installed.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.state ?? null)), {
      timeout: 30_000,
    })
    .toBe('activated');

  const channels = (await browserGet(page, '/api/channels')).body as { id: number }[];
  const playlists = (await browserGet(page, '/api/playlists')).body as { id: number }[];
  const topics = (await browserGet(page, '/api/tutorials')).body as TutorialTopic[];
  const tutorialItem = topics.flatMap((t) => t.tutorial_items)[0];
  expect(tutorialItem, 'a tutorial video').toBeTruthy();

  const extra = [
    `/channels/${channels[0]!.id}`,
    ...(playlists[0] ? [`/playlists/${playlists[0].id}`] : []),
    '/nincs-ilyen-oldal',
  ];
  for (const path of [...PAGES, ...extra]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await settle(page);
  }

  // After all those page loads the music still plays and the socket is still up.
  await waitForSocket(page);

  await page.goto(`/tutorial/${tutorialItem!.id}`);
  const video = page.getByRole('main').locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);

  // A public screen, in a browser of its own (no login), showing its first slide.
  const slideshow = await createSlideshow(page, uniqueName('CSP'), ['piros', 'kek']);
  const screen = await pageCall<ScreenAnswer>(page, 'POST', '/api/screens', {
    name: uniqueName('CSP képernyő'),
    slideshow_id: slideshow.id,
  });
  await releasePlayer(page);

  const guest = await browser.newContext({ baseURL });
  try {
    const guestViolations = await collectCspViolations(guest);
    const tv = await guest.newPage();
    await tv.goto(`/screen/${screen.hash_id}`);
    await expect(tv.locator('main img[data-front="true"]')).toHaveCount(1);
    await expect
      .poll(() => tv.locator('main img[data-front="true"]').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await settle(tv);

    for (const path of ['/login', '/forgot']) {
      await tv.goto(path);
      await expect(tv.getByRole('heading', { level: 1 })).toBeVisible();
      await settle(tv);
    }
    violations.push(...guestViolations);
  } finally {
    await guest.close();
  }

  expect(violations).toEqual([]);
});
