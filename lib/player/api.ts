import type { OutputState, Player, PlaySpotsEvent } from '@/contracts';
import { apiFetch } from '@/lib/api/fetcher';
import { randomId } from '@/lib/api/random-id';
import { getSocketId } from '@/lib/api/socket-id';
import { RETURN_PROBE_DEADLINE_MS } from './outage';

/**
 * The player routes (SPEC.md §7); each answers the whole player. No React here, and no zod: the BFF's
 * JSON is typed by the contract (the server side parses with the schemas).
 */
export const PLAYERS_KEY = '/api/players';

const base = (playerId: number) => `${PLAYERS_KEY}/${playerId}`;

/**
 * Every player call ends within this: a hung API (it takes the connection and never answers) counts as
 * away (outage.ts's `isUnreachable`), so the audio device plays on from its cache rather than waiting
 * in silence for a gateway's timeout.
 */
export const PLAYER_CALL_DEADLINE_MS = 5_000;

type CallRequest = { method?: 'POST'; body?: unknown; once?: boolean; key?: string };

/** One player call, with its deadline. */
function call<T>(path: string, request: CallRequest = {}): Promise<T> {
  return apiFetch<T>(path, { ...request, deadlineMs: PLAYER_CALL_DEADLINE_MS });
}

/** Every command that changes the player is sent with its own idempotency key (applied once). */
const once = { once: true } as const;

/**
 * The body of `update-volume`: seconds to the hundredth, volume in whole steps. `version`: the player's
 * version the volume was read from, for a report or a seek (the bundled API then leaves out a volume
 * the player has moved on from: the plan's block, another device's slider); none for a volume press.
 */
function volumeBody(currentTime: number, volume: number, version?: number) {
  return {
    currentTime: Math.max(0, Math.round(currentTime * 100) / 100),
    volume: Math.round(volume),
    ...(typeof version === 'number' ? { version } : {}),
  };
}

export const playerApi = {
  list: () => call<Player[]>(PLAYERS_KEY),
  /** The outage's probe: the player read with the probe's shorter deadline, abortable. */
  probe: (signal?: AbortSignal) =>
    apiFetch<Player[]>(PLAYERS_KEY, { deadlineMs: RETURN_PROBE_DEADLINE_MS, ...(signal ? { signal } : {}) }),
  togglePlay: (id: number) => call<Player>(`${base(id)}/toggle-play`, once),
  next: (id: number) => call<Player>(`${base(id)}/next`, once),
  /**
   * The audio device goes on by itself at a track's end: `auto=1` tells the bundled API it is no
   * manager's press (which would hold the music plan); other APIs ignore the query.
   */
  nextAtTrackEnd: (id: number, key?: string) =>
    call<Player>(`${base(id)}/next?auto=1`, key === undefined ? once : { key }),
  loadTrack: (id: number) => call<Player>(`${base(id)}/load-track`, once),
  toggleRandom: (id: number) => call<Player>(`${base(id)}/random`, { method: 'POST', once: true }),
  toggleRepeat: (id: number) => call<Player>(`${base(id)}/repeat`, { method: 'POST', once: true }),
  jumpToTrack: (id: number, trackId: number) => call<Player>(`${base(id)}/next/tracks/${trackId}`, once),
  updateVolume: (id: number, currentTime: number, volume: number, version?: number) =>
    call<Player>(`${base(id)}/update-volume`, {
      method: 'POST',
      body: volumeBody(currentTime, volume, version),
      once: true,
    }),
  /**
   * `update-volume` sent as the page is hidden or unloaded: `keepalive` lets the request outlive the page.
   * Not through apiFetch, which waits for the answer and reads it: after an unload nobody is left to, and
   * the server broadcasts the change to the other devices anyway. Same origin with the page's cookies
   * and socket id, as every call; the BFF checks the origin and adds the XSRF token upstream.
   */
  updateVolumeOnLeave: (id: number, currentTime: number, volume: number, version?: number): void => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': randomId(),
    };
    const socketId = getSocketId();
    if (socketId) headers['X-Socket-ID'] = socketId;
    void fetch(`${base(id)}/update-volume`, {
      method: 'POST',
      headers,
      body: JSON.stringify(volumeBody(currentTime, volume, version)),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {
      // The page is going away: a lost report only means the next start is a few seconds back.
    });
  },
  /** The audio device says what it really does (the bundled API only: callers check `version` first). */
  reportOutput: (id: number, state: OutputState) =>
    call<Player>(`${base(id)}/output`, { method: 'POST', body: { state } }),
  setPlayable: (id: number, type: 'channel' | 'playlist', playableId: number, trackId?: number) =>
    call<Player>(`${base(id)}/playable/${type}/${playableId}${trackId === undefined ? '' : `?track=${trackId}`}`, {
      method: 'POST',
      body: trackId === undefined ? {} : { track: trackId },
      once: true,
    }),
  /**
   * Hands audio output to another device of the shop, continuing at `currentTime`.
   * `expectedSessionId`: the holder this device saw when it offered to take over; the server
   * answers 409 when another device took the music first (an API without the check just moves it).
   */
  moveOutput: (playerId: number, sessionId: string, currentTime: number, expectedSessionId?: string | null) =>
    call<Player>(`${base(playerId)}/sessions/${encodeURIComponent(sessionId)}`, {
      method: 'POST',
      body: {
        currentTime: Math.max(0, Math.round(currentTime * 100) / 100),
        ...(expectedSessionId !== undefined ? { expected_session_id: expectedSessionId } : {}),
      },
      once: true,
    }),
  playSound: (playerId: number, soundId: number) =>
    call(`${base(playerId)}/sounds/${soundId}/play`, { method: 'POST', body: {} }),
  playSpots: (playerId: number, spotIds: number[]) =>
    call<PlaySpotsEvent>(`${base(playerId)}/spots/play`, { method: 'POST', body: { spots: spotIds } }),
};
