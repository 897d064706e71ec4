'use client';

import { useAtomValue } from 'jotai';
import type { Player } from '@/contracts';
import { PLAYABLE_CHANNEL, PLAYABLE_PLAYLIST } from '@/contracts/names';
import { heardPlaying } from './heard';
import { useHeard, useOutputUnavailable } from './output-state';
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
 * it, rather than pausing it).
 */
export function usePlayableState(type: PlayableKind, id: number): { active: boolean; playing: boolean } {
  const player = useAtomValue(playerAtom);
  const unavailable = useOutputUnavailable();
  const heard = useHeard();
  const state = playableState(player, type, id);
  return unavailable || !heardPlaying(heard, player) ? { active: state.active, playing: false } : state;
}
