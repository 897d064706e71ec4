'use client';

import useSWR from 'swr';
import type { FaqTopic, FaqTopicDetail } from '@/contracts';
import { apiFetch } from './fetcher';

/** SWR keys of the FAQ (SPEC.md §7 FAQ): the BFF URLs themselves. */
export const FAQS_KEY = '/api/faqs';
export const faqTopicPath = (id: number) => `/api/faqs/${id}`;

/** The provider's content changes rarely: read once a session, never on focus. */
const helpOptions = { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false } as const;

/** The FAQ topics, read when the help panel first opens (not with every page). */
export function useFaqTopics() {
  return useSWR<FaqTopic[], Error>(FAQS_KEY, () => apiFetch<FaqTopic[]>(FAQS_KEY), helpOptions);
}

/** One topic with its questions; null id reads nothing. */
export function useFaqTopic(id: number | null) {
  const key = id === null ? null : faqTopicPath(id);
  return useSWR<FaqTopicDetail, Error>(key, (path: string) => apiFetch<FaqTopicDetail>(path), helpOptions);
}
