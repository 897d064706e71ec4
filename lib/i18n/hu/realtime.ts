/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const realtime = {
  devices: 'Eszközök',
  devicesTitle: 'A bolt eszközei',
  devicesHint: 'Válassza ki, melyik eszközön szóljon a zene.',
  thisDevice: 'Ez az eszköz',
  playingHere: 'Itt szól a zene',
  moveFailed: 'A zenét nem sikerült áthelyezni, kérjük, próbálja újra.',
  noOtherDevices: 'Most nincs más eszköz bejelentkezve.',
  playingOffline: 'A zenét szóló eszköz most nem elérhető.',
  deviceTypes: { desktop: 'asztali gép', mobile: 'telefon', tablet: 'tablet' },
  connecting: 'Kapcsolódás…',
  connectingHint: 'A többi eszköz változásai a kapcsolat helyreállása után jelennek meg.',
  spotPlaying: 'Reklám szól',
  soundPlaying: 'Hang szól',
  nextBlocked: 'Reklám közben nem lehet továbblépni',
} as const;
