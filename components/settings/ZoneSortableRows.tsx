'use client';

import { DragDropContext, Draggable, Droppable, type DraggableProvided } from '@hello-pangea/dnd';
import type { ReactNode } from 'react';
import type { Zone } from '@/contracts/zones';
import { playlists as huPlaylists } from '@/lib/i18n/hu/playlists';
import { zones as huZones } from '@/lib/i18n/hu/zones';

const hu = { playlists: huPlaylists, zones: huZones };

export interface ZoneRowDrag {
  provided: DraggableProvided;
  dragging: boolean;
}

/**
 * The zones' rows with drag and drop (mouse, touch, or the keyboard: space, arrows, space, with the
 * playlists' Hungarian announcements). Fetched when the manager first reaches for the list.
 */
export function ZoneSortableRows({
  zones,
  listClassName,
  listLabel,
  row,
  onMove,
}: {
  zones: readonly Zone[];
  listClassName: string;
  /** The list's name ('Zónák'), as the plain list before the library came has it. */
  listLabel: string;
  row: (zone: Zone, drag: ZoneRowDrag) => ReactNode;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <DragDropContext
      dragHandleUsageInstructions={hu.playlists.dragInstructions}
      onDragStart={(start, provided) => provided.announce(hu.playlists.dragStart(start.source.index + 1))}
      onDragUpdate={(update, provided) => {
        if (update.destination) provided.announce(hu.playlists.dragMove(update.destination.index + 1));
      }}
      onDragEnd={(result, provided) => {
        provided.announce(
          result.destination
            ? hu.playlists.dragDrop(result.source.index + 1, result.destination.index + 1)
            : hu.zones.dragCancel(result.source.index + 1),
        );
        if (result.destination && result.destination.index !== result.source.index) {
          onMove(result.source.index, result.destination.index);
        }
      }}
    >
      <Droppable droppableId="zones">
        {(droppable) => (
          <ul ref={droppable.innerRef} {...droppable.droppableProps} className={listClassName} aria-label={listLabel}>
            {zones.map((zone, index) => (
              <Draggable key={zone.id} draggableId={String(zone.id)} index={index}>
                {(provided, snapshot) => row(zone, { provided, dragging: snapshot.isDragging })}
              </Draggable>
            ))}
            {droppable.placeholder}
          </ul>
        )}
      </Droppable>
    </DragDropContext>
  );
}
