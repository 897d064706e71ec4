/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const channels = {
  featured: 'Legújabb csatornáink',
  categoriesLabel: 'Csatorna kategóriák',
  favorites: 'Kedvencek',
  favoritesEmpty: 'Még nincs kedvenc csatornája. Nyisson meg egy csatornát, és a szív gombbal adja a kedvencekhez.',
  categoryEmpty: 'Ebben a kategóriában még nincs csatorna.',
  // The tab that lists every channel when the API has no categories.
  all: 'Összes csatorna',
  unavailable: 'A csatornák most nem tölthetők be. Kérjük, próbálja újra később.',
  tracksUnavailable: 'A csatorna zenéi most nem tölthetők be.',
  previous: 'Előző csatornák',
  next: 'Következő csatornák',
  // The featured carousel's own control (WCAG 2.2.2): it turns by itself until stopped.
  stopTurning: 'Forgatás megállítása',
  startTurning: 'Forgatás indítása',
  play: (name: string) => `${name} lejátszása`,
  pause: (name: string) => `${name} szüneteltetése`,
  back: 'Vissza a csatornákhoz',
  favorite: 'Kedvenc',
  favoriteAdded: 'Hozzáadva a kedvencekhez',
  favoriteRemoved: 'Eltávolítva a kedvencekből',
  tracksLabel: 'A csatorna zenéi',
} as const;
