import type { Player } from '@/contracts';

/**
 * The audio device's media cache (the service worker in public/media-sw.js): which files it keeps, and
 * telling it so. The device that sounds registers it, and so does a device that asked for push
 * notifications (lib/player/push-device.ts: the same worker shows them); the worker keeps exactly the
 * files named here and answers nothing else, so pages and API answers always come from the network.
 */
export const MEDIA_WORKER_URL = '/media-sw.js';
/** The worker's cache (CACHE_NAME in public/media-sw.js; a unit test keeps the two equal). */
export const MEDIA_CACHE_NAME = 'pulzus-media-v1';

/** The files the device may need with the API away: the current track, the next ones, every queued spot. */
export function mediaToKeep(player: Player | null, spotUrls: readonly string[]): string[] {
  const urls = new Set<string>();
  if (player?.track?.url) urls.add(player.track.url);
  for (const track of player?.next_tracks ?? []) if (track.url) urls.add(track.url);
  for (const url of spotUrls) if (url) urls.add(url);
  return [...urls];
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;
let lastSent = '';

/** The worker, registered the first time (null where the browser has none, or refused it). */
export function registerMediaWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registration ??= navigator.serviceWorker
    .register(MEDIA_WORKER_URL, { scope: '/' })
    .then(async () => navigator.serviceWorker.ready)
    .catch(() => null);
  return registration;
}

/**
 * Tells the worker what to keep (registering it the first time). Without worker support (an insecure
 * origin, an old browser) the music simply needs the network, as before.
 */
export function keepMedia(urls: readonly string[]): void {
  const list = JSON.stringify(urls);
  if (list === lastSent) return;
  lastSent = list;
  void registerMediaWorker().then((ready) => {
    // The last list wins: a newer call may have been made while the worker got ready.
    if (ready?.active && lastSent === list) ready.active.postMessage({ type: 'keep', urls });
  });
}

/** This device no longer sounds: the worker lets go of every file (it stays registered, idle). */
export function releaseMedia(): void {
  if (!registration || lastSent === '[]') return;
  keepMedia([]);
}

/**
 * The login on this browser ended: the worker goes and its files with it, so a shared counter PC
 * keeps no media of the shop (the next login that sounds registers it again).
 */
export async function forgetMedia(): Promise<void> {
  registration = null;
  lastSent = '';
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    try {
      const registrations = await navigator.serviceWorker.getRegistrations();
      const ours = registrations.filter((r) =>
        [r.active, r.waiting, r.installing].some((w) => w && new URL(w.scriptURL).pathname === MEDIA_WORKER_URL),
      );
      // Unregistered first, so that no 'keep' under way fills the cache again after it is emptied.
      await Promise.all(ours.map((r) => r.unregister()));
    } catch {
      /* no worker to let go of */
    }
  }
  if (typeof caches !== 'undefined') await caches.delete(MEDIA_CACHE_NAME).catch(() => false);
}
