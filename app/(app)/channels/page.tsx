import type { Metadata } from 'next';
import { ChannelsView } from '@/components/channels/ChannelsView';
import { AppProviders } from '@/components/layout/AppProviders';
import { toCatalogue } from '@/lib/channels/catalogue';
import { pages } from '@/lib/i18n/hu/pages';
import { getChannelsPage } from '@/lib/server';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.channels };

/*
 * No loading.tsx here, on purpose: /channels is where a login lands, and it comes in one piece. A
 * streamed skeleton first would need a script to show the page (a login posted before the page's
 * script has run lands here too) and would paint the featured image only after the skeleton.
 */
export default async function ChannelsPage() {
  const { channels, categories, favorites, fallback } = await getChannelsPage();
  return (
    <AppProviders fallback={fallback}>
      <ChannelsView
        catalogue={toCatalogue(channels ?? [], categories ?? [])}
        unavailable={{ channels: channels === null, categories: categories === null, favorites: favorites === null }}
      />
    </AppProviders>
  );
}
