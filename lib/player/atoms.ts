import { atom } from 'jotai';
import type { Player } from '@/contracts';

/**
 * The shop's player as the server last answered it. Every player call answers the whole player
 * and that answer replaces this value (SPEC.md §4); nothing else writes it.
 */
export const playerAtom = atom<Player | null>(null);
