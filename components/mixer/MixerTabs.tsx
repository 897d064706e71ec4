'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { IntentLink } from '@/components/ui/IntentLink';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { startTabCarousel, type CarouselHold } from './tab-carousel';
import { MIXER_TABS, MUSIC_PLAN_HREF } from './tabs';
import styles from './MixerTabs.module.scss';

const hu = { mixer: huMixer };

/** For the browser tab's life: once the manager touched the row, no mixer page turns it again. */
const hold: CarouselHold = { taken: false };

/**
 * The mixer's sub-pages are routes, so the tab row is navigation (links), not an ARIA tablist. On a
 * phone the row is a scroll-snapped carousel that starts at the current tab and turns on its own
 * until the manager touches it (or focuses a tab), then never again; wide windows get the plain row.
 * `musicPlan`: whether the API has the music plan (else its tab hides).
 */
export function MixerTabs({ musicPlan }: { musicPlan: boolean }) {
  const pathname = usePathname();
  // 'Zenei napirend' is a call only the bundled API has: against an API without it, the tab is not offered.
  const tabs = MIXER_TABS.filter((tab) => musicPlan || tab.href !== MUSIC_PLAN_HREF);
  const activeIndex = tabs.findIndex((tab) => pathname === tab.href || pathname?.startsWith(`${tab.href}/`));
  const viewportRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const viewport = viewportRef.current;
    return viewport ? startTabCarousel(viewport, Math.max(0, activeIndex), hold) : undefined;
  }, [activeIndex]);

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
