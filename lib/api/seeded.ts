'use client';

import { createContext, useContext, useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import { lastLocalWriteAt } from './seed-time';

/**
 * A seed older than this when its page mounts came from a prefetch (or the router's memory of a page
 * visited earlier), not from the request of this navigation: it may be older than the browser's cache.
 */
export const SEED_FRESH_MS = 2_000;

/** When the server read the seeds below (its clock, ms); null: unknown (tests), taken as fresh. */
export const SeedTimeContext = createContext<number | null>(null);

/** The browser's clock minus the server's, taken from the document's own render (see `noteDocumentSeed`). */
let clockOffset: number | null = null;

/**
 * Fixes the offset between the server's clock and this one from the first seed this document renders
 * (the layout's, read for the document itself; `AppProviders` calls it, parents render first). The
 * read came after the document's request started, so a read time taken back to this clock comes out
 * a little early, never late: a seed may be taken for older than it is (fetched again), never for newer.
 */
export function noteDocumentSeed(seededAt: number | null): void {
  if (clockOffset !== null || seededAt === null) return;
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  clockOffset = performance.timeOrigin + (entry?.requestStart || performance.now()) - seededAt;
}

/** When a seed read at `seededAt` (the server's clock) was read, on this browser's clock. */
function readAtHere(seededAt: number): number {
  noteDocumentSeed(seededAt);
  return seededAt + (clockOffset ?? 0);
}

/** How old a seed read at `seededAt` (the server's clock) is now. */
export function seedAge(seededAt: number): number {
  return Date.now() - readAtHere(seededAt);
}

/** Whether seeds read at `seededAt` (the server's clock) were read before this browser's last change. */
export function seededBeforeLocalWrite(seededAt: number): boolean {
  return readAtHere(seededAt) <= lastLocalWriteAt();
}

/**
 * Whether seeds read at `seededAt` may go over the cache: read for this navigation (at most
 * SEED_FRESH_MS ago) and after this browser's last change; unknown (null) counts as fresh.
 */
function isSeedFresh(seededAt: number | null): boolean {
  if (seededAt === null) return true;
  return seedAge(seededAt) <= SEED_FRESH_MS && !seededBeforeLocalWrite(seededAt);
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
 * server's call failed) leaves the cache alone. A seed from a prefetch (older than SEED_FRESH_MS, or
 * read before a change this browser sent since) is not written over the cache, which may be newer:
 * the list is fetched again instead, and the cache (or, when empty, the seed) shows meanwhile.
 */
export function useServerSeed<T>(key: string, data: T | null): void {
  const seededAt = useContext(SeedTimeContext);
  useEffect(() => {
    if (data === null) return;
    if (isSeedFresh(seededAt)) void mutate(key, data, { revalidate: false });
    else void mutate(key);
  }, [key, data, seededAt]);
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
