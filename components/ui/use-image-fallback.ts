'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * The picture an <img> shows: its own `src` until that fails to load (an expired signed URL, a
 * deleted file), then `fallback`; no `src` at all shows the fallback at once. Hand `ref` and
 * `onError` to the <img>. The effect also catches an error that happened before hydration, when
 * React's onError was not attached yet.
 */
export function useImageFallback(src: string | null | undefined, fallback: string) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const shown = src && failedSrc !== src ? src : fallback;
  const ownShown = Boolean(src) && shown === src;

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && src && ownShown) setFailedSrc(src);
  }, [src, ownShown]);

  const onError = () => {
    if (src && ownShown) setFailedSrc(src);
  };

  return { ref, shown, onError };
}
