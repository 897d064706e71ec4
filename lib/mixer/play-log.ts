/**
 * The play log's filter ('Lejátszási napló'): what the page's address asks for, and the query string
 * that both the server's first read (lib/server) and the browser's hooks (lib/api/play-log.ts) put
 * after the API path, so both ask the same URL. Pure, so either side may import it.
 */
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

/** `?from=…&to=…&type=…&page=…` of the parts set (page 1 left out), or ''. */
export function playLogQuery(filter: Partial<PlayLogFilter>, withPage: boolean): string {
  const q = new URLSearchParams();
  if (filter.from) q.set('from', filter.from);
  if (filter.to) q.set('to', filter.to);
  if (filter.type) q.set('type', filter.type);
  if (withPage && filter.page && filter.page > 1) q.set('page', String(filter.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The page's own address for a filter (kept in the address bar, so a link shows the same). */
export const pageHref = (filter: PlayLogFilter) => `/mixer/play-log${playLogQuery(filter, true)}`;
