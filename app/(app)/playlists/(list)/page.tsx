import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlaylistsView } from '@/components/playlists/PlaylistsView';
import viewStyles from '@/components/playlists/PlaylistsView.module.scss';
import { pages } from '@/lib/i18n/hu/pages';
import { getPlaylistsPage } from '@/lib/server';
import headingRow from '../../_frame/heading-row.module.scss';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.playlists };

/** The heading first (PlaylistsView's, in its row); the cards follow once the list is read. */
export default function PlaylistsPage() {
  return (
    <Suspense
      fallback={
        <div className={`${viewStyles.top} ${headingRow.holdsTools}`}>
          <h1>{hu.pages.playlists}</h1>
        </div>
      }
    >
      <StreamedPart>
        <Playlists />
      </StreamedPart>
    </Suspense>
  );
}

async function Playlists() {
  const { playlists, fallback } = await getPlaylistsPage();
  return (
    <AppProviders fallback={fallback}>
      <PlaylistsView initial={playlists} />
    </AppProviders>
  );
}
