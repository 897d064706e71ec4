'use client';

import { useAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import type { Playlist } from '@/contracts';
import { EmptyState } from '@/components/ui/EmptyState';
import { SortSelect } from '@/components/ui/SortSelect';
import { PLAYLISTS_KEY, usePlaylists, useServerSeed } from '@/lib/api/playlists';
import { errors } from '@/lib/i18n/hu/errors';
import { pages } from '@/lib/i18n/hu/pages';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { sort as huSort } from '@/lib/i18n/hu/sort';
import { sortItems, useStoredSort } from '@/lib/ui/sort';
import { useHighlight } from '@/lib/ui/use-highlight';
import { PlusIcon } from '@/components/ui/icons';
import { preloadOnIntent, usePreloadWhenIdle } from '@/components/ui/lazy';
import { createdPlaylistAtom, useOpenPlaylistModal } from './modal-state';
import { PlaylistModal } from './PlaylistModalHost';
import { PlaylistCard } from './PlaylistCard';
import styles from './PlaylistsView.module.scss';

const hu = { errors, pages, playlists: huPlaylists, sort: huSort };

/** The first row of covers is above the fold on a laptop: those load at once. */
const EAGER_COVERS = 4;

/** /playlists: the shop's own playlists as a sortable grid of collages. */
export function PlaylistsView({ initial }: { initial: Playlist[] | null }) {
  useServerSeed(PLAYLISTS_KEY, initial);
  const { data } = usePlaylists();
  const playlists = useMemo(() => data ?? initial ?? [], [data, initial]);
  // The server could not list them: the grid says so instead of claiming there are none.
  const failed = data === undefined && initial === null;
  const [sort, setSort] = useStoredSort('playlistIndex');
  const sorted = useMemo(() => sortItems(playlists, sort), [playlists, sort]);
  const openModal = useOpenPlaylistModal();
  usePreloadWhenIdle(PlaylistModal);
  // A list just made with 'Új lista' is marked in the grid for a moment, and brought into view.
  const [created, setCreated] = useAtom(createdPlaylistAtom);
  const [justAdded, flashAdded] = useHighlight<number>();
  useEffect(() => {
    if (created === null) return;
    flashAdded(created);
    setCreated(null);
  }, [created, flashAdded, setCreated]);
  useEffect(() => {
    if (justAdded !== null) document.querySelector(`.${styles.justAdded}`)?.scrollIntoView({ block: 'nearest' });
  }, [justAdded]);

  const newButton = (
    <button
      type="button"
      className={styles.newButton}
      {...preloadOnIntent(PlaylistModal)}
      onClick={() => openModal({ kind: 'new' })}
    >
      <PlusIcon />
      {hu.playlists.newPlaylist}
    </button>
  );

  return (
    <>
      <div className={styles.top}>
        <h1>{hu.pages.playlists}</h1>
        <div className={styles.tools}>
          {playlists.length > 0 && <SortSelect value={sort} onChange={setSort} label={hu.sort.label} />}
          {newButton}
        </div>
      </div>

      {failed ? (
        <EmptyState compact title={hu.errors.sectionUnavailable} />
      ) : sorted.length === 0 ? (
        <EmptyState title={hu.playlists.empty} text={hu.playlists.emptyHint} />
      ) : (
        <ul className={styles.grid} aria-label={hu.playlists.listLabel}>
          {sorted.map((playlist, index) => (
            <li key={playlist.id} className={playlist.id === justAdded ? styles.justAdded : undefined}>
              <PlaylistCard playlist={playlist} priority={index < EAGER_COVERS} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
