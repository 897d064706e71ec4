/**
 * The audio device keeps its screen awake while the music sounds (Screen Wake Lock): a counter PC
 * that dims and sleeps stops its music. Browsers grant it only to a visible tab on a secure origin
 * (or localhost) and drop it whenever the tab is hidden, so it is asked for again when the tab shows
 * while the music sounds. Where the API is missing or refused, nothing changes.
 */

interface Sentinel {
  released: boolean;
  release(): Promise<void>;
}
interface WakeLockApi {
  request(type: 'screen'): Promise<Sentinel>;
}

export interface WakeLock {
  /** The music sounds (true) or not (false). */
  set(sounding: boolean): void;
  dispose(): void;
}

export function createWakeLock(): WakeLock {
  const api =
    typeof navigator !== 'undefined' ? (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock : undefined;
  let sounding = false;
  let sentinel: Sentinel | null = null;
  let asking = false;

  const acquire = () => {
    if (!api || !sounding || asking || (sentinel && !sentinel.released)) return;
    if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
    asking = true;
    api
      .request('screen')
      .then((s) => {
        sentinel = s;
        // The music stopped while the request was on its way.
        if (!sounding) void s.release().catch(() => {});
      })
      .catch(() => {
        // Not allowed here (an insecure origin, a policy, a hidden tab): the screen may sleep.
      })
      .finally(() => {
        asking = false;
      });
  };
  const release = () => {
    const s = sentinel;
    sentinel = null;
    if (s && !s.released) void s.release().catch(() => {});
  };
  const onVisibility = () => acquire();
  if (api && typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);

  return {
    set(next) {
      sounding = next;
      if (next) acquire();
      else release();
    },
    dispose() {
      sounding = false;
      release();
      if (api && typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
