import type { ReactNode } from 'react';
import { AppFrame } from '@/components/layout/AppFrame';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlayerBar } from '@/components/player/PlayerBar';
import { SpaceToPlay } from '@/components/player/SpaceToPlay';
import { PlayerRoot } from '@/components/player/PlayerRoot';
import { PlaylistModalHost } from '@/components/playlists/PlaylistModalHost';
import { ApiBase } from '@/lib/api/api-base';
import { env } from '@/lib/env';
import { RealtimeFallback } from '@/lib/realtime/fallback-config';
import { getAppShell } from '@/lib/server';
import { RevealAtOnce } from './_frame/reveal-at-once';

export default async function AppLayout({ children }: { children: ReactNode }) {
  // A 401 goes through /auth/expired, so an expired session never renders the shell.
  const { player, apiBase, fallback } = await getAppShell();

  // The frame (sidebar, header, player bar) is the shell; each page streams its own reads into it
  // behind its real heading (a Suspense boundary per page), revealed at once (RevealAtOnce).
  return (
    <AppProviders fallback={fallback}>
      <RevealAtOnce />
      <ApiBase base={apiBase} />
      <RealtimeFallback config={env().realtime} />
      <PlayerRoot player={player}>
        <AppFrame player={<PlayerBar />}>{children}</AppFrame>
        <SpaceToPlay />
        {/* One modal for every add-to-playlist button (SPEC.md §2: the main layout has it), loaded on first use. */}
        <PlaylistModalHost />
      </PlayerRoot>
    </AppProviders>
  );
}
