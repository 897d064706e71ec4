'use client';

import { mutate } from 'swr';
import type { Sound } from '@/contracts';
import { upsertById, withoutId } from '@/lib/mixer/list-edits';
import { hasMark, markFromAnswer, withMark, type SoundMark } from '@/lib/mixer/sounds';
import { apiFetch } from './fetcher';
import { useSeededList } from './seeded';

/** SWR keys are the BFF URLs themselves; the server render seeds the lists under the same URLs (lib/server). */
export const SOUNDS_KEY = '/api/sounds';
export const soundMarkPath = (id: number, mark: 'favorite' | 'quick') => `/api/sounds/${id}/${mark}`;
export const soundDeletePath = (id: number) => `/api/sounds/${id}/delete`;
/** 'Új hang kérése': `{description}`, stored for the provider. */
export const SOUND_REQUESTS_PATH = '/api/sounds/requests';

export const soundApi = {
  list: () => apiFetch<Sound[]>(SOUNDS_KEY),
  /** Answers the sound with its new marks (or, from some APIs, the new boolean). */
  toggle: (id: number, mark: SoundMark) => apiFetch<unknown>(soundMarkPath(id, mark), { method: 'POST' }),
  remove: (id: number) => apiFetch<unknown>(soundDeletePath(id), { method: 'POST' }),
  request: (description: string, signal?: AbortSignal) =>
    apiFetch<unknown>(SOUND_REQUESTS_PATH, { method: 'POST', body: { description }, signal }),
};

/** Provider sounds and the shop's own, seeded by the server render (null when its call failed). */
export function useSounds(initial: Sound[] | null) {
  return useSeededList(SOUNDS_KEY, initial, soundApi.list);
}

/** Fetches the list again; a failure leaves the list as it is (SWR keeps the error). */
export function reloadSounds(): Promise<unknown> {
  return mutate(SOUNDS_KEY).catch(() => undefined);
}

/**
 * Flips a mark on the server and answers the new state. The list takes the answer at once and is
 * then fetched again (SPEC.md §4: toggles add or remove, then the lists reload).
 */
export async function toggleSoundMark(sound: Sound, mark: SoundMark): Promise<boolean> {
  const on = markFromAnswer(await soundApi.toggle(sound.id, mark), mark, hasMark(sound, mark));
  await mutate<Sound[]>(SOUNDS_KEY, (list) => withMark(list, sound.id, mark, on), { revalidate: false });
  void reloadSounds();
  return on;
}

/** A sound the shop uploaded, shown before the reload brings it in its place. */
export async function noteSound(sound: Sound): Promise<void> {
  await mutate<Sound[]>(SOUNDS_KEY, (list) => upsertById(list, sound, 'last'), { revalidate: false });
  void reloadSounds();
}

export async function forgetSound(id: number): Promise<void> {
  await mutate<Sound[]>(SOUNDS_KEY, (list) => withoutId(list, id), { revalidate: false });
}
