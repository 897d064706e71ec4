'use client';

import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { usePathname } from 'next/navigation';
import { useMemo } from 'react';
import { IntentLink } from '@/components/ui/IntentLink';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { MIXER_TABS } from './tabs';
import styles from './MixerTabs.module.scss';

const hu = { mixer: huMixer };

/** SPEC.md §9: on phones the mixer's tabs are a carousel turning every 1500 ms. */
export const TAB_AUTOPLAY_MS = 1500;
/** Wider than this, every tab fits in one row and the carousel is switched off. */
const CAROUSEL_OFF = '(min-width: 720px)';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The mixer's sub-pages are routes, so the tab row is navigation (links), not an ARIA tablist. On a
 * phone the row is an embla carousel that starts at the current tab and turns on its own until the
 * manager touches it (or focuses a tab); wide windows get the plain row.
 */
export function MixerTabs() {
  const pathname = usePathname();
  const activeIndex = MIXER_TABS.findIndex((tab) => pathname === tab.href || pathname?.startsWith(`${tab.href}/`));
  const plugins = useMemo(
    () => [Autoplay({ delay: TAB_AUTOPLAY_MS, playOnInit: !prefersReducedMotion(), stopOnInteraction: true, stopOnFocusIn: true })],
    [],
  );
  const [viewportRef] = useEmblaCarousel(
    {
      loop: true,
      align: 'start',
      dragFree: true,
      startIndex: Math.max(0, activeIndex),
      breakpoints: { [CAROUSEL_OFF]: { active: false } },
    },
    plugins,
  );

  return (
    <nav aria-label={hu.mixer.tabsLabel} className={styles.nav}>
      <div className={styles.viewport} ref={viewportRef}>
        <ul className={styles.list}>
          {MIXER_TABS.map((tab, index) => {
            const active = index === activeIndex;
            return (
              <li key={tab.href} className={styles.item}>
                <IntentLink
                  href={tab.href}
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
