'use client';

import useSWR from 'swr';
import type { PlayLogPage, SpotDayCount } from '@/contracts/play-log';
import { playLogQuery, type PlayLogFilter } from '@/lib/mixer/play-log';
import { apiFetch } from './fetcher';

/** SWR keys of the play log ('Lejátszási napló'): the BFF URLs themselves. */
export const PLAY_LOG_KEY = '/api/play-log';
export const playLogKey = (filter: PlayLogFilter) => `${PLAY_LOG_KEY}${playLogQuery(filter, true)}`;
/** The spots' counts per day cover the range whatever the type filter says. */
export const spotCountsKey = (filter: PlayLogFilter) =>
  `${PLAY_LOG_KEY}/spots${playLogQuery({ from: filter.from, to: filter.to }, false)}`;
export const exportHref = (filter: PlayLogFilter) =>
  `${PLAY_LOG_KEY}/export${playLogQuery({ ...filter, page: 1 }, false)}`;

const fetchJson = <T>(key: string) => apiFetch<T>(key);
// A log changes only as the shop plays: no refetch on focus, the filters ask again.
const options = { revalidateOnFocus: false, keepPreviousData: true } as const;

/** One page of the log for a filter; the page's first one is seeded by the server. */
export function usePlayLog(filter: PlayLogFilter) {
  return useSWR<PlayLogPage, Error>(playLogKey(filter), fetchJson, options);
}

/** The plays per spot per day of the filter's range. */
export function useSpotCounts(filter: PlayLogFilter) {
  return useSWR<SpotDayCount[], Error>(spotCountsKey(filter), fetchJson, options);
}
