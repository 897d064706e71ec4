/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const toast = {
  regionLabel: 'Felugró üzenetek',
  saved: 'Sikeresen mentve.',
  deleted: 'Sikeresen eltávolítva.',
} as const;
