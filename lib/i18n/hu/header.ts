/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const header = {
  accountMenu: 'Fiók menü',
  logout: 'Kijelentkezés',
  defaultLogoAlt: 'Alapértelmezett logó',
} as const;
