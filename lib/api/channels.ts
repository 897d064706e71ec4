'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { mutate } from 'swr';
import type { Channel, Paginator, Track } from '@/contracts';
import { toChannelCard, type ChannelCard } from '@/lib/channels/catalogue';
import { apiFetch } from './fetcher';

/** SWR keys are the BFF URLs themselves; the server render seeds the lists under the same URLs (lib/server). */
export const FAVORITE_CHANNELS_KEY = '/api/channels/favorite';
export const channelKey = (id: number) => `/api/channels/${id}`;
export const checkFavoriteKey = (id: number) => `/api/channels/${id}/check-favorite`;
/** Pages start at 1 (SPEC.md §9). */
export const channelTracksKey = (id: number, page: number) => `/api/channels/${id}/tracks/${page}`;

/**
 * The catalogue arrives with the HTML (SWR fallback). Refetching it on mount or focus would hand out
 * new signed image URLs and make every cover load again on a weak shop PC, so these lists only
 * refresh when something changes them (a favourite toggle) or the page is rendered again.
 */
const catalogueOptions = {
  revalidateOnMount: false,
  revalidateOnFocus: false,
  revalidateIfStale: false,
} as const;

function fetchFavoriteChannels(): Promise<ChannelCard[]> {
  return apiFetch<Channel[]>(FAVORITE_CHANNELS_KEY).then((channels) => channels.map(toChannelCard));
}

/** The favourites as tiles show them (the page's fallback carries only those fields). */
export function useFavoriteChannels() {
  return useSWR<ChannelCard[], Error>(FAVORITE_CHANNELS_KEY, fetchFavoriteChannels, catalogueOptions);
}

export function useChannel(id: number) {
  return useSWR<Channel, Error>(channelKey(id), () => apiFetch<Channel>(channelKey(id)), catalogueOptions);
}

export function useIsFavorite(id: number) {
  return useSWR<boolean, Error>(checkFavoriteKey(id), () => apiFetch<boolean>(checkFavoriteKey(id)), catalogueOptions);
}

/**
 * Toggles a favourite on the server and answers the new state. The favourites list is fetched again
 * right away (also when no list is on screen), so the 'Kedvencek' tab is current when opened next.
 */
export async function toggleFavorite(id: number): Promise<boolean> {
  const favorite = await apiFetch<boolean>(`/api/channels/${id}/toggle-favorite`, { method: 'POST' });
  await mutate(checkFavoriteKey(id), favorite, { revalidate: false });
  void mutate(FAVORITE_CHANNELS_KEY, fetchFavoriteChannels(), { revalidate: false }).catch(() => undefined);
  return favorite;
}

export function fetchTrackPage(channelId: number, page: number, signal?: AbortSignal): Promise<Paginator<Track>> {
  return apiFetch<Paginator<Track>>(channelTracksKey(channelId, page), { signal });
}

/** The end of a Laravel paginator: an empty page, or the last one (which saves one request). */
export function isLastPage(page: Pick<Paginator<Track>, 'data' | 'next_page_url'>): boolean {
  return page.data.length === 0 || page.next_page_url === null;
}

export interface ChannelTracks {
  tracks: Track[];
  /** No more pages to load. */
  done: boolean;
  loading: boolean;
  error: boolean;
  loadMore: () => void;
}

/**
 * A channel's tracks page by page, starting from the first page the server rendered. Own pager
 * rather than useSWRInfinite: that hook fetches the seeded first page again with every new page.
 */
export function useChannelTracks(channelId: number, firstPage: Paginator<Track>): ChannelTracks {
  const [tracks, setTracks] = useState<Track[]>(firstPage.data);
  const [nextPage, setNextPage] = useState(firstPage.current_page + 1);
  const [done, setDone] = useState(isLastPage(firstPage));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const loadMore = useCallback(() => {
    if (done || inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setError(false);
    fetchTrackPage(channelId, nextPage, controller.signal)
      .then((page) => {
        // A track can move between pages while the list is read; never show it twice.
        setTracks((current) => {
          const seen = new Set(current.map((track) => track.id));
          return [...current, ...page.data.filter((track) => !seen.has(track.id))];
        });
        setNextPage(page.current_page + 1);
        setDone(isLastPage(page));
      })
      .catch(() => {
        if (!controller.signal.aborted) setError(true);
      })
      .finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
        if (!controller.signal.aborted) setLoading(false);
      });
  }, [channelId, done, nextPage]);

  return { tracks, done, loading, error, loadMore };
}
