/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const tracks = {
  // A channel's and a playlist's track list.
  empty: 'Ez a csatorna üres még.',
  end: 'Nincsenek további zenék.',
  loadingMore: 'További zenék betöltése…',
  loadFailed: 'A zenék betöltése nem sikerült.',
  retry: 'Újra',
  unknownArtist: 'Ismeretlen',
  // Tracks the shop never wants again (issue 26): the row's and the player bar's menu.
  menu: 'További műveletek',
  menuOf: (title: string) => `${title}: további műveletek`,
  block: 'Szám letiltása',
  unblock: 'Tiltás feloldása',
  unblockOf: (title: string) => `${title}: tiltás feloldása`,
  blockedBadge: 'Letiltva',
  blockedToast: (title: string) => `Letiltva: ${title}. Ez a szám többé nem szól.`,
  unblockedToast: (title: string) => `Feloldva: ${title}. Ez a szám újra szólhat.`,
  blockFailed: 'A letiltás nem sikerült, kérjük, próbálja újra.',
} as const;
