'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ComponentProps } from 'react';
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

const queued: string[] = [];
/** Each destination is prefetched at most once in a tab's life (Next keeps its route for 5 minutes). */
const done = new Set<string>();
let running = false;

/**
 * Prefetches `href` (Next's default prefetch: the route and its layouts down to the page's loading
 * boundary, not the page's data) when the browser is idle, after the queued ones: one at a time, each
 * at most once. A click then sends its one dynamic request at once instead of waiting for the route
 * first (about 300 ms on the weak shop PC).
 */
export function prefetchWhenIdle(prefetch: (href: string) => void, href: string): void {
  if (done.has(href) || queued.includes(href)) return;
  queued.push(href);
  if (running) return;
  running = true;
  const next = () => {
    const target = queued.shift();
    if (target === undefined) {
      running = false;
      return;
    }
    done.add(target);
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
    const start = () => prefetchWhenIdle((target) => router.prefetch(target), href);
    if (document.readyState === 'complete') {
      start();
      return undefined;
    }
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, [href, router]);
  return null;
}
