'use client';

import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/** Seeds SWR with what the server already fetched, so the first paint has content. */
export function AppProviders({ fallback, children }: { fallback: Record<string, unknown>; children: ReactNode }) {
  return <SWRConfig value={{ fallback }}>{children}</SWRConfig>;
}
