'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_LOGO } from '@/lib/api/customer';

interface Props {
  src: string;
  alt: string;
  className?: string;
  /**
   * Shown after the product's default logo only: a shop's own logo carries its name already, the
   * default one does not (the login screen named the shop twice when the caption was always there).
   */
  fallbackCaption?: ReactNode;
}

/**
 * The customer's logo, falling back to the product default when it cannot be loaded (an expired
 * signed URL, a deleted file). The effect also catches an error that happened before hydration,
 * when React's onError was not yet attached.
 */
export function CustomerLogo({ src, alt, className, fallbackCaption }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const shown = failedSrc === src ? DEFAULT_LOGO : src;

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && shown !== DEFAULT_LOGO) setFailedSrc(src);
  }, [src, shown]);

  return (
    <>
      <img
        ref={ref}
        src={shown}
        alt={alt}
        className={className}
        onError={() => {
          if (shown !== DEFAULT_LOGO) setFailedSrc(src);
        }}
      />
      {shown === DEFAULT_LOGO ? fallbackCaption : null}
    </>
  );
}
