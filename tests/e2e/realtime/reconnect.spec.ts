import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from '../support/two-devices';
import { audioState, bar, LIVE, pathOf, playerOf, playHere, waitForSocket } from './support';

test.describe.configure({ timeout: 150_000 });

test('a device whose socket drops shows it, and after it returns it shows what changed meanwhile', async ({ a, b }) => {
  // B's socket goes through the test, to the real server, until the test cuts it.
  let cut = false;
  const open = new Set<WebSocketRoute>();
  await b.page.routeWebSocket(/\/app\//, (ws) => {
    if (cut) {
      // Refuse while cut off; pusher-js backs off and tries again.
      void ws.close({ code: 4100, reason: 'cut off by the test' });
      return;
    }
    ws.connectToServer();
    open.add(ws);
  });
  await b.page.reload();
  await waitForSocket(b.page);
  await waitForSocket(a.page);

  const barA = bar(a.page);
  const barB = bar(b.page);
  const shuffleA = barA.getByRole('button', { name: 'Véletlen sorrend' });
  const shuffleB = barB.getByRole('button', { name: 'Véletlen sorrend' });
  const random = (await playerOf(a.page)).is_random;
  await expect(barB.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible(LIVE);
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(random));

  // Cut B off.
  cut = true;
  for (const ws of open) await ws.close({ code: 4100, reason: 'cut off by the test' }).catch(() => {});
  open.clear();
  await expect(barB.getByText('Kapcsolódás…')).toBeVisible(LIVE);

  // Meanwhile A pauses and toggles shuffle; B cannot hear about it.
  await barA.getByRole('button', { name: 'Szünet', exact: true }).click();
  await shuffleA.click();
  await expect(shuffleA).toHaveAttribute('aria-pressed', String(!random));
  // A window on purpose: it shows that nothing reaches B while its socket is down.
  await b.page.waitForTimeout(1_500);
  await expect(barB.getByRole('button', { name: 'Szünet', exact: true })).toBeVisible();

  // B comes back: it fetches the player again and shows the new state.
  cut = false;
  await expect(barB.getByText('Kapcsolódás…')).toHaveCount(0, { timeout: 30_000 });
  await expect(barB.getByRole('button', { name: 'Lejátszás', exact: true })).toBeVisible(LIVE);
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(!random));

  // And it is live again: a new change arrives as an event.
  await shuffleA.click();
  await expect(shuffleB).toHaveAttribute('aria-pressed', String(random), LIVE);
});

test("the audio device's socket drops: the music plays on, and after the return it follows what changed meanwhile", async ({
  a,
  b,
}) => {
  // A, the audio device, reaches the realtime server through the test, which cuts it off and lets it
  // back: routed here, then its page opened again (playHere) so that its socket takes the route.
  let cut = false;
  let returnedAt: number | null = null;
  const open = new Set<WebSocketRoute>();
  await a.page.routeWebSocket(/\/app\//, (ws) => {
    if (cut) {
      void ws.close({ code: 4100, reason: 'cut off by the test' });
      return;
    }
    returnedAt ??= Date.now();
    ws.connectToServer();
    open.add(ws);
  });
  await playHere(a.page);
  await waitForSocket(a.page);
  await waitForSocket(b.page);
  const barA = bar(a.page);
  const barB = bar(b.page);
  await expect(barB.getByText('A zene egy másik eszközön szól')).toBeVisible(LIVE);

  cut = true;
  for (const ws of open) await ws.close({ code: 4100, reason: 'cut off by the test' }).catch(() => {});
  open.clear();
  await expect(barA.getByText('Kapcsolódás…')).toBeVisible(LIVE);
  // Only the socket is gone, the API answers: no outage, and the music goes on.
  const heard = await audioState(a.page);
  await expect
    .poll(async () => {
      const still = await audioState(a.page);
      return !still.paused && still.time > heard.time + 1;
    }, LIVE)
    .toBe(true);
  await expect(barA.getByText('Nincs kapcsolat a szerverrel – a zene tovább szól')).toHaveCount(0);

  // Meanwhile B moves the music on; A cannot hear of it through the socket.
  const before = await playerOf(b.page);
  await barB.getByRole('button', { name: 'Következő szám', exact: true }).click();
  await expect.poll(async () => (await playerOf(b.page)).track?.id, LIVE).not.toBe(before.track?.id);
  const moved = await playerOf(b.page);

  // A's socket comes back: it plays the track B chose.
  returnedAt = null;
  cut = false;
  await expect
    .poll(
      async () => {
        const audio = await audioState(a.page);
        return !audio.paused && pathOf(audio.src) === pathOf(moved.track!.url);
      },
      { timeout: 40_000, intervals: [100] },
    )
    .toBe(true);
  const rightAt = Date.now();
  await expect(barA.getByText('Kapcsolódás…')).toHaveCount(0, { timeout: 40_000 });
  expect(returnedAt, 'the socket came back through the test').not.toBeNull();
  // Zero when the page's fallback poll had already brought the new state before the socket returned.
  const rightAfter = Math.max(0, rightAt - returnedAt!);
  test
    .info()
    .annotations.push({ type: 'figures', description: `state right ${rightAfter} ms after the socket's return` });
  console.log(`[socket drop] audio device right ${rightAfter} ms after the socket's return`);
  expect(rightAfter).toBeLessThan(10_000);
});
