import type { Page, WebSocketRoute } from '@playwright/test';
import { serverPlayer } from './support';

/** Helpers of the outage tests (the end-to-end suite's and the scale suite's): the audio device's media cache, its music element sampled, a device whose network the test holds. */

/** The media cache's keys (the worker keeps whole files keyed without the signature). */
export async function cachedMedia(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('pulzus-media-v1'))) return [];
    const cache = await caches.open('pulzus-media-v1');
    return (await cache.keys()).map((request) => request.url);
  });
}

export interface Sample {
  at: number;
  src: string;
  time: number;
  paused: boolean;
}

/** Samples the music element four times a second in the page, until `stopSampling`. */
export async function startSampling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __samples: unknown[]; __sampler: ReturnType<typeof setInterval> };
    w.__samples = [];
    w.__sampler = setInterval(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-player-audio]');
      w.__samples.push({
        at: Date.now(),
        src: audio?.currentSrc ?? '',
        time: audio?.currentTime ?? 0,
        paused: audio?.paused ?? true,
      });
    }, 250);
  });
}

export async function stopSampling(page: Page): Promise<Sample[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __samples: Sample[]; __sampler: ReturnType<typeof setInterval> };
    clearInterval(w.__sampler);
    return w.__samples;
  });
}

/**
 * A device whose sockets and API calls the test holds: while `held`, a socket goes nowhere (taken and
 * never answered, as one opened against a server that is gone: pusher-js waits for its own timeout
 * before it tries again) and every call to /api/ is refused.
 */
export interface HeldDevice {
  page: Page;
  held: boolean;
  /** The socket attempts held so far. */
  hung: WebSocketRoute[];
}

export async function holdable(page: Page): Promise<HeldDevice> {
  const device: HeldDevice = { page, held: false, hung: [] };
  await page.routeWebSocket(/\/app\//, (ws) => {
    if (device.held) device.hung.push(ws);
    else ws.connectToServer();
  });
  await page.route(/\/api\//, (route) => (device.held ? route.abort('connectionrefused') : route.fallback()));
  return device;
}

/** Whether the server's player plays `trackId` with the device `sessionId` as its output (false while the API cannot answer). */
export async function serverPlays(page: Page, trackId: number, sessionId: string | null | undefined): Promise<boolean> {
  const server = await serverPlayer(page).catch(() => null);
  return server?.track?.id === trackId && !!server.is_playing && server.session_id === sessionId;
}
