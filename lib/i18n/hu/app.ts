/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The app frame: its name, navigation, header and page titles.
export const app = {
  name: 'Pulzus',
  notFoundTitle: 'Az oldal nem található',
  notFoundText: 'A keresett oldal nem létezik, vagy időközben megszűnt.',
  backHome: 'Vissza a főoldalra',
} as const;
