'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a row just added (an upload, a new playlist) stays highlighted. */
export const HIGHLIGHT_MS = 3000;

/**
 * The one "this is the new one" highlight: `flash(id)` marks a row for HIGHLIGHT_MS, then the mark
 * goes by itself; a newer flash replaces it. Returns the marked value (null when none) and `flash`.
 */
export function useHighlight<T>(): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const flash = useCallback((next: T) => {
    if (timer.current) clearTimeout(timer.current);
    setValue(next);
    timer.current = setTimeout(() => {
      timer.current = null;
      setValue(null);
    }, HIGHLIGHT_MS);
  }, []);
  return [value, flash];
}
