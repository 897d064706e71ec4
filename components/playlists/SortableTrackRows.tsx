'use client';

import {
  DragDropContext,
  Draggable,
  Droppable,
  type DraggableProvided,
  type DropResult,
  type SensorAPI,
} from '@hello-pangea/dnd';
import { useEffect, useMemo, type ReactNode, type RefObject } from 'react';
import type { Track } from '@/contracts';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { DRAG_KEYS, type PendingDrag } from './pending-drag';

const hu = { playlists: huPlaylists };

/** What a row needs from the drag-and-drop library: where it is lifted from and by what. */
export interface RowDrag {
  provided: DraggableProvided;
  dragging: boolean;
}

interface Props {
  playlistId: number;
  tracks: readonly Track[];
  listClassName: string;
  listRef: (node: HTMLOListElement | null) => void;
  row: (track: Track, index: number, drag: RowDrag) => ReactNode;
  /** A press on a handle made before this code arrived: it becomes the drag it started. */
  pending: RefObject<PendingDrag | null>;
  onBeforeCapture: () => void;
  onMove: (from: number, to: number) => void;
}

/**
 * Continues a drag whose press came before the library did: the mouse from where it was pressed to
 * where it is now and on until it is released; the keyboard (space, arrows, space) with the keys
 * pressed meanwhile. Run once, as the library's sensors run (a hook inside its context).
 */
function pendingDragSensor(pending: RefObject<PendingDrag | null>) {
  return function usePendingDragSensor(api: SensorAPI) {
    useEffect(() => {
      const press = pending.current;
      pending.current = null;
      if (!press) return;
      press.release();
      if (press.via === 'mouse' && press.released) return;

      const cleanups: (() => void)[] = [];
      const stop = () => cleanups.splice(0).forEach((cleanup) => cleanup());
      const listen = <K extends keyof WindowEventMap>(type: K, handler: (event: WindowEventMap[K]) => void) => {
        window.addEventListener(type, handler, { capture: true, passive: false });
        cleanups.push(() => window.removeEventListener(type, handler, { capture: true }));
      };
      const draggableId = String(press.trackId);

      if (press.via === 'keyboard') {
        // The library keeps the focus on the lifted row's handle; it is a new element now.
        document
          .querySelector<HTMLElement>(`[data-rfd-drag-handle-draggable-id="${CSS.escape(draggableId)}"]`)
          ?.focus();
      }
      const lock = api.tryGetLock(draggableId, stop);
      if (!lock) return;

      if (press.via === 'mouse') {
        const drag = lock.fluidLift(press.origin);
        drag.move(press.at);
        listen('mousemove', (event) => {
          event.preventDefault();
          drag.move({ x: event.clientX, y: event.clientY });
        });
        listen('mouseup', (event) => {
          event.preventDefault();
          stop();
          if (drag.isActive()) drag.drop();
        });
        listen('keydown', (event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          stop();
          if (drag.isActive()) drag.cancel();
        });
        return stop;
      }

      const drag = lock.snapLift();
      const act = (key: string) => {
        if (!drag.isActive()) return;
        if (key === 'ArrowUp') drag.moveUp();
        else if (key === 'ArrowDown') drag.moveDown();
        else if (key === ' ') {
          stop();
          drag.drop();
        } else if (key === 'Escape') {
          stop();
          drag.cancel();
        }
      };
      listen('keydown', (event) => {
        if (!DRAG_KEYS.has(event.key)) return;
        event.preventDefault();
        act(event.key);
      });
      for (const key of press.keys) act(key);
      return stop;
    }, [api]);
  };
}

/**
 * The playlist's rows with drag and drop (mouse, touch, or the keyboard: space, arrows, space, with
 * Hungarian announcements). Fetched when the manager first reaches for the list, not with the page.
 */
export function SortableTrackRows({
  playlistId,
  tracks,
  listClassName,
  listRef,
  row,
  pending,
  onBeforeCapture,
  onMove,
}: Props) {
  const sensors = useMemo(() => [pendingDragSensor(pending)], [pending]);

  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.destination.index === result.source.index) return;
    onMove(result.source.index, result.destination.index);
  };

  return (
    <DragDropContext
      sensors={sensors}
      dragHandleUsageInstructions={hu.playlists.dragInstructions}
      onBeforeCapture={onBeforeCapture}
      onDragStart={(start, provided) => provided.announce(hu.playlists.dragStart(start.source.index + 1))}
      onDragUpdate={(update, provided) => {
        if (update.destination) provided.announce(hu.playlists.dragMove(update.destination.index + 1));
      }}
      onDragEnd={(result, provided) => {
        provided.announce(
          result.destination
            ? hu.playlists.dragDrop(result.source.index + 1, result.destination.index + 1)
            : hu.playlists.dragCancel(result.source.index + 1),
        );
        onDragEnd(result);
      }}
    >
      <Droppable droppableId={`playlist-${playlistId}`}>
        {(droppable) => (
          <ol
            ref={(node) => {
              droppable.innerRef(node);
              listRef(node);
            }}
            {...droppable.droppableProps}
            className={listClassName}
          >
            {tracks.map((track, index) => (
              <Draggable key={track.id} draggableId={String(track.id)} index={index}>
                {(provided, snapshot) => row(track, index, { provided, dragging: snapshot.isDragging })}
              </Draggable>
            ))}
            {droppable.placeholder}
          </ol>
        )}
      </Droppable>
    </DragDropContext>
  );
}
