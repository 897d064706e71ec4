import type { Player } from '@/contracts';
import { apiFetch } from '@/lib/api/fetcher';

/**
 * The player routes (SPEC.md §7); each answers the whole player. No React here, and no zod: the BFF's
 * JSON is typed by the contract (the server side parses with the schemas).
 */
export const PLAYERS_KEY = '/api/players';

const base = (playerId: number) => `${PLAYERS_KEY}/${playerId}`;

export const playerApi = {
  list: () => apiFetch<Player[]>(PLAYERS_KEY),
  togglePlay: (id: number) => apiFetch<Player>(`${base(id)}/toggle-play`),
  next: (id: number) => apiFetch<Player>(`${base(id)}/next`),
  loadTrack: (id: number) => apiFetch<Player>(`${base(id)}/load-track`),
  toggleRandom: (id: number) => apiFetch<Player>(`${base(id)}/random`, { method: 'POST' }),
  toggleRepeat: (id: number) => apiFetch<Player>(`${base(id)}/repeat`, { method: 'POST' }),
  jumpToTrack: (id: number, trackId: number) =>
    apiFetch<Player>(`${base(id)}/next/tracks/${trackId}`),
  updateVolume: (id: number, currentTime: number, volume: number) =>
    apiFetch<Player>(`${base(id)}/update-volume`, {
      method: 'POST',
      body: { currentTime: Math.max(0, Math.round(currentTime * 100) / 100), volume: Math.round(volume) },
    }),
  setPlayable: (id: number, type: 'channel' | 'playlist', playableId: number, trackId?: number) =>
    apiFetch<Player>(
      `${base(id)}/playable/${type}/${playableId}${trackId === undefined ? '' : `?track=${trackId}`}`,
      { method: 'POST', body: trackId === undefined ? {} : { track: trackId } },
    ),
};
