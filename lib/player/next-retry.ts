/**
 * Asking the server for the next track when one ends, and what happens when the server cannot be
 * reached: the bar says so, and the device asks again every few seconds until the server answers,
 * so the shop is silent no longer than the server is away. No React here (tested with fake timers).
 */
import { randomId } from '@/lib/api/random-id';

export const NEXT_RETRY_MS = 5000;

export interface NextRequesterHooks {
  /**
   * The call itself (`next`, committed to the player); rejects when the server cannot be reached.
   * `key`: the track end's idempotency key, the same for every try of one track end, so a try whose
   * answer was lost (applied all the same) is not applied again by the next one.
   */
  call(key: string): Promise<unknown>;
  /** Whether asking again still makes sense (this device still sounds a playing player). */
  shouldRetry(): boolean;
  /** True while the server could not be reached for the next track; false once it answered. */
  onUnreachable(unreachable: boolean): void;
  delayMs?: number;
}

export interface NextRequester {
  request(): void;
  dispose(): void;
}

export function createNextRequester(hooks: NextRequesterHooks): NextRequester {
  const delay = hooks.delayMs ?? NEXT_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  let unreachable = false;

  const setUnreachable = (value: boolean) => {
    if (unreachable === value) return;
    unreachable = value;
    hooks.onUnreachable(value);
  };

  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const attempt = (key: string) => {
    if (disposed) return;
    clear();
    hooks.call(key).then(
      () => {
        if (!disposed) setUnreachable(false);
      },
      () => {
        if (disposed) return;
        setUnreachable(true);
        clear();
        timer = setTimeout(() => {
          timer = null;
          if (disposed) return;
          if (hooks.shouldRetry()) attempt(key);
          else setUnreachable(false);
        }, delay);
      },
    );
  };

  return {
    request: () => attempt(randomId()),
    dispose() {
      disposed = true;
      clear();
    },
  };
}
