/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const tracks = {
  // A channel's and a playlist's track list.
  empty: 'Ez a csatorna üres még.',
  end: 'Nincsenek további zenék.',
  loadingMore: 'További zenék betöltése…',
  loadFailed: 'A zenék betöltése nem sikerült.',
  retry: 'Újra',
  unknownArtist: 'Ismeretlen',
} as const;
