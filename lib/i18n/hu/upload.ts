/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const upload = {
  choose: 'Fájl kiválasztása',
  // The picker of an edit form that already has a file (SPEC.md §2, spots).
  replace: 'Fájl csere',
  audioLabel: 'Hangfájl (MP3)',
  chooseImages: 'Képek kiválasztása',
  none: 'Nincs kiválasztott fájl',
  selected: (count: number) => `${count} fájl kiválasztva`,
  progress: 'Feltöltés',
  turn: (number: number, total: number, name: string) => `Feltöltés (${number}/${total}): ${name}`,
  audioOnly: 'Csak MP3 (audio/mpeg) fájl tölthető fel.',
  imageOnly: 'Csak JPEG, JPG vagy PNG kép tölthető fel.',
  oneFile: 'Egyszerre csak egy fájl tölthető fel.',
  tooMany: (max: number) => `Egyszerre legfeljebb ${max} kép tölthető fel.`,
} as const;
