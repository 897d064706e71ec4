'use client';

import { useEffect, useRef } from 'react';
import type { TutorialItem } from '@/contracts';
import { formatClock } from '@/lib/format/duration';
import { tutorial } from '@/lib/i18n/hu/tutorial';
import styles from './Tutorial.module.scss';

const hu = { tutorial };

/** Paragraphs of a description (blank lines between them). */
export function paragraphs(text: string | null): string[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * The browser's own video player: its controls work with the keyboard (space, arrows) and a screen
 * reader, full screen included. Only the metadata loads until it plays, so a weak line is spared.
 */
export function TutorialPlayer({ item, autoPlay }: { item: TutorialItem; autoPlay: boolean }) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !autoPlay) return;
    // A deep link opened by hand may not play with sound (the browser's autoplay rule): the
    // poster and the play button wait for the click then.
    element.play()?.catch(() => undefined);
  }, [item.id, autoPlay]);

  return (
    <>
      <div className={styles.frame}>
        <video
          ref={video}
          className={styles.video}
          src={item.video_url}
          poster={item.poster_url ?? undefined}
          controls
          preload="metadata"
          playsInline
          aria-label={hu.tutorial.videoLabel(item.name)}
          data-item-id={item.id}
        >
          {hu.tutorial.noVideo}
        </video>
      </div>
      <div className={styles.caption}>
        <h2 className={styles.itemTitle}>{item.name}</h2>
        <p className={styles.meta}>{hu.tutorial.duration(formatClock(item.video_duration))}</p>
        {paragraphs(item.description).map((p, index) => (
          <p key={index} className={styles.description}>
            {p}
          </p>
        ))}
      </div>
    </>
  );
}
