/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The shop's alerts: the header's bell and its list, the banner, the settings section.
export const alerts = {
  bell: 'Értesítések',
  unread: (n: number) => `${n} olvasatlan`,
  listTitle: 'Értesítések',
  empty: 'Még nincs értesítés. Ha nyitvatartás alatt nem szól a zene, itt jelezzük.',
  loadFailed: 'Az értesítések betöltése nem sikerült.',
  markAllRead: 'Összes olvasottnak jelölése',
  older: 'Korábbi értesítések',
  weeklyReport: 'Heti jelentés',
  resolved: 'Megoldva',
  ongoing: 'Még tart',
  unreadMark: 'Új',
  close: 'Bezárás',
  /** How long a cause lasted (or has lasted so far), in minutes. */
  duration: (minutes: number) => {
    if (minutes < 1) return 'kevesebb mint 1 perc';
    if (minutes < 60) return `${minutes} perc`;
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} óra ${m} perc` : `${h} óra`;
  },
  since: (time: string) => `${time} óta`,
  missedMinutes: (minutes: string[]) => `Időpontok: ${minutes.join(', ')}`,
  // The settings page's section.
  settingsTitle: 'Értesítések',
  settingsHint:
    'Szólunk, ha nyitvatartás alatt nem szól a zene: itt az alkalmazásban, e-mailben a bolt minden felhasználójának, és kérésre értesítésként erre az eszközre.',
  kindsLegend: 'Miről szóljunk',
  kinds: {
    offline: 'A zenét szóló eszköz nem elérhető',
    blocked: 'A böngésző nem engedi elindítani a zenét',
    stalled: 'Elakadt a lejátszás',
    paused: 'Nyitvatartás alatt 30 perce szünetel a zene',
    spot_missed: 'Elmaradt egy szpot',
  },
  delay: 'Késleltetés (perc)',
  delayHint: 'Ennyi perc után szólunk, ha a zene még mindig nem szól (1–60).',
  email: 'E-mail értesítés',
  emailHint: 'A bolt minden felhasználója e-mailt kap.',
  push: 'Értesítések erre az eszközre',
  pushNoSupport: 'Ez a böngésző nem tud értesítést fogadni, ezért ezen az eszközön nem kapcsolható be.',
  pushDenied:
    'A böngésző letiltotta az értesítéseket ennél az oldalnál; a böngésző beállításaiban engedélyezhetők újra.',
  pushOn: 'Ez az eszköz értesítést kap.',
  pushFailed: 'Az értesítések bekapcsolása nem sikerült.',
  test: 'Próba értesítés küldése',
  testSending: 'Küldés…',
  testSent: (mail: number, push: number) => `Próba értesítés elküldve: ${mail} e-mail, ${push} eszköz.`,
  testFailed: 'A próba értesítés küldése nem sikerült.',
} as const;
