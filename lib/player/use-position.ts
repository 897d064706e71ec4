'use client';

import { useAtomValue } from 'jotai';
import { useEffect, useReducer, useState } from 'react';
import { heardPlaying } from './heard';
import { useHeard, useOutputUnavailable } from './output-state';
import { durationAtom, playerAtom, positionAtom } from './state';

/** Where the remote music should be now: the stored time plus what passed since it was sent. */
export function estimatePosition(
  storedTime: number,
  receivedAt: number,
  now: number,
  playing: boolean,
  duration: number,
): number {
  const estimate = playing ? storedTime + Math.max(0, now - receivedAt) / 1000 : storedTime;
  return duration > 0 ? Math.min(estimate, duration) : estimate;
}

/** Seconds in a 'm:ss' or 'h:mm:ss' length, or 0 when it is not one. */
export function clockSeconds(formatted: string | null | undefined): number {
  if (!formatted || !/^\d+(:\d{1,2}){1,2}$/.test(formatted.trim())) return 0;
  return formatted
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * The length of a track: the server's seconds, else what the audio measured, else its formatted
 * length (an API that leaves `duration` out still sends that), so the clock never runs past the end.
 */
export function trackLength(
  serverSeconds: number | null | undefined,
  measured: number | null,
  formatted: string | null | undefined,
): number {
  return serverSeconds || measured || clockSeconds(formatted);
}

interface Clock {
  /** When the current player state arrived. */
  receivedAt: number;
  /** The last tick of the remote clock. */
  now: number;
}

/** The clock reads the time in its reducer: a render itself stays pure. */
function stampClock(clock: Clock, event: 'received' | 'tick'): Clock {
  const at = Date.now();
  return event === 'received' ? { receivedAt: at, now: at } : { ...clock, now: at };
}

function initialClock(event: 'received'): Clock {
  return stampClock({ receivedAt: 0, now: 0 }, event);
}

/**
 * The position and length the bar shows. On the output device they come from the audio itself;
 * a remote control has no audio, so it counts on from the server's time while the player plays.
 */
export function usePosition(): { position: number; duration: number } {
  const player = useAtomValue(playerAtom);
  const local = useAtomValue(positionAtom);
  const measured = useAtomValue(durationAtom);
  // The device that held the music is gone: nothing sounds, so the time stands where it was reported.
  const unavailable = useOutputUnavailable();
  // Music the audio device says it does not sound (or not known yet) has no running clock either.
  const heard = useHeard();
  // The server's length, so the bar and the track list agree; the measured one only when it has none.
  const duration = trackLength(player?.track?.duration, measured, player?.track?.formatted_duration);
  const [{ receivedAt, now }, stamp] = useReducer(stampClock, 'received', initialClock);
  // A new player state restarts the count from its time, noted while rendering the new state.
  const [seenPlayer, setSeenPlayer] = useState(player);
  if (seenPlayer !== player) {
    setSeenPlayer(player);
    stamp('received');
  }

  const playing = heardPlaying(heard, player) && !unavailable;
  const ticking = local === null && playing && !!player?.track;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => stamp('tick'), 1000);
    return () => clearInterval(timer);
  }, [ticking]);

  if (local !== null) return { position: duration > 0 ? Math.min(local, duration) : local, duration };
  if (!player?.track) return { position: 0, duration };
  return { position: estimatePosition(player.current_time, receivedAt, now, playing, duration), duration };
}
