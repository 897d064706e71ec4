'use client';

import type { TutorialTopic } from '@/contracts';
import { apiFetch } from './fetcher';
import { TUTORIALS_KEY } from './help-keys';
import { useSeededList } from './seeded';

/** The tutorial topics with their items, seeded by the server render (null when its call failed). */
export function useTutorialTopics(initial: TutorialTopic[] | null) {
  return useSeededList(TUTORIALS_KEY, initial, () => apiFetch<TutorialTopic[]>(TUTORIALS_KEY));
}
