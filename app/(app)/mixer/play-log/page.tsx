import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlayLogView } from '@/components/mixer/play-log/PlayLogView';
import { playLog } from '@/lib/i18n/hu/play-log';
import { filterFromSearch } from '@/lib/mixer/play-log';
import { getPlayLogPage, weeklyReportServed } from '@/lib/server';

export const metadata: Metadata = { title: playLog.heading };

export default async function PlayLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filter = filterFromSearch(await searchParams);
  const [{ log, fallback }, reports] = await Promise.all([getPlayLogPage(filter), weeklyReportServed()]);
  return (
    <AppProviders fallback={fallback}>
      <PlayLogView initialFilter={filter} initialRange={log?.range ?? null} weeklyReport={reports} />
    </AppProviders>
  );
}
