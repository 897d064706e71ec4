/**
 * The questions a move of the music asks when the shop has zones (issue 43), as take-over.ts's: the
 * actions ask through these atoms, the player bar shows the dialogs. No React here.
 */
import { atom, type createStore } from 'jotai';
import type { Player } from '@/contracts';
import type { Zone } from '@/contracts/zones';

type Store = ReturnType<typeof createStore>;

/** The zones when the zone UI shows (more than one), for code outside React; the player bar keeps it. */
export const zoneListAtom = atom<Zone[]>([]);

/** Every zone's player as last fetched (`GET /api/players`), with the zone UI only; the player bar keeps it. */
export const zonePlayersAtom = atom<Player[]>([]);

export interface ZoneQuestion {
  zones: Zone[];
  /** The zone chosen first (the bar's). */
  initial: number | null;
  answer(zone: Zone | null): void;
}

/** 'Melyik zóna zenéje szóljon ezen az eszközön?', while it is asked. */
export const whichZoneQuestionAtom = atom<ZoneQuestion | null>(null);

export interface MoveQuestion {
  from: string;
  to: string;
  answer(yes: boolean): void;
}

/** zoneMessages.moveAsk(from, to), while it is asked. */
export const moveZoneQuestionAtom = atom<MoveQuestion | null>(null);

/** Asks which zone's music this device should play; null: cancelled. */
export function askWhichZone(store: Store, zones: Zone[], initial: number | null): Promise<Zone | null> {
  store.get(whichZoneQuestionAtom)?.answer(null);
  return new Promise((resolve) => {
    let answered = false;
    const question: ZoneQuestion = {
      zones,
      initial,
      answer: (zone) => {
        if (answered) return;
        answered = true;
        if (store.get(whichZoneQuestionAtom) === question) store.set(whichZoneQuestionAtom, null);
        resolve(zone);
      },
    };
    store.set(whichZoneQuestionAtom, question);
  });
}

/** Asks before a device that sounds for zone `from` becomes the audio device of zone `to`. */
export function askMoveZone(store: Store, from: string, to: string): Promise<boolean> {
  store.get(moveZoneQuestionAtom)?.answer(false);
  return new Promise((resolve) => {
    let answered = false;
    const question: MoveQuestion = {
      from,
      to,
      answer: (yes) => {
        if (answered) return;
        answered = true;
        if (store.get(moveZoneQuestionAtom) === question) store.set(moveZoneQuestionAtom, null);
        resolve(yes);
      },
    };
    store.set(moveZoneQuestionAtom, question);
  });
}
