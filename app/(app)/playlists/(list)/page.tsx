import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlaylistsView } from '@/components/playlists/PlaylistsView';
import { pages } from '@/lib/i18n/hu/pages';
import { getPlaylistsPage } from '@/lib/server';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.playlists };

export default async function PlaylistsPage() {
  const { playlists, fallback } = await getPlaylistsPage();
  return (
    <AppProviders fallback={fallback}>
      <PlaylistsView initial={playlists} />
    </AppProviders>
  );
}
