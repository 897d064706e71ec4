import { TRACKS_PER_PAGE, type Paginator } from '../../../contracts/pagination';
import type { Track } from '../../../contracts/tracks';
import type { TrackRow } from '../db/queries/channels';
import type { Storage } from '../storage';
import { trackResource } from './index';
import { paginate } from './paginator';

/**
 * One page of a channel's or a playlist's tracks in play order, as Laravel's flat paginator. The two
 * `…/{id}/tracks/{page}` routes differ only in the list they read, its length and the path they name.
 */
export async function trackPage(
  storage: Storage,
  {
    page,
    total,
    path,
    read,
  }: {
    page: number;
    /** The list's whole length (the row's cached `tracks_count`), for the last page and the links. */
    total: number;
    /** The absolute URL of the paged route without the page. */
    path: string;
    read: (window: { limit: number; offset: number }) => Promise<TrackRow[]>;
  },
): Promise<Paginator<Track>> {
  const rows = await read({ limit: TRACKS_PER_PAGE, offset: (page - 1) * TRACKS_PER_PAGE });
  return paginate({ items: rows.map((t) => trackResource(storage, t)), page, perPage: TRACKS_PER_PAGE, total, path });
}
