'use client';

import { mutate } from 'swr';
import type { Slideshow, SlideshowListItem } from '@/contracts';
import { apiFetch } from './fetcher';
import { SCREENS_KEY } from './screens';
import { useSeededList } from './seeded';

/** SWR keys are the BFF URLs themselves; the server render seeds the lists under the same URLs (lib/server). */
export const SLIDESHOWS_KEY = '/api/slideshows';
export const slideshowKey = (id: number) => `/api/slideshows/${id}`;
/** One image a call, in the form field `file`. */
export const slideshowImagePath = (id: number) => `/api/slideshows/${id}/image`;

/** An image's place and time, as the save sends them (SPEC.md §7: `images: [{id, seconds}]` in order). */
export interface ImageOrder {
  id: number;
  seconds: number;
}

export const slideshowApi = {
  list: () => apiFetch<SlideshowListItem[]>(SLIDESHOWS_KEY),
  get: (id: number, signal?: AbortSignal) => apiFetch<Slideshow>(slideshowKey(id), { signal }),
  /** Step one (SPEC.md §4): the name alone; the answer carries the new id. */
  create: (name: string, signal?: AbortSignal) =>
    apiFetch<Slideshow>(SLIDESHOWS_KEY, { method: 'POST', body: { name }, signal }),
  save: (id: number, name: string, images: ImageOrder[], signal?: AbortSignal) =>
    apiFetch<Slideshow>(slideshowKey(id), { method: 'POST', body: { name, images }, signal }),
  removeImage: (id: number, imageId: number) =>
    apiFetch<Slideshow>(`${slideshowKey(id)}/image/remove`, { method: 'POST', body: { id: imageId } }),
  remove: (id: number) => apiFetch<unknown>(`${slideshowKey(id)}/delete`, { method: 'POST' }),
};

/** The table's row of a slideshow the server just answered (a Laravel one may leave the count out). */
export function toListItem(slideshow: Slideshow): SlideshowListItem {
  return {
    id: slideshow.id,
    name: slideshow.name,
    images_count: slideshow.images?.length ?? slideshow.images_count ?? 0,
    created_at: slideshow.created_at ?? '',
  };
}

/** A slideshow as the server now has it: its row in the table (new ones on top); screens show its name. */
export async function noteSlideshow(slideshow: Slideshow): Promise<void> {
  const row = toListItem(slideshow);
  await mutate<SlideshowListItem[]>(
    SLIDESHOWS_KEY,
    (list) =>
      list?.some((s) => s.id === row.id) ? list.map((s) => (s.id === row.id ? row : s)) : [row, ...(list ?? [])],
    { revalidate: false },
  );
  await mutate(SCREENS_KEY);
}

/** A deleted slideshow leaves the table; screens that showed it by default now show none. */
export async function forgetSlideshow(id: number): Promise<void> {
  await mutate<SlideshowListItem[]>(SLIDESHOWS_KEY, (list) => list?.filter((s) => s.id !== id), { revalidate: false });
  await mutate(SCREENS_KEY);
}

export function useSlideshowList(initial: SlideshowListItem[] | null) {
  return useSeededList(SLIDESHOWS_KEY, initial, slideshowApi.list);
}
