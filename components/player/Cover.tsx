'use client';

import { useState } from 'react';
import styles from './PlayerBar.module.scss';

const DEFAULT_COVER = '/img/pulse_2.svg';

/** The track's thumbnail; the default image when there is none or it fails to load. */
export function Cover({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : DEFAULT_COVER;
  return (
    <img
      className={styles.cover}
      src={shown}
      alt=""
      width={56}
      height={56}
      // Fetched once the page has been laid out, so that decoding it never delays the first paint:
      // the default image is an SVG (SPEC.md), which Chromium decodes on the main thread.
      loading="lazy"
      decoding="async"
      onError={() => {
        if (src) setFailed(src);
      }}
    />
  );
}
