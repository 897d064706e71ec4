'use client';

import useSWR, { mutate } from 'swr';
import type { Track } from '@/contracts';
import type { BlockedTrack, BlockedTrackToggle } from '@/contracts/blocked-tracks';
import { trackTitle } from '@/lib/format/track';
import { tracks as huTracks } from '@/lib/i18n/hu/tracks';
import { showToast } from '@/lib/ui/toast';
import { apiFetch, BrowserApiError } from './fetcher';
import { seededOptions, useServerSeed } from './seeded';

const hu = { tracks: huTracks };

/**
 * Tracks the shop never wants again (issue 26), calls only the bundled API has: the SWR key is the
 * BFF URL, which the settings page's server render seeds (lib/server). A Laravel API answers 404:
 * then nothing offers 'Szám letiltása' and the settings section hides itself.
 */
export const BLOCKED_TRACKS_KEY = '/api/blocked-tracks';
/** Blocks a track, or unblocks it when it is blocked: answers `{ track_id, blocked }`. */
export const blockedTrackPath = (trackId: number) => `/api/blocked-tracks/${trackId}`;

export interface BlockedTracks {
  /** The list, latest first; null while unknown or when the API has no such call. */
  list: BlockedTrack[] | null;
  /** true: the API keeps blocked tracks; false: it answered 404; null: not known yet (or it failed). */
  supported: boolean | null;
  /** The call failed otherwise (not a 404). */
  failed: boolean;
  isBlocked: (trackId: number) => boolean;
  retry: () => void;
}

const notServed = (error: unknown) => error instanceof BrowserApiError && error.status === 404;

/**
 * The shop's blocked tracks, fetched once a tab (every track list and the player bar share the one
 * cache entry); `initial` is the settings page's server read (null: the browser asks itself).
 */
export function useBlockedTracks(initial: BlockedTrack[] | null = null): BlockedTracks {
  useServerSeed(BLOCKED_TRACKS_KEY, initial);
  const swr = useSWR<BlockedTrack[], Error>(BLOCKED_TRACKS_KEY, () => apiFetch<BlockedTrack[]>(BLOCKED_TRACKS_KEY), {
    ...seededOptions,
    // Asked once a tab: only a mount that finds nothing cached asks (again after a failure).
    revalidateOnMount: initial === null ? undefined : false,
    shouldRetryOnError: false,
  });
  const list = swr.data ?? initial;
  const missing = notServed(swr.error);
  return {
    list: Array.isArray(list) ? list : null,
    supported: Array.isArray(list) ? true : missing ? false : null,
    failed: swr.error !== undefined && !missing && list === null,
    isBlocked: (trackId) => Array.isArray(list) && list.some((t) => t.id === trackId),
    retry: () => void swr.mutate(),
  };
}

/**
 * 'Szám letiltása' / 'Tiltás feloldása': toggles the track on the server and in the cached list, and
 * says so in a toast. The server moves the player on at once when the track plays now; its
 * `UpdatePlayer` brings the bar along.
 */
export async function toggleBlockedTrack(track: Track): Promise<boolean | null> {
  let answer: BlockedTrackToggle;
  try {
    answer = await apiFetch<BlockedTrackToggle>(blockedTrackPath(track.id), { method: 'POST' });
  } catch {
    showToast(hu.tracks.blockFailed);
    return null;
  }
  const blockedAt = new Date().toISOString();
  await mutate<BlockedTrack[]>(
    BLOCKED_TRACKS_KEY,
    (list = []) => {
      const rest = list.filter((t) => t.id !== track.id);
      return answer.blocked ? [{ ...track, blocked_at: blockedAt }, ...rest] : rest;
    },
    { revalidate: false },
  );
  const title = trackTitle(track);
  showToast(answer.blocked ? hu.tracks.blockedToast(title) : hu.tracks.unblockedToast(title));
  return answer.blocked;
}
