/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const version = {
  title: 'Új verzió érhető el',
  countdown: (seconds: number) => `Az oldal ${seconds} másodperc múlva frissül.`,
  reloadNow: 'Frissítés most',
} as const;
