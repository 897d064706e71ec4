// The proposed demo catalogue: categories with subcategories, and 24 channels with their
// artwork style and the genres they lean towards (used to order each channel's tracks).
import type { ArtStyle, Palette } from './art';

export const CATEGORIES: Array<{ name: string; subcategories: Array<{ key: string; name: string }> }> = [
  {
    name: 'Hangulat',
    subcategories: [
      { key: 'nyugodt', name: 'Nyugodt' },
      { key: 'vidam', name: 'Vidám' },
      { key: 'lenduletes', name: 'Lendületes' },
      { key: 'romantikus', name: 'Romantikus' },
    ],
  },
  {
    name: 'Műfajok',
    subcategories: [
      { key: 'lounge-jazz', name: 'Lounge és jazz' },
      { key: 'pop-elektronikus', name: 'Pop és elektronikus' },
      { key: 'akusztikus-folk', name: 'Akusztikus és folk' },
      { key: 'ambient-relax', name: 'Ambient és relax' },
    ],
  },
  {
    name: 'Napszakok',
    subcategories: [
      { key: 'reggel', name: 'Reggel' },
      { key: 'delutan', name: 'Délután' },
      { key: 'este', name: 'Este' },
    ],
  },
  {
    name: 'Üzlettípusok',
    subcategories: [
      { key: 'kavezo-pekseg', name: 'Kávézó és pékség' },
      { key: 'divat-butik', name: 'Divat és butik' },
      { key: 'szepseg-wellness', name: 'Szépség és wellness' },
      { key: 'elelmiszer', name: 'Élelmiszerbolt' },
    ],
  },
  {
    name: 'Évszakok',
    subcategories: [
      { key: 'tavasz-nyar', name: 'Tavasz és nyár' },
      { key: 'osz-tel', name: 'Ősz és tél' },
    ],
  },
];

export interface ChannelEntry {
  name: string;
  description: string;
  subcategories: string[];
  is_featured: boolean;
  genres: string[];
  style: ArtStyle;
  palette: Palette;
}

export const CHANNELS: ChannelEntry[] = [
  {
    name: 'Reggeli kávé',
    description: 'Könnyed akusztikus dalok a nap első kávéjához.',
    subcategories: ['reggel', 'kavezo-pekseg', 'nyugodt'],
    is_featured: true,
    genres: ['acoustic', 'bossa', 'folk'],
    style: 'sunset',
    palette: ['#5b3a29', '#c8794a', '#f2b880', '#fbe3c4'],
  },
  {
    name: 'Lounge terasz',
    description: 'Elegáns, lágy lounge zene nyugodt délutánokra.',
    subcategories: ['lounge-jazz', 'delutan', 'nyugodt'],
    is_featured: true,
    genres: ['lounge', 'chill', 'jazz'],
    style: 'waves',
    palette: ['#1f3b4d', '#2f6f7e', '#7fb7b2', '#e9f1ea'],
  },
  {
    name: 'Esti jazz bár',
    description: 'Vibrafon, zongora és nagybőgő a hosszú estékhez.',
    subcategories: ['lounge-jazz', 'este', 'romantikus'],
    is_featured: true,
    genres: ['jazz', 'lounge', 'soul'],
    style: 'vinyl',
    palette: ['#1b1530', '#3a2a5c', '#d9a441', '#f3e1a7'],
  },
  {
    name: 'Csendes wellness',
    description: 'Lebegő hangszínek pihenéshez és kezelésekhez.',
    subcategories: ['ambient-relax', 'szepseg-wellness', 'nyugodt'],
    is_featured: false,
    genres: ['ambient', 'classical', 'piano'],
    style: 'blobs',
    palette: ['#f6efe2', '#9cc5b8', '#e2b6cf', '#b7c9e8'],
  },
  {
    name: 'Napfényes pop',
    description: 'Vidám, dúdolható dallamok egész napra.',
    subcategories: ['pop-elektronikus', 'vidam', 'delutan'],
    is_featured: true,
    genres: ['pop', 'tropical', 'playful'],
    style: 'stripes',
    palette: ['#ff6b6b', '#ffb347', '#ffd93d', '#6bcB77'],
  },
  {
    name: 'Akusztikus délután',
    description: 'Gitár, fuvola és jó kedv a délutáni vásárláshoz.',
    subcategories: ['akusztikus-folk', 'delutan', 'vidam'],
    is_featured: false,
    genres: ['folk', 'acoustic', 'country'],
    style: 'hills',
    palette: ['#2e5e3e', '#5f9e6e', '#a8d5a2', '#cfe8f3'],
  },
  {
    name: 'Bossa kávéház',
    description: 'Ringató bossa nova a kávéház hangulatához.',
    subcategories: ['kavezo-pekseg', 'lounge-jazz', 'romantikus'],
    is_featured: false,
    genres: ['bossa', 'lounge', 'latin'],
    style: 'bokeh',
    palette: ['#3b2417', '#7a4a2e', '#e6b17e', '#fff1d6'],
  },
  {
    name: 'Pékség hajnal',
    description: 'Friss, derűs dallamok a reggeli nyitáshoz.',
    subcategories: ['reggel', 'kavezo-pekseg', 'vidam'],
    is_featured: false,
    genres: ['acoustic', 'playful', 'folk'],
    style: 'rings',
    palette: ['#8a4b2a', '#d98e4a', '#ffd9a0', '#fff5e1'],
  },
  {
    name: 'Butik ritmus',
    description: 'Laza groove, ami jól áll minden kirakatnak.',
    subcategories: ['divat-butik', 'lenduletes', 'pop-elektronikus'],
    is_featured: true,
    genres: ['funk', 'disco', 'synthpop'],
    style: 'bauhaus',
    palette: ['#1d3557', '#e63946', '#f4a261', '#f1faee'],
  },
  {
    name: 'Városi lo-fi',
    description: 'Puha ütemek és meleg elektromos zongora.',
    subcategories: ['pop-elektronikus', 'delutan', 'nyugodt'],
    is_featured: false,
    genres: ['lofi', 'chill', 'electronic'],
    style: 'night',
    palette: ['#141b34', '#2b3a67', '#1f2540', '#ffd166'],
  },
  {
    name: 'Zen kert',
    description: 'Csendes tér, lassú hangok, mély levegő.',
    subcategories: ['ambient-relax', 'szepseg-wellness', 'nyugodt'],
    is_featured: true,
    genres: ['ambient', 'piano', 'classical'],
    style: 'leaves',
    palette: ['#3d6b4f', '#6f9a6b', '#a9c49a', '#eef3e2'],
  },
  {
    name: 'Vidám piac',
    description: 'Marimba és ütősök a nyüzsgő vásárnapokra.',
    subcategories: ['elelmiszer', 'vidam', 'lenduletes'],
    is_featured: false,
    genres: ['latin', 'tropical', 'playful'],
    style: 'bauhaus',
    palette: ['#2a9d8f', '#e76f51', '#e9c46a', '#fdf6e3'],
  },
  {
    name: 'Péntek este',
    description: 'Táncolható ritmusok a hétvége kezdetéhez.',
    subcategories: ['lenduletes', 'este', 'pop-elektronikus'],
    is_featured: false,
    genres: ['disco', 'synthpop', 'funk'],
    style: 'equalizer',
    palette: ['#240046', '#5a189a', '#ff4d9d', '#ffd6f0'],
  },
  {
    name: 'Romantikus vacsora',
    description: 'Zongora és vonósok gyertyafényhez.',
    subcategories: ['romantikus', 'este', 'nyugodt'],
    is_featured: false,
    genres: ['piano', 'classical', 'jazz'],
    style: 'bokeh',
    palette: ['#2b0f1e', '#6d2344', '#f2a7b8', '#ffe3ea'],
  },
  {
    name: 'Tavaszi szellő',
    description: 'Friss, virágos hangulat a tavaszi napokra.',
    subcategories: ['tavasz-nyar', 'akusztikus-folk', 'vidam'],
    is_featured: false,
    genres: ['folk', 'acoustic', 'pop'],
    style: 'leaves',
    palette: ['#e07a9b', '#8cc084', '#f7c873', '#fdf0f4'],
  },
  {
    name: 'Őszi hangulat',
    description: 'Meleg színek, lassú dallamok, fahéjas illat.',
    subcategories: ['osz-tel', 'nyugodt', 'delutan'],
    is_featured: false,
    genres: ['piano', 'lounge', 'soul'],
    style: 'hills',
    palette: ['#6b2d1a', '#b5552b', '#e59e4c', '#f6d8a8'],
  },
  {
    name: 'Téli mese',
    description: 'Csilingelő dallamok a hideg hónapokra.',
    subcategories: ['osz-tel', 'romantikus', 'vidam'],
    is_featured: false,
    genres: ['seasonal', 'classical', 'piano'],
    style: 'night',
    palette: ['#0f2a44', '#1f4e79', '#14324f', '#e8f1ff'],
  },
  {
    name: 'Trópusi nyár',
    description: 'Napfény, marimba és könnyű tengerparti ritmus.',
    subcategories: ['tavasz-nyar', 'lenduletes', 'pop-elektronikus'],
    is_featured: false,
    genres: ['tropical', 'latin', 'reggae'],
    style: 'sunset',
    palette: ['#0b4f6c', '#01baef', '#ff9f68', '#ffd8a8'],
  },
  {
    name: 'Városi séta',
    description: 'Modern szintipop a belvárosi üzletekhez.',
    subcategories: ['divat-butik', 'pop-elektronikus', 'delutan'],
    is_featured: false,
    genres: ['synthpop', 'electronic', 'pop'],
    style: 'rings',
    palette: ['#10002b', '#3c096c', '#48cae4', '#caf0f8'],
  },
  {
    name: 'Klasszikus elegancia',
    description: 'Hárfa és vonósok visszafogott eleganciával.',
    subcategories: ['divat-butik', 'romantikus', 'ambient-relax'],
    is_featured: false,
    genres: ['classical', 'piano', 'ambient'],
    style: 'waves',
    palette: ['#2c2a4a', '#4f518c', '#907ad6', '#f1e9ff'],
  },
  {
    name: 'Családi vásár',
    description: 'Játékos dallamok kicsiknek és nagyoknak.',
    subcategories: ['elelmiszer', 'vidam', 'tavasz-nyar'],
    is_featured: false,
    genres: ['playful', 'latin', 'pop'],
    style: 'bauhaus',
    palette: ['#3a86ff', '#ff006e', '#ffbe0b', '#fffcf2'],
  },
  {
    name: 'Könyvesbolt csend',
    description: 'Halk zongora és ambient lapozgatáshoz.',
    subcategories: ['ambient-relax', 'nyugodt', 'delutan'],
    is_featured: false,
    genres: ['piano', 'ambient', 'lofi'],
    style: 'stripes',
    palette: ['#5c4033', '#a47551', '#d4b996', '#f3e9dc'],
  },
  {
    name: 'Szépségszalon',
    description: 'Könnyed chill hangzás a szalon nyugalmához.',
    subcategories: ['szepseg-wellness', 'nyugodt', 'pop-elektronikus'],
    is_featured: false,
    genres: ['chill', 'ambient', 'lounge'],
    style: 'blobs',
    palette: ['#fff1e6', '#f4a6c1', '#c3b1e1', '#f7c59f'],
  },
  {
    name: 'Soul konyha',
    description: 'Orgona, zongora és jó étvágy a hétvégi ebédhez.',
    subcategories: ['elelmiszer', 'lounge-jazz', 'delutan'],
    is_featured: false,
    genres: ['soul', 'reggae', 'funk'],
    style: 'equalizer',
    palette: ['#3d1f0f', '#7f3b12', '#f29e4c', '#fde2b8'],
  },
];

/** Thumbnail style per track genre. */
export const GENRE_ART: Record<string, { style: ArtStyle; palette: [string, string, string, string] }> = {
  lounge: { style: 'waves', palette: ['#1f3b4d', '#2f6f7e', '#7fb7b2', '#e9f1ea'] },
  acoustic: { style: 'sunset', palette: ['#5b3a29', '#c8794a', '#f2b880', '#fbe3c4'] },
  ambient: { style: 'blobs', palette: ['#eef5db', '#7a9e9f', '#b8d8d8', '#4f6367'] },
  jazz: { style: 'vinyl', palette: ['#1b1530', '#3a2a5c', '#d9a441', '#f3e1a7'] },
  pop: { style: 'stripes', palette: ['#ff6b6b', '#ffb347', '#ffd93d', '#6bcb77'] },
  bossa: { style: 'bokeh', palette: ['#3b2417', '#7a4a2e', '#e6b17e', '#fff1d6'] },
  latin: { style: 'bauhaus', palette: ['#2a9d8f', '#e76f51', '#e9c46a', '#fdf6e3'] },
  lofi: { style: 'night', palette: ['#141b34', '#2b3a67', '#1f2540', '#ffd166'] },
  synthpop: { style: 'rings', palette: ['#10002b', '#3c096c', '#48cae4', '#caf0f8'] },
  piano: { style: 'waves', palette: ['#2c2a4a', '#4f518c', '#907ad6', '#f1e9ff'] },
  folk: { style: 'hills', palette: ['#2e5e3e', '#5f9e6e', '#a8d5a2', '#cfe8f3'] },
  seasonal: { style: 'night', palette: ['#0f2a44', '#1f4e79', '#14324f', '#e8f1ff'] },
  funk: { style: 'bauhaus', palette: ['#1d3557', '#e63946', '#f4a261', '#f1faee'] },
  disco: { style: 'equalizer', palette: ['#240046', '#5a189a', '#ff4d9d', '#ffd6f0'] },
  reggae: { style: 'sunset', palette: ['#1b4332', '#40916c', '#ffb703', '#ffe8a3'] },
  country: { style: 'hills', palette: ['#6b2d1a', '#b5552b', '#e59e4c', '#f6d8a8'] },
  classical: { style: 'leaves', palette: ['#3d6b4f', '#6f9a6b', '#a9c49a', '#eef3e2'] },
  tropical: { style: 'sunset', palette: ['#0b4f6c', '#01baef', '#ff9f68', '#ffd8a8'] },
  chill: { style: 'blobs', palette: ['#2b2d42', '#8d99ae', '#ef8354', '#edf2f4'] },
  playful: { style: 'bauhaus', palette: ['#3a86ff', '#ff006e', '#ffbe0b', '#fffcf2'] },
  electronic: { style: 'equalizer', palette: ['#03045e', '#0077b6', '#90e0ef', '#caf0f8'] },
  soul: { style: 'rings', palette: ['#3d1f0f', '#7f3b12', '#f29e4c', '#fde2b8'] },
};

export const SLIDES: Array<{
  title: string;
  subtitle: string;
  badge?: string;
  palette: [string, string, string, string];
}> = [
  {
    title: 'Őszi akció −20%',
    subtitle: 'Minden kabátra és pulóverre, csak ezen a héten',
    badge: '−20%',
    palette: ['#6b2d1a', '#b5552b', '#e59e4c', '#fff4e0'],
  },
  {
    title: 'Friss pékáru minden reggel',
    subtitle: 'Ropogós kifli, puha kalács – reggel 7 órától',
    palette: ['#5b3a29', '#c8794a', '#f2b880', '#fff8ec'],
  },
  {
    title: 'Kérdezze kollégáinkat!',
    subtitle: 'Szívesen segítünk a választásban',
    palette: ['#1d3557', '#457b9d', '#a8dadc', '#f1faee'],
  },
  {
    title: 'Hétvégi akció: 1+1',
    subtitle: 'Minden második termék féláron',
    badge: '1+1',
    palette: ['#9d0208', '#e85d04', '#ffba08', '#fff8e7'],
  },
  {
    title: 'Kávé + sütemény',
    subtitle: 'Együtt csak 990 Ft',
    badge: '990 Ft',
    palette: ['#3b2417', '#7a4a2e', '#e6b17e', '#fff1d6'],
  },
  {
    title: 'Gyűjtse a pontokat!',
    subtitle: 'Hűségkártyával minden 10. vásárlás ajándék',
    palette: ['#240046', '#5a189a', '#ff4d9d', '#ffe6f4'],
  },
  {
    title: 'Megérkezett az új kollekció',
    subtitle: 'Nézzen körül bátran!',
    palette: ['#0b4f6c', '#01baef', '#ff9f68', '#f0fbff'],
  },
  {
    title: 'Köszönjük, hogy nálunk vásárolt!',
    subtitle: 'Nyitva: hétfő–péntek 8–20, szombat 8–14',
    palette: ['#2e5e3e', '#5f9e6e', '#a8d5a2', '#f3faf0'],
  },
];
