/**
 * Every Hungarian UI string of the web app. Texts quoted by the specification are copied exactly
 * (including their spelling); the rest are written for a busy shop manager.
 *
 * One export per area, imported as `import * as hu from '@/lib/i18n/hu'`: the bundler drops the
 * areas a page's modules never read, so /channels does not ship the mixer's texts.
 */
// The app frame: its name, navigation, header and page titles.
export const app = {
  name: 'Pulzus',
  notFoundTitle: 'Az oldal nem található',
  notFoundText: 'A keresett oldal nem létezik, vagy időközben megszűnt.',
  backHome: 'Vissza a főoldalra',
} as const;

// The error boundaries, the loading state and a section whose list call failed.
export const errors = {
  title: 'Valami hiba történt',
  text: 'Az oldalt most nem sikerült betölteni. Lehet, hogy a szolgáltatás átmenetileg nem érhető el: próbálja újra, vagy jelentkezzen ki.',
  retry: 'Újrapróbálás',
  logout: 'Kijelentkezés',
  sectionUnavailable: 'Ezt a részt most nem sikerült betölteni. Próbálja újra később.',
  categoriesUnavailable: 'A csatornák kategóriáit most nem sikerült betölteni. Próbálja újra később.',
  favoritesUnavailable: 'A kedvenc csatornákat most nem sikerült betölteni. Próbálja újra később.',
  loading: 'Betöltés…',
} as const;

export const nav = {
  mainLabel: 'Fő navigáció',
  contents: 'TARTALMAK',
  channels: 'Csatornák',
  playlists: 'Saját listák',
  mixer: 'Keverőpult',
  help: 'SEGÍTSÉG',
  tutorial: 'Útmutató',
  settings: 'Beállítások',
  openMenu: 'Menü megnyitása',
  closeMenu: 'Menü bezárása',
  skipToContent: 'Ugrás a tartalomra',
} as const;

export const header = {
  accountMenu: 'Fiók menü',
  logout: 'Kijelentkezés',
  defaultLogoAlt: 'Alapértelmezett logó',
} as const;

export const pages = {
  channels: 'Csatornák',
  playlists: 'Saját listák',
  settings: 'Beállítások',
  tutorial: 'Útmutató',
} as const;

// Shared pieces: forms and dialogs, toasts, sorting, tables, uploads, formatted values.
export const form = {
  invalid: 'Hibás kitöltés, kérjük javítsa.',
  failed: 'Valami hiba történt. Kérjük, próbálja újra.',
  close: 'Bezárás',
  cancel: 'Mégse',
  save: 'Mentés',
  saving: 'Mentés…',
} as const;

export const toast = {
  regionLabel: 'Értesítések',
  saved: 'Sikeresen mentve.',
  deleted: 'Sikeresen eltávolítva.',
} as const;

export const sort = {
  label: 'Rendezés',
  nameAsc: 'Név szerint (A–Z)',
  nameDesc: 'Név szerint (Z–A)',
  newest: 'Legújabb elöl',
  oldest: 'Legrégebbi elöl',
} as const;

export const table = {
  actions: 'Műveletek',
  // A row's action buttons, named for their row.
  editRow: (name: string) => `Szerkesztés: ${name}`,
  deleteRow: (name: string) => `Törlés: ${name}`,
  sortOption: (column: string, descending: boolean) => `${column} (${descending ? 'csökkenő' : 'növekvő'})`,
  unsorted: 'Eredeti sorrend',
} as const;

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

export const format = {
  hours: 'óra',
  minutes: 'perc',
  songs: 'dal',
} as const;

// The areas of the app, one namespace each.
export const auth = {
  emailLabel: 'E-mail cím',
  passwordLabel: 'Jelszó',
  passwordConfirmationLabel: 'Jelszó megerősítése',
  newPasswordLabel: 'Új jelszó',
  rememberLabel: 'Emlékezz rám',
  loginTitle: 'Bejelentkezés',
  loginButton: 'Bejelentkezés',
  forgotLink: 'Elfelejtett jelszó?',
  forgotTitle: 'Elfelejtett jelszó',
  forgotIntro: 'Adja meg fiókja e-mail címét, és küldünk egy linket, amellyel új jelszót állíthat be.',
  forgotButton: 'Link küldése',
  forgotSuccess:
    'Email címére küldtünk egy linket, melyet megnyitva új jelszót állíthat be felhasználó fiókjához.',
  forgotResend: 'Újra küldés',
  backToLogin: 'Vissza a bejelentkezéshez',
  resetTitle: 'Új jelszó beállítása',
  resetIntro: 'Adja meg e-mail címét és az új jelszót (legalább 8 karakter).',
  resetButton: 'Jelszó beállítása',
  resetSuccess:
    'Sikeresen beállította új jelszavát felhasználó fiókjához. Már nincs más hátra mint bejelentkezni.',
  resetInvalid:
    'Érvénytelen helyreállító link. Előfordulhat, hogy a jelszó beállításra fordítható időkeret letelt, vagy már modosította jelszavát ezzel a linkkel.',
  resetNewLink: 'Új link küldés',
  // Shown after a login posted without the page's script (the API's own text comes with the script).
  loginFailed: 'Hibás e-mail cím vagy jelszó.',
  loginThrottled: 'Túl sok bejelentkezési kísérlet. Kérjük, próbálja újra egy perc múlva.',
  logoAlt: 'logó',
} as const;

export const channels = {
  featured: 'Legújabb csatornáink',
  categoriesLabel: 'Csatorna kategóriák',
  favorites: 'Kedvencek',
  favoritesEmpty: 'Még nincs kedvenc csatornája. Nyisson meg egy csatornát, és a szív gombbal adja a kedvencekhez.',
  categoryEmpty: 'Ebben a kategóriában még nincs csatorna.',
  // The tab that lists every channel when the API has no categories.
  all: 'Összes csatorna',
  unavailable: 'A csatornák most nem tölthetők be. Kérjük, próbálja újra később.',
  tracksUnavailable: 'A csatorna zenéi most nem tölthetők be.',
  previous: 'Előző csatornák',
  next: 'Következő csatornák',
  play: (name: string) => `${name} lejátszása`,
  pause: (name: string) => `${name} szüneteltetése`,
  back: 'Vissza a csatornákhoz',
  favorite: 'Kedvenc',
  favoriteAdded: 'Hozzáadva a kedvencekhez',
  favoriteRemoved: 'Eltávolítva a kedvencekből',
  tracksLabel: 'A csatorna zenéi',
} as const;

export const tracks = {
  // A channel's and a playlist's track list.
  empty: 'Ez a csatorna üres még.',
  end: 'Nincsenek további zenék.',
  loadingMore: 'További zenék betöltése…',
  loadFailed: 'A zenék betöltése nem sikerült.',
  retry: 'Újra',
  unknownArtist: 'Ismeretlen',
} as const;

export const playlists = {
  newPlaylist: 'Új lista',
  newPlaylistTitle: 'Új lejátszási lista',
  nameLabel: 'A lista neve',
  namePlaceholder: 'Pl. Reggeli nyitás',
  create: 'Létrehozás',
  creating: 'Létrehozás…',
  empty: 'Még nincs saját listája.',
  emptyHint: 'Hozzon létre egy listát, majd a csatornák zenéinél a plusz gombbal tegye rá a kedvenc dalait.',
  listLabel: 'Saját listák',
  play: (name: string) => `${name} lejátszása`,
  pause: (name: string) => `${name} szüneteltetése`,
  back: 'Vissza a listákhoz',
  rename: 'Átnevezés',
  delete: 'Lista törlése',
  deleteConfirm: 'Biztosan törli a lejátszási listát?',
  deleteHint: (name: string) => `A(z) „${name}” lista végleg törlődik. A zenék a csatornákon megmaradnak.`,
  tracksLabel: 'A lista zenéi',
  removeTrack: 'Eltávolítás a listáról',
  dragHandle: (title: string) => `${title} áthelyezése`,
  dragInstructions:
    'Az áthelyezéshez nyomja meg a szóköz billentyűt, a nyilakkal mozgassa a zenét, majd a szóközzel tegye le. Az Escape visszavonja.',
  dragStart: (position: number) => `Felemelve, jelenleg a(z) ${position}. helyen.`,
  dragMove: (position: number) => `Új hely: ${position}.`,
  dragDrop: (from: number, to: number) => `Áthelyezve a(z) ${from}. helyről a(z) ${to}. helyre.`,
  dragCancel: (position: number) => `Áthelyezés visszavonva, a zene a(z) ${position}. helyen maradt.`,
  addToPlaylist: 'Hozzáadás lejátszási listához',
  addTrackTo: (title: string) => `${title} hozzáadása lejátszási listához`,
  addChannel: 'A csatorna összes zenéje lejátszási listára',
  modalTrackTitle: 'Hozzáadás lejátszási listához',
  modalChannelTitle: 'Csatorna hozzáadása listához',
  modalTrackHint: (title: string) => `Jelölje be a listákat, amelyeken a(z) „${title}” szerepeljen.`,
  modalChannelHint: (name: string) => `A(z) „${name}” csatorna összes zenéje a kiválasztott listára kerül.`,
  modalLoading: 'Listák betöltése…',
  modalNoPlaylists: 'Még nincs saját listája: hozzon létre egyet lent.',
  addAllTo: (name: string) => `Hozzáadás: ${name}`,
  added: 'Hozzáadva',
  newPlaylistSection: 'Új lista létrehozása',
  toastAdded: 'Sikeresen hozzáadva a lejátszási listához.',
  toastRemoved: 'Sikeresen eltávolítva a lejátszási listáról.',
} as const;

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
  tapToStart: 'A lejátszás elindításához koppintson ide',
  otherDevice: 'A zene egy másik eszközön szól',
  currentTime: 'Eltelt idő',
  totalTime: 'Teljes hossz',
  failed: 'A lejátszó nem válaszolt, kérjük, próbálja újra.',
  trackFailed: 'A szám nem tölthető be, a következő indul.',
  nowPlaying: 'Most szól',
  paused: 'Szünetel',
  // Who holds the music and whether the server answers (player bar, channel play buttons).
  serverUnreachable: 'Nincs kapcsolat a szerverrel',
  serverUnreachableHint: 'A következő szám akkor indul, amikor a szerver újra elérhető.',
  outputUnavailable: 'A zenét szóló eszköz nem elérhető',
  playHere: 'Lejátszás ezen az eszközön',
  movedHere: 'A zene mostantól ezen az eszközön szól.',
} as const;

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

export const version = {
  title: 'Új verzió érhető el',
  countdown: (seconds: number) => `Az oldal ${seconds} másodperc múlva frissül.`,
  reloadNow: 'Frissítés most',
} as const;

export const mixer = {
  tabsLabel: 'Keverőpult részei',
  tabs: {
    scheduler: 'Ütemezés',
    spots: 'Szpotok',
    slideshows: 'Slideshowk',
    screens: 'Képernyők',
    soundboard: 'Hangtár',
  },
  headings: {
    scheduler: 'Ütemezett tartalmak',
    spots: 'Reklám szpotok',
    slideshows: 'Slideshowk',
    screens: 'Képernyők',
    soundboard: 'Hangtár',
  },
  // Shared by the mixer's tables and forms.
  edit: (name: string) => `Szerkesztés: ${name}`,
  delete: (name: string) => `Törlés: ${name}`,
  nameLabel: 'Név',
  slideshows: {
    add: 'Új slideshow',
    tableLabel: 'A bolt slideshowi',
    name: 'Név',
    count: 'Diák száma',
    failed: 'A slideshowk betöltése nem sikerült.',
    empty: 'Még nincs slideshow.',
    emptyHint: 'Hozzon létre egyet: adjon neki nevet, töltse fel a képeket, és állítsa be, melyik meddig látszik.',
    createTitle: 'Új slideshow',
    createHint: 'Először adja meg a nevét, utána töltheti fel a képeket.',
    imagesTitle: (name: string) => `Képek: ${name}`,
    editTitle: 'Slideshow szerkesztése',
    imagesHint: 'Húzza a képeket a kívánt sorrendbe, és adja meg, hány másodpercig látszik mindegyik.',
    namePlaceholder: 'Pl. Heti akciók',
    next: 'Tovább',
    nextBusy: 'Mentés…',
    imagesLabel: 'Képek (JPEG, JPG vagy PNG, egyszerre legfeljebb 10)',
    imagesListLabel: 'A slideshow képei',
    noImages: 'Még nincs kép. Válasszon ki egyszerre legfeljebb 10 képet.',
    loading: 'A slideshow betöltése…',
    loadFailed: 'A slideshow betöltése nem sikerült.',
    secondsLabel: 'Másodperc',
    secondsFor: (position: number) => `A(z) ${position}. kép ideje másodpercben`,
    secondsMin: 'Legalább 1 másodperc, egész szám.',
    removeImage: (name: string) => `Kép eltávolítása: ${name}`,
    removeFailed: 'A képet nem sikerült eltávolítani, kérjük, próbálja újra.',
    uploadFailed: (name: string, message: string) => `${name}: ${message}`,
    dragHandle: (name: string) => `${name} áthelyezése`,
    dragInstructions:
      'Az áthelyezéshez nyomja meg a szóköz billentyűt, a nyilakkal mozgassa a képet, majd a szóközzel tegye le. Az Escape visszavonja.',
    dragStart: (position: number) => `Felemelve, jelenleg a(z) ${position}. helyen.`,
    dragMove: (position: number) => `Új hely: ${position}.`,
    dragDrop: (from: number, to: number) => `Áthelyezve a(z) ${from}. helyről a(z) ${to}. helyre.`,
    dragCancel: (position: number) => `Áthelyezés visszavonva, a kép a(z) ${position}. helyen maradt.`,
    deleteConfirm: 'Biztosan törli a slideshow-t?',
    deleteHint: (name: string) =>
      `A(z) „${name}” slideshow és a képei végleg törlődnek. Azok a képernyők, amelyeken ez az alapértelmezett, üresen maradnak.`,
    deleteButton: 'Slideshow törlése',
  },
  screens: {
    add: 'Új képernyő',
    tableLabel: 'A bolt képernyői',
    name: 'Név',
    hashId: 'Azonosító',
    link: 'Nyilvános link',
    slideshow: 'Slideshow',
    none: '-',
    copy: (name: string) => `Link másolása: ${name}`,
    copied: 'Link másolva.',
    copyFailed: 'A linket nem sikerült másolni.',
    failed: 'A képernyők betöltése nem sikerült.',
    empty: 'Még nincs képernyő.',
    emptyHint:
      'Vegyen fel egy képernyőt a bolt tévéjének, majd nyissa meg rajta a nyilvános linkjét: bejelentkezés nélkül mutatja a kiválasztott slideshow-t.',
    createTitle: 'Új képernyő',
    editTitle: 'Képernyő szerkesztése',
    namePlaceholder: 'Pl. Pénztár feletti tévé',
    descriptionLabel: 'Leírás (nem kötelező)',
    slideshowLabel: 'Alapértelmezett slideshow',
    noSlideshow: 'Nincs',
    slideshowsFailed: 'A slideshowk listája nem töltődött be; most csak a „Nincs” választható.',
    deleteConfirm: 'Biztosan törli a képernyőt?',
    deleteHint: (name: string) =>
      `A(z) „${name}” képernyő nyilvános linkje megszűnik; a rajta nyitva lévő oldal ezt ki is írja.`,
    deleteButton: 'Képernyő törlése',
  },
} as const;

// The mixer's 'Ütemezett tartalmak' page (/mixer/scheduler): the plan of spots and slideshows.
export const scheduler = {
  add: 'Új ütemezés',
  tableLabel: 'Ütemezett tartalmak',
  status: 'Státusz',
  name: 'Tartalom neve',
  nextPlay: 'Következő lejátszás',
  dateFrom: 'Ütemezés kezdete',
  dateTo: 'Ütemezés vége',
  activeSwitch: (name: string) => `Aktív: ${name}`,
  on: 'Be',
  off: 'Ki',
  empty: 'Még nincs ütemezett tartalom.',
  emptyHint:
    'Hozzon létre egy ütemezést: válassza ki a szpotokat vagy slideshowkat, és adja meg, milyen gyakran és mikor szóljanak.',
  filteredEmpty: 'Ebben a szűrésben nincs ütemezés.',
  loadFailed: 'Az ütemezések betöltése nem sikerült.',
  filterLabel: 'Mutassa',
  // SPEC.md §9: filter values 0 all, 1 active, 2 inactive.
  filters: { 0: 'Mind', 1: 'Csak az aktívak', 2: 'Csak a kikapcsoltak' },
  // SPEC.md §9: the eight sort keys (lib/mixer/scheduler.ts says which way each goes).
  sorts: {
    1: 'Név szerint (A–Z)',
    2: 'Név szerint (Z–A)',
    3: 'Kezdés szerint (legkorábbi elöl)',
    4: 'Kezdés szerint (legkésőbbi elöl)',
    5: 'Befejezés szerint (legkorábbi elöl)',
    6: 'Befejezés szerint (legkésőbbi elöl)',
    7: 'Legújabb elöl',
    8: 'Legrégebbi elöl',
  },
  deleteConfirm: 'Biztosan törli az ütemezést?',
  deleteHint: (name: string) =>
    `A(z) „${name}” ütemezés végleg törlődik. Ha csak szüneteltetné, kapcsolja ki inkább az állapotát: a beállításai megmaradnak.`,
  deleteButton: 'Ütemezés törlése',
  // The form.
  createTitle: 'Új ütemezés',
  editTitle: 'Ütemezés szerkesztése',
  namePlaceholder: 'Pl. Délelőtti akció',
  frequencyLabel: 'Gyakoriság',
  frequencies: {
    everyMinute: 'Percenként',
    everyTwoMinutes: '2 percenként',
    everyThreeMinutes: '3 percenként',
    everyFourMinutes: '4 percenként',
    everyFiveMinutes: '5 percenként',
    everyTenMinutes: '10 percenként',
    everyFifteenMinutes: '15 percenként',
    everyThirtyMinutes: '30 percenként',
    hourly: 'Óránként',
    everyTwoHours: '2 óránként',
    everyThreeHours: '3 óránként',
    everyFourHours: '4 óránként',
    everySixHours: '6 óránként',
    hourlyAt15: 'Óránként, :15-kor',
    hourlyAt30: 'Óránként, :30-kor',
    hourlyAt45: 'Óránként, :45-kor',
  },
  datesHint: 'Üresen hagyva azonnal indul, és nem ér véget.',
  daysLegend: 'Napok',
  days: {
    monday: 'Hétfő',
    tuesday: 'Kedd',
    wednesday: 'Szerda',
    thursday: 'Csütörtök',
    friday: 'Péntek',
    saturday: 'Szombat',
    sunday: 'Vasárnap',
  },
  allDays: 'Minden nap',
  weekdays: 'Hétköznapok',
  onlyLegend: 'Csak ekkor',
  onlyHint: 'Ebben az idősávban szól (a vége már nem tartozik bele). Üresen hagyva egész nap.',
  exceptLegend: 'Kivéve ekkor',
  exceptHint: 'Ebben az idősávban nem szól. Üresen hagyva nincs kivétel.',
  fromLabel: 'Ettől',
  toLabel: 'Eddig',
  clearWindow: (legend: string) => `${legend}: idősáv törlése`,
  spotsLegend: 'Szpotok',
  slideshowsLegend: 'Slideshowk',
  screensLegend: 'Képernyők',
  screensHint: 'Ezeken a képernyőkön fut le egyszer a slideshow, utána visszaáll az alapértelmezettre.',
  search: (what: string) => `Keresés: ${what}`,
  searchPlaceholder: 'Keresés név szerint',
  chosenCount: (count: number) => `${count} kiválasztva`,
  noMatch: 'Nincs ilyen nevű elem.',
  noneYet: 'Még nincs egy sem.',
  listFailed: 'A lista nem töltődött be.',
  // The timeline (GET /api/scheduled-contents/preview).
  timelineTitle: 'A következő 24 óra',
  timelineHint: 'Mi szól és mi fut a képernyőkön az ütemezések szerint.',
  timelineEmpty: 'A következő 24 órában nem szól semmi ütemezetten.',
  timelineFailed: 'Az előnézet most nem érhető el.',
  timelineLabel: 'Az ütemezések a következő 24 órában, óránként',
  tomorrow: (time: string) => `holnap ${time}`,
  /** Phones: the list by hour shows the next few hours first. */
  showAllHours: (hours: number) => `Mind a ${hours} óra mutatása`,
  showFewerHours: 'Kevesebb mutatása',
  fires: (count: number) => (count === 1 ? 'egyszer' : `${count}×`),
  firesLong: (count: number, from: string, to: string) =>
    count === 1 ? `${from}-kor` : `${count} alkalommal, ${from} és ${to} között`,
  plays: 'Szól',
  shows: 'Képernyőn',
  clashSameMinute: 'Ütközés: egy percben',
  clashOverrun: 'Túlfutás: a spotok hosszabbak a következő indításig',
  clashCount: (count: number) => `(${count}×)`,
} as const;

// The mixer's 'Reklám szpotok' page (/mixer/spots).
export const spots = {
  tableLabel: 'Reklám szpotok',
  name: 'Szpot neve',
  fileColumn: 'Fájlnév',
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
  emptyHint: 'Töltsön fel egy MP3 fájlt az „Új szpot feltöltése” gombbal, és az ütemezésben beállíthatja, mikor szóljon.',
  loadFailed: 'A szpotok betöltése nem sikerült.',
} as const;

// The mixer's soundboard (/mixer/soundboard).
export const sounds = {
  quickTitle: 'Gyorshangok',
  quickHint: 'Koppintson egy hangra, és a zenét lejátszó eszközön azonnal megszólal.',
  quickEmpty: 'Még nincs gyorshangja.',
  quickEmptyHint: 'A lenti listában a villám gombbal tehet ide hangokat.',
  play: (name: string) => `${name} lejátszása`,
  playingNow: 'Most szól',
  starting: 'Indul…',
  tabsLabel: 'Hangok',
  favoritesTab: (count: number) => `Kedvencek (${count})`,
  allTab: (count: number) => `Összes hang (${count})`,
  favoritesTable: 'Kedvenc hangok',
  allTable: 'Összes hang',
  indexColumn: '#',
  nameColumn: 'Név',
  sourceColumn: 'Forrás',
  favoriteColumn: 'Kedvenc',
  quickColumn: 'Gyorshang',
  sourceOwn: 'Saját hangok',
  sourceProvider: 'Szolgáltató hangjai',
  favorite: (name: string) => `Kedvenc: ${name}`,
  quick: (name: string) => `Gyorshang: ${name}`,
  favoritesEmpty: 'Még nincs kedvenc hangja.',
  favoritesEmptyHint: 'Az „Összes hang” fülön a szív gombbal jelölheti meg a kedvenceit.',
  allEmpty: 'Még nincs hang a hangtárban.',
  allEmptyHint: 'Töltsön fel egy saját MP3 hangot, vagy kérjen újat.',
  loadFailed: 'A hangok betöltése nem sikerült.',
  noPlayer: 'Nincs lejátszó, amelyen a hang megszólalhatna.',
  playFailed: 'A hangot nem sikerült elindítani, kérjük, próbálja újra.',
  // SPEC.md §8; the favourite pair is chosen in lib/mixer/sounds.ts (markToast).
  favoriteAdded: 'Hozzáadva a kedvencekhez',
  favoriteRemoved: 'Eltávolítva a kedvencek közül',
  quickAdded: 'Hozzáadva a gyorshangokhoz',
  quickRemoved: 'Eltávolítva a gyorshangok közül',
  upload: 'Új hang feltöltése',
  uploadHint: 'A saját hangjai csak az Ön boltjában jelennek meg.',
  nameLabel: 'A hang neve',
  namePlaceholder: 'Pl. Pénztárnyitás',
  // SPEC.md §8: the sound's own 'saved' toast, without the full stop of toast.saved.
  toastSaved: 'Sikeresen mentve',
  deleteConfirm: 'Biztosan törli a hangot?',
  deleteHint: (name: string) => `A(z) „${name}” hang végleg törlődik a hangtárból.`,
  deleteButton: 'Hang törlése',
  request: 'Új hang kérése',
  requestHint: 'Írja le, milyen hangra van szüksége: a szolgáltató elkészíti és felteszi a hangtárba.',
  requestLabel: 'Milyen hangot szeretne?',
  requestPlaceholder: 'Pl. rövid dallam a pénztár megnyitásához',
  requestSend: 'Kérés küldése',
  requestSending: 'Küldés…',
  requestSent: 'Köszönjük, a kérését továbbítottuk.',
} as const;

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
  valueHint: 'Írja be az új értéket, majd mentse el.',
  empty: 'Még nincs beállítás.',
  loadFailed: 'A beállítások betöltése nem sikerült.',
} as const;

// The tutorial page (/tutorial, /tutorial/{id}): short videos by topic.
export const tutorial = {
  intro: 'Rövid videók a Pulzus használatáról. Válasszon témát, majd egy videót a listából.',
  topicLabel: 'Téma',
  itemsLabel: (topic: string) => `${topic}: videók`,
  videoLabel: (name: string) => `Videó: ${name}`,
  durationLabel: 'Hossz:',
  duration: (clock: string) => `Hossz: ${clock}`,
  playing: 'Most nézi',
  noVideo: 'A böngészője nem tudja lejátszani ezt a videót.',
  empty: 'Még nincs útmutató.',
  emptyHint: 'A videók hamarosan felkerülnek ide.',
  topicEmpty: 'Ebben a témában még nincs videó.',
  loadFailed: 'Az útmutatók betöltése nem sikerült.',
} as const;

// The help bubble of the main layout: the FAQ topics, their questions and answers.
export const help = {
  bubble: 'Segítség',
  title: 'Segítség',
  intro: 'Gyakori kérdések témák szerint. Válasszon témát!',
  topicsLabel: 'Témák',
  itemsCount: (count: number) => `${count} kérdés`,
  back: 'Vissza',
  backToTopics: 'Vissza a témákhoz',
  backToTopic: (topic: string) => `Vissza: ${topic}`,
  watch: 'Megnézem a videós útmutatót',
  allTutorials: 'Összes videós útmutató',
  empty: 'Még nincs gyakori kérdés.',
  topicEmpty: 'Ebben a témában még nincs kérdés.',
  loadFailed: 'A súgót most nem sikerült betölteni.',
} as const;

// The public in-store screen page (/screen/{hash_id}).
export const screen = {
  notFoundTitle: 'Ez a képernyő nem található',
  notFoundText: 'A link hibás, vagy a képernyőt törölték a Keverőpultban. Kérjük, nyissa meg újra a Képernyők oldalról kimásolt linket.',
  empty: 'Ehhez a képernyőhöz még nincs diavetítés rendelve.',
  emptyHint: 'A Keverőpult Képernyők oldalán válasszon alapértelmezett slideshow-t.',
} as const;
