/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const mixer = {
  tabsLabel: 'Keverőpult részei',
  tabs: {
    scheduler: 'Ütemezés',
    spots: 'Szpotok',
    slideshows: 'Slideshowk',
    screens: 'Képernyők',
    soundboard: 'Hangtár',
    plan: 'Zenei napirend',
  },
  headings: {
    scheduler: 'Ütemezett tartalmak',
    spots: 'Reklám szpotok',
    slideshows: 'Slideshowk',
    screens: 'Képernyők',
    soundboard: 'Hangtár',
    plan: 'Zenei napirend',
  },
  // Shared by the mixer's tables and forms.
  /** A spot or sound longer than today's cap (stored before it): it still plays. */
  tooLong: 'Túl hosszú',
  edit: (name: string) => `Szerkesztés: ${name}`,
  delete: (name: string) => `Törlés: ${name}`,
  nameLabel: 'Név',
} as const;
