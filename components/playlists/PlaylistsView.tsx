'use client';

import { useMemo } from 'react';
import type { Playlist } from '@/contracts';
import { SortSelect } from '@/components/ui/SortSelect';
import { PLAYLISTS_KEY, usePlaylists, useServerSeed } from '@/lib/api/playlists';
import { hu } from '@/lib/i18n/hu';
import { sortItems, useStoredSort } from '@/lib/ui/sort';
import { PlusIcon } from '@/components/ui/icons';
import { useOpenPlaylistModal } from './modal-state';
import { PlaylistCard } from './PlaylistCard';
import styles from './PlaylistsView.module.scss';

/** The first row of covers is above the fold on a laptop: those load at once. */
const EAGER_COVERS = 4;

/** /playlists: the shop's own playlists as a sortable grid of collages. */
export function PlaylistsView({ initial }: { initial: Playlist[] }) {
  useServerSeed(PLAYLISTS_KEY, initial);
  const { data: playlists = initial } = usePlaylists();
  const [sort, setSort] = useStoredSort('playlistIndex');
  const sorted = useMemo(() => sortItems(playlists, sort), [playlists, sort]);
  const openModal = useOpenPlaylistModal();

  const newButton = (
    <button type="button" className={styles.newButton} onClick={() => openModal({ kind: 'new' })}>
      <PlusIcon />
      {hu.playlists.newPlaylist}
    </button>
  );

  return (
    <>
      <div className={styles.top}>
        <h1>{hu.pages.playlists}</h1>
        <div className={styles.tools}>
          {playlists.length > 0 && <SortSelect value={sort} onChange={setSort} label={hu.playlists.sortLabel} />}
          {newButton}
        </div>
      </div>

      {sorted.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{hu.playlists.empty}</p>
          <p className={styles.emptyHint}>{hu.playlists.emptyHint}</p>
        </div>
      ) : (
        <ul className={styles.grid} aria-label={hu.playlists.listLabel}>
          {sorted.map((playlist, index) => (
            <li key={playlist.id}>
              <PlaylistCard playlist={playlist} priority={index < EAGER_COVERS} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
