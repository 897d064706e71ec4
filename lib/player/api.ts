import { playerListSchema, playerSchema, type Player } from '@/contracts';
import { apiFetch } from '@/lib/api/fetcher';

/** The player routes (SPEC.md §7); each answers the whole player. No React here. */
export const PLAYERS_KEY = '/api/players';

const base = (playerId: number) => `${PLAYERS_KEY}/${playerId}`;

export const playerApi = {
  list: () => apiFetch(PLAYERS_KEY, { schema: playerListSchema }),
  togglePlay: (id: number) => apiFetch<Player>(`${base(id)}/toggle-play`, { schema: playerSchema }),
  next: (id: number) => apiFetch<Player>(`${base(id)}/next`, { schema: playerSchema }),
  loadTrack: (id: number) => apiFetch<Player>(`${base(id)}/load-track`, { schema: playerSchema }),
  toggleRandom: (id: number) => apiFetch<Player>(`${base(id)}/random`, { method: 'POST', schema: playerSchema }),
  toggleRepeat: (id: number) => apiFetch<Player>(`${base(id)}/repeat`, { method: 'POST', schema: playerSchema }),
  jumpToTrack: (id: number, trackId: number) =>
    apiFetch<Player>(`${base(id)}/next/tracks/${trackId}`, { schema: playerSchema }),
  updateVolume: (id: number, currentTime: number, volume: number) =>
    apiFetch<Player>(`${base(id)}/update-volume`, {
      method: 'POST',
      body: { currentTime: Math.max(0, Math.round(currentTime * 100) / 100), volume: Math.round(volume) },
      schema: playerSchema,
    }),
  setPlayable: (id: number, type: 'channel' | 'playlist', playableId: number, trackId?: number) =>
    apiFetch<Player>(
      `${base(id)}/playable/${type}/${playableId}${trackId === undefined ? '' : `?track=${trackId}`}`,
      { method: 'POST', body: trackId === undefined ? {} : { track: trackId }, schema: playerSchema },
    ),
};
