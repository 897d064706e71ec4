'use client';

import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { noteDocumentSeed, SeedTimeContext } from '@/lib/api/seeded';
import { seededAtOf } from '@/lib/api/seed-time';

/**
 * Seeds SWR with what the server already fetched, so the first paint has content, and says when the
 * server read it: a page shown from a prefetch (read a while before the click) must not write its
 * seeds over newer data in the cache (`useServerSeed`).
 */
export function AppProviders({ fallback, children }: { fallback: Record<string, unknown>; children: ReactNode }) {
  const seededAt = seededAtOf(fallback);
  // The first one of the document (the layout's) sets the clocks' offset; later ones leave it.
  noteDocumentSeed(seededAt);
  return (
    <SeedTimeContext value={seededAt}>
      <SWRConfig value={{ fallback }}>{children}</SWRConfig>
    </SeedTimeContext>
  );
}
