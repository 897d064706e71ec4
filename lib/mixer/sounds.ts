import type { Sound } from '@/contracts';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';

const hu = { sounds: huSounds };

/** The two marks a shop puts on any sound, its own or the provider's (SPEC.md §4). */
export type SoundMark = 'favorite' | 'quick';

const FIELD = { favorite: 'is_favorite', quick: 'is_quick' } as const;

/** SPEC.md §3/§6: a sound with a customer_id is the shop's own, and only those may be deleted. */
export function isOwnSound(sound: Pick<Sound, 'customer_id'>): boolean {
  return sound.customer_id !== undefined && sound.customer_id !== null;
}

/** The table's source column: 'Saját hangok', or the provider's sounds. */
export function soundSource(sound: Pick<Sound, 'customer_id'>): string {
  return isOwnSound(sound) ? hu.sounds.sourceOwn : hu.sounds.sourceProvider;
}

export function hasMark(sound: Sound, mark: SoundMark): boolean {
  return sound[FIELD[mark]];
}

/**
 * The mark after a toggle, from the server's answer: our API answers the sound with its new marks, a
 * Laravel one may answer the bare boolean (as the channels' toggle-favorite does). Anything else is
 * read as the toggle having flipped the mark.
 */
export function markFromAnswer(answer: unknown, mark: SoundMark, before: boolean): boolean {
  if (typeof answer === 'boolean') return answer;
  if (typeof answer === 'object' && answer !== null) {
    const value = (answer as Record<string, unknown>)[FIELD[mark]];
    if (typeof value === 'boolean') return value;
  }
  return !before;
}

/** The list with one sound's mark set. */
export function withMark(
  list: readonly Sound[] | undefined,
  id: number,
  mark: SoundMark,
  on: boolean,
): Sound[] | undefined {
  return list?.map((sound) => (sound.id === id ? { ...sound, [FIELD[mark]]: on } : sound));
}

export function soundsWith(list: readonly Sound[], mark: SoundMark): Sound[] {
  return list.filter((sound) => hasMark(sound, mark));
}

/**
 * The toasts of SPEC.md §8. SPEC lists two ways of saying a favourite went: 'Eltávolítva a
 * kedvencekből' is the channels' (their pair, with 'Hozzáadva a kedvencekhez'); the sounds take
 * 'Eltávolítva a kedvencek közül', worded like their quick pair ('Eltávolítva a gyorshangok közül'),
 * and share 'Hozzáadva a kedvencekhez'.
 */
export function markToast(mark: SoundMark, on: boolean): string {
  if (mark === 'favorite') return on ? hu.sounds.favoriteAdded : hu.sounds.favoriteRemoved;
  return on ? hu.sounds.quickAdded : hu.sounds.quickRemoved;
}
