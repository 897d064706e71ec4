/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
export const player = {
  regionLabel: 'Lejátszó',
  empty: 'Válasszon egy csatornát a lejátszáshoz',
  play: 'Lejátszás',
  pause: 'Szünet',
  next: 'Következő szám',
  random: 'Véletlen sorrend',
  repeat: 'Ismétlés',
  mute: 'Némítás',
  unmute: 'Némítás feloldása',
  volume: 'Hangerő',
  seek: 'Tekerés',
  more: 'További vezérlők',
  less: 'Kevesebb vezérlő',
  tapToStart: 'Kattintson ide a zene indításához',
  otherDevice: 'A zene egy másik eszközön szól',
  currentTime: 'Eltelt idő',
  totalTime: 'Teljes hossz',
  failed: 'A lejátszó nem válaszolt, kérjük, próbálja újra.',
  /** The API's request limit (429), in its own words. */
  tooManyRequests: 'Túl sok kérés. Kérjük, próbálja újra később.',
  trackFailed: 'A szám nem tölthető be, a következő indul.',
  nowPlaying: 'Most szól',
  paused: 'Szünetel',
  // Who holds the music and whether the server answers (player bar, channel play buttons).
  serverUnreachable: 'Nincs kapcsolat a szerverrel',
  serverUnreachableHint: 'A következő szám akkor indul, amikor a szerver újra elérhető.',
  serverAwayPlayingOn: 'Nincs kapcsolat a szerverrel – a zene tovább szól',
  outputUnavailable: 'A zenét szóló eszköz nem elérhető',
  outputSilent: 'A zenét szóló eszköz nem válaszol',
  /** The sounding device stopped answering (issue 39): what the remote knows. {ago}: 'most', 'egy perce', '{n} perce'. */
  outputUnknown: (title: string, ago: string) => `Nem tudjuk, szól-e a zene. Utoljára: ${title} (${ago}).`,
  // What the audio device reports it really does (the bundled API), on the other devices.
  outputNeedsTap: 'A zene nem szól: a zenét szóló eszközön kattintson vagy koppintson az indításhoz.',
  outputStalled: 'A zene elakadt a zenét szóló eszközön.',
  outputTaken: 'Közben egy másik eszköz vette át a lejátszást.',
  playHere: 'Lejátszás ezen az eszközön',
  movedHere: 'A zene mostantól ezen az eszközön szól.',
  /** On the device that sounds, at every size of the bar. */
  here: 'Itt szól',
  // Taking the music from a device that does not answer: it may still sound (issue 39).
  takeOverTitle: 'A zenét szóló eszköz nem válaszol, lehet, hogy még szól. Ide hozza a zenét?',
  takeOverConfirm: 'Ide hozom',
  takeOverCancel: 'Mégse',
  // The music plan (issue 26): a manager's press holds it until its next boundary.
  planHold: (day: string, time: string) => `Kézi vezérlés ${day} ${time}-ig`,
  // The shop's days as the bar names them (its own clock): today, tomorrow, else the weekday.
  today: 'ma',
  tomorrow: 'holnap',
  /** By `Date.getDay()` (0 = Sunday). */
  weekdays: ['vasárnap', 'hétfő', 'kedd', 'szerda', 'csütörtök', 'péntek', 'szombat'],
  planResume: 'Vissza a napirendhez',
  planResumed: 'A zenei napirend újra vezérli a zenét.',
  // The shop's opening hours (the bundled API): closed, said plainly.
  closed: 'Zárva',
  closedUntil: (day: string, time: string) => `Zárva – nyitás ${day} ${time}`,
  closedPlayTitle: 'A bolt zárva van. Elindítja a zenét?',
  closedPlayConfirm: 'Indítás',
  closedPlayCancel: 'Mégse',
} as const;
