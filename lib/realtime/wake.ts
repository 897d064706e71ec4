/** A page hidden (or a machine asleep) for longer than this is assumed to have missed events. */
export const STALE_AFTER_MS = 5_000;

/** Runs `run` once the browser is idle, at the latest after `limitMs`; answers the cancel. */
export function whenIdle(run: (deadline?: IdleDeadline) => void, limitMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: limitMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

/**
 * Calls `onWake` when the page comes back after being hidden for STALE_AFTER_MS or more, or when the
 * machine slept; answers the stop.
 */
export function watchWake(onWake: () => void): () => void {
  let hiddenAt: number | null = null;
  let lastTick = Date.now();

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now();
      return;
    }
    const away = hiddenAt === null ? 0 : Date.now() - hiddenAt;
    hiddenAt = null;
    if (away >= STALE_AFTER_MS) onWake();
  };

  // A machine that slept may not report hidden at all: a long gap between ticks tells instead.
  const ticker = setInterval(() => {
    const now = Date.now();
    const gap = now - lastTick;
    lastTick = now;
    if (gap > 4 * STALE_AFTER_MS) onWake();
  }, STALE_AFTER_MS);

  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(ticker);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
