// Hungarian demo ad spots: speech from espeak-ng over a quiet music bed that ducks under the
// voice. espeak-ng is needed only to regenerate these files; the product plays the MP3s.
import { execFileSync } from 'node:child_process';
import { Biquad, SAMPLE_RATE, fade, master, mixInto, reverb, rms, seconds } from './dsp';
import { renderSong, type SongSpec } from './compose';

export interface SpotEntry {
  slug: string;
  name: string;
  text: string;
  voice: string; // espeak-ng voice, e.g. 'hu' or 'hu+f3'
  speed: number;
  pitch: number;
  bed: SongSpec;
}

const bed = (over: Partial<SongSpec>): SongSpec => ({
  bpm: 100,
  meter: 4,
  key: 55,
  mode: 'major',
  a: ['1', '5', '6', '4'],
  b: ['1', '5', '6', '4'],
  chords: { inst: 'epiano', gain: 0.8, pattern: 'stabs' },
  bass: { inst: 'roundBass', gain: 0.8, pattern: 'rootFifth' },
  drums: { pattern: 'chillpop', gain: 0.4 },
  reverb: 0.2,
  seconds: 30,
  ...over,
});

export const SPOTS: SpotEntry[] = [
  {
    slug: 'kave-sutemeny',
    name: 'Kávé mellé sütemény',
    text: 'Ma minden kávé mellé ajándék süteményt adunk! Kérje a pultnál, amíg a készlet tart.',
    voice: 'hu+f3',
    speed: 150,
    pitch: 55,
    bed: bed({
      chords: { inst: 'nylon', gain: 0.8, pattern: 'bossa' },
      bass: { inst: 'uprightBass', gain: 0.8, pattern: 'bossa' },
      drums: { pattern: 'bossa', gain: 0.4 },
      bpm: 120,
    }),
  },
  {
    slug: 'hetvegi-akcio',
    name: 'Hétvégi akció',
    text: 'Hétvégi akció: minden második termék féláron! Nézzen körül bátran, kollégáink szívesen segítenek.',
    voice: 'hu',
    speed: 155,
    pitch: 45,
    bed: bed({
      chords: { inst: 'piano', gain: 0.7, pattern: 'beats' },
      bass: { inst: 'synthBass', gain: 0.8, pattern: 'syncop' },
      drums: { pattern: 'pop', gain: 0.45 },
      bpm: 112,
    }),
  },
  {
    slug: 'friss-pekaru',
    name: 'Friss pékáru',
    text: 'Friss pékáru minden reggel hét órától. Ropogós kifli, puha kalács, illatos kenyér. Várjuk szeretettel!',
    voice: 'hu+f2',
    speed: 145,
    pitch: 50,
    bed: bed({
      chords: { inst: 'guitar', gain: 0.8, pattern: 'strum' },
      bass: { inst: 'pluckBass', gain: 0.8, pattern: 'rootFifth' },
      drums: { pattern: 'acoustic', gain: 0.35 },
      bpm: 104,
    }),
  },
  {
    slug: 'zaras-elott',
    name: 'Zárás előtt',
    text: 'Kedves Vásárlóink! Tájékoztatjuk önöket, hogy üzletünk ma este nyolc órakor zár. Köszönjük, hogy nálunk vásárolt!',
    voice: 'hu',
    speed: 145,
    pitch: 40,
    bed: bed({
      chords: { inst: 'softPad', gain: 0.8, pattern: 'sustain' },
      bass: { inst: 'roundBass', gain: 0.5, pattern: 'pedal' },
      drums: { pattern: 'none', gain: 0 },
      bpm: 80,
      reverb: 0.35,
    }),
  },
  {
    slug: 'husegkartya',
    name: 'Hűségkártya',
    text: 'Gyűjtse a pontokat hűségkártyájával, és minden tizedik vásárlás után ajándék vár önre!',
    voice: 'hu+f4',
    speed: 150,
    pitch: 55,
    bed: bed({
      chords: { inst: 'marimba', gain: 0.7, pattern: 'offbeat', octave: 1 },
      bass: { inst: 'roundBass', gain: 0.8, pattern: 'bossa' },
      drums: { pattern: 'tropical', gain: 0.4 },
      bpm: 104,
    }),
  },
  {
    slug: 'oszi-akcio',
    name: 'Őszi akció',
    text: 'Őszi akció! Minden kabát és pulóver húsz százalék kedvezménnyel, csak ezen a héten.',
    voice: 'hu+m3',
    speed: 150,
    pitch: 45,
    bed: bed({
      chords: { inst: 'epiano', gain: 0.8, pattern: 'half' },
      bass: { inst: 'roundBass', gain: 0.8, pattern: 'syncop' },
      drums: { pattern: 'lofi', gain: 0.4 },
      bpm: 86,
      swing: 0.15,
      mode: 'dorian',
    }),
  },
  {
    slug: 'uj-kollekcio',
    name: 'Új kollekció',
    text: 'Megérkezett az új tavaszi kollekció! Nézzen körül bátran, a próbafülkék a bolt hátsó részén várják.',
    voice: 'hu+f2',
    speed: 150,
    pitch: 50,
    bed: bed({
      chords: { inst: 'piano', gain: 0.7, pattern: 'beats' },
      bass: { inst: 'roundBass', gain: 0.7, pattern: 'rootFifth' },
      drums: { pattern: 'pop', gain: 0.35 },
      bpm: 108,
    }),
  },
  {
    slug: 'ingyenes-parkolas',
    name: 'Ingyenes parkolás',
    text: 'Vásárlóink két órán át ingyen parkolhatnak az áruház mögötti parkolóban. Kérje a parkolójegy érvényesítését a pénztárnál!',
    voice: 'hu',
    speed: 150,
    pitch: 45,
    bed: bed({
      chords: { inst: 'guitar', gain: 0.7, pattern: 'strum' },
      bass: { inst: 'pluckBass', gain: 0.7, pattern: 'rootFifth' },
      drums: { pattern: 'acoustic', gain: 0.3 },
      bpm: 100,
    }),
  },
];

/** Reads a 16-bit mono WAV as floats (espeak-ng streams with an unknown data size). */
function readWav(buf: Buffer): { rate: number; data: Float32Array } {
  if (buf.toString('latin1', 0, 4) !== 'RIFF') throw new Error('espeak-ng did not return a WAV file');
  let pos = 12;
  let rate = 22050;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('latin1', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    if (id === 'fmt ') rate = buf.readUInt32LE(pos + 12);
    if (id === 'data') {
      const end = Math.min(buf.length, size === 0xffffffff || size === 0 ? buf.length : pos + 8 + size);
      const count = Math.floor((end - pos - 8) / 2);
      const data = new Float32Array(count);
      for (let i = 0; i < count; i++) data[i] = buf.readInt16LE(pos + 8 + i * 2) / 32768;
      return { rate, data };
    }
    pos += 8 + size + (size % 2);
  }
  throw new Error('WAV without data');
}

/** Linear-interpolation resampler followed by a low-pass against imaging. */
function resample(data: Float32Array, from: number): Float32Array {
  const ratio = from / SAMPLE_RATE;
  const out = new Float32Array(Math.floor(data.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const x = i * ratio;
    const j = Math.floor(x);
    const a = data[j] ?? 0;
    const b = data[j + 1] ?? a;
    out[i] = a + (b - a) * (x - j);
  }
  return new Biquad('lowpass', Math.min(from, SAMPLE_RATE) * 0.45).run(out);
}

export function speak(spot: SpotEntry): Float32Array {
  let wav: Buffer;
  try {
    wav = execFileSync('espeak-ng', [
      '-v',
      spot.voice,
      '-s',
      String(spot.speed),
      '-p',
      String(spot.pitch),
      '-g',
      '2',
      '--stdout',
      spot.text,
    ]);
  } catch (err) {
    throw new Error(
      `espeak-ng is required to regenerate the spots (Debian/Ubuntu: apt-get install espeak-ng): ${String(err)}`,
    );
  }
  const { rate, data } = readWav(wav);
  const voice = resample(data, rate);
  new Biquad('highpass', 110).run(voice);
  // trim espeak's leading and trailing silence
  let start = 0;
  let end = voice.length;
  while (start < end && Math.abs(voice[start]!) < 0.003) start++;
  while (end > start && Math.abs(voice[end - 1]!) < 0.003) end--;
  return voice.slice(start, end);
}

export function renderSpot(spot: SpotEntry, seed: number): Float32Array {
  const voice = speak(spot);
  const pre = 1.6;
  const post = 2.2;
  const total = seconds(pre) + voice.length + seconds(post);
  const music = renderSong({ ...spot.bed, seconds: Math.max(30, total / SAMPLE_RATE + 6) }, seed).subarray(
    seconds(0.25),
    seconds(0.25) + total,
  );

  // duck the bed under the voice with smooth ramps
  const vStart = seconds(pre);
  const vEnd = vStart + voice.length;
  const ramp = seconds(0.35);
  const out = new Float32Array(total);
  for (let i = 0; i < total; i++) {
    let duck = 1;
    if (i > vStart - ramp && i < vEnd + ramp) {
      const into = Math.min(1, (i - (vStart - ramp)) / ramp);
      const outOf = Math.min(1, (vEnd + ramp - i) / ramp);
      duck = 1 - 0.72 * Math.min(into, outOf);
    }
    out[i] = music[i]! * 0.55 * duck;
  }
  const voiceGain = 0.32 / Math.max(1e-6, rms(voice));
  const room = reverb(voice, { room: 0.6, damp: 0.5 });
  mixInto(out, voice, vStart, voiceGain);
  mixInto(out, room, vStart, voiceGain * 0.25);
  return fade(master(out, 0.12, 0.8), 0.3, 1.6);
}
