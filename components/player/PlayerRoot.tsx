'use client';

import { Provider, createStore, getDefaultStore } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useState, type ReactNode } from 'react';
import type { Player } from '@/contracts';
import { playerAtom } from '@/lib/player/state';

function Seed({ player, children }: { player: Player | null; children: ReactNode }) {
  useHydrateAtoms([[playerAtom, player]]);
  return children;
}

/**
 * Puts the server's player into the store before the first paint, so the bar renders filled.
 * On the server every request gets its own store (the default store would be shared between
 * customers); in the browser it is the default store, which the toasts also use.
 */
export function PlayerRoot({ player, children }: { player: Player | null; children: ReactNode }) {
  const [store] = useState(() => (typeof window === 'undefined' ? createStore() : getDefaultStore()));
  return (
    <Provider store={store}>
      <Seed player={player}>{children}</Seed>
    </Provider>
  );
}
