'use client';

import { atom, useSetAtom } from 'jotai';

/** What the one playlist modal is open for: a track's ticks, a whole channel, or only a new list. */
export type PlaylistModalTarget =
  | { kind: 'track'; trackId: number; title: string }
  | { kind: 'channel'; channelId: number; name: string }
  | { kind: 'new' };

export const playlistModalAtom = atom<PlaylistModalTarget | null>(null);

export function useOpenPlaylistModal(): (target: PlaylistModalTarget) => void {
  return useSetAtom(playlistModalAtom);
}

/** The playlist just made with 'Új lista': the grid highlights it (PlaylistsView), then clears this. */
export const createdPlaylistAtom = atom<number | null>(null);
