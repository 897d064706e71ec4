'use client';

import type { TutorialTopic } from '@/contracts';
import { apiFetch } from './fetcher';
import { useSeededList } from './seeded';

/** The SWR key: the BFF URL itself, which the server render seeds (lib/server). */
export const TUTORIALS_KEY = '/api/tutorials';
/** The page of one tutorial item (the deep link of an FAQ answer). */
export const tutorialHref = (itemId: number) => `/tutorial/${itemId}`;

/** The tutorial topics with their items, seeded by the server render (null when its call failed). */
export function useTutorialTopics(initial: TutorialTopic[] | null) {
  return useSeededList(TUTORIALS_KEY, initial, () => apiFetch<TutorialTopic[]>(TUTORIALS_KEY));
}
