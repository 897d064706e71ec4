// The demo music pool: 24 short pieces in different moods. Titles and artists are made up.
// A few have no title or no artist on purpose, so the web's fallbacks (file name, 'Ismeretlen')
// are exercised by the demo data.
import type { SongSpec } from './compose';

export interface SongEntry {
  slug: string; // file name without .mp3
  title: string | null;
  artist: string | null;
  genre: string;
  spec: SongSpec;
}

export const SONGS: SongEntry[] = [
  {
    slug: 'napfenyes-terasz', title: 'Napfényes terasz', artist: 'Mokka Együttes', genre: 'lounge',
    spec: { bpm: 92, meter: 4, swing: 0.12, key: 57, mode: 'major', a: ['17', '67', '27', '57'], b: ['47', '37', '67', '2 5'],
      chords: { inst: 'epiano', gain: 0.8, pattern: 'stabs' }, bass: { inst: 'roundBass', gain: 0.9, pattern: 'syncop' },
      melody: { inst: 'vibes', gain: 0.7, density: 1 }, pad: { inst: 'softPad', gain: 0.35 }, drums: { pattern: 'brush', gain: 0.45 },
      reverb: 0.25, seconds: 62 },
  },
  {
    slug: 'reggeli-kave', title: 'Reggeli kávé', artist: 'Fenyő Eszter', genre: 'acoustic',
    spec: { bpm: 104, meter: 4, key: 55, mode: 'major', a: ['1', '5', '6', '4'], b: ['4', '1', '2', '5s'],
      chords: { inst: 'guitar', gain: 0.85, pattern: 'strum' }, bass: { inst: 'pluckBass', gain: 0.8, pattern: 'rootFifth' },
      melody: { inst: 'flute', gain: 0.6, density: 1 }, drums: { pattern: 'acoustic', gain: 0.45 },
      reverb: 0.18, seconds: 58 },
  },
  {
    slug: 'hajnali-kod', title: 'Hajnali köd', artist: 'Szélcsend', genre: 'ambient',
    spec: { bpm: 64, meter: 4, key: 50, mode: 'lydian', a: ['19', '29', '19', '59'], b: ['69', '49', '19', '29'],
      chords: { inst: 'softPad', gain: 0.9, pattern: 'sustain' }, bass: { inst: 'roundBass', gain: 0.45, pattern: 'pedal' },
      counter: { inst: 'bell', gain: 0.4, pattern: 'sparkle', send: 0.9 }, melody: { inst: 'harp', gain: 0.45, density: 0, octave: 1 },
      reverb: 0.45, room: 0.9, echo: { beats: 1.5, feedback: 0.45, wet: 0.35 }, seconds: 86 },
  },
  {
    slug: 'esti-lampafeny', title: 'Esti lámpafény', artist: 'Nagy Ábel Kvartett', genre: 'jazz',
    spec: { bpm: 126, meter: 3, swing: 0.3, key: 53, mode: 'major', a: ['27', '57', '17', '67'], b: ['47', '37', '27', '57'],
      chords: { inst: 'piano', gain: 0.75, pattern: 'waltz' }, bass: { inst: 'uprightBass', gain: 0.95, pattern: 'walking' },
      melody: { inst: 'vibes', gain: 0.7, density: 1 }, drums: { pattern: 'jazzWaltz', gain: 0.45 },
      reverb: 0.22, seconds: 74 },
  },
  {
    slug: 'balatoni-szello', title: 'Balatoni szellő', artist: 'Tóth Réka & a Hullámok', genre: 'pop',
    spec: { bpm: 108, meter: 4, key: 52, mode: 'major', a: ['1', '5', '6', '4'], b: ['6', '4', '1', '5'],
      chords: { inst: 'piano', gain: 0.7, pattern: 'beats' }, bass: { inst: 'synthBass', gain: 0.85, pattern: 'syncop' },
      melody: { inst: 'lead', gain: 0.6, density: 1 }, pad: { inst: 'pad', gain: 0.35 }, drums: { pattern: 'pop', gain: 0.6 },
      reverb: 0.18, echo: { beats: 0.75, feedback: 0.3, wet: 0.2 }, seconds: 66 },
  },
  {
    slug: 'kavehaz-sarok', title: 'Kávéház a sarkon', artist: 'Kovács Lili Trió', genre: 'bossa',
    spec: { bpm: 128, meter: 4, key: 55, mode: 'major', a: ['17', '17', '27', '57'], b: ['37', '67', '27', '57'],
      chords: { inst: 'nylon', gain: 0.8, pattern: 'bossa' }, bass: { inst: 'uprightBass', gain: 0.85, pattern: 'bossa' },
      melody: { inst: 'flute', gain: 0.55, density: 1 }, drums: { pattern: 'bossa', gain: 0.5 },
      reverb: 0.2, seconds: 70 },
  },
  {
    slug: 'piaci-forgatag', title: 'Piaci forgatag', artist: 'Déli Kert', genre: 'latin',
    spec: { bpm: 112, meter: 4, key: 57, mode: 'mixolydian', a: ['1', '7', '4', '1'], b: ['4', '5', '1', '7'],
      chords: { inst: 'marimba', gain: 0.8, pattern: 'offbeat', octave: 1 }, bass: { inst: 'roundBass', gain: 0.85, pattern: 'bossa' },
      melody: { inst: 'marimba', gain: 0.7, density: 2, octave: 0 }, drums: { pattern: 'latin', gain: 0.6 },
      reverb: 0.15, seconds: 56 },
  },
  {
    slug: 'varosi-esocseppek', title: 'Városi esőcseppek', artist: 'Holdfény Zenekar', genre: 'lofi',
    spec: { bpm: 78, meter: 4, swing: 0.2, key: 53, mode: 'dorian', a: ['17', '47', '17', '57'], b: ['67', '57', '47', '57'],
      chords: { inst: 'epiano', gain: 0.85, pattern: 'half' }, bass: { inst: 'roundBass', gain: 0.8, pattern: 'syncop' },
      melody: { inst: 'epiano', gain: 0.55, density: 1, octave: 1 }, drums: { pattern: 'lofi', gain: 0.55 },
      reverb: 0.2, echo: { beats: 0.75, feedback: 0.35, wet: 0.25 }, seconds: 68 },
  },
  {
    slug: 'pesti-ejszaka', title: 'Pesti éjszaka', artist: 'Barna Dániel', genre: 'synthpop',
    spec: { bpm: 116, meter: 4, key: 57, mode: 'minor', a: ['1', '6', '3', '7'], b: ['4', '6', '7', '5'],
      chords: { inst: 'pad', gain: 0.6, pattern: 'sustain' }, bass: { inst: 'synthBass', gain: 0.9, pattern: 'octave' },
      melody: { inst: 'lead', gain: 0.6, density: 1 }, counter: { inst: 'lead', gain: 0.35, pattern: 'arp16' }, drums: { pattern: 'four', gain: 0.65 },
      reverb: 0.2, echo: { beats: 0.75, feedback: 0.35, wet: 0.25 }, seconds: 72 },
  },
  {
    slug: 'csendes-kikoto', title: 'Csendes kikötő', artist: 'Virág Panna', genre: 'piano',
    spec: { bpm: 70, meter: 4, key: 51, mode: 'major', a: ['1', '5', '6', '4'], b: ['2', '5', '3', '6 4'],
      chords: { inst: 'piano', gain: 0.85, pattern: 'arp' }, bass: { inst: 'uprightBass', gain: 0.6, pattern: 'root' },
      melody: { inst: 'piano', gain: 0.75, density: 0, octave: 1 }, pad: { inst: 'strings', gain: 0.3 },
      reverb: 0.3, seconds: 80 },
  },
  {
    slug: 'kertveg', title: 'Kertvégi hinta', artist: 'Kis Márton', genre: 'folk',
    spec: { bpm: 138, meter: 3, key: 55, mode: 'major', a: ['1', '4', '5', '1'], b: ['6', '4', '1', '5'],
      chords: { inst: 'guitar', gain: 0.8, pattern: 'strum' }, bass: { inst: 'pluckBass', gain: 0.8, pattern: 'waltz' },
      melody: { inst: 'flute', gain: 0.6, density: 1 }, drums: { pattern: 'folkWaltz', gain: 0.4 },
      reverb: 0.2, seconds: 60 },
  },
  {
    slug: 'tisztas', title: 'Tisztás', artist: null, genre: 'ambient',
    spec: { bpm: 72, meter: 4, key: 52, mode: 'major', a: ['19', '49', '69', '49'], b: ['29', '59', '19', '4'],
      chords: { inst: 'softPad', gain: 0.85, pattern: 'sustain' }, bass: { inst: 'roundBass', gain: 0.4, pattern: 'pedal' },
      counter: { inst: 'harp', gain: 0.45, pattern: 'arp8', send: 0.8 }, melody: { inst: 'flute', gain: 0.45, density: 0 },
      reverb: 0.4, room: 0.88, seconds: 84 },
  },
  {
    slug: 'mezeskalacs', title: 'Mézeskalács', artist: 'Csillag Anna', genre: 'seasonal',
    spec: { bpm: 96, meter: 3, key: 55, mode: 'major', a: ['1', '6', '2', '5'], b: ['4', '1', '2', '5'],
      chords: { inst: 'harp', gain: 0.7, pattern: 'waltz' }, bass: { inst: 'uprightBass', gain: 0.7, pattern: 'waltz' },
      melody: { inst: 'bell', gain: 0.6, density: 1 }, pad: { inst: 'strings', gain: 0.35 },
      reverb: 0.3, seconds: 54 },
  },
  {
    slug: 'butik-groove', title: 'Butik groove', artist: 'A Kirakat', genre: 'funk',
    spec: { bpm: 104, meter: 4, key: 52, mode: 'dorian', a: ['17', '47', '17', '47'], b: ['67', '57', '47', '57'],
      chords: { inst: 'clav', gain: 0.7, pattern: 'offbeat' }, bass: { inst: 'synthBass', gain: 0.95, pattern: 'syncop' },
      melody: { inst: 'epiano', gain: 0.6, density: 2, octave: 1 }, drums: { pattern: 'funk', gain: 0.65 },
      reverb: 0.12, seconds: 64 },
  },
  {
    slug: 'pentek-este', title: 'Péntek este', artist: 'Disco Dorka', genre: 'disco',
    spec: { bpm: 120, meter: 4, key: 53, mode: 'minor', a: ['17', '47', '77', '37'], b: ['67', '47', '57', '57'],
      chords: { inst: 'strings', gain: 0.55, pattern: 'stabs' }, bass: { inst: 'synthBass', gain: 0.95, pattern: 'octave' },
      melody: { inst: 'epiano', gain: 0.6, density: 1, octave: 1 }, counter: { inst: 'clav', gain: 0.3, pattern: 'arp8' }, drums: { pattern: 'four', gain: 0.7 },
      reverb: 0.16, seconds: 76 },
  },
  {
    slug: 'hullamzo-part', title: 'Hullámzó part', artist: 'Tóth Réka & a Hullámok', genre: 'reggae',
    spec: { bpm: 80, meter: 4, key: 55, mode: 'major', a: ['1', '4', '1', '5'], b: ['6', '4', '1', '5'],
      chords: { inst: 'organ', gain: 0.6, pattern: 'offbeat' }, bass: { inst: 'roundBass', gain: 0.8, pattern: 'reggae' },
      melody: { inst: 'guitar', gain: 0.6, density: 1, octave: 1 }, drums: { pattern: 'reggae', gain: 0.6 },
      reverb: 0.18, echo: { beats: 0.75, feedback: 0.4, wet: 0.3 }, seconds: 64 },
  },
  {
    slug: 'hegyi-osveny', title: 'Hegyi ösvény', artist: 'Kis Márton', genre: 'country',
    spec: { bpm: 124, meter: 4, key: 55, mode: 'major', a: ['1', '1', '4', '5'], b: ['4', '1', '5', '1'],
      chords: { inst: 'banjo', gain: 0.7, pattern: 'arp' }, bass: { inst: 'pluckBass', gain: 0.8, pattern: 'rootFifth' },
      melody: { inst: 'guitar', gain: 0.65, density: 1, octave: 1 }, drums: { pattern: 'shuffle', gain: 0.45 },
      reverb: 0.15, seconds: 52 },
  },
  {
    slug: 'szolohegy', title: 'Szőlőhegy', artist: 'Fenyő Eszter', genre: 'classical',
    spec: { bpm: 84, meter: 4, key: 50, mode: 'major', a: ['1', '4', '5', '1'], b: ['6', '2', '5', '1'],
      chords: { inst: 'harp', gain: 0.7, pattern: 'alberti' }, bass: { inst: 'uprightBass', gain: 0.6, pattern: 'root' },
      melody: { inst: 'strings', gain: 0.7, density: 0, octave: 1 }, pad: { inst: 'strings', gain: 0.3, octave: -1 },
      reverb: 0.32, room: 0.88, seconds: 80 },
  },
  {
    slug: 'napraforgo', title: 'Napraforgómező', artist: 'Déli Kert', genre: 'tropical',
    spec: { bpm: 102, meter: 4, key: 56, mode: 'major', a: ['6', '4', '1', '5'], b: ['4', '5', '6', '1'],
      chords: { inst: 'marimba', gain: 0.7, pattern: 'bossa', octave: 1 }, bass: { inst: 'roundBass', gain: 0.85, pattern: 'syncop' },
      melody: { inst: 'flute', gain: 0.55, density: 1 }, pad: { inst: 'pad', gain: 0.3 }, drums: { pattern: 'tropical', gain: 0.55 },
      reverb: 0.2, echo: { beats: 0.75, feedback: 0.3, wet: 0.2 }, seconds: 70 },
  },
  {
    slug: 'lassu-vasarnap', title: null, artist: 'Mokka Együttes', genre: 'lounge',
    spec: { bpm: 84, meter: 4, swing: 0.15, key: 50, mode: 'dorian', a: ['17', '47', '17', '47'], b: ['37', '67', '27', '57'],
      chords: { inst: 'organ', gain: 0.55, pattern: 'sustain' }, bass: { inst: 'uprightBass', gain: 0.9, pattern: 'walking' },
      melody: { inst: 'epiano', gain: 0.7, density: 1, octave: 1 }, drums: { pattern: 'shuffle', gain: 0.45 },
      reverb: 0.2, seconds: 68 },
  },
  {
    slug: 'duna-parti-fenyek', title: 'Duna-parti fények', artist: 'Virág Panna', genre: 'chill',
    spec: { bpm: 90, meter: 4, key: 54, mode: 'major', a: ['47', '37', '67', '17'], b: ['27', '37', '47', '57'],
      chords: { inst: 'epiano', gain: 0.8, pattern: 'half' }, bass: { inst: 'roundBass', gain: 0.8, pattern: 'rootFifth' },
      counter: { inst: 'bell', gain: 0.35, pattern: 'sparkle' }, melody: { inst: 'vibes', gain: 0.6, density: 1 }, drums: { pattern: 'chillpop', gain: 0.5 },
      reverb: 0.28, echo: { beats: 1, feedback: 0.35, wet: 0.2 }, seconds: 96 },
  },
  {
    slug: 'jatszoter', title: null, artist: 'Csillag Anna', genre: 'playful',
    spec: { bpm: 118, meter: 4, key: 60, mode: 'major', a: ['1', '4', '5', '1'], b: ['4', '1', '2', '5'],
      chords: { inst: 'marimba', gain: 0.7, pattern: 'beats' }, bass: { inst: 'pluckBass', gain: 0.8, pattern: 'rootFifth', octave: 1 },
      melody: { inst: 'bell', gain: 0.65, density: 2 }, drums: { pattern: 'acoustic', gain: 0.5 },
      reverb: 0.15, seconds: 48 },
  },
  {
    slug: 'csillagszoro', title: null, artist: null, genre: 'electronic',
    spec: { bpm: 96, meter: 4, key: 54, mode: 'minor', a: ['1', '6', '4', '5'], b: ['6', '7', '1', '1'],
      chords: { inst: 'pad', gain: 0.65, pattern: 'sustain' }, bass: { inst: 'synthBass', gain: 0.85, pattern: 'root' },
      counter: { inst: 'bell', gain: 0.45, pattern: 'arp16' }, melody: { inst: 'lead', gain: 0.5, density: 0 }, drums: { pattern: 'chillpop', gain: 0.5 },
      reverb: 0.25, echo: { beats: 0.75, feedback: 0.45, wet: 0.3 }, seconds: 78 },
  },
  {
    slug: 'soul-konyha', title: 'Vasárnapi ebéd', artist: null, genre: 'soul',
    spec: { bpm: 76, meter: 4, swing: 0.3, key: 53, mode: 'major', a: ['1', '4', '1', '5'], b: ['4', '4', '1', '6 5'],
      chords: { inst: 'organ', gain: 0.65, pattern: 'beats' }, bass: { inst: 'roundBass', gain: 0.85, pattern: 'syncop' },
      melody: { inst: 'piano', gain: 0.7, density: 1, octave: 1 }, drums: { pattern: 'ballad', gain: 0.5 },
      reverb: 0.22, seconds: 62 },
  },
];
