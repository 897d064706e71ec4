'use client';

import type { RealtimeConfig } from '@/contracts';

let fallback: RealtimeConfig | null = null;

/** The web's own real-time settings, as the server rendered them (null without PUSHER_KEY). */
export function getFallbackRealtimeConfig(): RealtimeConfig | null {
  return fallback;
}

/**
 * Hands the web's real-time settings (lib/env.ts) to the browser, for an API without
 * /api/realtime-config. Rendered by the main layout before the player; renders nothing.
 */
export function RealtimeFallback({ config }: { config: RealtimeConfig | null }) {
  if (typeof window !== 'undefined') fallback = config;
  return null;
}
