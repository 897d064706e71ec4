/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const table = {
  actions: 'Műveletek',
  // A row's action buttons, named for their row.
  editRow: (name: string) => `Szerkesztés: ${name}`,
  deleteRow: (name: string) => `Törlés: ${name}`,
  sortOption: (column: string, descending: boolean) => `${column} (${descending ? 'csökkenő' : 'növekvő'})`,
  unsorted: 'Eredeti sorrend',
} as const;
