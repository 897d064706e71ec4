'use client';

import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

type Props = Omit<ComponentProps<typeof Link>, 'prefetch'>;

/**
 * A `next/link` that prefetches its page only when the user shows intent (pointer over it, focus,
 * touch), not when it scrolls into view. Every page behind the app's links is rendered per request,
 * so a viewport prefetch costs a server render and main-thread work for each of the dozens of tiles
 * on screen, on the weak shop PC exactly while the page is starting; a prefetch on intent still
 * starts well before the click lands.
 */
export function IntentLink({ onPointerEnter, onFocus, onTouchStart, ...props }: Props) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      // null is Next's default ("auto"): with it set on intent, Link prefetches at once.
      prefetch={intent ? null : false}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
