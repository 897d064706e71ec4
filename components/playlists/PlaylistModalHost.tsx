'use client';

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { WarmUp, lazyComponent } from '@/components/ui/lazy';
import { playlistModalAtom } from './modal-state';

/**
 * The modal's code (the modal layer, the forms) loads on intent or the first opening, not with the page;
 * at the idle time only on a page that can open it (`usePreloadWhenIdle`: the lists, a track row).
 */
export const PlaylistModal = lazyComponent(() => import('@/components/dialogs').then((d) => d.loadPlaylistModal()), {
  idle: false,
});

/** Loads the playlist modal on first use, then keeps it mounted (closing animates, focus returns). */
export function PlaylistModalHost() {
  const target = useAtomValue(playlistModalAtom);
  const [used, setUsed] = useState(false);
  // Set while rendering, not in an effect: the modal mounts in the same render as the first open.
  if (target !== null && !used) setUsed(true);
  if (used || target !== null) return <PlaylistModal />;
  // Before its first opening, once its code is here: warmed as 'Új lista' and as a track's ticks (a
  // track that is none: its list stays "loading", as a hidden render fetches nothing).
  return (
    <WarmUp of={PlaylistModal}>
      <PlaylistModal warm={{ kind: 'new' }} />
      <PlaylistModal warm={{ kind: 'track', trackId: 0, title: '' }} />
    </WarmUp>
  );
}
