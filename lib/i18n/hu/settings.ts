/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The settings page (/settings): the shop's settings, each edited in its own row.
export const settings = {
  intro: 'A bolt beállításai. Minden sort külön ment el; a változás azonnal érvényes.',
  listLabel: 'Beállítások',
  // SPEC.md §8: the settings' own success toast.
  toastSaved: 'Sikeresen elmentve.',
  savedFlag: 'Mentve',
  // Hungarian names of the known keys; an unknown key is shown as it is.
  keys: { logo: 'Logó', timezone: 'Időzóna' } as Record<string, string>,
  logoHint: 'Ez a logó látszik a fejlécben és a bejelentkezési oldalon. JPEG vagy PNG kép, legfeljebb 10 MB.',
  logoCurrent: 'A jelenlegi logó',
  logoDefault: 'Még nincs saját logó: a Pulzus alapértelmezett képe látszik.',
  logoChange: 'Logó cseréje',
  logoPick: 'Kép kiválasztása',
  logoFile: 'Új logó',
  logoDrop: 'vagy húzza ide a képet',
  logoPreview: 'Az új logó előnézete',
  logoUpload: 'Feltöltés',
  logoUploading: 'Feltöltés…',
  timezoneHint: 'Az ütemezett tartalmak ennek az időzónának az órája szerint szólnak.',
  otherZones: 'További időzónák',
  zoneSearch: 'Időzóna keresése',
  zoneSearchPlaceholder: 'pl. London, Kyiv, +05:30',
  zoneNoMatch: 'Nincs ilyen időzóna.',
  // The picker's groups, in this order (IANA's first part of the name).
  zoneRegions: {
    Europe: 'Európa',
    Africa: 'Afrika',
    America: 'Amerika',
    Asia: 'Ázsia',
    Australia: 'Ausztrália',
    Pacific: 'Csendes-óceán',
    Atlantic: 'Atlanti-óceán',
    Indian: 'Indiai-óceán',
    Antarctica: 'Antarktisz',
    Arctic: 'Északi-sarkvidék',
    other: 'Egyéb',
  } as Record<string, string>,
  valueHint: 'Írja be az új értéket, majd mentse el.',
  empty: 'Még nincs beállítás.',
  loadFailed: 'A beállítások betöltése nem sikerült.',
} as const;
