/**
 * Pause pressed during a spot (part of `npm run bench`, step `pause-spot`): a Chromium page is the
 * audio device of channel 1; a remote login (a phone, through the BFF) fires a spot and, while the
 * spot's element sounds, presses pause (`toggle-play`). Measured per press: from the moment the press
 * is sent to the spot element's `pause` event in the page (the same machine's clock). Then play lets
 * the held spot go on, and the next press pauses it again; a new spot is fired when one has ended.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/launch/browser';
import { webUrl, type Stack } from '../scripts/launch/stack';
import { bffCall, newContext, remoteOf } from './pages';
import { percentile } from './realtime';

export interface PauseSpotMeasurement {
  name: string;
  value: number;
  unit: 'ms';
  max?: number;
  note?: string;
}

export const PAUSE_SPOT_BUDGET_MS = 300;
const PRESSES = Number(process.env.BENCH_PAUSE_SPOT_PRESSES ?? 20);

interface PlayerState {
  id: number;
  is_playing: boolean;
}

export async function measurePauseDuringSpot(
  stack: Stack,
  login: () => Promise<string>,
): Promise<PauseSpotMeasurement[]> {
  const deviceCookie = await login();
  const remoteCookie = await login();
  const remote = remoteOf(stack, remoteCookie);
  let [player] = await remote<PlayerState[]>('GET', '/api/players');
  if (!player) throw new Error('no player for the demo customer');
  // Paused, so that the page's press takes the audio output.
  if (player.is_playing) player = await remote<PlayerState>('GET', `/api/players/${player.id}/toggle-play`);
  const playerId = player.id;
  const spots = await remote<{ id: number; duration: number }[]>('GET', '/api/spots');
  const spot = [...spots].sort((a, b) => b.duration - a.duration)[0];
  if (!spot) throw new Error('the demo shop has no spots');

  process.stdout.write(`pause-spot: ${PRESSES} pauses during a spot, pressed on a remote…\n`);
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const context = await newContext(browser, webUrl(stack.webPort), deviceCookie);
    const page = await context.newPage();
    await page.goto(`${webUrl(stack.webPort)}/channels/1`, { waitUntil: 'load' });
    await page.locator('[data-connection="connected"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('main').getByRole('button', { name: 'Lejátszás', exact: true }).click();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
        return !!audio && !audio.paused && audio.currentTime > 0;
      },
      null,
      { timeout: 15_000 },
    );
    // The spot element's pauses, stamped in the page as they happen.
    await page.evaluate(() => {
      const w = window as unknown as { __pausedAt: number[] };
      w.__pausedAt = [];
      document
        .querySelector<HTMLAudioElement>('audio[data-spot-audio]')!
        .addEventListener('pause', () => w.__pausedAt.push(Date.now()));
    });
    /** Waits until the spot element sounds and has moved on a little since `from`. */
    const spotSounding = (from: number) =>
      page.waitForFunction(
        (after: number) => {
          const spotAudio = document.querySelector<HTMLAudioElement>('audio[data-spot-audio]');
          return !!spotAudio?.getAttribute('src') && !spotAudio.paused && spotAudio.currentTime > after;
        },
        from,
        { timeout: 15_000, polling: 50 },
      );
    const spotTime = () =>
      page.evaluate(() => {
        const spotAudio = document.querySelector<HTMLAudioElement>('audio[data-spot-audio]');
        return spotAudio?.getAttribute('src') ? spotAudio.currentTime : null;
      });

    const latencies: number[] = [];
    let fired = 0;
    while (latencies.length < PRESSES) {
      const at = await spotTime();
      // No spot (or too little of it left for a press and a resume): fire one.
      if (at === null || at > spot.duration - 2) {
        if (at !== null)
          await page.waitForFunction(
            () => !document.querySelector('audio[data-spot-audio]')?.getAttribute('src'),
            null,
            { timeout: 15_000 },
          );
        const res = await bffCall(stack, remoteCookie, 'POST', `/api/players/${playerId}/spots/play`, {
          spots: [spot.id],
        });
        if (res.status !== 200) throw new Error(`spots/play answered ${res.status}`);
        fired += 1;
        await spotSounding(0.3);
      } else {
        await spotSounding(at + 0.2);
      }
      const seen = await page.evaluate(() => (window as unknown as { __pausedAt: number[] }).__pausedAt.length);
      const pressedAt = Date.now();
      await remote<PlayerState>('GET', `/api/players/${playerId}/toggle-play`);
      const pausedAt = await page
        .waitForFunction(
          (count: number) => {
            const stamps = (window as unknown as { __pausedAt: number[] }).__pausedAt;
            return stamps.length > count ? stamps[count] : false;
          },
          seen,
          { timeout: 10_000, polling: 'raf' },
        )
        .then((handle) => handle.jsonValue() as Promise<number>);
      latencies.push(pausedAt - pressedAt);
      // Play: the held spot goes on from where it stopped.
      await remote<PlayerState>('GET', `/api/players/${playerId}/toggle-play`);
    }
    await remote<PlayerState>('GET', `/api/players/${playerId}/toggle-play`);
    return [
      {
        name: 'pause pressed during a spot → spot element paused p95',
        value: percentile(latencies, 95),
        unit: 'ms',
        max: PAUSE_SPOT_BUDGET_MS,
        note: `${latencies.length} presses on a remote, ${fired} spots; p50 ${percentile(latencies, 50)} ms`,
      },
    ];
  } finally {
    await browser.close();
  }
}
