import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import sectionStyles from '@/components/mixer/MixerSection.module.scss';
import { AppProviders } from '@/components/layout/AppProviders';
import { SlideshowsView } from '@/components/mixer/SlideshowsView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSlideshowsPage } from '@/lib/server';
import headingRow from '../../_frame/heading-row.module.scss';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.slideshows };

/** The page's heading first (the one the page paints, in its row); the rest once its reads are in. */
export default function SlideshowsPage() {
  return (
    <Suspense
      fallback={
        <div className={`${sectionStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{hu.mixer.headings.slideshows}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <SlideshowsContent />
      </StreamedPart>
    </Suspense>
  );
}

async function SlideshowsContent() {
  const { slideshows, fallback } = await getSlideshowsPage();
  return (
    <AppProviders fallback={fallback}>
      <SlideshowsView initial={slideshows} />
    </AppProviders>
  );
}
