'use client';

import { DragDropContext, Draggable, Droppable } from '@hello-pangea/dnd';
import { useRef } from 'react';
import { slideshows } from '@/lib/i18n/hu/slideshows';
import { GripIcon, TrashIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/TextField';
import styles from './SlideshowImageList.module.scss';

const hu = { slideshows };

const t = hu.slideshows;

/** An image in the editor; `seconds` as typed, checked on save. */
export interface EditableImage {
  id: number;
  name: string;
  url: string;
  seconds: string;
}

interface Props {
  images: readonly EditableImage[];
  /** The image being removed (its button waits). */
  removing: number | null;
  onMove: (from: number, to: number) => void;
  onSeconds: (id: number, seconds: string) => void;
  onRemove: (image: EditableImage) => void;
}

/**
 * A slideshow's images in show order: each moved by its handle (mouse, touch, or the keyboard:
 * space, arrows, space, with Hungarian announcements, as the playlists' tracks), with its seconds
 * (its error under it: `images.N.seconds`) and a remove button.
 */
export function SlideshowImageList({ images, removing, onMove, onSeconds, onRemove }: Props) {
  const listRef = useRef<HTMLOListElement>(null);

  const remove = (image: EditableImage, index: number) => {
    // The keyboard stays in the list: on the next row's remove button, or the previous one at the end.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-remove]');
    (buttons?.[index + 1] ?? buttons?.[index - 1])?.focus();
    onRemove(image);
  };

  return (
    <DragDropContext
      dragHandleUsageInstructions={t.dragInstructions}
      onDragStart={(start, provided) => provided.announce(t.dragStart(start.source.index + 1))}
      onDragUpdate={(update, provided) => {
        if (update.destination) provided.announce(t.dragMove(update.destination.index + 1));
      }}
      onDragEnd={(result, provided) => {
        provided.announce(
          result.destination
            ? t.dragDrop(result.source.index + 1, result.destination.index + 1)
            : t.dragCancel(result.source.index + 1),
        );
        if (result.destination && result.destination.index !== result.source.index) {
          onMove(result.source.index, result.destination.index);
        }
      }}
    >
      <Droppable droppableId="slideshow-images">
        {(droppable) => (
          <ol
            ref={(node) => {
              droppable.innerRef(node);
              listRef.current = node;
            }}
            {...droppable.droppableProps}
            className={styles.list}
            aria-label={t.imagesListLabel}
          >
            {images.map((image, index) => (
              <Draggable key={image.id} draggableId={String(image.id)} index={index}>
                {(draggable, snapshot) => (
                  <li
                    ref={draggable.innerRef}
                    {...draggable.draggableProps}
                    className={`${styles.row} ${snapshot.isDragging ? styles.dragging : ''}`}
                    data-image-id={image.id}
                  >
                    <span
                      {...draggable.dragHandleProps}
                      className={styles.handle}
                      aria-label={t.dragHandle(image.name)}
                      title={t.dragHandle(image.name)}
                    >
                      <GripIcon size={20} />
                    </span>
                    {/* The name beside it says what it is. */}
                    <img className={styles.thumb} src={image.url} alt="" loading="lazy" decoding="async" />
                    <span className={styles.name}>
                      <span className={styles.position}>{index + 1}.</span> {image.name}
                    </span>
                    <TextField
                      className={styles.seconds}
                      name={`images.${index}.seconds`}
                      label={
                        <>
                          <span aria-hidden="true">{t.secondsLabel}</span>
                          <span className={styles.hidden}>{t.secondsFor(index + 1)}</span>
                        </>
                      }
                      type="number"
                      inputMode="numeric"
                      min={1}
                      step={1}
                      value={image.seconds}
                      onChange={(event) => onSeconds(image.id, event.target.value)}
                    />
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={t.removeImage(image.name)}
                      title={t.removeImage(image.name)}
                      disabled={removing !== null}
                      data-remove
                      onClick={() => remove(image, index)}
                    >
                      <TrashIcon size={20} />
                    </button>
                  </li>
                )}
              </Draggable>
            ))}
            {droppable.placeholder}
          </ol>
        )}
      </Droppable>
    </DragDropContext>
  );
}
