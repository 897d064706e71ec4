'use client';

import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect } from 'react';
import { useWheelPaging } from '@/components/channels/use-wheel-paging';
import { IntentLink } from '@/components/ui/IntentLink';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { MIXER_TABS, MUSIC_PLAN_HREF } from './tabs';
import styles from './MixerTabs.module.scss';

const hu = { mixer: huMixer };

/** SPEC.md §9: on phones the mixer's tabs are a carousel turning every 1500 ms. */
export const TAB_AUTOPLAY_MS = 1500;
/** Wider than this, every tab fits in one row and the carousel is switched off. */
export const CAROUSEL_OFF = '(min-width: 720px)';

/** What the manager does to take the row over: from then on it stays where they leave it. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin'] as const;

/** Whether the manager has taken the row over: shared by every row of the browser tab's life. */
interface CarouselHold {
  taken: boolean;
}

/** For the browser tab's life: once the manager touched the row, no mixer page turns it again. */
const hold: CarouselHold = { taken: false };

/**
 * The mixer's sub-pages are routes, so the tab row is navigation (links), not an ARIA tablist. On a
 * phone the row is an embla carousel that starts at the current tab and turns one tab every
 * TAB_AUTOPLAY_MS (embla's autoplay plugin, back to the first after the last) until the manager
 * touches, drags, wheels or focuses it, then never again in this browser tab; swiping, a sideways
 * wheel and focus move it. Nothing turns for someone who asked for reduced motion. From 720 px the
 * carousel is off and the tabs are a plain row. `musicPlan`: whether the API has the music plan (else
 * its tab hides).
 */
export function MixerTabs({ musicPlan }: { musicPlan: boolean }) {
  const pathname = usePathname();
  // 'Zenei napirend' is a call only the bundled API has: against an API without it, the tab is not offered.
  const tabs = MIXER_TABS.filter((tab) => musicPlan || tab.href !== MUSIC_PLAN_HREF);
  const activeIndex = tabs.findIndex((tab) => pathname === tab.href || pathname?.startsWith(`${tab.href}/`));
  const [viewportRef, embla] = useEmblaCarousel(
    { align: 'start', containScroll: 'trimSnaps', breakpoints: { [CAROUSEL_OFF]: { active: false } } },
    [
      Autoplay({
        delay: TAB_AUTOPLAY_MS,
        playOnInit: false,
        stopOnInteraction: false,
        stopOnFocusIn: false,
      }),
    ],
  );

  // The current tab in view, at once (the page changed under the row, or it just started).
  useEffect(() => {
    if (!embla) return;
    const show = () => {
      const slide = Math.max(0, activeIndex);
      const snap = embla.internalEngine().slideRegistry.findIndex((group) => group.includes(slide));
      if (snap >= 0) embla.scrollTo(snap, true);
    };
    show();
    embla.on('reInit', show);
    return () => void embla.off('reInit', show);
  }, [embla, activeIndex]);

  useEffect(() => {
    if (!embla) return;
    const viewport = embla.rootNode();
    // Embla has no plugins while it is off (a wide window): `plugins()` is undefined then.
    const autoplay = () => (embla.plugins() as ReturnType<typeof embla.plugins> | undefined)?.autoplay;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    const start = () => {
      // With one snap the plugin does not start (it has no delays then) and its play() throws.
      if (!hold.taken && !reduced && embla.scrollSnapList().length > 1) autoplay()?.play();
    };
    const takeOver = () => {
      hold.taken = true;
      autoplay()?.stop();
    };
    start();
    // A window narrowed to a phone's width turns the carousel on (and its plugin) again.
    embla.on('reInit', start);
    for (const type of INTERACTIONS) viewport.addEventListener(type, takeOver, { passive: true });
    return () => {
      embla.off('reInit', start);
      for (const type of INTERACTIONS) viewport.removeEventListener(type, takeOver);
    };
  }, [embla]);

  const page = useCallback((direction: 1 | -1) => (direction > 0 ? embla?.scrollNext() : embla?.scrollPrev()), [embla]);
  useWheelPaging(embla, page);

  return (
    <nav aria-label={hu.mixer.tabsLabel} className={styles.nav}>
      <div className={styles.viewport} ref={viewportRef}>
        <ul className={styles.list}>
          {tabs.map((tab, index) => {
            const active = index === activeIndex;
            return (
              <li key={tab.href} className={styles.item}>
                <IntentLink
                  href={tab.href}
                  idlePrefetch={!active}
                  className={`${styles.tab} ${active ? styles.active : ''}`}
                  aria-current={active ? 'page' : undefined}
                >
                  {tab.label}
                </IntentLink>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
