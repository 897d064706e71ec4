/**
 * SWR keys of the play log ('Lejátszási napló'); the keys are the BFF URLs themselves. Kept apart
 * from the hooks so the server page can build the same keys.
 */
export const PLAY_LOG_KEY = '/api/play-log';
export const PLAY_LOG_TYPES = ['track', 'spot', 'sound', 'schedule'] as const;
export type PlayLogFilterType = (typeof PLAY_LOG_TYPES)[number];

export interface PlayLogFilter {
  /** `YYYY-MM-DD`; empty: the API's default (the last 7 days). */
  from: string;
  to: string;
  type: PlayLogFilterType | '';
  page: number;
}

/** The filter a page address asks for (anything unknown left out). */
export function filterFromSearch(params: Record<string, string | string[] | undefined>): PlayLogFilter {
  const one = (key: string) => {
    const v = params[key];
    return typeof v === 'string' ? v : '';
  };
  const day = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
  const type = one('type');
  const page = Number(one('page'));
  return {
    from: day(one('from')),
    to: day(one('to')),
    type: (PLAY_LOG_TYPES as readonly string[]).includes(type) ? (type as PlayLogFilterType) : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function query(filter: Partial<PlayLogFilter>, withPage: boolean): string {
  const q = new URLSearchParams();
  if (filter.from) q.set('from', filter.from);
  if (filter.to) q.set('to', filter.to);
  if (filter.type) q.set('type', filter.type);
  if (withPage && filter.page && filter.page > 1) q.set('page', String(filter.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const playLogKey = (filter: PlayLogFilter) => `${PLAY_LOG_KEY}${query(filter, true)}`;
/** The spots' counts per day cover the range whatever the type filter says. */
export const spotCountsKey = (filter: PlayLogFilter) =>
  `${PLAY_LOG_KEY}/spots${query({ from: filter.from, to: filter.to }, false)}`;
export const exportHref = (filter: PlayLogFilter) => `${PLAY_LOG_KEY}/export${query({ ...filter, page: 1 }, false)}`;
/** The page's own address for a filter (kept in the address bar, so a link shows the same). */
export const pageHref = (filter: PlayLogFilter) => `/mixer/play-log${query(filter, true)}`;
