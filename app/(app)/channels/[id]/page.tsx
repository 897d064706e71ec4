import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { favoriteAnswerSchema } from '@/contracts';
import { ChannelDetail } from '@/components/channels/ChannelDetail';
import { AppProviders } from '@/components/layout/AppProviders';
import { channelKey, channelTracksKey, checkFavoriteKey } from '@/lib/api/channel-keys';
import { channelReader, trackPageReader } from '@/lib/api/schemas';
import { apiRead } from '@/lib/api/server-read';
import { apiGet } from '@/lib/bff/server-fetch';

interface Props {
  params: Promise<{ id: string }>;
}

function channelId(raw: string): number {
  // Anything but a plain positive id is a page that does not exist; it never reaches the API.
  if (!/^[1-9]\d{0,9}$/.test(raw)) notFound();
  return Number(raw);
}

/** One call per request, shared by the metadata and the page (a missing channel → notFound()). */
const loadChannel = cache((id: number) => apiRead(channelKey(id), channelReader));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const channel = await loadChannel(channelId((await params).id));
  return { title: channel.name };
}

export default async function ChannelPage({ params }: Props) {
  const id = channelId((await params).id);
  const [channel, firstPage, favorite] = await Promise.all([
    loadChannel(id),
    apiRead(channelTracksKey(id, 1), trackPageReader),
    apiGet(checkFavoriteKey(id), favoriteAnswerSchema),
  ]);
  return (
    <AppProviders fallback={{ [channelKey(id)]: channel, [checkFavoriteKey(id)]: favorite }}>
      <ChannelDetail key={id} channel={channel} firstPage={firstPage} />
    </AppProviders>
  );
}
