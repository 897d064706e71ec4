/** Hungarian UI texts: one area of lib/i18n/hu.ts (zones, issue 43). The API's own messages are contracts/names.ts's `zoneMessages`. */
export const zones = {
  // Settings 'Zónák'.
  title: 'Zónák',
  hint: 'Az üzlet területei, mindegyik a saját zenéjével, hangerejével és zenei tervével.',
  add: 'Új zóna',
  name: 'Név',
  save: 'Mentés',
  cancel: 'Mégse',
  rename: 'Átnevezés',
  delete: 'Törlés',
  deleteTitle: (name: string) => `Törli a(z) ${name} zónát?`,
  deleteHint:
    'A zóna zenéje leáll, a zenei terve törlődik. Az ütemezései a többi zónában szólnak tovább; amelyiknek nem marad zónája, kikapcsol.',
  deleteConfirm: 'Törlés',
  reorderHandle: (name: string) => `${name} áthelyezése`,
  saved: 'A zóna mentve.',
  added: 'A zóna létrejött.',
  deleted: 'A zóna törölve.',
  dragCancel: (position: number) => `Áthelyezés visszavonva, a zóna a(z) ${position}. helyen maradt.`,
  reorderFailed: 'A sorrend mentése nem sikerült.',
  // The player bar's menu.
  barButton: (name: string) => `Zóna: ${name}`,
  menuTitle: 'Melyik zónát irányítja?',
  nothing: 'Nem szól semmi',
  paused: 'Szünetel',
  deviceOnline: 'Lejátszó eszköz online',
  deviceOffline: 'Nincs elérhető lejátszó eszköz',
  /** On a device that sounds for a zone: it steers that zone (its music would stop otherwise). */
  soundsHere: (name: string) => `Ez az eszköz a(z) ${name} zóna zenéjét szólja, ezért azt irányítja.`,
  switchFailed: 'A zóna váltása nem sikerült, kérjük, próbálja újra.',
  // The device menu and 'Lejátszás ezen az eszközön'.
  deviceZone: (name: string) => `Zóna: ${name}`,
  whichZone: 'Melyik zóna zenéje szóljon ezen az eszközön?',
  whichZoneConfirm: 'Lejátszás itt',
  moveConfirm: 'Átviszem',
  // /channels and /playlists.
  playsIn: (names: string[]) => `Szól: ${names.join(', ')}`,
  // The music plan.
  picker: 'Zóna',
  copyWeek: 'Hét másolása ide: …',
  copyWeekPick: 'Válasszon zónát',
  copyWeekTo: (name: string) => `Hét másolása ide: ${name}`,
  copyWeekAsk: (from: string, to: string) =>
    `A(z) ${from} zóna hetét átmásolja a(z) ${to} zónába? A(z) ${to} zóna eddigi blokkjai helyére kerül.`,
  copied: (name: string) => `A hét átmásolva ide: ${name}.`,
  // The play log and the scheduler.
  column: 'Zóna',
  schedulerZones: 'Zónák',
  allZones: 'Minden zóna',
  someZones: 'Kiválasztott zónák',
} as const;
