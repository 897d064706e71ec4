/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const sort = {
  label: 'Rendezés',
  nameAsc: 'Név szerint (A–Z)',
  nameDesc: 'Név szerint (Z–A)',
  newest: 'Legújabb elöl',
  oldest: 'Legrégebbi elöl',
} as const;
