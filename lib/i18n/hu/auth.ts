/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The areas of the app, one namespace each.
export const auth = {
  emailLabel: 'E-mail cím',
  passwordLabel: 'Jelszó',
  passwordConfirmationLabel: 'Jelszó megerősítése',
  newPasswordLabel: 'Új jelszó',
  rememberLabel: 'Emlékezzen rám',
  loginTitle: 'Bejelentkezés',
  loginButton: 'Bejelentkezés',
  forgotLink: 'Elfelejtett jelszó?',
  forgotTitle: 'Elfelejtett jelszó',
  forgotIntro: 'Adja meg fiókja e-mail címét, és küldünk egy linket, amellyel új jelszót állíthat be.',
  forgotButton: 'Link küldése',
  forgotSuccess: 'Email címére küldtünk egy linket, melyet megnyitva új jelszót állíthat be felhasználó fiókjához.',
  forgotResend: 'Újra küldés',
  backToLogin: 'Vissza a bejelentkezéshez',
  resetTitle: 'Új jelszó beállítása',
  resetIntro: 'Adja meg e-mail címét és az új jelszót (legalább 8 karakter).',
  resetButton: 'Jelszó beállítása',
  resetSuccess: 'Sikeresen beállította új jelszavát felhasználó fiókjához. Már nincs más hátra mint bejelentkezni.',
  resetInvalid:
    'Érvénytelen helyreállító link. Előfordulhat, hogy a jelszó beállításra fordítható időkeret letelt, vagy már modosította jelszavát ezzel a linkkel.',
  resetNewLink: 'Új link küldés',
  // Shown after a login posted without the page's script (the API's own text comes with the script).
  loginFailed: 'Hibás e-mail cím vagy jelszó.',
  loginThrottled: 'Túl sok bejelentkezési kísérlet. Kérjük, próbálja újra egy perc múlva.',
  logoAlt: 'logó',
} as const;
