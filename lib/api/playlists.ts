'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { mutate } from 'swr';
import type { Paginator, Playlist, PlaylistWithTrackAdded, ToggleTrackAnswer, Track } from '@/contracts';
import { apiFetch } from './fetcher';
import { seededOptions } from './seeded';
import { buildFullOrder, moveItem } from './playlist-order';

export { useServerSeed } from './seeded';

/** SWR keys are the BFF URLs themselves; the server render seeds the lists under the same URLs (lib/server). */
export const PLAYLISTS_KEY = '/api/playlists';
export const playlistKey = (id: number) => `/api/playlists/${id}`;
/** Pages of 15, starting at 1, in play order. */
export const playlistTracksPageKey = (id: number, page: number) => `/api/playlists/${id}/tracks/${page}`;
/** Every track of the playlist in play order (a reorder must name all of them). */
export const playlistAllTracksKey = (id: number) => `/api/playlists/${id}/tracks`;
/** Every playlist of the shop, each with `track_added` for this track. */
export const trackPlaylistsKey = (trackId: number) => `/api/playlists/tracks/${trackId}`;

// The lists arrive with the HTML (SWR fallback). Refetching on mount or focus would hand out new
// signed thumbnail URLs and reload every collage on a weak shop PC, so they change only through the
// calls below (which put the server's answer into the cache) or a new server render (useServerSeed).

// ---- calls ---------------------------------------------------------------------------------------

export const playlistApi = {
  list: () => apiFetch<Playlist[]>(PLAYLISTS_KEY),
  get: (id: number) => apiFetch<Playlist>(playlistKey(id)),
  create: (name: string) => apiFetch<Playlist>(PLAYLISTS_KEY, { method: 'POST', body: { name } }),
  rename: (id: number, name: string) => apiFetch<Playlist>(playlistKey(id), { method: 'POST', body: { name } }),
  remove: (id: number) => apiFetch<unknown>(`${playlistKey(id)}/delete`, { method: 'POST' }),
  withTrack: (trackId: number) => apiFetch<PlaylistWithTrackAdded[]>(trackPlaylistsKey(trackId)),
  toggleTrack: (id: number, trackId: number) =>
    apiFetch<ToggleTrackAnswer>(`${playlistKey(id)}/tracks/${trackId}`, { method: 'POST' }),
  addTracks: (id: number, tracks: number[]) =>
    apiFetch<Playlist>(`${playlistKey(id)}/all-tracks/`, { method: 'POST', body: { tracks } }),
  createWithTracks: (name: string, tracks: number[]) =>
    apiFetch<Playlist>(`${PLAYLISTS_KEY}/all-tracks/`, { method: 'POST', body: { name, tracks } }),
  trackPage: (id: number, page: number, signal?: AbortSignal) =>
    apiFetch<Paginator<Track>>(playlistTracksPageKey(id, page), { signal }),
  allTracks: (id: number, signal?: AbortSignal) => apiFetch<Track[]>(playlistAllTracksKey(id), { signal }),
  reorder: (id: number, tracks: number[]) =>
    apiFetch<Playlist>(`${playlistKey(id)}/reorder`, { method: 'POST', body: { tracks } }),
  /** A channel's every track, to put the whole channel on a playlist. */
  channelTracks: (channelId: number) => apiFetch<Track[]>(`/api/channels/${channelId}/tracks`),
};

// ---- cache updates -------------------------------------------------------------------------------

/** A playlist as the server now has it: its detail, the grid and every open tick list follow. */
export async function notePlaylist(playlist: Playlist): Promise<void> {
  await Promise.all([
    mutate(playlistKey(playlist.id), playlist, { revalidate: false }),
    mutate<Playlist[]>(
      PLAYLISTS_KEY,
      (list) => {
        if (!list) return list;
        return list.some((p) => p.id === playlist.id)
          ? list.map((p) => (p.id === playlist.id ? playlist : p))
          : [playlist, ...list];
      },
      { revalidate: false },
    ),
  ]);
}

/** A deleted playlist leaves the grid at once; the tick lists are fetched again when opened. */
export async function forgetPlaylist(id: number): Promise<void> {
  await mutate<Playlist[]>(PLAYLISTS_KEY, (list) => list?.filter((p) => p.id !== id), { revalidate: false });
  await mutate(playlistKey(id), undefined, { revalidate: false });
}

// ---- hooks ---------------------------------------------------------------------------------------

export function usePlaylists() {
  return useSWR<Playlist[], Error>(PLAYLISTS_KEY, playlistApi.list, seededOptions);
}

export function usePlaylist(id: number) {
  return useSWR<Playlist, Error>(playlistKey(id), () => playlistApi.get(id), seededOptions);
}

/** The tick list of the modal: fetched every time the modal opens, since any device may have changed it. */
export function useTrackPlaylists(trackId: number | null) {
  return useSWR<PlaylistWithTrackAdded[], Error>(
    trackId === null ? null : trackPlaylistsKey(trackId),
    () => playlistApi.withTrack(trackId as number),
    { revalidateOnMount: true, revalidateOnFocus: false, dedupingInterval: 0 },
  );
}

/** The end of a Laravel paginator: an empty page, or the last one. */
export function isLastPage(page: Pick<Paginator<Track>, 'data' | 'next_page_url'>): boolean {
  return page.data.length === 0 || page.next_page_url === null;
}

export interface PlaylistTracks {
  tracks: Track[];
  /** Every track is on screen. */
  done: boolean;
  loading: boolean;
  error: boolean;
  loadMore: () => void;
  /** Starts fetching the whole list (before a drag), without touching the screen yet. */
  prefetchAll: () => Promise<Track[]>;
  /** Moves a shown track; the full new order goes to the server. Resolves with the answer, or null. */
  reorder: (from: number, to: number) => Promise<Playlist | null>;
  /** Takes a track off the playlist. Resolves with the playlist after it, or null when it failed. */
  removeTrack: (trackId: number) => Promise<Playlist | null>;
}

/**
 * A playlist's tracks page by page from the server-rendered first page, with the edits that change
 * the order. Edits show at once and go to the server one after another (each builds on the one before);
 * when one fails, the whole list is fetched again so the screen shows the order that will play.
 */
export function usePlaylistTracks(playlistId: number, firstPage: Paginator<Track>): PlaylistTracks {
  const [tracks, setTracksState] = useState<Track[]>(firstPage.data);
  const [done, setDone] = useState(isLastPage(firstPage));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const tracksRef = useRef(tracks);
  const doneRef = useRef(done);
  const nextPage = useRef(firstPage.current_page + 1);
  // A removal shifts the later pages by one: from then on the rest comes as one list, or a track is skipped.
  const pagesShifted = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  const allPromise = useRef<Promise<Track[]> | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  const failed = useRef(false);
  // Bumped by every local edit, so an older fetch never overwrites a newer edit on screen.
  const generation = useRef(0);

  const setTracks = useCallback((next: Track[]) => {
    tracksRef.current = next;
    setTracksState(next);
  }, []);
  const setAllShown = useCallback((value: boolean) => {
    doneRef.current = value;
    setDone(value);
  }, []);

  useEffect(() => () => inFlight.current?.abort(), []);

  const prefetchAll = useCallback(() => {
    if (!allPromise.current) {
      const request = playlistApi.allTracks(playlistId);
      allPromise.current = request;
      request.catch(() => {
        if (allPromise.current === request) allPromise.current = null;
      });
    }
    return allPromise.current;
  }, [playlistId]);

  const showAll = useCallback(
    (all: Track[]) => {
      inFlight.current?.abort();
      inFlight.current = null;
      setTracks(all);
      setAllShown(true);
      setLoading(false);
      setError(false);
    },
    [setAllShown, setTracks],
  );

  const loadMore = useCallback(() => {
    if (doneRef.current || inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setError(false);
    const started = generation.current;
    const whole = pagesShifted.current || allPromise.current;
    const request: Promise<{ data: Track[]; last: boolean; page?: number }> = whole
      ? prefetchAll().then((all) => ({ data: all, last: true }))
      : playlistApi
          .trackPage(playlistId, nextPage.current, controller.signal)
          .then((page) => ({ data: page.data, last: isLastPage(page), page: page.current_page }));
    request
      .then(({ data, last, page }) => {
        if (controller.signal.aborted || started !== generation.current) return;
        if (whole) {
          setTracks(data);
        } else {
          const seen = new Set(tracksRef.current.map((track) => track.id));
          setTracks([...tracksRef.current, ...data.filter((track) => !seen.has(track.id))]);
          if (page) nextPage.current = page + 1;
        }
        setAllShown(last);
      })
      .catch(() => {
        if (!controller.signal.aborted) setError(true);
      })
      .finally(() => {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setLoading(false);
        }
      });
  }, [playlistId, prefetchAll, setAllShown, setTracks]);

  /** Fetches the whole list and shows it, once no edit is waiting any more. */
  const resync = useCallback(() => {
    allPromise.current = null;
    const started = generation.current;
    prefetchAll()
      .then((all) => {
        if (started === generation.current && pending.current === 0) showAll(all);
      })
      .catch(() => {
        /* the next edit or a reload tries again */
      });
  }, [prefetchAll, showAll]);

  const enqueue = useCallback(
    <T>(call: () => Promise<T>): Promise<T | null> => {
      pending.current += 1;
      const run = queue.current.then(call).then(
        (value) => value,
        () => {
          failed.current = true;
          return null;
        },
      );
      queue.current = run.finally(() => {
        pending.current -= 1;
        if (pending.current === 0 && failed.current) {
          failed.current = false;
          resync();
        }
      });
      return run;
    },
    [resync],
  );

  const reorder = useCallback(
    async (from: number, to: number): Promise<Playlist | null> => {
      if (from === to) return null;
      generation.current += 1;
      const movedShown = moveItem(tracksRef.current, from, to);
      setTracks(movedShown);

      let order = movedShown;
      if (!doneRef.current) {
        try {
          const all = await prefetchAll();
          const byId = new Map(all.map((track) => [track.id, track]));
          order = buildFullOrder(
            movedShown.map((track) => track.id),
            all.map((track) => track.id),
          ).flatMap((id) => byId.get(id) ?? []);
          generation.current += 1;
          showAll(order);
        } catch {
          resync();
          return null;
        }
      }
      allPromise.current = null;
      const ids = order.map((track) => track.id);
      return enqueue(() => playlistApi.reorder(playlistId, ids));
    },
    [enqueue, playlistId, prefetchAll, resync, setTracks, showAll],
  );

  const removeTrack = useCallback(
    (trackId: number): Promise<Playlist | null> => {
      generation.current += 1;
      setTracks(tracksRef.current.filter((track) => track.id !== trackId));
      if (!doneRef.current) pagesShifted.current = true;
      allPromise.current = null;
      return enqueue(async () => {
        const answer = await playlistApi.toggleTrack(playlistId, trackId);
        // Another device had taken it off already, so the toggle put it back: take it off again.
        if (answer.track_added) return (await playlistApi.toggleTrack(playlistId, trackId)).playlist;
        return answer.playlist;
      });
    },
    [enqueue, playlistId, setTracks],
  );

  return { tracks, done, loading, error, loadMore, prefetchAll, reorder, removeTrack };
}
