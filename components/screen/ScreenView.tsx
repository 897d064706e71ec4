'use client';

import { useEffect, useState } from 'react';
import { screen as huScreen } from '@/lib/i18n/hu/screen';
import type { PublicScreen } from '@/lib/screen/api';
import {
  advance,
  currentSlide,
  emptyProgram,
  queueOnce,
  replaceBase,
  slideMillis,
  upcomingSlide,
  type ScreenProgram,
} from '@/lib/screen/sequence';
import { useScreenFeed } from '@/lib/screen/use-screen-feed';
import styles from './ScreenView.module.scss';

const hu = { screen: huScreen };

type Layers = [string | null, string | null];

/**
 * The in-store screen: one slide after the other, each for its seconds, cross-faded between two
 * stacked images (the DOM never grows, however many days it runs), the next one loaded ahead.
 */
export function ScreenView({ hashId, initial }: { hashId: string; initial: PublicScreen }) {
  const [program, setProgram] = useState<ScreenProgram>(() =>
    replaceBase(emptyProgram(), initial.slideshow?.images ?? []),
  );
  const [name, setName] = useState(initial.name);
  const slide = currentSlide(program);
  const next = upcomingSlide(program);

  useScreenFeed(hashId, {
    onScreen(screen) {
      setName(screen.name);
      setProgram((p) => replaceBase(p, screen.slideshow?.images ?? []));
    },
    onShow(shows) {
      setProgram((p) =>
        queueOnce(
          p,
          shows.map((s) => s.images),
        ),
      );
    },
  });

  // Two layers: the slide of the current step in front, the previous one fading out behind it.
  const [shown, setShown] = useState<{ step: number; layers: Layers }>(() => ({
    step: program.step,
    layers: program.step % 2 === 0 ? [slide?.url ?? null, null] : [null, slide?.url ?? null],
  }));
  const front = program.step % 2;
  const url = slide?.url ?? null;
  if (shown.step !== program.step || shown.layers[front] !== url) {
    const layers: Layers = [...shown.layers];
    layers[front] = url;
    setShown({ step: program.step, layers });
  }

  const millis = slide ? slideMillis(slide) : null;
  useEffect(() => {
    if (millis === null) return;
    const timer = setTimeout(() => setProgram(advance), millis);
    return () => clearTimeout(timer);
  }, [program.step, program.index, millis]);

  // The next picture is decoded before its turn, so the cross-fade never shows a half-loaded image.
  const nextUrl = next && next.url !== url ? next.url : null;
  useEffect(() => {
    if (!nextUrl) return;
    const image = new Image();
    image.src = nextUrl;
    image.decode?.().catch(() => {});
    return () => {
      image.src = '';
    };
  }, [nextUrl]);

  return (
    <main className={styles.screen} aria-label={name || undefined} data-step={program.step}>
      {shown.layers.map((src, i) =>
        src ? (
          <img
            key={i}
            className={styles.slide}
            src={src}
            alt=""
            data-front={i === front ? 'true' : 'false'}
            decoding="async"
            fetchPriority={i === front ? 'high' : 'low'}
          />
        ) : null,
      )}
      {!slide && (
        <div className={styles.notice}>
          {name && <h1 className={styles.title}>{name}</h1>}
          <p className={styles.text}>{hu.screen.empty}</p>
          <p className={styles.hint}>{hu.screen.emptyHint}</p>
        </div>
      )}
    </main>
  );
}
