import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ROOT } from '../../../scripts/launch/web-build.mjs';
import { makePng } from '../../../scripts/media/png';
import { pageCall } from '../playlists/support';

export { makePng };

export { dragAnnounced, pageCall, toast, uniqueName } from '../playlists/support';

export const COLOURS: Record<string, [number, number, number]> = {
  piros: [214, 48, 49],
  zold: [39, 174, 96],
  kek: [41, 98, 255],
  sarga: [241, 196, 15],
  lila: [142, 68, 173],
};

/** Files for a file chooser: `piros.png`… */
export function pngFiles(names: string[]) {
  return names.map((name) => ({
    name: `${name}.png`,
    mimeType: 'image/png',
    buffer: makePng(COLOURS[name] ?? [120, 120, 120]),
  }));
}

export interface ImageAnswer {
  id: number;
  name: string;
  url: string;
  seconds: number;
}
export interface SlideshowAnswer {
  id: number;
  name: string;
  images: ImageAnswer[];
}
export interface ScreenAnswer {
  id: number;
  name: string;
  hash_id: string;
  slideshow_id: number | null;
}

/** A slideshow of this test's own, made through the BFF as the page makes it: name, images, save. */
export async function createSlideshow(
  page: Page,
  name: string,
  colours: string[],
  seconds = 1,
): Promise<SlideshowAnswer> {
  const created = await pageCall<SlideshowAnswer>(page, 'POST', '/api/slideshows', { name });
  for (const file of pngFiles(colours)) {
    const status = await page.evaluate(
      async ({ path, name, bytes }) => {
        const form = new FormData();
        form.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        const res = await fetch(path, {
          method: 'POST',
          body: form,
          headers: { Accept: 'application/json' },
          credentials: 'same-origin',
        });
        return res.status;
      },
      { path: `/api/slideshows/${created.id}/image`, name: file.name, bytes: [...file.buffer] },
    );
    expect(status, `upload ${file.name}`).toBeLessThan(300);
  }
  const current = await pageCall<SlideshowAnswer>(page, 'GET', `/api/slideshows/${created.id}`);
  return pageCall<SlideshowAnswer>(page, 'POST', `/api/slideshows/${created.id}`, {
    name,
    images: current.images.map((image) => ({ id: image.id, seconds })),
  });
}

/** The path of a signed media URL (its query changes with every signature). */
export function mediaPath(url: string): string {
  return new URL(url, 'http://x').pathname;
}

/** The demo's own MP3s (real files the seed plays too). */
export const MEDIA = {
  spot: (name: string) => path.join(ROOT, 'server', 'assets', 'audio', 'spots', name),
  sound: (name: string) => path.join(ROOT, 'server', 'assets', 'audio', 'sounds', name),
};

/**
 * Makes the browser send request bodies slowly (Chromium's own network emulation), so an upload
 * takes seconds and its progress bar can be watched moving. `null` lifts the limit.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/**
 * Watches an upload's progress bar from its first appearance until it goes, and answers every value
 * it showed (read in the page on each animation frame, so a fast upload is not missed between polls).
 */
export async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: number[]; __progressStop?: boolean };
    w.__progress = [];
    w.__progressStop = false;
    const tick = () => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined) {
        const n = Number(value);
        if (w.__progress.at(-1) !== n) w.__progress.push(n);
      }
      if (!w.__progressStop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __progress: number[]; __progressStop?: boolean };
      w.__progressStop = true;
      return w.__progress;
    });
}

export interface MediaState {
  src: string;
  readyState: number;
  duration: number;
  paused: boolean;
  time: number;
}

/** The spot form's preview of the current file. */
export async function previewState(page: Page): Promise<MediaState> {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-spot-preview]');
    if (!audio) return { src: '', readyState: 0, duration: 0, paused: true, time: 0 };
    return {
      src: audio.currentSrc,
      readyState: audio.readyState,
      duration: audio.duration,
      paused: audio.paused,
      time: audio.currentTime,
    };
  });
}

/** Plays the preview as its play control would, resolving once the element fires `playing`. */
export async function playPreview(page: Page): Promise<void> {
  const played = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-spot-preview]');
        if (!audio) return resolve(false);
        const timer = setTimeout(() => resolve(false), 10_000);
        audio.addEventListener(
          'playing',
          () => {
            clearTimeout(timer);
            resolve(true);
          },
          { once: true },
        );
        audio.play().catch(() => resolve(false));
      }),
  );
  expect(played, 'the preview fired "playing"').toBe(true);
}
