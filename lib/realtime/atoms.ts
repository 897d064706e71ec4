import { atom } from 'jotai';
import type { Device } from '@/contracts';

/**
 * The socket as the UI needs it: 'connecting' before the first connection, 'connected', and
 * 'offline' after a drop (or a refusal) until it is back and the player has been fetched again.
 * 'polling': there is no socket (no key) or it failed too often; the page asks for the player on a
 * timer instead, and says nothing about connecting.
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'offline' | 'polling';
export const connectionAtom = atom<ConnectionStatus>('idle');

/** The devices online in the shop (presence `customer.{id}`), as their Device records. */
export const membersAtom = atom<Device[]>([]);
