/** Hungarian UI texts: the mixer's screens page and its editor (an area of its own, so the other mixer pages do not ship it). */
export const screens = {
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
} as const;
