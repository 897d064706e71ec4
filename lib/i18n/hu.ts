/**
 * Every Hungarian UI string of the web app. Texts quoted by the specification are copied exactly
 * (including their spelling); the rest are written for a busy shop manager.
 */
export const hu = {
  app: {
    name: 'Pulzus',
    notFoundTitle: 'Az oldal nem található',
    notFoundText: 'A keresett oldal nem létezik, vagy időközben megszűnt.',
    backHome: 'Vissza a főoldalra',
  },
  auth: {
    emailLabel: 'E-mail cím',
    passwordLabel: 'Jelszó',
    passwordConfirmationLabel: 'Jelszó megerősítése',
    newPasswordLabel: 'Új jelszó',
    rememberLabel: 'Emlékezz rám',
    loginTitle: 'Bejelentkezés',
    loginButton: 'Bejelentkezés',
    loginLoading: 'Bejelentkezés…',
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
    sending: 'Küldés…',
    genericError: 'Valami hiba történt. Kérjük, próbálja újra.',
    logoAlt: 'logó',
  },
  nav: {
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
  },
  header: {
    accountMenu: 'Fiók menü',
    logout: 'Kijelentkezés',
    defaultLogoAlt: 'Alapértelmezett logó',
  },
  pages: {
    channels: 'Csatornák',
    playlists: 'Saját listák',
    mixer: 'Keverőpult',
    settings: 'Beállítások',
    tutorial: 'Útmutató',
  },
  mixer: {
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
  },
  player: {
    regionLabel: 'Lejátszó',
  },
  toast: {
    regionLabel: 'Értesítések',
  },
  version: {
    title: 'Új verzió érhető el',
    countdown: (seconds: number) => `Az oldal ${seconds} másodperc múlva frissül.`,
    reloadNow: 'Frissítés most',
  },
  form: {
    invalid: 'Hibás kitöltés, kérjük javítsa.',
  },
  format: {
    hours: 'óra',
    minutes: 'perc',
    songs: 'dal',
  },
} as const;
