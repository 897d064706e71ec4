import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import headerStyles from '@/components/mixer/MixerHeader.module.scss';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlayLogView } from '@/components/mixer/play-log/PlayLogView';
import { playLog } from '@/lib/i18n/hu/play-log';
import { filterFromSearch } from '@/lib/mixer/play-log';
import { getPlayLogPage, weeklyReportServed } from '@/lib/server';
import headingRow from '../../_frame/heading-row.module.scss';

export const metadata: Metadata = { title: playLog.heading };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The page's heading first (the one PlayLogView paints, in its row); the log once it is read. */
export default function PlayLogPage({ searchParams }: { searchParams: Search }) {
  return (
    <Suspense
      fallback={
        <div className={`${headerStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{playLog.heading}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <PlayLog searchParams={searchParams} />
      </StreamedPart>
    </Suspense>
  );
}

async function PlayLog({ searchParams }: { searchParams: Search }) {
  const filter = filterFromSearch(await searchParams);
  const [{ log, fallback }, reports] = await Promise.all([getPlayLogPage(filter), weeklyReportServed()]);
  return (
    <AppProviders fallback={fallback}>
      <PlayLogView initialFilter={filter} initialRange={log?.range ?? null} weeklyReport={reports} />
    </AppProviders>
  );
}
