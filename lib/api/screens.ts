'use client';

import { mutate } from 'swr';
import type { Screen } from '@/contracts';
import { apiFetch } from './fetcher';
import { useSeededList } from './seeded';

/** SWR keys are the BFF URLs themselves; the server render seeds the lists under the same URLs (lib/server). */
export const SCREENS_KEY = '/api/screens';
export const screenKey = (id: number) => `/api/screens/${id}`;
/** The public page an in-store TV opens, on the web app's own origin. */
export const screenPagePath = (hashId: string) => `/screen/${encodeURIComponent(hashId)}`;

/** What the screen form sends (SPEC.md §7): the description and the default slideshow may be empty. */
export interface ScreenFields {
  name: string;
  description: string | null;
  slideshow_id: number | null;
}

export const screenApi = {
  list: () => apiFetch<Screen[]>(SCREENS_KEY),
  create: (fields: ScreenFields, signal?: AbortSignal) =>
    apiFetch<Screen>(SCREENS_KEY, { method: 'POST', body: fields, signal }),
  update: (id: number, fields: ScreenFields, signal?: AbortSignal) =>
    apiFetch<Screen>(screenKey(id), { method: 'POST', body: fields, signal }),
  remove: (id: number) => apiFetch<unknown>(`${SCREENS_KEY}/delete/${id}`, { method: 'POST' }),
};

/** A screen as the server now has it: its row in the table (new ones on top). */
export async function noteScreen(screen: Screen): Promise<void> {
  await mutate<Screen[]>(
    SCREENS_KEY,
    (list) =>
      list?.some((s) => s.id === screen.id)
        ? list.map((s) => (s.id === screen.id ? screen : s))
        : [screen, ...(list ?? [])],
    { revalidate: false },
  );
}

export async function forgetScreen(id: number): Promise<void> {
  await mutate<Screen[]>(SCREENS_KEY, (list) => list?.filter((s) => s.id !== id), { revalidate: false });
}

export function useScreenList(initial: Screen[] | null) {
  return useSeededList(SCREENS_KEY, initial, screenApi.list);
}
