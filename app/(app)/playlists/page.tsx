import type { Metadata } from 'next';
import { PageHeading } from '@/components/layout/PageHeading';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.playlists };

export default function PlaylistsPage() {
  return <PageHeading>{hu.pages.playlists}</PageHeading>;
}
