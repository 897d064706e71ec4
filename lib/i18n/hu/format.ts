/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const format = {
  hours: 'óra',
  minutes: 'perc',
  songs: 'dal',
} as const;
