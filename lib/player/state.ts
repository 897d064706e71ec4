/**
 * All of the player's state, in one place: the hooks read it, the engine's wiring and the realtime
 * subscription write it. No React here.
 */
import { atom, type createStore } from 'jotai';
import type { OutputState, Player, Track } from '@/contracts';
import {
  emptySpotQueue,
  spotQueueReducer,
  type RemoteSpot,
  type SpotQueueAction,
  type SpotQueueState,
} from './spot-queue';

type Store = ReturnType<typeof createStore>;

/**
 * The shop's player as the server last answered it. Every player call answers the whole player
 * and that answer replaces this value (SPEC.md §4); nothing else writes it.
 */
export const playerAtom = atom<Player | null>(null);

/** This device's login session (from /api/me), for decisions made outside React. */
export const sessionIdAtom = atom<string | null>(null);

/**
 * Where the audio really is, in seconds, while this device outputs it (the engine writes it on
 * `timeupdate`). Other devices have no audio, so they show the server's `current_time`.
 */
export const positionAtom = atom<number | null>(null);

/** The length the audio element measured, when this device plays. */
export const durationAtom = atom<number | null>(null);

/** True while the browser waits for a tap before it lets the music start. */
export const needsTapAtom = atom(false);

/**
 * On the audio device: what its music really does (the engine's account; null until it knows). The
 * device reports it to the server (`POST /api/players/{id}/output`), and its own bar reads it.
 */
export const localOutputAtom = atom<OutputState | null>(null);

/** True while the next track could not be fetched because the server did not answer (the bar says so). */
export const serverUnreachableAtom = atom(false);

/**
 * True while the API is away and this device plays on by itself from the tracks the server announced
 * (the bar says so); `aloneTrackAtom` is the track sounding then, which the stale player does not name.
 */
export const playingOnAloneAtom = atom(false);
export const aloneTrackAtom = atom<Track | null>(null);

/**
 * On the audio device: the track it moved on to by itself (a track's end, a crossfade) while the
 * server's answer naming it is on its way; null when the player names what sounds.
 */
export const aheadTrackAtom = atom<Track | null>(null);

/** When this device last heard the audio device move on (a pushed state with a new position or track). */
export const outputHeardAtAtom = atom(0);

/** On a remote: the audio device has not answered for OUTPUT_SILENT_MS while it plays (the bar's watch sets it). */
export const outputSilentAtom = atom(false);

/** The audio device's spot and sound queue; the head is playing. */
export const spotQueueAtom = atom<SpotQueueState>(emptySpotQueue);

/** On remote devices: the estimated spots/sounds the audio device is playing. */
export const remoteSpotsAtom = atom<RemoteSpot[]>([]);

/** The one way the spot queue changes: through its reducer, written only when it moved. */
export function dispatchSpots(store: Store, action: SpotQueueAction): void {
  const before = store.get(spotQueueAtom);
  const after = spotQueueReducer(before, action);
  if (after !== before) store.set(spotQueueAtom, after);
}
