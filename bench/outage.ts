/**
 * The API away for a minute (part of `npm run bench`, step `outage`): a Chromium page is the audio
 * device of a channel; six seconds before its track ends the bench's tenant API is stopped for
 * BENCH_OUTAGE_MS (60 s) and started again on the same data. Sampled four times a second in the page:
 * the music element never pauses and its time never stands still (it goes on to the next tracks from
 * the media cache). Measured: how soon the bar says 'Nincs kapcsolat a szerverrel – a zene tovább szól',
 * the longest stretch without progress, and how soon after the API's return the server names the track
 * the device plays (the device reports where it is).
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/launch/browser';
import { webUrl, type Stack } from '../scripts/launch/stack';
import { newContext, remoteOf } from './pages';

export interface OutageMeasurement {
  name: string;
  value: number;
  unit: 'ms';
  max?: number;
  note?: string;
}

export const OUTAGE_BUDGETS = { noticeMs: 15_000, stillMs: 1_000, rightMs: 2_000 } as const;

const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 60_000);
const NOTICE = 'Nincs kapcsolat a szerverrel – a zene tovább szól';

interface PlayerState {
  id: number;
  is_playing: boolean;
  session_id: string | null;
  track: { id: number; url: string } | null;
  next_tracks?: { id: number; url: string }[];
}

interface Sample {
  at: number;
  src: string;
  time: number;
  paused: boolean;
}

const pathOf = (url: string) => new URL(url || 'http://x/').pathname;

export async function measureOutage(stack: Stack, login: () => Promise<string>): Promise<OutageMeasurement[]> {
  const deviceCookie = await login();
  const remoteCookie = await login();
  const remote = remoteOf(stack, remoteCookie);
  let [player] = await remote<PlayerState[]>('GET', '/api/players');
  if (!player) throw new Error('no player for the demo customer');
  // Paused, so that the page's press takes the audio output.
  if (player.is_playing) player = await remote<PlayerState>('GET', `/api/players/${player.id}/toggle-play`);
  const playerId = player.id;

  process.stdout.write(`outage: the API away for ${OUTAGE_MS / 1000} s across a track end on the audio device…\n`);
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
    player = (await remote<PlayerState[]>('GET', '/api/players')).find((p) => p.id === playerId)!;
    const upcoming = player.next_tracks ?? [];
    if (!upcoming.length) throw new Error('the player announces no next tracks');
    // The media cache holds the current and the next tracks before the API goes.
    await page.waitForFunction(
      async (want: string[]) => {
        if (!(await caches.has('pulzus-media-v1'))) return false;
        const keys = (await (await caches.open('pulzus-media-v1')).keys()).map((r) => new URL(r.url).pathname);
        return want.every((p) => keys.includes(p));
      },
      [player.track!.url, ...upcoming.map((t) => t.url)].map(pathOf),
      { timeout: 30_000, polling: 250 },
    );

    await page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]')!;
      audio.currentTime = Math.max(0, audio.duration - 6);
      const w = window as unknown as { __samples: unknown[]; __sampler: ReturnType<typeof setInterval> };
      w.__samples = [];
      w.__sampler = setInterval(() => {
        const a = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
        w.__samples.push({
          at: Date.now(),
          src: a?.currentSrc ?? '',
          time: a?.currentTime ?? 0,
          paused: a?.paused ?? true,
        });
      }, 250);
    });
    const stoppedAt = Date.now();
    const restart = stack.restartApi(undefined, OUTAGE_MS);
    let noticeAfter = Number.NaN;
    await page
      .getByText(NOTICE, { exact: true })
      .waitFor({ state: 'visible', timeout: OUTAGE_MS })
      .then(() => (noticeAfter = Date.now() - stoppedAt))
      .catch(() => undefined);
    await restart;
    const back = Date.now();

    let rightAfter = Number.NaN;
    while (Date.now() - back < 30_000) {
      const heard = await page.evaluate(
        () => document.querySelector<HTMLAudioElement>('audio[data-player-audio]')?.currentSrc ?? '',
      );
      const server = (await remote<PlayerState[]>('GET', '/api/players').catch(() => [] as PlayerState[])).find(
        (p) => p.id === playerId,
      );
      if (server?.is_playing && server.track && pathOf(server.track.url) === pathOf(heard)) {
        rightAfter = Date.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.waitForTimeout(1_000);
    const samples = await page.evaluate(() => {
      const w = window as unknown as { __samples: Sample[]; __sampler: ReturnType<typeof setInterval> };
      clearInterval(w.__sampler);
      return w.__samples;
    });
    let stillSince = samples[0]?.at ?? 0;
    let longestStill = 0;
    for (let i = 1; i < samples.length; i += 1) {
      const [a, b] = [samples[i - 1]!, samples[i]!];
      if (!b.paused && (b.src !== a.src || b.time > a.time)) stillSince = b.at;
      longestStill = Math.max(longestStill, b.at - stillSince);
    }
    const tracks = new Set(samples.map((s) => pathOf(s.src))).size;
    return [
      {
        name: 'outage: notice after the API went',
        value: noticeAfter,
        unit: 'ms',
        max: OUTAGE_BUDGETS.noticeMs,
        note: `API away ${OUTAGE_MS / 1000} s`,
      },
      {
        name: 'outage: longest stretch without music',
        value: longestStill,
        unit: 'ms',
        max: OUTAGE_BUDGETS.stillMs,
        note: `${tracks} tracks heard`,
      },
      {
        name: "outage: server right after the API's return",
        value: rightAfter,
        unit: 'ms',
        max: OUTAGE_BUDGETS.rightMs,
      },
    ];
  } finally {
    await browser.close();
  }
}
