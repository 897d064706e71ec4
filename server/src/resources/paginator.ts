import type { Paginator, PaginatorLink } from '../../../contracts/pagination';

/**
 * Laravel's flat LengthAwarePaginator JSON. Page URLs are `<path>/<page>?page=<page>`, which
 * both the path and the query form of the paged routes accept, unless `pageUrl` says otherwise
 * (a route paged by query alone, whose other query fields the links must keep).
 */
export function paginate<T>({
  items,
  page,
  perPage,
  total,
  path,
  pageUrl,
}: {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  path: string;
  pageUrl?: (page: number) => string;
}): Paginator<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = pageUrl ?? ((n: number) => `${path}/${n}?page=${n}`);
  const from = items.length ? (page - 1) * perPage + 1 : null;
  const to = from === null ? null : from + items.length - 1;
  const links: PaginatorLink[] = [
    {
      url: page > 1 ? url(page - 1) : null,
      label: '&laquo; Previous',
      active: false,
      page: page > 1 ? page - 1 : null,
    },
    ...pageWindow(page, lastPage).map((n): PaginatorLink =>
      n === null
        ? { url: null, label: '...', active: false, page: null }
        : { url: url(n), label: String(n), active: n === page, page: n },
    ),
    {
      url: page < lastPage ? url(page + 1) : null,
      label: 'Next &raquo;',
      active: false,
      page: page < lastPage ? page + 1 : null,
    },
  ];
  return {
    current_page: page,
    data: items,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: page < lastPage ? url(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? url(page - 1) : null,
    to,
    total,
  };
}

/** Laravel's UrlWindow (onEachSide 3): all pages when few, otherwise ends with gaps. */
function pageWindow(page: number, last: number): Array<number | null> {
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  if (last < 13) return range(1, last);
  if (page <= 7) return [...range(1, 9), null, last - 1, last];
  if (page > last - 7) return [1, 2, null, ...range(last - 8, last)];
  return [1, 2, null, ...range(page - 3, page + 3), null, last - 1, last];
}
