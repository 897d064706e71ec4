import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ScheduledContent, Spot } from '../../../contracts';
import { DEFAULT_SCHEDULE_RULE } from '../../../contracts/names';
import { E2E } from '../../../scripts/launch/stack';
import { logIn } from '../support/auth';
import {
  audioState,
  closeDevice,
  LIVE,
  openDevice,
  pathOf,
  playHere,
  spotElement,
  waitForSocket,
  type Device,
} from '../realtime/support';
import { createSlideshow, mediaPath, pageCall, toast, uniqueName, type ScreenAnswer } from './support';

test.describe.configure({ timeout: 180_000 });

interface TickAnswer {
  minute: string;
  fired: { scheduled_content_id: number; spots: number[]; slideshows: number[]; screens: number[] }[];
}

/**
 * The scheduler's test clock (the API's own route, no login): fires the minute containing `at`.
 * Each tick uses a minute of its own, years ahead, so no earlier tick (or run) has claimed it.
 */
let minuteSeed = Math.floor(Math.random() * 400_000);
function freshMinute(): string {
  minuteSeed += 7;
  return new Date(Date.UTC(2031, 0, 1) + minuteSeed * 60_000 + 20_000).toISOString();
}

async function tick(request: APIRequestContext): Promise<TickAnswer> {
  const response = await request.post(`http://127.0.0.1:${E2E.apiPort}/api/_test/scheduler/tick`, {
    data: { at: freshMinute() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TickAnswer;
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** Items this test made, deleted at its end whatever happened (other tests share the demo shop). */
const made: { page: Page; name: string }[] = [];
let audio: Device | undefined;
let manager: Device | undefined;

test.afterEach(async () => {
  for (const { page, name } of made.splice(0)) {
    await page
      .evaluate(async (name) => {
        const headers = { Accept: 'application/json' };
        const items = (await (await fetch('/api/scheduled-contents', { headers })).json()) as {
          id: number;
          name: string;
        }[];
        for (const item of items.filter((i) => i.name === name)) {
          await fetch(`/api/scheduled-contents/delete/${item.id}`, { method: 'POST', headers });
        }
      }, name)
      .catch(() => {});
  }
  await closeDevice(manager);
  await closeDevice(audio);
  audio = manager = undefined;
});

test('an every-minute spot plays on the audio device when its minute comes, and nothing once switched off', async ({
  browser,
  baseURL,
  request,
}) => {
  audio = await openDevice(browser, baseURL);
  await playHere(audio.page);
  await waitForSocket(audio.page);
  manager = await openDevice(browser, baseURL);
  const page = manager.page;
  const spots = await pageCall<Spot[]>(page, 'GET', '/api/spots');
  const spot = [...spots].sort((x, y) => x.duration - y.duration)[0]!;

  // Made through the form, as a shop manager would: a name, every minute (the default), one spot.
  await page.goto('/mixer/scheduler');
  await expect(page.getByRole('heading', { level: 1, name: 'Ütemezett tartalmak' })).toBeVisible();
  const name = uniqueName('Percenkénti szpot');
  made.push({ page, name });
  await page.getByRole('button', { name: 'Új ütemezés' }).first().click();
  const form = page.getByRole('dialog', { name: 'Új ütemezés' });
  await form.getByLabel('Név').fill(name);
  await expect(form.getByLabel('Gyakoriság')).toHaveValue('everyMinute');
  await expect(form.getByRole('group', { name: /Képernyők/ })).toHaveCount(0);
  const spotsBox = form.getByRole('group', { name: /^Szpotok/ });
  if (await spotsBox.getByRole('searchbox').count()) await spotsBox.getByRole('searchbox').fill(spot.name);
  await spotsBox
    .getByRole('checkbox', { name: new RegExp(`^${spot.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first()
    .check();
  // Fired by the test clock at any minute, open or not.
  await form.getByRole('checkbox', { name: 'Csak nyitvatartási időben' }).uncheck();
  await form.getByRole('button', { name: 'Mentés' }).click();
  // Every minute is far more than 96 a day: the form asks first.
  await page
    .getByRole('dialog', { name: /naponta akár/ })
    .getByRole('button', { name: 'Igen, mentés' })
    .click();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  await expect(form).toHaveCount(0);

  // In the table: on, with a real next play time in the shop's clock, and on the timeline.
  const item = (await pageCall<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents')).find(
    (i) => i.name === name,
  )!;
  expect(item.active).toBe(true);
  expect(item.next_play_at).not.toBeNull();
  const [, date, time] = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(item.next_play_at!)!;
  await expect(row(page, name).getByRole('switch', { name: `Aktív: ${name}` })).toHaveAttribute('aria-checked', 'true');
  await expect(row(page, name)).toContainText(`${date!.replaceAll('-', '/')} ${time}`);
  const timeline = page.getByRole('region', { name: 'A következő 24 óra' });
  await expect(timeline.getByText(name).first()).toBeVisible();

  // Its minute comes: the audio device pauses the music, plays the spot, and resumes.
  await expect.poll(async () => (await audioState(audio!.page)).time, { timeout: 15_000 }).toBeGreaterThan(1);
  const fired = await tick(request);
  expect(fired.fired.find((f) => f.scheduled_content_id === item.id)?.spots).toEqual([spot.id]);
  await expect.poll(async () => pathOf((await spotElement(audio!.page)).src), LIVE).toBe(pathOf(spot.url));
  await expect.poll(async () => (await spotElement(audio!.page)).time, LIVE).toBeGreaterThan(0.3);
  expect((await audioState(audio.page)).paused).toBe(true);
  await expect
    .poll(async () => (await audioState(audio!.page)).paused, { timeout: spot.duration * 1000 + 15_000 })
    .toBe(false);
  expect((await spotElement(audio.page)).src).toBe('');

  // Switched off in the table: the server says off, there is no next play, and the next minute fires nothing.
  const toggle = row(page, name).getByRole('switch', { name: `Aktív: ${name}` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(row(page, name)).toContainText('-');
  expect(
    (await pageCall<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents')).find((i) => i.id === item.id)?.active,
  ).toBe(false);
  await page.getByLabel('Mutassa').selectOption({ label: 'Csak az aktívak' });
  await expect(row(page, name)).toHaveCount(0);
  await page.getByLabel('Mutassa').selectOption({ label: 'Mind' });
  const quiet = await tick(request);
  expect(quiet.fired.map((f) => f.scheduled_content_id)).not.toContain(item.id);
  // Given time to arrive, nothing does: the music plays on.
  await audio.page.waitForTimeout(4_000);
  expect((await spotElement(audio.page)).src).toBe('');
  expect((await audioState(audio.page)).paused).toBe(false);

  // Deleted with the confirmation that advises switching off instead.
  await row(page, name)
    .getByRole('button', { name: `Törlés: ${name}` })
    .click();
  const confirm = page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .filter({ hasText: 'Biztosan törli az ütemezést?' });
  await expect(confirm).toContainText('kapcsolja ki inkább');
  await confirm.getByRole('button', { name: 'Ütemezés törlése' }).click();
  await expect(toast(page, 'Sikeresen eltávolítva.')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
});

/** The picture in front on the screen page. */
async function front(screen: Page): Promise<string> {
  return screen.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('main img[data-front="true"]');
    return img ? new URL(img.src).pathname : '';
  });
}

test('an item with a slideshow and a screen shows that slideshow once on the open screen, then its default', async ({
  page,
  browser,
  request,
}) => {
  await logIn(page);
  const usual = await createSlideshow(page, uniqueName('Alap'), ['sarga'], 2);
  const ad = await createSlideshow(page, uniqueName('Akció képek'), ['piros', 'zold'], 2);
  const usualPaths = usual.images.map((i) => mediaPath(i.url));
  const adPaths = ad.images.map((i) => mediaPath(i.url));
  const screen = await pageCall<ScreenAnswer>(page, 'POST', '/api/screens', {
    name: uniqueName('Kirakat tévé'),
    description: null,
    slideshow_id: usual.id,
  });

  await page.goto('/mixer/scheduler');
  const name = uniqueName('Slideshow ütemezés');
  made.push({ page, name });
  await page.getByRole('button', { name: 'Új ütemezés' }).first().click();
  const form = page.getByRole('dialog', { name: 'Új ütemezés' });
  await form.getByLabel('Név').fill(name);
  // Nothing chosen: the server's messages under the fields, and the form's alert.
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(form.getByText('Hibás kitöltés, kérjük javítsa.')).toBeVisible();
  const slideshowsBox = form.getByRole('group', { name: /^Slideshowk/ });
  if (await slideshowsBox.getByRole('searchbox').count()) await slideshowsBox.getByRole('searchbox').fill(ad.name);
  await slideshowsBox.getByRole('checkbox', { name: ad.name }).check();
  const screensBox = form.getByRole('group', { name: /^Képernyők/ });
  if (await screensBox.getByRole('searchbox').count()) await screensBox.getByRole('searchbox').fill(screen.name);
  await screensBox.getByRole('checkbox', { name: screen.name }).check();
  await form.getByRole('checkbox', { name: 'Csak nyitvatartási időben' }).uncheck();
  await form.getByRole('button', { name: 'Mentés' }).click();
  await page
    .getByRole('dialog', { name: /naponta akár/ })
    .getByRole('button', { name: 'Igen, mentés' })
    .click();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  const item = (await pageCall<ScheduledContent[]>(page, 'GET', '/api/scheduled-contents')).find(
    (i) => i.name === name,
  )!;
  expect(item.slideshows.map((s) => s.id)).toEqual([ad.id]);
  expect(item.screens.map((s) => s.id)).toEqual([screen.id]);

  const tv = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const screenPage = await tv.newPage();
    const subscribed = new Promise<void>((resolve) => {
      screenPage.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          const text = String(frame.payload);
          if (text.includes('subscription_succeeded') && text.includes(`screen.${screen.hash_id}`)) resolve();
        }),
      );
    });
    await screenPage.goto(`/screen/${screen.hash_id}`);
    await subscribed;
    await expect.poll(() => front(screenPage)).toBe(usualPaths[0]);

    const fired = await tick(request);
    expect(fired.fired.find((f) => f.scheduled_content_id === item.id)).toMatchObject({
      slideshows: [ad.id],
      screens: [screen.id],
    });
    // One pass of the scheduled slideshow, each image for its seconds, then the default again.
    await expect.poll(() => front(screenPage), LIVE).toBe(adPaths[0]);
    await expect.poll(() => front(screenPage), LIVE).toBe(adPaths[1]);
    await expect.poll(() => front(screenPage), LIVE).toBe(usualPaths[0]);
    // And it stays there: the scheduled slideshow does not loop.
    await screenPage.waitForTimeout(5_000);
    expect(await front(screenPage)).toBe(usualPaths[0]);
  } finally {
    await tv.close();
    await pageCall(page, 'POST', `/api/screens/delete/${screen.id}`).catch(() => {});
  }
});

test('screenshots: the list, the form with its errors and the timeline at both sizes', async ({ page }) => {
  await logIn(page);
  const spots = await pageCall<Spot[]>(page, 'GET', '/api/spots');
  const base = {
    ...DEFAULT_SCHEDULE_RULE,
    frequency: 'everyThirtyMinutes',
    slideshows: [],
    screens: [],
  };
  const samples = [
    {
      ...base,
      name: uniqueName('Délelőtti akció'),
      spots: [spots[0]!.id],
      between_from: '08:00',
      between_to: '12:00',
      date_to: '2031-12-31',
    },
    {
      ...base,
      name: uniqueName('Hétvégi ajánlat'),
      frequency: 'hourlyAt15',
      spots: [spots[0]!.id],
      date_from: '2026-01-01',
    },
    {
      ...base,
      name: uniqueName('Zárás előtti szpot'),
      frequency: 'everyTwoHours',
      spots: spots.slice(0, 2).map((s) => s.id),
    },
  ];
  for (const sample of samples) {
    await pageCall(page, 'POST', '/api/scheduled-contents', sample);
    made.push({ page, name: sample.name });
  }
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/mixer/scheduler');
    await expect(row(page, samples[0]!.name)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`scheduler-list-${width}.png`), fullPage: true });
    await page
      .getByRole('region', { name: 'A következő 24 óra' })
      .screenshot({ path: test.info().outputPath(`scheduler-timeline-${width}.png`) });
    await page.getByRole('button', { name: 'Új ütemezés' }).first().click();
    const form = page.getByRole('dialog', { name: 'Új ütemezés' });
    await form.getByRole('button', { name: 'Mentés' }).click();
    await expect(form.getByText('Hibás kitöltés, kérjük javítsa.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`scheduler-form-${width}.png`) });
    await form.getByRole('button', { name: 'Mégse' }).click();
  }
});
