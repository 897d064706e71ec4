'use client';

import { useStore } from 'jotai';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Paginator, Track } from '@/contracts';
import { notePlaylist, usePlaylistTracks } from '@/lib/api/playlists';
import { LoadMoreFooter, TracksMessage } from '@/components/tracks/LoadMoreFooter';
import { IntentLink } from '@/components/ui/IntentLink';
import { TrackRow, trackListClass } from '@/components/tracks/TrackRow';
import { trackTitle } from '@/lib/format/track';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { usePlayableState, usePlayer } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { showToast } from '@/lib/ui/toast';
import { GripIcon, TrashIcon } from '@/components/ui/icons';
import { DRAG_KEYS, pendingKeyboardDrag, pendingMouseDrag, type PendingDrag } from './pending-drag';
import type { RowDrag } from './SortableTrackRows';
import { useRefreshPlayer } from './use-refresh-player';
import styles from './PlaylistTrackList.module.scss';

const hu = { playlists: huPlaylists };

type Sortable = typeof import('./SortableTrackRows');
const loadSortable = () => import('./SortableTrackRows');

interface Props {
  playlistId: number;
  firstPage: Paginator<Track>;
}

/** Which row, and which of its controls, has the keyboard: kept when the list is rebuilt with drag and drop. */
function focusedControl(list: HTMLElement | null): { trackId: string; control: number } | null {
  const active = document.activeElement;
  const row = active instanceof HTMLElement ? active.closest<HTMLElement>('li[data-track-id]') : null;
  if (!row || !list?.contains(row)) return null;
  const controls = [...row.querySelectorAll('button, [tabindex]')];
  return { trackId: row.dataset.trackId ?? '', control: controls.indexOf(active as Element) };
}

/**
 * The row whose track menu is open, or opening (its code on the way): the rebuilt row opens it again, as
 * the press that started it would otherwise be lost with the row it was made on.
 */
function openMenuTrackId(list: HTMLElement | null): number | null {
  const trigger = list?.querySelector('[aria-haspopup="menu"][data-state="open"]');
  const id = Number(trigger?.closest<HTMLElement>('li[data-track-id]')?.dataset.trackId);
  return trigger && Number.isInteger(id) ? id : null;
}

function handleTrackId(target: EventTarget): number | null {
  const handle = target instanceof Element ? target.closest<HTMLElement>('[data-drag-handle]') : null;
  const id = Number(handle?.dataset.dragHandle);
  return handle && Number.isInteger(id) ? id : null;
}

/**
 * The playlist's tracks in play order. A track is moved by its handle (mouse, touch, or the keyboard:
 * space, arrows, space), with Hungarian announcements; the list plays in the order it shows. The
 * drag-and-drop code is fetched when the manager first reaches for the list (pointer over it, a touch,
 * the keyboard in it), and a press on a handle made before it arrives still becomes that drag.
 */
export function PlaylistTrackList({ playlistId, firstPage }: Props) {
  const { tracks, done, loading, error, loadMore, prefetchAll, reorder, removeTrack } = usePlaylistTracks(
    playlistId,
    firstPage,
  );
  const player = usePlayer();
  const { active, playing } = usePlayableState('playlist', playlistId);
  const { playPlaylist, togglePlay } = usePlayerActions();
  const refreshPlayer = useRefreshPlayer();
  const store = useStore();
  const currentTrackId = active ? (player?.track?.id ?? null) : null;
  const listRef = useRef<HTMLOListElement>(null);
  const instructionsId = useId();
  const [sortable, setSortable] = useState<Sortable | null>(null);
  const requested = useRef(false);
  const pending = useRef<PendingDrag | null>(null);
  const refocus = useRef<ReturnType<typeof focusedControl>>(null);
  const [reopenMenu, setReopenMenu] = useState<number | null>(null);

  const wantSortable = () => {
    if (requested.current) return;
    requested.current = true;
    void loadSortable().then(
      (module) => {
        refocus.current = focusedControl(listRef.current);
        setReopenMenu(openMenuTrackId(listRef.current));
        setSortable(module);
      },
      () => {
        // Offline or a new deployment: the list stays as it is, and the next reach tries again.
        requested.current = false;
      },
    );
  };

  /** The manager reaches for the list: its code is fetched; a row that mounts from now on opens no menu. */
  const reach = () => {
    if (reopenMenu !== null) setReopenMenu(null);
    wantSortable();
  };

  useLayoutEffect(() => {
    const target = refocus.current;
    refocus.current = null;
    if (!sortable || !target || pending.current?.via === 'keyboard') return;
    const row = listRef.current?.querySelector(`li[data-track-id="${CSS.escape(target.trackId)}"]`);
    row?.querySelectorAll<HTMLElement>('button, [tabindex]')[target.control]?.focus();
  }, [sortable]);

  // A press still waiting when the list goes away stops following the mouse.
  useEffect(() => () => pending.current?.release(), []);

  const onMouseDown = (event: MouseEvent) => {
    reach();
    const trackId = sortable || event.button !== 0 ? null : handleTrackId(event.target);
    if (trackId === null) return;
    // As the library does on its handles: no text selection while dragging.
    event.preventDefault();
    pending.current?.release();
    pending.current = pendingMouseDrag(trackId, event);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    reach();
    if (sortable) return;
    if (pending.current?.via === 'keyboard') {
      if (!DRAG_KEYS.has(event.key)) return;
      event.preventDefault();
      pending.current.keys.push(event.key);
      return;
    }
    const trackId = event.key === ' ' ? handleTrackId(event.target) : null;
    if (trackId === null) return;
    event.preventDefault();
    pending.current = pendingKeyboardDrag(trackId);
  };

  const move = (from: number, to: number) => {
    void reorder(from, to).then((playlist) => {
      // The collage shows the first four, so a move can change the cover.
      if (playlist) void notePlaylist(playlist);
    });
  };

  const remove = (track: Track, index: number) => {
    // Keep the keyboard where it was: on the next row's remove button, or the previous one at the end.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-remove]');
    const neighbour = buttons?.[index + 1] ?? buttons?.[index - 1];
    neighbour?.focus();
    const wasCurrent = track.id === currentTrackId;
    void removeTrack(track.id).then((playlist) => {
      if (!playlist) return;
      void notePlaylist(playlist);
      showToast(hu.playlists.toastRemoved, store);
      if (wasCurrent || playlist.tracks_count === 0) refreshPlayer();
    });
  };

  /** One row; `drag` once the drag-and-drop code is here, else a handle that looks and reads the same. */
  const row = (track: Track, index: number, drag: RowDrag | null) => {
    const current = track.id === currentTrackId;
    const title = trackTitle(track);
    const handleProps = drag
      ? drag.provided.dragHandleProps
      : {
          role: 'button',
          tabIndex: 0,
          'aria-describedby': instructionsId,
          draggable: false,
          'data-drag-handle': track.id,
        };
    return (
      <TrackRow
        key={track.id}
        ref={drag?.provided.innerRef}
        {...drag?.provided.draggableProps}
        data-track-id={track.id}
        track={track}
        index={index}
        current={current}
        playing={playing}
        dragging={drag?.dragging ?? false}
        menuOpen={reopenMenu === track.id}
        onPlay={() => void (current ? togglePlay() : playPlaylist(playlistId, track.id))}
        leading={
          <span
            {...handleProps}
            className={styles.handle}
            aria-label={hu.playlists.dragHandle(title)}
            title={hu.playlists.dragHandle(title)}
          >
            <GripIcon size={20} />
          </span>
        }
        trailing={
          <button
            type="button"
            className={styles.remove}
            aria-label={hu.playlists.removeTrack}
            title={hu.playlists.removeTrack}
            data-remove
            onClick={() => remove(track, index)}
          >
            <TrashIcon size={20} />
          </button>
        }
      />
    );
  };

  // An empty list says so (SPEC.md's text) and shows where its music comes from.
  if (tracks.length === 0 && done)
    return (
      <>
        <TracksMessage />
        <p className={styles.emptyAction}>
          <IntentLink href="/channels" className={styles.findTracks}>
            {hu.playlists.findTracks}
          </IntentLink>
        </p>
      </>
    );

  const setList = (node: HTMLOListElement | null) => {
    listRef.current = node;
  };

  return (
    <section
      aria-label={hu.playlists.tracksLabel}
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={reach}
      onMouseDown={onMouseDown}
      onKeyDown={onKeyDown}
    >
      {sortable ? (
        <sortable.SortableTrackRows
          playlistId={playlistId}
          tracks={tracks}
          listClassName={trackListClass(true)}
          listRef={setList}
          row={row}
          pending={pending}
          // A reorder names every track: fetch the rest while the track is being dragged.
          onBeforeCapture={() => {
            if (!done) void prefetchAll().catch(() => undefined);
          }}
          onMove={move}
        />
      ) : (
        <>
          <span id={instructionsId} hidden>
            {hu.playlists.dragInstructions}
          </span>
          <ol ref={setList} className={trackListClass(true)}>
            {tracks.map((track, index) => row(track, index, null))}
          </ol>
        </>
      )}
      <LoadMoreFooter loadMore={loadMore} loading={loading} error={error} done={done} count={tracks.length} />
    </section>
  );
}
