import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlaylistsView } from '@/components/playlists/PlaylistsView';
import { PLAYLISTS_KEY } from '@/lib/api/playlist-keys';
import { playlistListSchema } from '@/lib/api/schemas';
import { apiGet } from '@/lib/bff/server-fetch';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.playlists };

export default async function PlaylistsPage() {
  const playlists = await apiGet(PLAYLISTS_KEY, playlistListSchema);
  return (
    <AppProviders fallback={{ [PLAYLISTS_KEY]: playlists }}>
      <PlaylistsView initial={playlists} />
    </AppProviders>
  );
}
