import { atom } from 'jotai';

/**
 * Where the audio really is, in seconds, while this device outputs it (the engine writes it on
 * `timeupdate`). Other devices have no audio, so they show the server's `current_time`.
 */
export const positionAtom = atom<number | null>(null);
