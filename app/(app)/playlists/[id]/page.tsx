import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlaylistDetail } from '@/components/playlists/PlaylistDetail';
import { getPlaylist, getPlaylistPage } from '@/lib/server';

interface Props {
  params: Promise<{ id: string }>;
}

function playlistId(raw: string): number {
  // Anything but a plain positive id is a page that does not exist; it never reaches the API.
  if (!/^[1-9]\d{0,9}$/.test(raw)) notFound();
  return Number(raw);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const playlist = await getPlaylist(playlistId((await params).id));
  return { title: playlist.name };
}

export default async function PlaylistPage({ params }: Props) {
  const id = playlistId((await params).id);
  const { playlist, firstPage, fallback } = await getPlaylistPage(id);
  return (
    <AppProviders fallback={fallback}>
      <PlaylistDetail key={id} playlist={playlist} firstPage={firstPage} />
    </AppProviders>
  );
}
