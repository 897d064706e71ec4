'use client';

import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { outputUnknownAtom, useOutputUnavailable } from '@/lib/player/output-state';
import { isPlayPauseSpace } from '@/lib/player/space-key';
import { isOutputDevice } from '@/lib/player/decisions';
import { needsTapAtom, serverUnreachableAtom, sessionIdAtom } from '@/lib/player/state';
import { usePlayer } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { getPlayerEngine, preloadPlayerEngine } from '@/lib/player/use-player-engine';

/**
 * Space toggles play and pause from anywhere on the page (isPlayPauseSpace says where not), doing what
 * the bar's play button does: nothing while the server is unreachable (the button is disabled then),
 * and on a gone audio device it brings the music here. Renders nothing; mounted once beside the bar.
 */
export function SpaceToPlay() {
  const store = useStore();
  const player = usePlayer();
  const actions = usePlayerActions();
  const unavailable = useOutputUnavailable();
  const unreachable = useAtomValue(serverUnreachableAtom);
  // The listener is added once; it reads the current state through the ref.
  const state = useRef({ player, actions, unavailable, unreachable });
  useEffect(() => {
    state.current = { player, actions, unavailable, unreachable };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { player, actions, unavailable, unreachable } = state.current;
      if (!player || unreachable || !isPlayPauseSpace(event)) return;
      // Space would scroll the page as well.
      event.preventDefault();
      // The press may make this device the one that sounds: its engine's code is fetched with the call.
      preloadPlayerEngine();
      // A device that stopped answering may still sound: the bar shows pause then, and so does Space.
      if (unavailable && player.track && !store.get(outputUnknownAtom)) {
        void actions.playHere();
        return;
      }
      // On the audio device the key press is the gesture its browser waits for: a start it refused
      // goes on now, and play starts the music before the server is asked (its answer decides).
      const engine = isOutputDevice(player, store.get(sessionIdAtom)) ? getPlayerEngine() : null;
      if (engine && player.is_playing && store.get(needsTapAtom)) {
        engine.startFromTap();
        return;
      }
      // A start while the shop is closed asks first (the action's): the yes's click is the gesture then.
      void actions.togglePlay(() => engine?.playFromGesture(!player.is_playing)).finally(() => engine?.settle());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store]);

  return null;
}
