'use client';

import { useImageFallback } from './use-image-fallback';

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
 * optimiser would only fetch again.
 */
export function CoverImage({ src, fallback, alt, width, height, className, priority = false }: Props) {
  const { ref, shown, onError } = useImageFallback(src, fallback);

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
      onError={onError}
    />
  );
}
