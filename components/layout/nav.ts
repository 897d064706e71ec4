import { nav as huNav } from '@/lib/i18n/hu/nav';

const hu = { nav: huNav };

export interface NavItem {
  href: string;
  /**
   * The pages it is active on, when they are not `href` and below: the mixer's item leads straight to
   * its first tab (a link to /mixer would cost a server render answering only a redirect).
   */
  section?: string;
  label: string;
  icon: 'channels' | 'playlists' | 'mixer' | 'tutorial';
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    title: hu.nav.contents,
    items: [
      { href: '/channels', label: hu.nav.channels, icon: 'channels' },
      { href: '/playlists', label: hu.nav.playlists, icon: 'playlists' },
      { href: '/mixer/scheduler', section: '/mixer', label: hu.nav.mixer, icon: 'mixer' },
    ],
  },
  { title: hu.nav.help, items: [{ href: '/tutorial', label: hu.nav.tutorial, icon: 'tutorial' }] },
];

/** The header's account menu leads to these pages (besides 'Kijelentkezés'). */
export const ACCOUNT_NAV: readonly { href: string; label: string }[] = [{ href: '/settings', label: hu.nav.settings }];

/** A nav item is active on its own page and on every page below it (/channels/5, /mixer/spots). */
export function isActivePath(pathname: string | null, href: string): boolean {
  if (!pathname) return false;
  return pathname === href || pathname.startsWith(`${href}/`);
}
