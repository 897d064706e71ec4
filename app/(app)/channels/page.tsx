import type { Metadata } from 'next';
import { ChannelsView } from '@/components/channels/ChannelsView';
import { AppProviders } from '@/components/layout/AppProviders';
import { CHANNEL_CATEGORIES_KEY, CHANNELS_KEY, FAVORITE_CHANNELS_KEY } from '@/lib/api/channel-keys';
import { channelCategoryListReader, channelListReader } from '@/lib/api/schemas';
import { apiRead } from '@/lib/api/server-read';
import { toCatalogue, toChannelCard } from '@/lib/channels/catalogue';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.channels };

export default async function ChannelsPage() {
  const [channels, categories, favorites] = await Promise.all([
    apiRead(CHANNELS_KEY, channelListReader),
    apiRead(CHANNEL_CATEGORIES_KEY, channelCategoryListReader),
    apiRead(FAVORITE_CHANNELS_KEY, channelListReader),
  ]);
  return (
    // Only what the tiles show, each channel once: the data travels inside the page's HTML.
    <AppProviders fallback={{ [FAVORITE_CHANNELS_KEY]: favorites.map(toChannelCard) }}>
      <ChannelsView catalogue={toCatalogue(channels, categories)} />
    </AppProviders>
  );
}
