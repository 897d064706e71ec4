import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import headerStyles from '@/components/mixer/MixerHeader.module.scss';
import { AppProviders } from '@/components/layout/AppProviders';
import { MusicPlanUnavailable } from '@/components/mixer/plan/MusicPlanUnavailable';
import { MusicPlanView } from '@/components/mixer/plan/MusicPlanView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getMusicPlanPage } from '@/lib/server';
import headingRow from '../../_frame/heading-row.module.scss';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.plan };

/** The page's heading first (the one the page paints, in its row); the rest once its reads are in. */
export default function MusicPlanPage() {
  return (
    <Suspense
      fallback={
        <div className={`${headerStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{hu.mixer.headings.plan}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <MusicPlanContent />
      </StreamedPart>
    </Suspense>
  );
}

async function MusicPlanContent() {
  const { served, plan, blocks, channels, playlists, preview, fallback } = await getMusicPlanPage();
  // An API without the music plan (a Laravel one): the page says so, with a way back.
  if (!served) return <MusicPlanUnavailable />;
  return (
    <AppProviders fallback={fallback}>
      <MusicPlanView initial={{ plan, blocks, channels, playlists, preview }} />
    </AppProviders>
  );
}
