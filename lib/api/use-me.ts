'use client';

import useSWR from 'swr';
import type { User } from '@/contracts';
import { BrowserApiError, apiFetch } from './fetcher';

/** The SWR key: the BFF URL itself, which the (app) layout's server render seeds (lib/server). */
export const ME_KEY = '/api/me';

const ME_REFRESH_MS = 60_000;

/**
 * The logged-in user. Polled and revalidated on focus: the poll is also how a tab that sits open
 * on a shop PC notices a new deploy (x-app-version) or a logout on another device (401).
 */
export function useMe() {
  return useSWR<User, Error>(ME_KEY, () => apiFetch<User>(ME_KEY), {
    revalidateOnFocus: true,
    // The server rendered the page with a fresh copy (SWR fallback): no second call while it starts.
    revalidateIfStale: false,
    refreshInterval: ME_REFRESH_MS,
    onError(error) {
      // A failed me call means logged out (SPEC.md §8); the BFF route clears the stale cookie.
      if (error instanceof BrowserApiError && error.status === 401) window.location.assign('/auth/expired');
    },
  });
}
