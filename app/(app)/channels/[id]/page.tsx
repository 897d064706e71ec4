import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { favoriteAnswerSchema, type Channel } from '@/contracts';
import { ChannelDetail } from '@/components/channels/ChannelDetail';
import { AppProviders } from '@/components/layout/AppProviders';
import { CHANNELS_KEY, channelKey, channelTracksKey, checkFavoriteKey } from '@/lib/api/channel-keys';
import { channelListReader, channelReader, trackPageReader } from '@/lib/api/schemas';
import { apiReadOptional, apiReadUnless404 } from '@/lib/api/server-read';
import { apiGetOptional } from '@/lib/bff/server-fetch';

interface Props {
  params: Promise<{ id: string }>;
}

function channelId(raw: string): number {
  // Anything but a plain positive id is a page that does not exist; it never reaches the API.
  if (!/^[1-9]\d{0,9}$/.test(raw)) notFound();
  return Number(raw);
}

/**
 * One call per request, shared by the metadata and the page. An API without `GET /api/channels/{id}`
 * (a Laravel one may lack it) still lists the channel in `/api/channels`; only a channel neither
 * knows is not found.
 */
const loadChannel = cache(async (id: number): Promise<Channel> => {
  const channel = await apiReadUnless404(channelKey(id), channelReader);
  if (channel) return channel;
  const listed = (await apiReadOptional(CHANNELS_KEY, channelListReader))?.find((c) => c.id === id);
  return listed ?? notFound();
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const channel = await loadChannel(channelId((await params).id));
  return { title: channel.name };
}

export default async function ChannelPage({ params }: Props) {
  const id = channelId((await params).id);
  // Only the channel itself is the page; its tracks and the favourite mark are sections of it.
  const [channel, firstPage, favorite] = await Promise.all([
    loadChannel(id),
    apiReadOptional(channelTracksKey(id, 1), trackPageReader),
    apiGetOptional(checkFavoriteKey(id), favoriteAnswerSchema),
  ]);
  const fallback: Record<string, unknown> = { [channelKey(id)]: channel };
  if (favorite !== null) fallback[checkFavoriteKey(id)] = favorite;
  return (
    <AppProviders fallback={fallback}>
      <ChannelDetail key={id} channel={channel} firstPage={firstPage} />
    </AppProviders>
  );
}
