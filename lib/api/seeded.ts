'use client';

import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';

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
 * server's call failed) leaves the cache alone.
 */
export function useServerSeed<T>(key: string, data: T | null): void {
  useEffect(() => {
    if (data !== null) void mutate(key, data, { revalidate: false });
  }, [key, data]);
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
