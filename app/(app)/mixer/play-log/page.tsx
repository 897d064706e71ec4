import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { PlayLogView } from '@/components/mixer/play-log/PlayLogView';
import { filterFromSearch, playLogKey, spotCountsKey } from '@/lib/api/play-log-keys';
import { playLogPageReader, spotDayCountListReader } from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { playLog } from '@/lib/i18n/hu/play-log';

export const metadata: Metadata = { title: playLog.heading };

export default async function PlayLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const filter = filterFromSearch(await searchParams);
  // Each section empties itself with a notice when its call fails (an API without the log, a bad range).
  const [log, counts] = await Promise.all([
    apiReadOptional(playLogKey(filter), playLogPageReader),
    apiReadOptional(spotCountsKey(filter), spotDayCountListReader),
  ]);
  const fallback: Record<string, unknown> = {};
  if (log) fallback[playLogKey(filter)] = log;
  if (counts) fallback[spotCountsKey(filter)] = counts;
  return (
    <AppProviders fallback={fallback}>
      <PlayLogView initialFilter={filter} initialRange={log?.range ?? null} />
    </AppProviders>
  );
}
