import { expect, test } from '@playwright/test';
import { logIn } from '../support/auth';
import { startOwnStack, stopOwnStack } from '../support/own-stack';
import { E2E, startApi, webUrl, type ManagedProcess, type Stack } from '../../../scripts/launch/stack';
import type { Spot } from '../../../contracts/spots';
import { LIVE, pageCall, pathOf, roomBeforeTrackEnd, spotElement, waitForSocket } from '../realtime/support';
import { cachedMedia, holdable, serverPlays, startSampling, stopSampling } from './outage-support';
import { audioState, bar, playChannel, releasePlayer, serverPlayer } from './support';

// Its own stack: the test stops the tenant API and starts it again on the same DATA_DIR.
const API_PORT = E2E.apiPort + 11;
const WEB_PORT = E2E.webPort + 11;
/** How long the API stays away (the issue asks 15 s in CI; the bench runs the long outage). */
const OUTAGE_MS = 15_000;
const NOTICE = 'Nincs kapcsolat a szerverrel – a zene tovább szól';

let stack: Stack | undefined;
/** The API started again by a test (the stack's own handle still names the stopped one). */
let restarted: ManagedProcess | undefined;

/** Stops whichever API process runs now. */
async function stopApi(): Promise<void> {
  await (restarted ?? stack!.api).stop();
}

async function startApiAgain(): Promise<void> {
  restarted = await startApi({ port: API_PORT, webPort: WEB_PORT, dataDir: stack!.dataDir, secrets: stack!.secrets });
}

test.use({ baseURL: webUrl(WEB_PORT, 'demo') });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startOwnStack(API_PORT, WEB_PORT);
});

// Paused and logged out, so the next test's device takes the output with its own press.
test.afterEach(async ({ page }) => releasePlayer(page));

test.afterAll(async () => {
  await restarted?.stop();
  await stopOwnStack(stack);
});

test('the API away across a track end: the music plays on from the cache, the bar says so, and the server follows once it is back', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logIn(page);
  await playChannel(page, 1);
  const before = await serverPlayer(page);
  const upcoming = before.next_tracks?.[0];
  expect(typeof before.version).toBe('number');
  expect(upcoming, 'the player announces its next track').toBeTruthy();
  const region = bar(page);

  // The audio device's worker keeps the current and the next track, and nothing but media.
  await expect
    .poll(async () => (await cachedMedia(page)).map(pathOf), { timeout: 30_000 })
    .toEqual(expect.arrayContaining([pathOf(before.track!.url), pathOf(upcoming!.url)]));
  for (const key of await cachedMedia(page)) {
    expect(pathOf(key)).toMatch(/^\/media\//);
    expect(new URL(key).searchParams.has('signature')).toBe(false);
  }
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  expect(await page.locator('audio[data-player-audio]').getAttribute('crossorigin')).toBe('anonymous');

  // Six seconds before the end, the API goes away: the track ends while nobody answers.
  await page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]')!;
    audio.currentTime = Math.max(0, audio.duration - 6);
  });
  await startSampling(page);
  let back: number | undefined;
  const stoppedAt = Date.now();
  await stopApi();
  try {
    await expect(region.getByText(NOTICE, { exact: true })).toBeVisible({ timeout: OUTAGE_MS });
    const noticeAfter = Date.now() - stoppedAt;

    // The next announced track plays from the cache; the bar names it and still offers a pause.
    await expect
      .poll(
        async () => {
          const audio = await audioState(page);
          return !audio.paused && pathOf(audio.src) === pathOf(upcoming!.url);
        },
        { timeout: 15_000, intervals: [250] },
      )
      .toBe(true);
    await expect(region.getByText(upcoming!.title ?? upcoming!.name, { exact: true })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();
    await expect(region.getByText('Nincs kapcsolat a szerverrel', { exact: true })).toHaveCount(0);

    // With the API away the worker answers from the whole cached file: a range with 206, no range with 200.
    const fromCache = await page.evaluate(async (url) => {
      const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      const whole = await fetch(url);
      return {
        partStatus: part.status,
        partRange: part.headers.get('Content-Range'),
        partBytes: (await part.arrayBuffer()).byteLength,
        wholeStatus: whole.status,
        wholeBytes: (await whole.arrayBuffer()).byteLength,
      };
    }, upcoming!.url);
    expect(fromCache).toMatchObject({ partStatus: 206, partBytes: 100, wholeStatus: 200 });
    expect(fromCache.partRange).toBe(`bytes 100-199/${fromCache.wholeBytes}`);

    // A press the outage cuts off says so rather than vanishing.
    await region.getByRole('button', { name: 'Következő szám', exact: true }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'A lejátszó nem válaszolt, kérjük, próbálja újra.' }),
    ).toBeVisible({
      timeout: 10_000,
    });

    // The outage lasts OUTAGE_MS whatever the page does: that length is the scenario.
    await page.waitForTimeout(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
    await startApiAgain();
    back = Date.now();

    // The device tells the server where it is: the server names the track that sounds, playing, here.
    await expect
      .poll(() => serverPlays(page, upcoming!.id, before.session_id), { timeout: 10_000, intervals: [100] })
      .toBe(true);
    const rightAfter = Date.now() - back;
    await expect(region.getByText(NOTICE, { exact: true })).toHaveCount(0, { timeout: 5_000 });
    const server = await serverPlayer(page);
    const heard = await audioState(page);
    // The server's position is the device's (reported at the return), not the track's start.
    expect(server.current_time).toBeGreaterThan(1);
    expect(server.current_time).toBeLessThanOrEqual(heard.time + 0.5);
    expect(server.version!).toBeGreaterThan(before.version!);
    // A window on purpose: the sampling below proves the music never stood still in it.
    await page.waitForTimeout(1_500);

    const samples = await stopSampling(page);
    // Never silent: not paused once, and the time never stood still for long. The one instant a track
    // has reached its end is no pause: the browser marks the element paused there a moment before its
    // `ended` event starts the next track, and a sample can fall in between (the next sample then has
    // the next track).
    expect(samples.filter((s, i) => s.paused && (i === samples.length - 1 || samples[i + 1]!.src === s.src))).toEqual(
      [],
    );
    let stillSince = samples[0]!.at;
    let longestStill = 0;
    for (let i = 1; i < samples.length; i += 1) {
      const [a, b] = [samples[i - 1]!, samples[i]!];
      if (b.src !== a.src || b.time > a.time) stillSince = b.at;
      longestStill = Math.max(longestStill, b.at - stillSince);
      // No jump on the same track: its time moves with the clock (the return takes the device's place).
      if (b.src === a.src) expect(Math.abs(b.time - a.time - (b.at - a.at) / 1000)).toBeLessThan(1.5);
    }
    expect(longestStill).toBeLessThan(1_500);
    expect(new Set(samples.map((s) => pathOf(s.src))).size).toBe(2);

    test.info().annotations.push({
      type: 'figures',
      description: `notice after ${noticeAfter} ms; state right ${rightAfter} ms after the API's return; longest still ${longestStill} ms`,
    });
    console.log(
      `[offline] notice after ${noticeAfter} ms; state right ${rightAfter} ms after the API's return; longest still ${longestStill} ms`,
    );
  } finally {
    // Whatever failed, the API is back for the next test and the teardown.
    if (back === undefined) await startApiAgain();
  }
});

test('spots queued before the API went play from the cache, and the music resumes after them', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page);
  await playChannel(page, 1);
  // The track must not end before the spots nor just after them.
  const before = await roomBeforeTrackEnd(page, page, 20);
  const spots = (await pageCall(page, 'GET', '/api/spots')).body as Spot[];
  const [first, second] = [...spots].sort((x, y) => x.duration - y.duration);
  expect(second, 'the demo data has two spots').toBeTruthy();

  const fired = await pageCall(page, 'POST', `/api/players/${before.id}/spots/play`, {
    spots: [first!.id, second!.id],
  });
  expect(fired.status).toBe(200);
  await expect.poll(async () => pathOf((await spotElement(page)).src), LIVE).toBe(pathOf(first!.url));
  // The worker keeps the queued spot along with the tracks.
  await expect
    .poll(async () => (await cachedMedia(page)).map(pathOf), { timeout: 15_000 })
    .toContain(pathOf(second!.url));

  await stopApi();
  let back: number | undefined;
  try {
    // The second spot plays with the API away, then the music takes the floor back.
    await expect.poll(async () => pathOf((await spotElement(page)).src), { timeout: 30_000 }).toBe(pathOf(second!.url));
    await expect.poll(async () => (await spotElement(page)).time, LIVE).toBeGreaterThan(0.3);
    await expect(bar(page).getByText(NOTICE, { exact: true })).toBeVisible(LIVE);
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 40_000 }).toBe(false);
    const resumed = await audioState(page);
    expect(pathOf(resumed.src)).toBe(pathOf(before.track!.url));
    await expect.poll(async () => (await audioState(page)).time, LIVE).toBeGreaterThan(resumed.time + 1);

    await startApiAgain();
    back = Date.now();
    await expect
      .poll(() => serverPlays(page, before.track!.id, before.session_id), { timeout: 10_000, intervals: [100] })
      .toBe(true);
    await expect(bar(page).getByText(NOTICE, { exact: true })).toHaveCount(0, LIVE);
    expect((await audioState(page)).paused).toBe(false);
  } finally {
    if (back === undefined) await startApiAgain();
  }
});

test("the API hangs at a track end (it takes the call and never answers): past the call's deadline the music plays on from the cache, and the server follows once it answers", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page);
  await playChannel(page, 1);
  const before = await serverPlayer(page);
  const upcoming = before.next_tracks?.[0];
  expect(upcoming, 'the player announces its next track').toBeTruthy();
  await expect
    .poll(async () => (await cachedMedia(page)).map(pathOf), { timeout: 30_000 })
    .toEqual(expect.arrayContaining([pathOf(before.track!.url), pathOf(upcoming!.url)]));

  // The network holds the device's `next` for ever: sent, never answered (a hung API or database
  // behind a gateway that waits). Everything else still answers.
  const held: string[] = [];
  const isNext = /\/api\/players\/\d+\/next(\?|$)/;
  await page.route(isNext, (route) => {
    held.push(route.request().url());
  });
  try {
    await page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]')!;
      audio.currentTime = Math.max(0, audio.duration - 3);
    });
    await startSampling(page);

    // The track ends and asks for the next one, which never comes; the deadline counts it as the API
    // away, and the announced next track plays from the cache.
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          const audio = await audioState(page);
          return !audio.paused && pathOf(audio.src) === pathOf(upcoming!.url);
        },
        { timeout: 15_000, intervals: [250] },
      )
      .toBe(true);
    await expect(bar(page).getByText(NOTICE, { exact: true })).toBeVisible(LIVE);
    await expect(bar(page).getByText(upcoming!.title ?? upcoming!.name, { exact: true })).toBeVisible();
    const samples = await stopSampling(page);
    // The silence between the two tracks, for the record (the deadline's 5 s, not a gateway's minute;
    // the poll above is the check).
    let lastOld = -1;
    samples.forEach((s, i) => {
      if (pathOf(s.src) === pathOf(before.track!.url) && !s.paused) lastOld = i;
    });
    const firstNew = samples.findIndex((s) => pathOf(s.src) === pathOf(upcoming!.url) && !s.paused);
    const silence = lastOld >= 0 && firstNew > lastOld ? samples[firstNew]!.at - samples[lastOld]!.at : null;
    console.log(`[hung next] silence at the track's end ${silence ?? '?'} ms; calls held ${held.length}`);

    // The API answers again: the device tells the server where it is, and the notice goes.
    await page.unroute(isNext);
    await expect
      .poll(() => serverPlays(page, upcoming!.id, before.session_id), { timeout: 20_000, intervals: [250] })
      .toBe(true);
    await expect(bar(page).getByText(NOTICE, { exact: true })).toHaveCount(0, LIVE);
    expect((await audioState(page)).paused).toBe(false);
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test("after the API's outage the sockets of the audio device and of a remote connect anew as soon as the API answers, even over an attempt that hangs", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const audio = await holdable(page);
  await logIn(page);
  await playChannel(page, 1);
  const remoteContext = await browser.newContext({
    baseURL: webUrl(WEB_PORT, 'demo'),
    locale: 'hu-HU',
    viewport: { width: 1366, height: 768 },
  });
  const remote = await holdable(await remoteContext.newPage());
  await logIn(remote.page);
  await waitForSocket(page);
  await waitForSocket(remote.page);
  const before = await serverPlayer(page);

  audio.held = true;
  remote.held = true;
  await stopApi();
  let back: number | undefined;
  try {
    await expect(bar(page).getByText(NOTICE, { exact: true })).toBeVisible({ timeout: 15_000 });
    await startApiAgain();
    back = Date.now();
    // Each device in turn: once a fresh attempt of its socket is under way (and hangs), the API's
    // answers reach it. Its first answered call restarts the socket: connected long before pusher-js's
    // own 10 s would have given up on the hung attempt.
    const connectedAfter: number[] = [];
    for (const device of [audio, remote]) {
      const attempts = device.hung.length;
      await expect.poll(() => device.hung.length, { timeout: 15_000, intervals: [100] }).toBeGreaterThan(attempts);
      device.held = false;
      const lifted = Date.now();
      await waitForSocket(device.page);
      connectedAfter.push(Date.now() - lifted);
    }
    console.log(
      `[socket after outage] audio device connected ${connectedAfter[0]} ms, remote ${connectedAfter[1]} ms after the API answered it again`,
    );
    for (const ms of connectedAfter) expect(ms).toBeLessThan(5_000);
    await expect(bar(page).getByText(NOTICE, { exact: true })).toHaveCount(0, LIVE);

    // Live again: a change made elsewhere arrives on both as an event.
    const toggled = await pageCall(page, 'POST', `/api/players/${before.id}/random`, {});
    expect(toggled.status).toBe(200);
    const random = String((toggled.body as { is_random: boolean }).is_random);
    for (const target of [page, remote.page])
      await expect(bar(target).getByRole('button', { name: 'Véletlen sorrend' })).toHaveAttribute(
        'aria-pressed',
        random,
        LIVE,
      );
  } finally {
    audio.held = false;
    remote.held = false;
    await remoteContext.close().catch(() => {});
    if (back === undefined) await startApiAgain();
  }
});
