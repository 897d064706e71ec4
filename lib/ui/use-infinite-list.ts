'use client';

import { useEffect, useRef, type RefObject } from 'react';

/** Start loading the next page this far before the end of the list comes into view. */
export const PRELOAD_MARGIN = '600px 0px';

interface InfiniteList {
  loadMore: () => void;
  /** Nothing more to load. */
  done: boolean;
  /** The last load failed: wait for a retry instead of trying again on every scroll. */
  error: boolean;
  /** How many items are shown; a new page re-observes, so a sentinel still in view loads the next one too. */
  count: number;
  rootMargin?: string;
}

/** Loads more when the returned sentinel (an element after the list) comes near the viewport. */
export function useInfiniteList({
  loadMore,
  done,
  error,
  count,
  rootMargin = PRELOAD_MARGIN,
}: InfiniteList): RefObject<HTMLDivElement | null> {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || done || error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [done, error, loadMore, count, rootMargin]);
  return sentinel;
}
