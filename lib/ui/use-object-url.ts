'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A `blob:` URL of a picked file for its preview: `show(file)` makes one (and frees the last one),
 * `show(null)` clears it; the last one is freed when the piece goes.
 */
export function useObjectUrl(): [string | null, (file: Blob | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  const show = useCallback((file: Blob | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file ? URL.createObjectURL(file) : null;
    setUrl(current.current);
  }, []);
  return [url, show];
}
