import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import headerStyles from '@/components/mixer/MixerHeader.module.scss';
import { AppProviders } from '@/components/layout/AppProviders';
import { SpotsView } from '@/components/mixer/spots/SpotsView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSpotsPage } from '@/lib/server';
import headingRow from '../../_frame/heading-row.module.scss';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.spots };

/** The page's heading first (the one the page paints, in its row); the rest once its reads are in. */
export default function SpotsPage() {
  return (
    <Suspense
      fallback={
        <div className={`${headerStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{hu.mixer.headings.spots}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <SpotsContent />
      </StreamedPart>
    </Suspense>
  );
}

async function SpotsContent() {
  const { spots, fallback } = await getSpotsPage();
  return (
    <AppProviders fallback={fallback}>
      <SpotsView initial={spots} />
    </AppProviders>
  );
}
