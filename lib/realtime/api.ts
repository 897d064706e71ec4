import type { RealtimeConfig } from '@/contracts';
import { ApiError, apiFetch } from '@/lib/api/fetcher';
import { getFallbackRealtimeConfig } from './fallback-config';
import { chooseRealtimeConfig, isMissingCall, type ConfigAnswer } from './fallback';

export const REALTIME_CONFIG_KEY = '/api/realtime-config';

/** The realtime transport's own call (SPEC.md §7): no React here. */
export const realtimeApi = {
  config: () => apiFetch<RealtimeConfig>(REALTIME_CONFIG_KEY),
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
