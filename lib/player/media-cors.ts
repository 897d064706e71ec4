import type { Player } from '@/contracts';

// Apart from engine.ts: the bar, the realtime subscription and the soundboard ask this on every device,
// and the engine's code loads only on the device that sounds (use-player-engine.ts).

/**
 * Whether the API's media answers carry CORS for the web app: ours announces `version`, and its media
 * name the web's origins, so the elements load them with `crossorigin="anonymous"` and the media cache
 * (a service worker) may keep them whole. An API without it (Laravel) is loaded as before: a CORS load
 * of an answer without the header would fail.
 */
export function mediaCorsReady(player: Player | null): boolean {
  return typeof player?.version === 'number';
}

/** Sets or clears `crossorigin="anonymous"` on an element, before its source is set. */
export function setMediaCors(element: HTMLMediaElement, cors: boolean): void {
  if (cors) element.crossOrigin = 'anonymous';
  else element.removeAttribute('crossorigin');
}
