/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const pages = {
  channels: 'Csatornák',
  playlists: 'Saját listák',
  settings: 'Beállítások',
  tutorial: 'Útmutató',
} as const;
