import type { Player } from '@/contracts';

/**
 * The engine's choices as pure functions, so the rules are tested without real audio.
 */

/** Exactly one device outputs audio: the one whose login session the player names. */
export function isOutputDevice(player: Player | null, sessionId: string | null | undefined): boolean {
  return !!player && !!sessionId && player.session_id === sessionId;
}

/**
 * This device's login got a new session id (Laravel renews it, e.g. on a session regeneration) while
 * the player still names the old one as its output: the device claims the output again under the
 * new id (POST /api/players/{id}/sessions/{new}), or the shop would go silent.
 */
export function shouldReclaimOutput(
  player: Player | null,
  previousSessionId: string | null | undefined,
  sessionId: string | null | undefined,
): boolean {
  return (
    !!player &&
    !!previousSessionId &&
    !!sessionId &&
    previousSessionId !== sessionId &&
    player.session_id === previousSessionId
  );
}

/** The element should be sounding only on the output device, with a track, while the server says playing. */
export function shouldSound(player: Player | null, sessionId: string | null | undefined): boolean {
  return isOutputDevice(player, sessionId) && !!player?.track && !!player.is_playing;
}

/** Where the playable's page is, for the link in the bar. */
export function playableHref(player: Player | null): string | null {
  const playable = player?.playable;
  if (!playable) return null;
  return playable.type === 'App\\Models\\Playlist' ? `/playlists/${playable.id}` : `/channels/${playable.id}`;
}

export type RefusedPlayAction = 'ask-for-tap' | 'ignore' | 'recover';

/**
 * What a rejected `play()` means. NotAllowedError: the browser wants a tap first, so the bar asks
 * for one. AbortError: a newer load or pause interrupted it, nothing is wrong. Anything else
 * (an unplayable source) is handled like a media error.
 */
export function onPlayRefused(error: unknown): RefusedPlayAction {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  if (name === 'NotAllowedError') return 'ask-for-tap';
  if (name === 'AbortError') return 'ignore';
  return 'recover';
}

export type EndedAction = 'request-next' | 'nothing';

/**
 * A finished track asks the server for the next one (SPEC.md §4). The server knows the order,
 * shuffle and repeat; only the output device asks, so one ending never skips twice.
 */
export function onTrackEnded(player: Player | null, sessionId: string | null | undefined): EndedAction {
  return isOutputDevice(player, sessionId) && player?.track ? 'request-next' : 'nothing';
}

export type MediaErrorAction = 'reload-track' | 'skip' | 'wait-and-skip';

/**
 * A track that fails to load: first fetch it again through `load-track` (the signed URL may just
 * have expired on a long-open page), then skip to the next. After several failures in a row
 * (the network is down) keep skipping, but with a pause, so the shop is never left silent and the
 * server is not hammered.
 */
export function onMediaError(state: {
  trackId: number;
  reloadedTrackId: number | null;
  failuresInRow: number;
}): MediaErrorAction {
  if (state.reloadedTrackId !== state.trackId) return 'reload-track';
  return state.failuresInRow >= 3 ? 'wait-and-skip' : 'skip';
}

/** Back-off before the next skip after repeated failures: 2 s, 4 s, … at most 30 s. */
export function retryDelayMs(failuresInRow: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(1, failuresInRow - 2));
}

/**
 * Whether a new answer moved the position, so the audio must jump (a seek from this or another
 * device). Answers to other calls repeat the last stored time, and the answer to this device's
 * own position report echoes what it sent: following those would jump the music backwards.
 */
export function serverMovedPosition(
  previousServerTime: number | null,
  nextServerTime: number,
  lastReported: number | null,
  tolerance = 0.75,
): boolean {
  if (previousServerTime !== null && Math.abs(nextServerTime - previousServerTime) <= tolerance) return false;
  if (lastReported !== null && Math.abs(nextServerTime - lastReported) <= tolerance) return false;
  return true;
}

/**
 * The position the output device reports as its page is hidden or unloaded, or null for none. Only
 * music under way is reported: sounding, or waiting under a spot (a paused player was reported when it
 * paused, and one waiting for a tap has not moved from the server's time). Hiding and unloading come
 * one right after the other; a position just reported is not sent again.
 */
export function leaveReportTime(
  state: {
    sounding: boolean;
    elementPlaying: boolean;
    spotHoldsFloor: boolean;
    position: number;
    lastReported: number | null;
  },
  tolerance = 0.25,
): number | null {
  if (!state.sounding || (!state.elementPlaying && !state.spotHoldsFloor)) return null;
  if (state.lastReported !== null && Math.abs(state.position - state.lastReported) < tolerance) return null;
  return state.position;
}

/** How often the output device reports its position while playing. */
export const REPORT_INTERVAL_MS = 10_000;

/** Whether `next`, pushed after `prev`, shows the audio device alive (it moved, or the output or play state changed). */
export function showsOutputAlive(prev: Player | null, next: Player): boolean {
  return (
    !prev ||
    prev.session_id !== next.session_id ||
    prev.is_playing !== next.is_playing ||
    prev.track?.id !== next.track?.id ||
    prev.current_time !== next.current_time
  );
}
