import type { ReactNode } from 'react';
import { unstable_rethrow } from 'next/navigation';
import type { Customer, Player } from '@/contracts';
import { AppFrame } from '@/components/layout/AppFrame';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlayerBar } from '@/components/player/PlayerBar';
import { SpaceToPlay } from '@/components/player/SpaceToPlay';
import { PlayerRoot } from '@/components/player/PlayerRoot';
import { PlaylistModalHost } from '@/components/playlists/PlaylistModalHost';
import { CUSTOMER_KEY, ME_KEY } from '@/lib/api/keys';
import { ApiBase } from '@/lib/api/api-base';
import { customerReader, playerListReader, userReader } from '@/lib/api/schemas';
import { apiBase, apiRead } from '@/lib/api/server-read';
import { env } from '@/lib/env';
import { PLAYERS_KEY } from '@/lib/player/api';
import { RealtimeFallback } from '@/lib/realtime/fallback-config';

async function loadCustomer(): Promise<Customer | null> {
  try {
    return await apiRead(CUSTOMER_KEY, customerReader);
  } catch {
    // A failed customer call leaves the customer empty (SPEC.md §8); the header shows the default logo.
    return null;
  }
}

async function loadPlayer(): Promise<Player | null> {
  try {
    const players = await apiRead(PLAYERS_KEY, playerListReader);
    return players[0] ?? null;
  } catch (error) {
    // The 401 redirect must still happen; anything else leaves the bar in its empty state.
    if (isNotFound(error)) return null;
    unstable_rethrow(error);
    return null;
  }
}

function isNotFound(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && digest.endsWith(';404');
}

export default async function AppLayout({ children }: { children: ReactNode }) {
  // apiGet sends a 401 through /auth/expired, so an expired session never renders the shell.
  const [me, customer, player, base] = await Promise.all([
    apiRead(ME_KEY, userReader),
    loadCustomer(),
    loadPlayer(),
    apiBase(),
  ]);
  const fallback: Record<string, unknown> = { [ME_KEY]: me };
  if (customer) fallback[CUSTOMER_KEY] = customer;

  return (
    <AppProviders fallback={fallback}>
      <ApiBase base={base} />
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
