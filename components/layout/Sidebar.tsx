'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import { usePathname } from 'next/navigation';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { app as huApp } from '@/lib/i18n/hu/app';
import { nav as huNav } from '@/lib/i18n/hu/nav';
import { sidebarOpenAtom } from '@/lib/ui/sidebar';
import { ChannelsIcon, CloseIcon, MixerIcon, PlaylistsIcon, TutorialIcon } from '@/components/ui/icons';
import { NAV_SECTIONS, isActivePath, type NavItem } from './nav';
import styles from './Sidebar.module.scss';

const hu = { app: huApp, nav: huNav };

export const SIDEBAR_ID = 'app-sidebar';

const ICONS: Record<NavItem['icon'], () => React.JSX.Element> = {
  channels: ChannelsIcon,
  playlists: PlaylistsIcon,
  mixer: MixerIcon,
  tutorial: TutorialIcon,
};

export function Sidebar() {
  const pathname = usePathname();
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const closeRef = useRef<HTMLButtonElement>(null);

  // A tap on a link navigates client-side; the drawer must not stay over the new page.
  useEffect(() => {
    setOpen(false);
  }, [pathname, setOpen]);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  return (
    <>
      <div
        className={`${styles.backdrop} ${open ? styles.backdropOpen : ''}`}
        aria-hidden="true"
        onClick={() => setOpen(false)}
      />
      <aside id={SIDEBAR_ID} className={`${styles.sidebar} ${open ? styles.open : ''}`}>
        <div className={styles.top}>
          <span className={styles.product}>{hu.app.name}</span>
          <button
            ref={closeRef}
            type="button"
            className={styles.close}
            aria-label={hu.nav.closeMenu}
            onClick={() => setOpen(false)}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={hu.nav.mainLabel} className={styles.nav}>
          {NAV_SECTIONS.map((section) => (
            <div key={section.title} className={styles.section}>
              <h2 className={styles.sectionTitle}>{section.title}</h2>
              <ul className={styles.list}>
                {section.items.map((item) => {
                  const active = isActivePath(pathname, item.section ?? item.href);
                  const ItemIcon = ICONS[item.icon];
                  return (
                    <li key={item.href}>
                      <IntentLink
                        href={item.href}
                        idlePrefetch={!active}
                        className={`${styles.link} ${active ? styles.active : ''}`}
                        aria-current={active ? 'page' : undefined}
                      >
                        <ItemIcon />
                        <span>{item.label}</span>
                      </IntentLink>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
    </>
  );
}
