'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { sort as huSort } from '@/lib/i18n/hu/sort';

const hu = { sort: huSort };

/** SPEC.md §9: 1 name A–Z, 2 name Z–A, 3 created newest first, 4 created oldest first. */
export type SortKey = 1 | 2 | 3 | 4;
export const SORT_KEYS: readonly SortKey[] = [1, 2, 3, 4];
export const DEFAULT_SORT: SortKey = 1;

/** The localStorage keys of the pages that remember a sort (SPEC.md §9). */
export type SortPage = 'channelsIndex' | 'playlistIndex';

export const SORT_OPTIONS: readonly { key: SortKey; label: string }[] = [
  { key: 1, label: hu.sort.nameAsc },
  { key: 2, label: hu.sort.nameDesc },
  { key: 3, label: hu.sort.newest },
  { key: 4, label: hu.sort.oldest },
];

export interface Sortable {
  id: number;
  name: string;
  /** Not every API sends it (SPEC.md §3 has no created_at on a channel): missing orders by id. */
  created_at?: string | null;
}

const collator = new Intl.Collator('hu', { sensitivity: 'base', numeric: true });

/** Unreadable or missing dates count as the oldest, so they gather at one end instead of scattering. */
function createdTime(item: Sortable): number {
  const time = item.created_at ? Date.parse(item.created_at) : NaN;
  return Number.isNaN(time) ? -Infinity : time;
}

/**
 * Oldest first. Items without a readable date come before the dated ones and, among themselves, go
 * by id: ids grow with creation, so an API that sends no dates still sorts newest/oldest sensibly.
 */
function byCreated(a: Sortable, b: Sortable): number {
  const ta = createdTime(a);
  const tb = createdTime(b);
  if (ta === -Infinity && tb === -Infinity) return a.id - b.id;
  return ta - tb || 0;
}

function compare(a: Sortable, b: Sortable, key: SortKey): number {
  switch (key) {
    case 1:
      return collator.compare(a.name, b.name);
    case 2:
      return collator.compare(b.name, a.name);
    case 3:
      return byCreated(b, a);
    case 4:
      return byCreated(a, b);
  }
}

/** A sorted copy; equal items keep the server's order, so a list never shuffles between renders. */
export function sortItems<T extends Sortable>(items: readonly T[], key: SortKey): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(a.item, b.item, key) || a.index - b.index)
    .map(({ item }) => item);
}

export function parseSortKey(value: unknown): SortKey | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return (SORT_KEYS as readonly number[]).includes(n) ? (n as SortKey) : null;
}

const listeners = new Set<() => void>();
// Storage can be disabled (private mode, policies): the choice then lives until the page reloads.
const inMemory = new Map<string, number>();

function readStored<K extends number>(storageKey: string, parse: (value: unknown) => K | null, fallback: K): K {
  try {
    return parse(window.localStorage.getItem(storageKey)) ?? fallback;
  } catch {
    return (inMemory.get(storageKey) as K | undefined) ?? fallback;
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab changing the choice updates this one too.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * A numbered choice a page remembers in localStorage (a sort, a filter), under `storageKey`. The
 * server render and hydration use `fallback` (the server has no localStorage); React then re-renders
 * with the stored choice, so hydration never mismatches. An unreadable stored value is the fallback.
 */
export function useStoredChoice<K extends number>(
  storageKey: string,
  parse: (value: unknown) => K | null,
  fallback: K,
): [K, (key: K) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readStored(storageKey, parse, fallback),
    () => fallback,
  );
  const setValue = useCallback(
    (key: K) => {
      inMemory.set(storageKey, key);
      try {
        window.localStorage.setItem(storageKey, String(key));
      } catch {
        /* see inMemory */
      }
      listeners.forEach((listener) => listener());
    },
    [storageKey],
  );
  return [value, setValue];
}

/** The sort remembered for a page (SPEC.md §9: channelsIndex, playlistIndex). */
export function useStoredSort(page: SortPage): [SortKey, (key: SortKey) => void] {
  return useStoredChoice(page, parseSortKey, DEFAULT_SORT);
}
