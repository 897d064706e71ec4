'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import { usePathname } from 'next/navigation';
import { hu } from '@/lib/i18n/hu';
import styles from './MixerTabs.module.scss';

export const MIXER_TABS = [
  { href: '/mixer/scheduler', label: hu.mixer.tabs.scheduler },
  { href: '/mixer/spots', label: hu.mixer.tabs.spots },
  { href: '/mixer/slideshows', label: hu.mixer.tabs.slideshows },
  { href: '/mixer/screens', label: hu.mixer.tabs.screens },
  { href: '/mixer/soundboard', label: hu.mixer.tabs.soundboard },
] as const;

/** The mixer's sub-pages are routes, so the tab row is navigation (links), not an ARIA tablist. */
export function MixerTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label={hu.mixer.tabsLabel} className={styles.nav}>
      <ul className={styles.list}>
        {MIXER_TABS.map((tab) => {
          const active = pathname === tab.href || pathname?.startsWith(`${tab.href}/`);
          return (
            <li key={tab.href}>
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
    </nav>
  );
}
