/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// Shared pieces: forms and dialogs, toasts, sorting, tables, uploads, formatted values.
export const form = {
  invalid: 'Hibás kitöltés, kérjük javítsa.',
  failed: 'Valami hiba történt. Kérjük, próbálja újra.',
  close: 'Bezárás',
  cancel: 'Mégse',
  save: 'Mentés',
  saving: 'Mentés…',
} as const;
