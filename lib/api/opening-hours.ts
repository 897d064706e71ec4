'use client';

import useSWR, { mutate } from 'swr';
import type { OpeningHours } from '@/contracts/opening-hours';
import { apiFetch, BrowserApiError } from './fetcher';
import { seededOptions, useServerSeed } from './seeded';

/**
 * The shop's opening hours ('Nyitvatartás', issue 26), a call only the bundled API has: the SWR key
 * is the BFF URL, which the settings page's server render seeds (lib/server). `POST` replaces the
 * whole set and answers it as stored. A Laravel API answers 404: the section hides itself.
 */
export const OPENING_HOURS_KEY = '/api/opening-hours';

export const openingHoursApi = {
  get: () => apiFetch<OpeningHours>(OPENING_HOURS_KEY),
  save: (hours: OpeningHours, signal?: AbortSignal) =>
    apiFetch<OpeningHours>(OPENING_HOURS_KEY, { method: 'POST', body: hours, signal }),
};

export interface OpeningHoursState {
  hours: OpeningHours | null;
  /** The API has no such call (404): the section is not shown. */
  missing: boolean;
  /** The call failed otherwise. */
  failed: boolean;
  retry: () => void;
}

/** The opening hours, seeded by the server render; when the server had none the browser asks once. */
export function useOpeningHours(initial: OpeningHours | null): OpeningHoursState {
  useServerSeed(OPENING_HOURS_KEY, initial);
  const swr = useSWR<OpeningHours, Error>(OPENING_HOURS_KEY, openingHoursApi.get, {
    ...seededOptions,
    revalidateOnMount: initial === null,
    shouldRetryOnError: false,
  });
  const hours = swr.data ?? initial;
  const missing = swr.error instanceof BrowserApiError && swr.error.status === 404;
  return {
    hours,
    missing,
    failed: swr.error !== undefined && !missing && hours === null,
    retry: () => void swr.mutate(),
  };
}

/** The saved set as the server answered it. */
export async function noteOpeningHours(hours: OpeningHours): Promise<void> {
  await mutate(OPENING_HOURS_KEY, hours, { revalidate: false });
}
