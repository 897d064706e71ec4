import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import sectionStyles from '@/components/mixer/MixerSection.module.scss';
import { headers } from 'next/headers';
import { AppProviders } from '@/components/layout/AppProviders';
import { ScreensView } from '@/components/mixer/ScreensView';
import { requestProto } from '@/lib/bff/headers';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getScreensPage } from '@/lib/server';
import headingRow from '../../_frame/heading-row.module.scss';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.screens };

/** The page's heading first (the one the page paints, in its row); the rest once its reads are in. */
export default function ScreensPage() {
  return (
    <Suspense
      fallback={
        <div className={`${sectionStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{hu.mixer.headings.screens}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <ScreensContent />
      </StreamedPart>
    </Suspense>
  );
}

async function ScreensContent() {
  const h = await headers();
  // The public links point at this web app as the browser reached it (the TV opens the same host).
  const origin = `${requestProto(h)}://${h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost'}`;
  const { screens, slideshows, fallback } = await getScreensPage();
  return (
    <AppProviders fallback={fallback}>
      <ScreensView initial={screens} slideshows={slideshows} origin={origin} />
    </AppProviders>
  );
}
