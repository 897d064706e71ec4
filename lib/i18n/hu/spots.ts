/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The mixer's 'Reklám szpotok' page (/mixer/spots).
export const spots = {
  tableLabel: 'Reklám szpotok',
  name: 'Szpot neve',
  fileColumn: 'Fájlnév',
  lengthColumn: 'Hossz',
  // 'Azonnali lejátszás': the spot goes to the audio device now (the bundled API only).
  playNow: 'Azonnali lejátszás',
  playNowRow: (name: string) => `Azonnali lejátszás: ${name}`,
  sentToDevice: 'A szpotot elküldtük a zenét szóló eszközre.',
  noAudioDevice: 'Nincs zenét szóló eszköz.',
  upload: 'Új szpot feltöltése',
  editTitle: 'Szpot szerkesztése',
  formHint: 'Egy MP3 fájl, amelyet az ütemezés a zene szüneteltetésével játszik le.',
  namePlaceholder: 'Pl. Hétvégi akció',
  currentFile: (name: string) => `Jelenlegi fájl: ${name}`,
  preview: (name: string) => `${name} meghallgatása`,
  deleteConfirm: 'Biztosan törli a szpotot?',
  deleteHint: (name: string) => `A(z) „${name}” szpot és a hangfájlja végleg törlődik.`,
  deleteButton: 'Szpot törlése',
  empty: 'Még nincs reklám szpotja.',
  emptyHint:
    'Töltsön fel egy MP3 fájlt az „Új szpot feltöltése” gombbal, és az ütemezésben beállíthatja, mikor szóljon.',
  loadFailed: 'A szpotok betöltése nem sikerült.',
} as const;
