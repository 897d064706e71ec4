'use client';

import type { ReactNode } from 'react';
import { DEFAULT_LOGO } from '@/lib/api/customer';
import { useImageFallback } from './use-image-fallback';

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
 * signed URL, a deleted file).
 */
export function CustomerLogo({ src, alt, className, fallbackCaption }: Props) {
  const { ref, shown, onError } = useImageFallback(src, DEFAULT_LOGO);

  return (
    <>
      <img ref={ref} src={shown} alt={alt} className={className} onError={onError} />
      {shown === DEFAULT_LOGO ? fallbackCaption : null}
    </>
  );
}
