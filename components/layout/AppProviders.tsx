'use client';

import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { noteDocumentSeed, SeedTimeContext, seededBeforeLocalWrite } from '@/lib/api/seeded';
import { seededAtOf } from '@/lib/api/seed-time';

/**
 * Seeds SWR with what the server already fetched, so the first paint has content, and says when the
 * server read it: a page shown from a prefetch (read a while before the click) must not write its
 * seeds over newer data in the cache (`useServerSeed`). When it was read before a change this browser
 * sent since (a playlist made meanwhile), the page is rendered again in the background: what it shows
 * outside the refreshed lists (the music plan's pickers, say) would otherwise miss that change.
 */
export function AppProviders({ fallback, children }: { fallback: Record<string, unknown>; children: ReactNode }) {
  const seededAt = seededAtOf(fallback);
  // The first one of the document (the layout's) sets the clocks' offset; later ones leave it.
  noteDocumentSeed(seededAt);
  const router = useRouter();
  useEffect(() => {
    if (seededAt !== null && seededBeforeLocalWrite(seededAt)) router.refresh();
  }, [seededAt, router]);
  return (
    <SeedTimeContext value={seededAt}>
      <SWRConfig value={{ fallback }}>{children}</SWRConfig>
    </SeedTimeContext>
  );
}
