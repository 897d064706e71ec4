/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// 'Heti jelentés' (/reports): what the shop heard in a week, against its opening hours.
const MONTHS = [
  'január',
  'február',
  'március',
  'április',
  'május',
  'június',
  'július',
  'augusztus',
  'szeptember',
  'október',
  'november',
  'december',
];
const monthDay = (key: string) => `${MONTHS[Number(key.slice(5, 7)) - 1]} ${Number(key.slice(8, 10))}.`;

export const reports = {
  heading: 'Heti jelentés',
  link: 'Heti jelentés',
  intro:
    'Mennyi ideig volt nyitva az üzlet, és ebből mennyi ideig szólt valóban a zene – a zenét szóló eszköz saját jelentései alapján.',
  /** '2026. 48. hét · november 23. – november 29.' */
  weekTitle: (week: string, from: string, to: string) =>
    `${week.slice(0, 4)}. ${Number(week.slice(6))}. hét · ${monthDay(from)} – ${monthDay(to)}`,
  weekLabel: 'Hét',
  show: 'Mutasd',
  previous: 'Előző hét',
  next: 'Következő hét',
  pickerLabel: 'Hét választása',
  csv: 'Letöltés CSV-ben',
  summaryLabel: 'A hét összesítve',
  open: 'Nyitva',
  heard: 'Szólt a zene',
  share: 'Arány',
  longestSilence: 'Leghosszabb csend',
  silence: 'Csend nyitvatartás alatt',
  heardClosed: 'Szólt zárva',
  chartsHeading: 'Napok',
  chartLabel: (day: string, open: string, heard: string, silence: string) =>
    `${day}: nyitva ${open}, szólt a zene ${heard}, leghosszabb csend ${silence}`,
  closedDay: 'Zárva',
  daysHeading: 'Naponként',
  day: 'Nap',
  spotsHeading: 'Szpotok',
  spot: 'Szpot',
  planned: 'Tervezett',
  aired: 'Lejátszva',
  completed: 'Végig szólt',
  spotsEmpty: 'A héten nem volt ütemezett vagy lejátszott szpot.',
  alertsHeading: 'Értesítések',
  alertsEmpty: 'A héten nem volt értesítés.',
  solved: 'Megoldva',
  stillOpen: 'Még tart',
  noHours:
    'Nincs nyitvatartás megadva, ezért egy nap az első és az utolsó lejátszás közötti idő számít nyitva töltött időnek.',
  setHours: 'Nyitvatartás beállítása',
  weekdays: ['hétfő', 'kedd', 'szerda', 'csütörtök', 'péntek', 'szombat', 'vasárnap'],
  /** '3 ó 5 p', '45 p', '0 p'. */
  hoursMinutes: (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return h ? (m ? `${h} ó ${m} p` : `${h} ó`) : `${m} p`;
  },
  percent: (heard: number, open: number) => (open > 0 ? `${Math.round((heard / open) * 100)}%` : '–'),
  badWeek: 'Érvénytelen hét.',
  badWeekText:
    'A címben szereplő hét nem létezik, vagy még nem kezdődött el. Válasszon egy hetet, vagy nézze meg az aktuálisat.',
  currentWeek: 'Az aktuális hét',
  loadFailed: 'A heti jelentést most nem sikerült betölteni.',
  retry: 'Újra',
  unavailableTitle: 'A heti jelentés itt nem érhető el',
  unavailableText: 'Ez a szerver nem készít heti jelentést. Hogy mi szólt, a lejátszási naplóban láthatja.',
  backToLog: 'Lejátszási napló',
} as const;
