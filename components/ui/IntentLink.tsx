'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ComponentProps } from 'react';
import type { PrefetchOptions } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { whenIdle } from '@/lib/realtime/wake';

type Props = Omit<ComponentProps<typeof Link>, 'prefetch'> & {
  /**
   * Also prefetched once the page has been idle a while, one destination at a time (the sidebar's and
   * the mixer tabs' links): see `prefetchWhenIdle`.
   */
  idlePrefetch?: boolean;
};

/** The page must have been quiet this long (no new page since) before the first idle prefetch. */
const IDLE_PREFETCH_AFTER_MS = 500;
/** An idle period may come this late at most. */
const IDLE_LIMIT_MS = 2_000;
/**
 * A destination is prefetched again at most this often: Next keeps a full prefetch this long (its
 * `staleTimes.static`, 5 minutes by default). A page shown from one refreshes its lists on arrival
 * when their seed is older than a moment (`useServerSeed`).
 */
export const IDLE_PREFETCH_EVERY_MS = 5 * 60_000;

/**
 * Next's kind of prefetch that also renders the page (its data), not only the route. Typed through
 * Next's own options: the enum behind them is not exported from a public entry, its value is this.
 */
const FULL_PREFETCH = { kind: 'full' } as unknown as PrefetchOptions;

const queued: string[] = [];
/** When each destination was last prefetched (ms). */
const fetchedAt = new Map<string, number>();
let running = false;

/**
 * Prefetches `href` when the browser is idle, after the queued ones: one per idle period (Next's
 * scheduler keeps at most four prefetch requests on their way), each destination at most once per
 * IDLE_PREFETCH_EVERY_MS. A click then shows the page at once from the prefetch, instead of waiting
 * for the route (about 300 ms on the weak shop PC) and then for the server's render of the page.
 */
export function prefetchWhenIdle(prefetch: (href: string) => void, href: string): void {
  const last = fetchedAt.get(href);
  if ((last !== undefined && Date.now() - last < IDLE_PREFETCH_EVERY_MS) || queued.includes(href)) return;
  queued.push(href);
  if (running) return;
  running = true;
  const next = () => {
    const target = queued.shift();
    if (target === undefined) {
      running = false;
      return;
    }
    fetchedAt.set(target, Date.now());
    prefetch(target);
    whenIdle(next, IDLE_LIMIT_MS);
  };
  setTimeout(() => whenIdle(next, IDLE_LIMIT_MS), IDLE_PREFETCH_AFTER_MS);
}

/**
 * A `next/link` that prefetches its page only when the user shows intent (pointer over it, focus,
 * touch), not when it scrolls into view. Every page behind the app's links is rendered per request,
 * so a viewport prefetch costs a server render and main-thread work for each of the dozens of tiles
 * on screen, on the weak shop PC exactly while the page is starting; a prefetch on intent still
 * starts well before the click lands. The app's own navigation (`idlePrefetch`) is also prefetched
 * when idle, a handful of destinations once each.
 */
export function IntentLink({ onPointerEnter, onFocus, onTouchStart, idlePrefetch = false, ...props }: Props) {
  const [intent, setIntent] = useState(false);
  const href = typeof props.href === 'string' ? props.href : null;
  return (
    <>
      {idlePrefetch && href !== null && <IdlePrefetch href={href} />}
      <Link
        {...props}
        // null is Next's default ("auto"): with it set on intent, Link prefetches at once.
        prefetch={intent ? null : false}
        onPointerEnter={(event) => {
          setIntent(true);
          onPointerEnter?.(event);
        }}
        onFocus={(event) => {
          setIntent(true);
          onFocus?.(event);
        }}
        onTouchStart={(event) => {
          setIntent(true);
          onTouchStart?.(event);
        }}
      />
    </>
  );
}

/** Queues `href` for the idle prefetch once the page has loaded (renders nothing). */
function IdlePrefetch({ href }: { href: string }) {
  const router = useRouter();
  useEffect(() => {
    const start = () => prefetchWhenIdle((target) => router.prefetch(target, FULL_PREFETCH), href);
    if (document.readyState === 'complete') {
      start();
      return undefined;
    }
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, [href, router]);
  return null;
}
