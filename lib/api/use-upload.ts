'use client';

import { useCallback, useState } from 'react';
import { uploadForm } from './upload';

/** Which of several files is on its way (`uploadEach`), for the field to say so. */
export interface UploadTurn {
  /** 1-based. */
  number: number;
  total: number;
  name: string;
}

/** One file's outcome in `uploadEach`: the server's answer, or what it threw. */
export type UploadOutcome<T> = { ok: true; file: File; value: T } | { ok: false; file: File; error: unknown };

export interface UploadEachOptions<T> {
  signal?: AbortSignal;
  /** The form field the file goes in (default `file`). */
  field?: string;
  /** Called as each file is answered, before the next one starts (e.g. to show its thumbnail). */
  onOutcome?: (outcome: UploadOutcome<T>) => void;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * An upload with its progress for an `UploadField`: `progress` is the fraction sent (0–1) while a
 * call runs, null otherwise. Errors are thrown as `uploadForm`'s, for the form to show.
 * `uploadEach` sends several files one a call, in turn: `progress` is then the current file's and
 * `turn` says which file it is; a refused file does not stop the others, an abort stops them all.
 */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [turn, setTurn] = useState<UploadTurn | null>(null);

  const upload = useCallback(async <T = unknown>(path: string, form: FormData, signal?: AbortSignal): Promise<T> => {
    setProgress(0);
    try {
      return await uploadForm<T>(path, form, { signal, onProgress: setProgress });
    } finally {
      setProgress(null);
    }
  }, []);

  const uploadEach = useCallback(
    async <T = unknown>(
      files: readonly File[],
      path: string,
      options: UploadEachOptions<T> = {},
    ): Promise<UploadOutcome<T>[]> => {
      const { signal, field = 'file', onOutcome } = options;
      const outcomes: UploadOutcome<T>[] = [];
      try {
        for (const [index, file] of files.entries()) {
          if (signal?.aborted) throw new DOMException('Upload aborted', 'AbortError');
          setTurn({ number: index + 1, total: files.length, name: file.name });
          setProgress(0);
          const form = new FormData();
          form.append(field, file);
          let outcome: UploadOutcome<T>;
          try {
            outcome = { ok: true, file, value: await uploadForm<T>(path, form, { signal, onProgress: setProgress }) };
          } catch (error) {
            if (isAbort(error)) throw error;
            outcome = { ok: false, file, error };
          }
          outcomes.push(outcome);
          onOutcome?.(outcome);
        }
        return outcomes;
      } finally {
        setProgress(null);
        setTurn(null);
      }
    },
    [],
  );

  return { progress, turn, upload, uploadEach };
}
