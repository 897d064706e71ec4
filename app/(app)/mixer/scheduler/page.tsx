import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import headerStyles from '@/components/mixer/MixerHeader.module.scss';
import { AppProviders } from '@/components/layout/AppProviders';
import { SchedulerView } from '@/components/mixer/scheduler/SchedulerView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSchedulerPage } from '@/lib/server';
import headingRow from '../../_frame/heading-row.module.scss';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.scheduler };

/** The page's heading first (the one the page paints, in its row); the rest once its reads are in. */
export default function SchedulerPage() {
  return (
    <Suspense
      fallback={
        <div className={`${headerStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{hu.mixer.headings.scheduler}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <SchedulerContent />
      </StreamedPart>
    </Suspense>
  );
}

async function SchedulerContent() {
  const { items, preview, spots, slideshows, screens, fallback } = await getSchedulerPage();
  return (
    <AppProviders fallback={fallback}>
      <SchedulerView initial={{ items, preview, spots, slideshows, screens }} />
    </AppProviders>
  );
}
