/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const nav = {
  mainLabel: 'Fő navigáció',
  contents: 'TARTALMAK',
  channels: 'Csatornák',
  playlists: 'Saját listák',
  mixer: 'Keverőpult',
  help: 'SEGÍTSÉG',
  tutorial: 'Útmutató',
  settings: 'Beállítások',
  openMenu: 'Menü megnyitása',
  closeMenu: 'Menü bezárása',
  skipToContent: 'Ugrás a tartalomra',
} as const;
