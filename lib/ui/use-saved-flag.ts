'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the 'Saved' indicator stays (SPEC.md §4, §9). */
export const SAVED_FLAG_MS = 3000;

/**
 * The 'Saved' indicator of an in-place edit: `flash()` shows it for 3 s; a second save inside that
 * time starts the 3 s again rather than hiding it early.
 */
export function useSavedFlag(): { saved: boolean; flash: () => void } {
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const flash = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setSaved(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setSaved(false);
    }, SAVED_FLAG_MS);
  }, []);
  return { saved, flash };
}
