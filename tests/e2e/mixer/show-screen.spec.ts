import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';
import { createSlideshow, mediaPath, pageCall, toast, uniqueName, type ScreenAnswer } from './support';

test.setTimeout(150_000);

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** The picture in front on the screen page, and how many slide changes it has counted. */
async function front(screen: Page): Promise<{ path: string; step: number }> {
  return screen.evaluate(() => {
    const main = document.querySelector('main');
    const img = main?.querySelector<HTMLImageElement>('img[data-front="true"]');
    return { path: img ? new URL(img.src).pathname : '', step: Number(main?.getAttribute('data-step') ?? -1) };
  });
}

test('a screen shows its slideshow at its public link, logged out, and switches live when its default changes', async ({
  page,
  browser,
}) => {
  await logIn(page);
  const first = await createSlideshow(page, uniqueName('Reggel'), ['piros', 'zold', 'kek'], 1);
  const second = await createSlideshow(page, uniqueName('Délután'), ['sarga', 'lila'], 2);
  const firstPaths = first.images.map((i) => mediaPath(i.url));
  const secondPaths = second.images.map((i) => mediaPath(i.url));

  // A new screen through the form, with the first slideshow as its default.
  await page.goto('/mixer/screens');
  await expect(page.getByRole('heading', { level: 1, name: 'Képernyők' })).toBeVisible();
  const name = uniqueName('Pénztár tévé');
  await page.getByRole('button', { name: 'Új képernyő' }).click();
  const form = page.getByRole('dialog', { name: 'Új képernyő' });
  await form.getByLabel('Név').fill(name);
  await form.getByLabel('Leírás (nem kötelező)').fill('A pénztár feletti nagy tévé.');
  await form.getByLabel('Alapértelmezett slideshow').selectOption({ label: first.name });
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
  await expect(form).toHaveCount(0);

  const screens = await pageCall<ScreenAnswer[]>(page, 'GET', '/api/screens');
  const screen = screens.find((s) => s.name === name)!;
  expect(screen.slideshow_id).toBe(first.id);
  expect(screen.hash_id).toMatch(/^[A-Za-z0-9_-]{12,}$/);
  const origin = new URL(page.url()).origin;
  const link = `${origin}/screen/${screen.hash_id}`;
  await expect(row(page, name)).toContainText(screen.hash_id);
  await expect(row(page, name).getByRole('link', { name: link })).toHaveAttribute('href', `/screen/${screen.hash_id}`);
  await expect(row(page, name)).toContainText(first.name);

  // The copy button puts the public link on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await row(page, name)
    .getByRole('button', { name: `Link másolása: ${name}` })
    .click();
  await expect(toast(page, 'Link másolva.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A second browser, logged out, opens the link: the slides turn, each for its seconds.
  const tv = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const screenPage = await tv.newPage();
    // The page listens on its public channel; pusher-js moves on timers too, so it subscribes on a running clock.
    const subscribed = new Promise<void>((resolve) => {
      screenPage.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          const text = String(frame.payload);
          if (text.includes('subscription_succeeded') && text.includes(`screen.${screen.hash_id}`)) resolve();
        }),
      );
    });
    await screenPage.clock.install({ time: new Date('2026-03-02T09:00:00+01:00') });
    const response = await screenPage.goto(link);
    expect(response?.status()).toBe(200);
    await expect(screenPage.locator('main img[data-front="true"]')).toHaveCount(1);
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([
      subscribed,
      new Promise((_, reject) => {
        giveUp = setTimeout(() => reject(new Error('the screen page never subscribed to its channel')), 30_000);
      }),
    ]);
    clearTimeout(giveUp);
    // From here the test drives time: each second of the clock turns one slide, in order, looping.
    const fakeNow = await screenPage.evaluate(() => Date.now());
    await screenPage.clock.pauseAt(fakeNow + 100);
    const start = await front(screenPage);
    expect(firstPaths).toContain(start.path);
    let at = firstPaths.indexOf(start.path);
    for (let turn = 0; turn < 3; turn++) {
      at = (at + 1) % firstPaths.length;
      await screenPage.clock.runFor(1000);
      await expect.poll(async () => (await front(screenPage)).path).toBe(firstPaths[at]);
    }
    expect((await front(screenPage)).step).toBe(start.step + 3);
    // Still loaded ahead: the page is the same document (no reload happens below either).
    await screenPage.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));

    // The manager changes the default in the first browser: the open screen switches without a reload.
    await row(page, name)
      .getByRole('button', { name: `Szerkesztés: ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Képernyő szerkesztése' });
    await expect(edit.getByLabel('Alapértelmezett slideshow')).toHaveValue(String(first.id));
    await edit.getByLabel('Alapértelmezett slideshow').selectOption({ label: second.name });
    await edit.getByRole('button', { name: 'Mentés' }).click();
    await expect(toast(page, 'Sikeresen mentve.')).toBeVisible();
    await expect(row(page, name)).toContainText(second.name);

    await expect.poll(async () => (await front(screenPage)).path, { timeout: 15_000 }).toBe(secondPaths[0]);
    expect(await screenPage.evaluate(() => (window as unknown as { __kept?: boolean }).__kept)).toBe(true);
    // The new slideshow's seconds (2 s) hold: not turned after 1 s, turned after 2.
    await screenPage.clock.runFor(1000);
    expect((await front(screenPage)).path).toBe(secondPaths[0]);
    await screenPage.clock.runFor(1000);
    await expect.poll(async () => (await front(screenPage)).path).toBe(secondPaths[1]);

    // Deleted in the mixer: the open screen says so in Hungarian.
    await row(page, name)
      .getByRole('button', { name: `Törlés: ${name}` })
      .click();
    await page.getByRole('button', { name: 'Képernyő törlése' }).click();
    await expect(toast(page, 'Sikeresen eltávolítva.')).toBeVisible();
    await expect(screenPage.getByRole('heading', { name: 'Ez a képernyő nem található' })).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    await tv.close();
  }
});

test('an unknown screen answers 404 with a Hungarian page, without a login', async ({ browser, baseURL }) => {
  const guest = await browser.newContext();
  try {
    const screenPage = await guest.newPage();
    const response = await screenPage.goto(`${baseURL}/screen/nincs-ilyen-kepernyo-123`);
    expect(response?.status()).toBe(404);
    await expect(screenPage.getByRole('heading', { name: 'Ez a képernyő nem található' })).toBeVisible();
    await expect(screenPage).toHaveURL(/\/screen\/nincs-ilyen-kepernyo-123$/);
  } finally {
    await guest.close();
  }
});
