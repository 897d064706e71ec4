import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlaylistDetail } from '@/components/playlists/PlaylistDetail';
import { playlistKey, playlistTracksPageKey } from '@/lib/api/playlist-keys';
import { playlistReader, trackPageReader } from '@/lib/api/schemas';
import { apiRead, apiReadOptional } from '@/lib/api/server-read';

interface Props {
  params: Promise<{ id: string }>;
}

function playlistId(raw: string): number {
  // Anything but a plain positive id is a page that does not exist; it never reaches the API.
  if (!/^[1-9]\d{0,9}$/.test(raw)) notFound();
  return Number(raw);
}

/** One call per request, shared by the metadata and the page (a missing playlist → notFound()). */
const loadPlaylist = cache((id: number) => apiRead(playlistKey(id), playlistReader));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const playlist = await loadPlaylist(playlistId((await params).id));
  return { title: playlist.name };
}

export default async function PlaylistPage({ params }: Props) {
  const id = playlistId((await params).id);
  const [playlist, firstPage] = await Promise.all([
    loadPlaylist(id),
    apiReadOptional(playlistTracksPageKey(id, 1), trackPageReader),
  ]);
  return (
    <AppProviders fallback={{ [playlistKey(id)]: playlist }}>
      <PlaylistDetail key={id} playlist={playlist} firstPage={firstPage} />
    </AppProviders>
  );
}
