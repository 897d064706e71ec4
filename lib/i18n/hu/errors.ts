/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The error boundaries, the loading state and a section whose list call failed.
export const errors = {
  title: 'Valami hiba történt',
  text: 'Az oldalt most nem sikerült betölteni. Lehet, hogy a szolgáltatás átmenetileg nem érhető el: próbálja újra, vagy jelentkezzen ki.',
  retry: 'Újrapróbálás',
  logout: 'Kijelentkezés',
  sectionUnavailable: 'Ezt a részt most nem sikerült betölteni. Próbálja újra később.',
  categoriesUnavailable: 'A csatornák kategóriáit most nem sikerült betölteni. Próbálja újra később.',
  favoritesUnavailable: 'A kedvenc csatornákat most nem sikerült betölteni. Próbálja újra később.',
  loading: 'Betöltés…',
} as const;
