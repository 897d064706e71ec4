import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlayLogView } from '@/components/mixer/play-log/PlayLogView';
import { playLog } from '@/lib/i18n/hu/play-log';
import { filterFromSearch } from '@/lib/mixer/play-log';
import { getPlayLogPage } from '@/lib/server';

export const metadata: Metadata = { title: playLog.heading };

export default async function PlayLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filter = filterFromSearch(await searchParams);
  const { log, fallback } = await getPlayLogPage(filter);
  return (
    <AppProviders fallback={fallback}>
      <PlayLogView initialFilter={filter} initialRange={log?.range ?? null} />
    </AppProviders>
  );
}
