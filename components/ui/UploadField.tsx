'use client';

import { useState, type DragEvent, type ReactNode } from 'react';
import { upload as huUpload } from '@/lib/i18n/hu/upload';
import type { UploadTurn } from '@/lib/api/use-upload';
import { checkFiles, UPLOAD_RULES, type UploadKind } from '@/lib/ui/upload-rules';
import { Field } from './TextField';
import styles from './UploadField.module.scss';

const hu = { upload: huUpload };

export interface UploadFieldProps {
  /** The server's field name, whose first error shows here (default `file`). */
  name?: string;
  label: ReactNode;
  /** `audio`: one MP3 (sounds, spots); `image`: JPEG/PNG, up to `maxFiles` (slideshows, the logo). */
  kind: UploadKind;
  /** Defaults to the kind's rule: 1 for audio, 10 for images. */
  maxFiles?: number;
  /** The picked files (controlled). The input itself keeps none: append them to the FormData you send. */
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  /** The fraction sent (0–1) while uploading, else null (see `useUpload`). */
  progress?: number | null;
  /** Which of several files is uploading (`useUpload().turn`): shown beside the bar, which is that file's. */
  turn?: UploadTurn | null;
  /** The picker button's text; default 'Fájl kiválasztása' (or 'Képek kiválasztása' for several images). */
  buttonLabel?: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Overrides the server error from the surrounding form. */
  error?: string;
  id?: string;
  /** Shown above the picker, e.g. the current file's audio preview in an edit form. */
  children?: ReactNode;
  /**
   * Makes the picker a drop target too, with this line beside the button ('vagy húzza ide a képet'):
   * a dropped file goes through the same checks as a picked one.
   */
  dropHint?: ReactNode;
  /**
   * What the picker says while nothing is picked, in place of 'Nincs kiválasztott fájl': a field whose
   * files are already on the server says so ('3 kép feltöltve') rather than claiming there is none.
   */
  noneText?: ReactNode;
}

/**
 * The one upload field: a file picker that refuses, before anything is sent, what SPEC.md §5 does not
 * allow (type, count) with a Hungarian message, shows the picked files, a real progress bar while
 * the form uploads, and the server's first error for the field.
 */
export function UploadField({
  name = 'file',
  label,
  kind,
  maxFiles,
  files,
  onFilesChange,
  progress = null,
  turn = null,
  buttonLabel,
  hint,
  disabled = false,
  error,
  id,
  children,
  dropHint,
  noneText,
}: UploadFieldProps) {
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const max = maxFiles ?? UPLOAD_RULES[kind].maxFiles;
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  const button = buttonLabel ?? (max > 1 ? hu.upload.chooseImages : hu.upload.choose);
  const blocked = disabled || uploading;

  const take = (picked: File[]) => {
    if (picked.length === 0) return;
    const problem = checkFiles(picked, kind, max);
    setRefusal(problem ?? undefined);
    if (!problem) onFilesChange(picked);
  };

  // Only a field that asks for it takes drops; the others keep the browser's own (opening the file).
  const dropProps = dropHint
    ? {
        onDragOver: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = blocked ? 'none' : 'copy';
          if (!blocked) setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setDragging(false);
          if (!blocked) take(Array.from(event.dataTransfer.files));
        },
      }
    : {};

  return (
    <Field name={name} label={label} error={error ?? refusal} id={id} hint={hint}>
      {(control) => (
        <div className={styles.body}>
          {children}
          <div
            className={[styles.picker, dropHint ? styles.dropZone : '', dragging ? styles.dragging : '']
              .join(' ')
              .trim()}
            {...dropProps}
          >
            <input
              {...control}
              type="file"
              className={styles.input}
              accept={UPLOAD_RULES[kind].accept}
              multiple={max > 1}
              disabled={blocked}
              onChange={(event) => {
                const picked = Array.from(event.target.files ?? []);
                // Emptied, so picking the same file again after a refusal still fires a change.
                event.target.value = '';
                take(picked);
              }}
            />
            <label htmlFor={control.id} className={styles.button} aria-hidden="true">
              {button}
            </label>
            <span className={styles.names}>
              {files.length === 0
                ? (dropHint ?? noneText ?? hu.upload.none)
                : files.length === 1
                  ? files[0]!.name
                  : hu.upload.selected(files.length)}
            </span>
          </div>
          {uploading && (
            <div className={styles.progress}>
              {turn && turn.total > 1 && (
                <span className={styles.turn}>{hu.upload.turn(turn.number, turn.total, turn.name)}</span>
              )}
              <div
                className={styles.track}
                role="progressbar"
                aria-label={
                  turn && turn.total > 1 ? hu.upload.turn(turn.number, turn.total, turn.name) : hu.upload.progress
                }
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div className={styles.bar} style={{ width: `${percent}%` }} />
              </div>
              <span className={styles.percent} aria-hidden="true">
                {percent}%
              </span>
            </div>
          )}
        </div>
      )}
    </Field>
  );
}
