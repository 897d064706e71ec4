'use client';

import { useEffect, useRef, useState } from 'react';

interface Props {
  /** The image's own URL (often a signed media URL), or null when there is none. */
  src: string | null | undefined;
  /** Shown when `src` is missing or fails to load. */
  fallback: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above the fold: load at once and early (the LCP image); otherwise lazily. */
  priority?: boolean;
}

/**
 * A cover with a fallback. Width and height reserve the box before the file arrives (no layout
 * shift); a plain <img> because the media URLs are signed URLs of the API's own host, which an image
 * optimiser would only fetch again. The effect catches an error that happened before hydration, when
 * React's onError was not attached yet.
 */
export function CoverImage({ src, fallback, alt, width, height, className, priority = false }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const shown = src && failedSrc !== src ? src : fallback;

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && src && shown === src) setFailedSrc(src);
  }, [src, shown]);

  return (
    <img
      ref={ref}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => {
        if (src && shown === src) setFailedSrc(src);
      }}
    />
  );
}
