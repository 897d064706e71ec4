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

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page's heading first (the one the page paints, in its row); the rest once its reads are in. */
export default function MusicPlanPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <Suspense
      fallback={
        <div className={`${headerStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{hu.mixer.headings.plan}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <MusicPlanContent searchParams={searchParams} />
      </StreamedPart>
    </Suspense>
  );
}

async function MusicPlanContent({ searchParams }: { searchParams: SearchParams }) {
  // Zones (issue 43): `?zone=` picks the zone whose plan the page shows (none: the first).
  const { served, zone, plan, blocks, channels, playlists, preview, fallback } = await getMusicPlanPage(
    (await searchParams).zone,
  );
  // An API without the music plan (a Laravel one): the page says so, with a way back.
  if (!served) return <MusicPlanUnavailable />;
  return (
    <AppProviders fallback={fallback}>
      <MusicPlanView key={zone ?? 'first'} zone={zone} initial={{ plan, blocks, channels, playlists, preview }} />
    </AppProviders>
  );
}
