'use client';

import { createContext, useContext, useEffect } from 'react';
import useSWR, { mutate } from 'swr';

/**
 * A seed older than this when its page mounts came from a prefetch (or the router's memory of a page
 * visited earlier), not from the request of this navigation: it may be older than the browser's cache.
 */
export const SEED_FRESH_MS = 2_000;

/** When the server rendered the seeds below (its clock, ms); null: unknown (tests), taken as fresh. */
export const SeedTimeContext = createContext<number | null>(null);

/** The browser's clock minus the server's, taken from the document's own render (see `noteDocumentSeed`). */
let clockOffset: number | null = null;

/**
 * Fixes the offset between the server's clock and this one from the first seed this document renders
 * (the layout's, read for the document itself; `AppProviders` calls it, parents render first). It was
 * read before the document arrived, so the ages below come out a little under the truth, never over.
 */
export function noteDocumentSeed(seededAt: number | null): void {
  if (clockOffset !== null || seededAt === null) return;
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  clockOffset = performance.timeOrigin + (entry?.responseEnd || performance.now()) - seededAt;
}

/** How old a seed read at `seededAt` (the server's clock) is now. */
export function seedAge(seededAt: number): number {
  noteDocumentSeed(seededAt);
  return Date.now() - (clockOffset ?? 0) - seededAt;
}

/** Whether seeds rendered at `renderedAt` are from the request of this navigation (or unknown), see SEED_FRESH_MS. */
function isSeedFresh(renderedAt: number | null): boolean {
  return renderedAt === null || seedAge(renderedAt) <= SEED_FRESH_MS;
}

/**
 * Lists that arrive with the HTML (SWR fallback) are not fetched again on mount or focus: they change
 * through the calls that put the server's answer into the cache, or a new server render
 * (`useServerSeed`).
 */
export const seededOptions = {
  revalidateOnMount: false,
  revalidateOnFocus: false,
  revalidateIfStale: false,
} as const;

/**
 * Puts a fresh server render into the cache. Without it a list cached earlier in this tab would win
 * over the newer data the server just rendered (SWR prefers its cache to the fallback). `null` (the
 * server's call failed) leaves the cache alone. A seed from a prefetch (older than SEED_FRESH_MS) is
 * not written over the cache, which may be newer (a change made since): the list is fetched again
 * instead, and the cache (or, when empty, the seed) shows meanwhile.
 */
export function useServerSeed<T>(key: string, data: T | null): void {
  const renderedAt = useContext(SeedTimeContext);
  useEffect(() => {
    if (data === null) return;
    if (isSeedFresh(renderedAt)) void mutate(key, data, { revalidate: false });
    else void mutate(key);
  }, [key, data, renderedAt]);
}

export interface Seeded<T> {
  /** The data, or null while there is none (the server's call failed, and so far the browser's too). */
  list: T | null;
  /** The browser's own fetch failed (only tried when the server had none to give). */
  failed: boolean;
  loading: boolean;
  retry: () => void;
}

export type SeededList<T> = Seeded<T[]>;

/**
 * A page's data seeded by its server component. When the server could not read it (`initial` null),
 * the browser tries once itself; the page shows a short notice in its place meanwhile.
 */
export function useSeeded<T>(key: string, initial: T | null, fetcher: () => Promise<T>): Seeded<T> {
  useServerSeed(key, initial);
  const swr = useSWR<T, Error>(key, fetcher, {
    ...seededOptions,
    revalidateOnMount: initial === null,
    shouldRetryOnError: false,
  });
  return {
    list: swr.data ?? initial,
    failed: swr.error !== undefined && swr.data === undefined,
    loading: swr.isLoading,
    retry: () => void swr.mutate(),
  };
}

/** A page's list seeded by its server component (see useSeeded). */
export function useSeededList<T>(key: string, initial: T[] | null, fetcher: () => Promise<T[]>): SeededList<T> {
  return useSeeded(key, initial, fetcher);
}
