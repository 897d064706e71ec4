'use client';

import { atom, useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { Player } from '@/contracts';
import { PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST } from '@/contracts/names';
import { heardPlaying } from './heard';
import { heardAtom, outputUnavailableAtom, outputUnknownAtom, useHydrated } from './output-state';
import { playerAtom } from './state';

export function usePlayer(): Player | null {
  return useAtomValue(playerAtom);
}

export type PlayableKind = 'channel' | 'playlist';

/** Whether this channel or playlist is what the player plays (active), and whether it is playing. */
export function playableState(
  player: Player | null,
  type: PlayableKind,
  id: number,
): { active: boolean; playing: boolean } {
  const morph = type === 'channel' ? PLAYABLE_CHANNEL : PLAYABLE_PLAYLIST;
  const active = !!player && player.playable_type === morph && player.playable_id === id;
  return { active, playing: active && !!player?.is_playing };
}

/**
 * As playableState; music whose device is gone, or that the audio device says it does not sound (or
 * not yet known: the server's render), does not count as playing (a press brings it here, or starts
 * it, rather than pausing it). Music whose sounding device stopped answering (`unknown`: it may well
 * still sound) counts as playing, as the bar shows it (⏸, whose press pauses), with no 'Most szól'.
 */
export function usePlayableState(
  type: PlayableKind,
  id: number,
): { active: boolean; playing: boolean; unknown: boolean } {
  const hydrated = useHydrated();
  // Every tile of a page reads this: it re-renders when its own answer changes, not at every change of
  // the player (a press's answer re-rendered all of them before the bar showed it).
  const code = useAtomValue(useMemo(() => playableCodeAtom(type, id), [type, id]));
  return {
    active: code !== 'other',
    playing: hydrated && (code === 'playing' || code === 'unknown'),
    unknown: hydrated && code === 'unknown',
  };
}

/** This channel or playlist: not it, it (not playing as far as this device can tell), or it playing. */
function playableCodeAtom(type: PlayableKind, id: number) {
  return atom((get): 'other' | 'it' | 'playing' | 'unknown' => {
    const player = get(playerAtom);
    const state = playableState(player, type, id);
    if (!state.active) return 'other';
    // Its device stopped answering while it played: neither 'Most szól' nor 'Szünetel' (issue 39).
    if (get(outputUnknownAtom)) return 'unknown';
    return state.playing && !get(outputUnavailableAtom) && heardPlaying(get(heardAtom), player) ? 'playing' : 'it';
  });
}
