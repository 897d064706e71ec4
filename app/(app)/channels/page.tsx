import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../_frame/streamed-part';
import { ChannelsView } from '@/components/channels/ChannelsView';
import viewStyles from '@/components/channels/ChannelsView.module.scss';
import { AppProviders } from '@/components/layout/AppProviders';
import { PageHeading } from '@/components/layout/PageHeading';
import { toCatalogue } from '@/lib/channels/catalogue';
import { pages } from '@/lib/i18n/hu/pages';
import { getChannelsPage } from '@/lib/server';
import headingRow from '../_frame/heading-row.module.scss';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.channels };

/**
 * The frame and the page's heading come first; the catalogue follows in the same answer once the
 * page's three reads are in (its Suspense boundary, revealed at the next frame). The heading is the
 * one ChannelsView paints, in its row, so nothing moves when the tiles come.
 */
export default function ChannelsPage() {
  return (
    <Suspense
      fallback={
        <div className={`${viewStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{hu.pages.channels}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <Channels />
      </StreamedPart>
    </Suspense>
  );
}

async function Channels() {
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
