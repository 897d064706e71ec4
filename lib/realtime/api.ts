import type { RealtimeConfig } from '@/contracts';
import { BrowserApiError, apiFetch } from '@/lib/api/fetcher';
import { ME_KEY } from '@/lib/api/use-me';
import { getFallbackRealtimeConfig } from './fallback-config';
import { chooseRealtimeConfig, isMissingCall, type ConfigAnswer } from './fallback';

export const REALTIME_CONFIG_KEY = '/api/realtime-config';

/** The realtime transport's own call (SPEC.md §7): no React here. */
export const realtimeApi = {
  config: () => apiFetch<RealtimeConfig>(REALTIME_CONFIG_KEY),
  /** Names the device with this presence id (the bundled API only; see the README's list of its calls). */
  renameDevice: (id: string, name: string) =>
    apiFetch<{ id: string; name: string }>(`/api/devices/${encodeURIComponent(id)}/name`, {
      method: 'POST',
      body: { name },
    }),
};

/** The API's /api/realtime-config, or 'missing' when it has no such call (a Laravel API). */
async function fetchConfig(): Promise<ConfigAnswer> {
  try {
    return { kind: 'config', config: await realtimeApi.config() };
  } catch (error) {
    if (error instanceof BrowserApiError && isMissingCall(error.status)) return { kind: 'missing' };
    throw error;
  }
}

/** The socket's settings: the API's own, else the web's (lib/env.ts); null means no socket at all. */
export async function resolveRealtimeConfig(): Promise<RealtimeConfig | null> {
  return chooseRealtimeConfig(await fetchConfig(), getFallbackRealtimeConfig());
}

/**
 * After the service closed the socket as unauthorised (4009): whether this browser's login is still
 * live ('live'), over ('ended': /api/me answered 401 or 419), or unknown (the API did not answer).
 */
export async function checkLogin(): Promise<'live' | 'ended' | 'unknown'> {
  try {
    await apiFetch(ME_KEY);
    return 'live';
  } catch (error) {
    return error instanceof BrowserApiError && (error.status === 401 || error.status === 419) ? 'ended' : 'unknown';
  }
}
