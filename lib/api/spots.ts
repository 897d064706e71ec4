'use client';

import { mutate } from 'swr';
import type { Spot } from '@/contracts';
import { upsertById, withoutId } from '@/lib/mixer/list-edits';
import { apiFetch } from './fetcher';
import { useSeededList } from './seeded';

/** SWR keys are the BFF URLs themselves; the server render seeds the lists under the same URLs (lib/server). */
export const SPOTS_KEY = '/api/spots';
/** Update: `name`, optional new `file`, `id` (without a file the old one stays). */
export const spotPath = (id: number) => `/api/spots/${id}`;
export const spotDeletePath = (id: number) => `/api/spots/delete/${id}`;

export const spotApi = {
  list: () => apiFetch<Spot[]>(SPOTS_KEY),
  remove: (id: number) => apiFetch<unknown>(spotDeletePath(id), { method: 'POST' }),
};

/** The shop's spots, seeded by the server render (null when its call failed). */
export function useSpots(initial: Spot[] | null) {
  return useSeededList(SPOTS_KEY, initial, spotApi.list);
}

/** A saved spot as the server answered it: the table shows it at once. */
export async function noteSpot(spot: Spot): Promise<void> {
  await mutate<Spot[]>(SPOTS_KEY, (list) => upsertById(list, spot), { revalidate: false });
}

export async function forgetSpot(id: number): Promise<void> {
  await mutate<Spot[]>(SPOTS_KEY, (list) => withoutId(list, id), { revalidate: false });
}

/** The list as the server has it (after a failed delete: SPEC.md §8). */
export function reloadSpots(): Promise<unknown> {
  return mutate(SPOTS_KEY).catch(() => undefined);
}
