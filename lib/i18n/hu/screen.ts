/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The public in-store screen page (/screen/{hash_id}).
export const screen = {
  notFoundTitle: 'Ez a képernyő nem található',
  notFoundText:
    'A link hibás, vagy a képernyőt törölték a Keverőpultban. Kérjük, nyissa meg újra a Képernyők oldalról kimásolt linket.',
  empty: 'Ehhez a képernyőhöz még nincs diavetítés rendelve.',
  emptyHint: 'A Keverőpult Képernyők oldalán válasszon alapértelmezett slideshow-t.',
} as const;
