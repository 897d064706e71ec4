import type { Player, PlaySpotsEvent, RealtimeConfig } from '@/contracts';
import { ApiError, apiFetch } from '@/lib/api/fetcher';
import { getFallbackRealtimeConfig } from './fallback-config';
import { chooseRealtimeConfig, isMissingCall, type ConfigAnswer } from './fallback';

export const REALTIME_CONFIG_KEY = '/api/realtime-config';

/** The realtime calls (SPEC.md §7): no React here. */
export const realtimeApi = {
  config: () => apiFetch<RealtimeConfig>(REALTIME_CONFIG_KEY),
  /** Hands audio output to another device of the shop, continuing at `currentTime`. */
  /**
   * `expectedSessionId`: the holder this device saw when it offered to take over; the server
   * answers 409 when another device took the music first (an API without the check just moves it).
   */
  moveOutput: (playerId: number, sessionId: string, currentTime: number, expectedSessionId?: string | null) =>
    apiFetch<Player>(`/api/players/${playerId}/sessions/${encodeURIComponent(sessionId)}`, {
      method: 'POST',
      body: {
        currentTime: Math.max(0, Math.round(currentTime * 100) / 100),
        ...(expectedSessionId !== undefined ? { expected_session_id: expectedSessionId } : {}),
      },
    }),
  playSound: (playerId: number, soundId: number) =>
    apiFetch(`/api/players/${playerId}/sounds/${soundId}/play`, { method: 'POST', body: {} }),
  playSpots: (playerId: number, spotIds: number[]) =>
    apiFetch<PlaySpotsEvent>(`/api/players/${playerId}/spots/play`, { method: 'POST', body: { spots: spotIds } }),
};

/** The API's /api/realtime-config, or 'missing' when it has no such call (a Laravel API). */
async function fetchConfig(): Promise<ConfigAnswer> {
  try {
    return { kind: 'config', config: await realtimeApi.config() };
  } catch (error) {
    if (error instanceof ApiError && isMissingCall(error.status)) return { kind: 'missing' };
    throw error;
  }
}

/** The socket's settings: the API's own, else the web's (lib/env.ts); null means no socket at all. */
export async function resolveRealtimeConfig(): Promise<RealtimeConfig | null> {
  return chooseRealtimeConfig(await fetchConfig(), getFallbackRealtimeConfig());
}
