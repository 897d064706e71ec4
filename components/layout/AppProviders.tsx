'use client';

import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SeedTimeContext } from '@/lib/api/seeded';
import { seededAtOf } from '@/lib/api/seed-time';

/**
 * Seeds SWR with what the server already fetched, so the first paint has content, and says when the
 * server read it: a page shown from a prefetch (read a while before the click) must not write its
 * seeds over newer data in the cache (`useServerSeed`).
 */
export function AppProviders({ fallback, children }: { fallback: Record<string, unknown>; children: ReactNode }) {
  return (
    <SeedTimeContext value={seededAtOf(fallback)}>
      <SWRConfig value={{ fallback }}>{children}</SWRConfig>
    </SeedTimeContext>
  );
}
