import type { Metadata } from 'next';
import { channelListSchema } from '@/contracts';
import { ChannelsView } from '@/components/channels/ChannelsView';
import { AppProviders } from '@/components/layout/AppProviders';
import { CHANNEL_CATEGORIES_KEY, CHANNELS_KEY, FAVORITE_CHANNELS_KEY } from '@/lib/api/channel-keys';
import { channelCategoryListSchema } from '@/lib/api/schemas';
import { apiGet } from '@/lib/bff/server-fetch';
import { toCatalogue, toChannelCard } from '@/lib/channels/catalogue';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.channels };

export default async function ChannelsPage() {
  const [channels, categories, favorites] = await Promise.all([
    apiGet(CHANNELS_KEY, channelListSchema),
    apiGet(CHANNEL_CATEGORIES_KEY, channelCategoryListSchema),
    apiGet(FAVORITE_CHANNELS_KEY, channelListSchema),
  ]);
  return (
    // Only what the tiles show, each channel once: the data travels inside the page's HTML.
    <AppProviders fallback={{ [FAVORITE_CHANNELS_KEY]: favorites.map(toChannelCard) }}>
      <ChannelsView catalogue={toCatalogue(channels, categories)} />
    </AppProviders>
  );
}
