import type { Metadata } from 'next';
import { ChannelsView } from '@/components/channels/ChannelsView';
import { AppProviders } from '@/components/layout/AppProviders';
import { CHANNEL_CATEGORIES_KEY, CHANNELS_KEY, FAVORITE_CHANNELS_KEY } from '@/lib/api/channel-keys';
import { channelCategoryListReader, channelListReader } from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { toCatalogue, toChannelCard } from '@/lib/channels/catalogue';
import { pages } from '@/lib/i18n/hu/pages';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.channels };

/*
 * No loading.tsx here, on purpose: /channels is where a login lands, and it comes in one piece. A
 * streamed skeleton first would need a script to show the page (a login posted before the page's
 * script has run lands here too) and would paint the featured image only after the skeleton.
 */
export default async function ChannelsPage() {
  // Each list on its own: one the API does not serve or fails empties its section, not the page.
  const [channels, categories, favorites] = await Promise.all([
    apiReadOptional(CHANNELS_KEY, channelListReader),
    apiReadOptional(CHANNEL_CATEGORIES_KEY, channelCategoryListReader),
    apiReadOptional(FAVORITE_CHANNELS_KEY, channelListReader),
  ]);
  const fallback = favorites ? { [FAVORITE_CHANNELS_KEY]: favorites.map(toChannelCard) } : {};
  return (
    // Only what the tiles show, each channel once: the data travels inside the page's HTML.
    <AppProviders fallback={fallback}>
      <ChannelsView
        catalogue={toCatalogue(channels ?? [], categories ?? [])}
        unavailable={{ channels: channels === null, categories: categories === null, favorites: favorites === null }}
      />
    </AppProviders>
  );
}
