import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlaylistsView } from '@/components/playlists/PlaylistsView';
import { PLAYLISTS_KEY } from '@/lib/api/playlist-keys';
import { playlistListReader } from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { pages } from '@/lib/i18n/hu/pages';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.playlists };

export default async function PlaylistsPage() {
  const playlists = await apiReadOptional(PLAYLISTS_KEY, playlistListReader);
  return (
    <AppProviders fallback={playlists ? { [PLAYLISTS_KEY]: playlists } : {}}>
      <PlaylistsView initial={playlists} />
    </AppProviders>
  );
}
