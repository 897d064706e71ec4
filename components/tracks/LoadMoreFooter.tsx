'use client';

import type { ReactNode } from 'react';
import { tracks as huTracks } from '@/lib/i18n/hu/tracks';
import { useInfiniteList } from '@/lib/ui/use-infinite-list';
import styles from './tracks.module.scss';

const hu = { tracks: huTracks };

interface Props {
  loadMore: () => void;
  loading: boolean;
  error: boolean;
  done: boolean;
  /** How many items the list shows (a new page re-arms the sentinel). */
  count: number;
}

/**
 * The end of an infinite list: the sentinel that loads the next page, then 'További zenék
 * betöltése…', the failure with 'Újra', or 'Nincsenek további zenék.' (SPEC.md §2).
 */
export function LoadMoreFooter({ loadMore, loading, error, done, count }: Props) {
  const sentinel = useInfiniteList({ loadMore, done, error, count });
  return (
    <>
      <div ref={sentinel} className={styles.sentinel} />
      {loading && (
        <p className={styles.message} role="status">
          {hu.tracks.loadingMore}
        </p>
      )}
      {error && (
        <p className={styles.message} role="alert">
          {hu.tracks.loadFailed}{' '}
          <button type="button" className={styles.retry} onClick={loadMore}>
            {hu.tracks.retry}
          </button>
        </p>
      )}
      {done && <p className={styles.message}>{hu.tracks.end}</p>}
    </>
  );
}

/** A line in place of a track list: 'Ez a csatorna üres még.' by default, or why it could not load. */
export function TracksMessage({
  children = hu.tracks.empty,
  status = false,
}: {
  children?: ReactNode;
  status?: boolean;
}) {
  return (
    <p className={styles.message} role={status ? 'status' : undefined}>
      {children}
    </p>
  );
}
