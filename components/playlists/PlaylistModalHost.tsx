'use client';

import dynamic from 'next/dynamic';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { playlistModalAtom } from './modal-state';

/** The modal's code (Radix Dialog, the forms) loads when it is first opened, not with the page. */
const PlaylistModal = dynamic(() => import('./PlaylistModal').then((m) => m.PlaylistModal), { ssr: false });

/** Loads the playlist modal on first use, then keeps it mounted (closing animates, focus returns). */
export function PlaylistModalHost() {
  const target = useAtomValue(playlistModalAtom);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (target !== null) setUsed(true);
  }, [target]);
  return used || target !== null ? <PlaylistModal /> : null;
}
