// A small rule-based arranger: a song spec (key, mode, tempo, chord progressions, which
// instrument plays which pattern) becomes note events, then a mixed mono buffer.
// Form: intro, 8-bar blocks alternating A and B (a breakdown in longer pieces), outro.
import { SAMPLE_RATE, echo, filter, fade, master, mixInto, reverb, rms, seconds } from './dsp';
import { INSTRUMENTS, drum, type DrumName, type InstrumentName } from './instruments';
import { Rng } from './random';

export type Mode = 'major' | 'minor' | 'dorian' | 'mixolydian' | 'lydian';
export type ChordPattern =
  'sustain' | 'half' | 'stabs' | 'offbeat' | 'waltz' | 'bossa' | 'strum' | 'arp' | 'alberti' | 'beats';
export type BassPattern =
  'root' | 'rootFifth' | 'walking' | 'octave' | 'syncop' | 'reggae' | 'bossa' | 'pedal' | 'waltz';
export type CounterPattern = 'arp8' | 'arp16' | 'sparkle';
export type DrumPattern = keyof typeof DRUM_PATTERNS;

interface Part {
  inst: InstrumentName;
  gain: number;
  /** octave shift of the part's register */
  octave?: number;
  /** reverb send 0..1 */
  send?: number;
}

export interface SongSpec {
  bpm: number;
  meter: 3 | 4;
  /** 0 (straight) .. 0.33 (triplet swing) */
  swing?: number;
  /** tonic as a MIDI note around the fourth octave, e.g. 57 = A3 */
  key: number;
  mode: Mode;
  /** one chord per bar: scale degree 1–7, with '7' (seventh), 's' (sus4), '9' (add9); two per bar separated by a space */
  a: string[];
  b: string[];
  chords: Part & { pattern: ChordPattern };
  bass: Part & { pattern: BassPattern };
  melody?: Part & { density: 0 | 1 | 2 };
  counter?: Part & { pattern: CounterPattern };
  pad?: Part;
  drums?: { pattern: DrumPattern; gain: number };
  reverb: number;
  room?: number;
  echo?: { beats: number; feedback: number; wet: number };
  seconds: number;
}

const MODES: Record<Mode, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
};

// 16th-note grids; X loud, x normal, o soft, . ghost, - rest. 3/4 patterns have 12 steps.
export const DRUM_PATTERNS = {
  none: {},
  pop: { kick: 'x-------x-x-----', snare: '----x-------x---', hat: 'x-o-x-o-x-o-x-o-' },
  chillpop: { kick: 'x------x--x-----', snare: '----o-------o---', shaker: 'o-x-o-x-o-x-o-x-' },
  four: { kick: 'x---x---x---x---', clap: '----o-------o---', openHat: '--o---o---o---o-', shaker: 'o.o.o.o.o.o.o.o.' },
  lofi: { kick: 'x------x-x------', snare: '----x-------x---', hat: 'o-.-o-.-o-.-o-.-' },
  funk: { kick: 'x--x---x--x-----', snare: '----x--.-.--x---', hat: 'x-o-x-o-x-o-x-o-' },
  brush: { ride: 'x---x--ox---x--o', brush: '----o-------o---', kick: '.-------.-------' },
  jazzWaltz: { ride: 'x---x--ox--o', brush: '----.---.---', kick: '.-----------' },
  folkWaltz: { kick: 'o-----------', shaker: '----o-.-o-.-', tamb: '----.-------' },
  bossa: { rim: 'x--x--x---x--x--', kick: 'o-----.-o-----.-', shaker: 'o...o...o...o...' },
  reggae: { kick: '--------x-------', rim: '--------o-------', hat: '--o---o---o---o-' },
  acoustic: { kick: 'o-------o-------', shaker: 'x-o-x-o-x-o-x-o-', conga: '------o-----o-o-' },
  latin: { clave: 'x--x--x---x-x---', conga: '--o-x--o--o-x--o', shaker: 'o.o.o.o.o.o.o.o.', kick: 'o-------o-------' },
  ballad: { kick: 'o-------o-------', rim: '----o-------o---', hat: '.-.-.-.-.-.-.-.-' },
  tropical: { kick: 'x---x---x---x---', rim: '---o--o----o--o-', shaker: '--o---o---o---o-' },
  shuffle: { kick: 'o-----o-o-------', snare: '----o-------o---', ride: 'x-.-x-.-x-.-x-.-' },
} satisfies Record<string, Partial<Record<DrumName, string>>>;

const VEL: Record<string, number> = { X: 1, x: 0.78, o: 0.5, '.': 0.28 };

interface NoteEvent {
  t: number; // seconds
  dur: number; // seconds
  midi: number;
  vel: number;
}

interface Chord {
  root: number; // pitch class 0..11 relative to C
  tones: number[]; // pitch classes, root first
}

interface BarPlan {
  chords: Array<{ chord: Chord; beat: number; beats: number }>;
  melody: boolean;
  drums: 'full' | 'light' | 'off';
  counter: boolean;
  section: 'intro' | 'A' | 'B' | 'break' | 'outro';
  lastOfPhrase: boolean;
  phraseBar: number;
}

const mod = (n: number, m: number): number => ((n % m) + m) % m;

function parseChord(token: string, key: number, mode: Mode): Chord {
  const scale = MODES[mode];
  const deg = Number(token[0]) - 1;
  if (!(deg >= 0 && deg < 7)) throw new Error(`bad chord ${token}`);
  const at = (step: number): number => mod(key + scale[mod(deg + step, 7)]!, 12);
  const tones = [at(0), token.includes('s') ? at(3) : at(2), at(4)];
  if (token.includes('7')) tones.push(at(6));
  if (token.includes('9')) tones.push(at(1));
  return { root: at(0), tones };
}

/** Puts pitch classes into the octave window starting at `low`, sorted. */
function voice(pcs: number[], low: number): number[] {
  return pcs.map((pc) => low + mod(pc - low, 12)).sort((x, y) => x - y);
}

function nearestPc(pc: number, around: number): number {
  const base = around + mod(pc - around, 12);
  return base - around > 6 ? base - 12 : base;
}

export function renderSong(spec: SongSpec, seed: number): Float32Array {
  const rng = new Rng(seed);
  const beat = 60 / spec.bpm;
  const meter = spec.meter;
  const barSec = beat * meter;
  const swing = spec.swing ?? 0;
  const lead = 0.25; // a breath of silence before the first note

  // ------------------------------------------------------------ form
  const intro = barSec < 2.2 ? 4 : 2;
  const outro = 2;
  const blocks = Math.max(2, Math.round((spec.seconds - 3 - (intro + outro) * barSec) / (8 * barSec)));
  const parse = (tokens: string[]): Array<Array<{ chord: Chord; beat: number; beats: number }>> =>
    Array.from({ length: 8 }, (_, i) => {
      const parts = tokens[i % tokens.length]!.split(' ');
      return parts.map((p, j) => ({
        chord: parseChord(p, spec.key, spec.mode),
        beat: (j * meter) / parts.length,
        beats: meter / parts.length,
      }));
    });
  const progA = parse(spec.a);
  const progB = parse(spec.b);
  const plan: BarPlan[] = [];
  for (let i = 0; i < intro; i++) {
    plan.push({
      chords: progA[i % 8]!,
      melody: false,
      drums: i >= intro - 2 ? 'light' : 'off',
      counter: false,
      section: 'intro',
      lastOfPhrase: false,
      phraseBar: i,
    });
  }
  const breakAt = blocks >= 5 ? Math.floor(blocks / 2) + 1 : -1;
  for (let b = 0; b < blocks; b++) {
    const isB = b % 2 === 1 && b !== blocks - 1;
    const isBreak = b === breakAt;
    for (let i = 0; i < 8; i++) {
      plan.push({
        chords: (isB ? progB : progA)[i]!,
        melody: !isBreak,
        drums: isBreak ? 'light' : b === 0 && i < 4 ? 'light' : 'full',
        counter: isBreak || isB || b >= 2,
        section: isBreak ? 'break' : isB ? 'B' : 'A',
        lastOfPhrase: i === 7,
        phraseBar: i,
      });
    }
  }
  const tonic: Chord = parseChord('1', spec.key, spec.mode);
  for (let i = 0; i < outro; i++) {
    plan.push({
      chords: [{ chord: tonic, beat: 0, beats: meter }],
      melody: false,
      drums: 'off',
      counter: false,
      section: 'outro',
      lastOfPhrase: false,
      phraseBar: i,
    });
  }

  const timeOf = (bar: number, pos: number): number => {
    const whole = Math.floor(pos);
    const frac = pos - whole;
    let f = frac;
    if (Math.abs(frac - 0.5) < 1e-6) f = 0.5 + swing * 0.5;
    else if (Math.abs(frac - 0.25) < 1e-6 || Math.abs(frac - 0.75) < 1e-6) f = frac + swing * 0.25 * 0.5;
    return lead + bar * barSec + (whole + f) * beat + rng.range(-0.004, 0.004);
  };

  const total = seconds(lead + plan.length * barSec + 3.5);
  const stem = (): Float32Array => new Float32Array(total);

  const renderNotes = (events: NoteEvent[], inst: InstrumentName): Float32Array => {
    const out = stem();
    const play = INSTRUMENTS[inst];
    for (const e of events) mixInto(out, play(e.midi, e.dur, e.vel, rng), seconds(e.t));
    return out;
  };

  // ------------------------------------------------------------ chords
  const chordEvents: NoteEvent[] = [];
  const chordLow = 53 + 12 * (spec.chords.octave ?? 0);
  plan.forEach((bar, bi) => {
    for (const { chord, beat: at, beats } of bar.chords) {
      const notes = voice(chord.tones, chordLow);
      const hits = chordHits(spec.chords.pattern, meter, at, beats, bi, bar.section === 'outro');
      for (const h of hits) {
        if (h.strum) {
          const spread = [...voice(chord.tones, chordLow - 7), ...notes.slice(0, 2).map((n) => n + 12)];
          const strings = h.strum === 'down' ? spread : spread.slice(-3).reverse();
          strings.forEach((midi, k) =>
            chordEvents.push({
              t: timeOf(bi, at + h.pos) + k * 0.014,
              dur: h.len * beat,
              midi,
              vel: h.vel * (0.8 + rng.range(-0.08, 0.08)),
            }),
          );
        } else if (h.index !== undefined) {
          const arp = [...notes, notes[0]! + 12, notes[1]! + 12];
          chordEvents.push({
            t: timeOf(bi, at + h.pos),
            dur: h.len * beat,
            midi: arp[h.index % arp.length]!,
            vel: h.vel,
          });
        } else {
          for (const midi of notes)
            chordEvents.push({
              t: timeOf(bi, at + h.pos),
              dur: h.len * beat,
              midi,
              vel: h.vel * (0.85 + rng.range(-0.08, 0.08)),
            });
        }
      }
    }
  });

  // ------------------------------------------------------------ pad
  const padEvents: NoteEvent[] = [];
  if (spec.pad) {
    const low = 55 + 12 * (spec.pad.octave ?? 0);
    plan.forEach((bar, bi) => {
      for (const { chord, beat: at, beats } of bar.chords) {
        for (const midi of voice(chord.tones, low))
          padEvents.push({ t: timeOf(bi, at), dur: beats * beat + 0.05, midi, vel: 0.6 });
      }
    });
  }

  // ------------------------------------------------------------ bass
  const bassEvents: NoteEvent[] = [];
  const bassLow = 38 + 12 * (spec.bass.octave ?? 0);
  plan.forEach((bar, bi) => {
    bar.chords.forEach(({ chord, beat: at, beats }, ci) => {
      const root = bassLow + mod(chord.root - bassLow, 12);
      const fifth = root + 7 > bassLow + 14 ? root - 5 : root + 7;
      const third = root + mod(chord.tones[1]! - chord.root, 12);
      const nextBar = plan[bi + 1];
      const nextChord = bar.chords[ci + 1]?.chord ?? nextBar?.chords[0]?.chord ?? chord;
      const nextRoot = nearestPc(nextChord.root, root);
      const end = bar.section === 'outro';
      const notes = bassNotes(end ? 'root' : spec.bass.pattern, meter, beats, { root, fifth, third, nextRoot }, rng);
      for (const n of notes)
        bassEvents.push({ t: timeOf(bi, at + n.pos), dur: n.len * beat * 0.95, midi: n.midi, vel: n.vel });
    });
  });

  // ------------------------------------------------------------ melody
  const melodyEvents: NoteEvent[] = [];
  if (spec.melody) {
    const scale = MODES[spec.mode];
    const center = spec.key + 12 + 12 * (spec.melody.octave ?? 0);
    const scaleNotes: number[] = [];
    for (let m = 24; m < 110; m++) if (scale.includes(mod(m - spec.key, 12))) scaleNotes.push(m);
    const lo = center - 3;
    const hi = center + 14;
    const step = (midi: number, steps: number): number => {
      let i = scaleNotes.indexOf(midi);
      if (i < 0) i = scaleNotes.findIndex((n) => n > midi);
      let target = scaleNotes[Math.max(0, Math.min(scaleNotes.length - 1, i + steps))]!;
      if (target > hi || target < lo) target = scaleNotes[Math.max(0, Math.min(scaleNotes.length - 1, i - steps))]!;
      return target;
    };
    const snap = (midi: number, chord: Chord, lean: number): number => {
      const opts = chord.tones.map((pc) => nearestPc(pc, midi + lean)).filter((n) => n >= lo && n <= hi);
      if (opts.length === 0) return nearestPc(chord.tones[0]!, center + 4);
      return opts.reduce((best, n) => (Math.abs(n - midi - lean) < Math.abs(best - midi - lean) ? n : best));
    };
    const motifs = { A: makeMotif(rng, meter, spec.melody.density), B: makeMotif(rng, meter, spec.melody.density) };
    let cur = nearestPc(tonic.root, center + 4);
    plan.forEach((bar, bi) => {
      if (!bar.melody) return;
      const motif = bar.section === 'B' ? motifs.B : motifs.A;
      const cadence = bar.phraseBar === 7;
      const rhythm = cadence ? CADENCE[meter] : motif.bars[[0, 1, 0, 2, 0, 1, 3, 0][bar.phraseBar]!]!;
      rhythm.forEach(([pos, len], k) => {
        const chordAt = [...bar.chords].reverse().find((c) => c.beat <= pos)!.chord;
        const contour = motif.steps[(bar.phraseBar % 2) * 8 + k] ?? 0;
        const strong = pos === 0 || (meter === 4 && pos === 2);
        if (cadence && k === rhythm.length - 1) {
          const goal = bar.section === 'B' ? chordAt.tones[2]! : chordAt.tones[0]!;
          cur = nearestPc(goal, cur);
          if (cur < lo) cur += 12;
          if (cur > hi) cur -= 12;
        } else if (strong || k === 0) {
          cur = snap(cur, chordAt, contour * 2);
        } else {
          cur = step(cur, contour);
        }
        melodyEvents.push({
          t: timeOf(bi, pos),
          dur: len * beat * 0.92,
          midi: cur,
          vel: (strong ? 0.8 : 0.66) + rng.range(-0.06, 0.06),
        });
      });
    });
  }

  // ------------------------------------------------------------ counter line
  const counterEvents: NoteEvent[] = [];
  if (spec.counter) {
    const low = 65 + 12 * (spec.counter.octave ?? 0);
    plan.forEach((bar, bi) => {
      if (!bar.counter) return;
      for (const { chord, beat: at, beats } of bar.chords) {
        const notes = voice(chord.tones, low);
        const cycle = [...notes, notes[0]! + 12, ...notes.slice(1).reverse()];
        const per = spec.counter!.pattern === 'arp16' ? 4 : 2;
        for (let s = 0; s < beats * per; s++) {
          const pos = at + s / per;
          if (spec.counter!.pattern === 'sparkle') {
            if (!rng.chance(0.2)) continue;
            counterEvents.push({
              t: timeOf(bi, pos),
              dur: beat,
              midi: rng.pick(notes) + 12,
              vel: rng.range(0.35, 0.6),
            });
          } else {
            counterEvents.push({
              t: timeOf(bi, pos),
              dur: beat / per,
              midi: cycle[s % cycle.length]!,
              vel: s % per === 0 ? 0.6 : 0.45,
            });
          }
        }
      }
    });
  }

  // ------------------------------------------------------------ drums
  const drumStem = stem();
  if (spec.drums && spec.drums.pattern !== 'none') {
    const pattern = DRUM_PATTERNS[spec.drums.pattern] as Partial<Record<DrumName, string>>;
    plan.forEach((bar, bi) => {
      if (bar.drums === 'off') return;
      for (const [name, grid] of Object.entries(pattern) as Array<[DrumName, string]>) {
        if (bar.drums === 'light' && (name === 'kick' || name === 'snare' || name === 'clap')) continue;
        const steps = meter * 4;
        for (let s = 0; s < steps; s++) {
          const ch = grid[s % grid.length]!;
          const v = VEL[ch];
          if (v === undefined) continue;
          const fill = bar.lastOfPhrase && s >= steps - 4 && name === 'snare' && rng.chance(0.5);
          mixInto(drumStem, drum(name, (fill ? 0.6 : v) * rng.range(0.9, 1.05), rng), seconds(timeOf(bi, s / 4)));
        }
      }
      if (bar.lastOfPhrase && bar.section !== 'break' && spec.drums!.pattern !== 'brush' && rng.chance(0.5)) {
        mixInto(drumStem, drum('openHat', 0.5, rng), seconds(timeOf(bi, meter - 0.5)));
      }
    });
  }

  // ------------------------------------------------------------ mix
  const norm = (buf: Float32Array, gain: number): Float32Array => {
    const level = rms(buf);
    if (level > 0) for (let i = 0; i < buf.length; i++) buf[i]! *= (gain * 0.1) / level;
    return buf;
  };
  const mix = stem();
  const send = stem();
  const echoBus = stem();
  const add = (buf: Float32Array, part: Part | undefined, sendDefault: number, toEcho = false): void => {
    if (!part) return;
    norm(buf, part.gain);
    mixInto(mix, buf);
    mixInto(send, buf, 0, part.send ?? sendDefault);
    if (toEcho) mixInto(echoBus, buf);
  };
  add(renderNotes(chordEvents, spec.chords.inst), spec.chords, 0.5);
  if (spec.pad) add(renderNotes(padEvents, spec.pad.inst), spec.pad, 0.8);
  add(filter(renderNotes(bassEvents, spec.bass.inst), 'lowpass', 900), spec.bass, 0.05);
  if (spec.melody) add(renderNotes(melodyEvents, spec.melody.inst), spec.melody, 0.6, true);
  if (spec.counter) add(renderNotes(counterEvents, spec.counter.inst), spec.counter, 0.7, true);
  if (spec.drums && spec.drums.pattern !== 'none') add(drumStem, { inst: 'pad', gain: spec.drums.gain }, 0.12);

  mixInto(mix, reverb(send, { room: spec.room ?? 0.84, damp: 0.35 }), 0, spec.reverb * 3);
  if (spec.echo) mixInto(mix, echo(echoBus, spec.echo.beats * beat, spec.echo.feedback), 0, spec.echo.wet);
  filter(mix, 'highpass', 35);
  filter(mix, 'lowpass', 15000);
  master(mix);
  return fade(mix, 0.05, Math.min(4, barSec * 1.5));
}

interface Hit {
  pos: number;
  len: number;
  vel: number;
  strum?: 'down' | 'up';
  index?: number;
}

function chordHits(
  pattern: ChordPattern,
  meter: number,
  at: number,
  beats: number,
  bar: number,
  ending: boolean,
): Hit[] {
  const within = (hits: Hit[]): Hit[] =>
    hits.filter((h) => h.pos < beats - 1e-6).map((h) => ({ ...h, len: Math.min(h.len, beats - h.pos) }));
  if (ending) return [{ pos: 0, len: beats * 2, vel: 0.7 }];
  switch (pattern) {
    case 'sustain':
      return [{ pos: 0, len: beats, vel: 0.7 }];
    case 'half':
      return beats >= 4
        ? [
            { pos: 0, len: 2, vel: 0.72 },
            { pos: 2, len: 2, vel: 0.6 },
          ]
        : [{ pos: 0, len: beats, vel: 0.72 }];
    case 'stabs':
      return within(
        meter === 4
          ? [
              { pos: 0, len: 1, vel: 0.7 },
              { pos: 1.5, len: 0.5, vel: 0.55 },
              { pos: 2.5, len: 1, vel: 0.6 },
            ]
          : [
              { pos: 0, len: 1, vel: 0.7 },
              { pos: 1.5, len: 1, vel: 0.55 },
            ],
      );
    case 'offbeat':
      return within(Array.from({ length: Math.ceil(beats) }, (_, i) => ({ pos: i + 0.5, len: 0.3, vel: 0.6 })));
    case 'waltz':
      return within(
        meter === 3
          ? [
              { pos: 1, len: 0.8, vel: 0.55 },
              { pos: 2, len: 0.8, vel: 0.5 },
            ]
          : [
              { pos: 1, len: 0.8, vel: 0.55 },
              { pos: 3, len: 0.8, vel: 0.5 },
            ],
      );
    case 'bossa':
      return within(
        bar % 2 === 0
          ? [
              { pos: 0, len: 1, vel: 0.65 },
              { pos: 1.5, len: 1, vel: 0.55 },
              { pos: 3, len: 0.5, vel: 0.5 },
            ]
          : [
              { pos: 0.5, len: 1, vel: 0.55 },
              { pos: 2, len: 1, vel: 0.6 },
              { pos: 3.5, len: 0.5, vel: 0.5 },
            ],
      );
    case 'strum': {
      const hits: Hit[] =
        meter === 4
          ? [
              { pos: 0, len: 1, vel: 0.8, strum: 'down' },
              { pos: 1, len: 0.5, vel: 0.6, strum: 'down' },
              { pos: 1.5, len: 1, vel: 0.45, strum: 'up' },
              { pos: 2.5, len: 0.5, vel: 0.45, strum: 'up' },
              { pos: 3, len: 0.5, vel: 0.65, strum: 'down' },
              { pos: 3.5, len: 0.5, vel: 0.45, strum: 'up' },
            ]
          : [
              { pos: 0, len: 1, vel: 0.8, strum: 'down' },
              { pos: 1, len: 0.5, vel: 0.55, strum: 'down' },
              { pos: 1.5, len: 0.5, vel: 0.4, strum: 'up' },
              { pos: 2, len: 0.5, vel: 0.55, strum: 'down' },
              { pos: 2.5, len: 0.5, vel: 0.4, strum: 'up' },
            ];
      return within(hits);
    }
    case 'arp':
      return Array.from({ length: Math.round(beats * 2) }, (_, i) => ({
        pos: i / 2,
        len: 1.5,
        vel: i === 0 ? 0.7 : 0.55,
        index: i,
      }));
    case 'alberti':
      return Array.from({ length: Math.round(beats * 2) }, (_, i) => ({
        pos: i / 2,
        len: 0.5,
        vel: i % 2 === 0 ? 0.6 : 0.45,
        index: [0, 2, 1, 2][i % 4]!,
      }));
    case 'beats':
      return Array.from({ length: Math.round(beats) }, (_, i) => ({
        pos: i,
        len: 0.85,
        vel: i % 2 === 1 ? 0.68 : 0.55,
      }));
  }
}

function bassNotes(
  pattern: BassPattern,
  meter: number,
  beats: number,
  n: { root: number; fifth: number; third: number; nextRoot: number },
  rng: Rng,
): Array<{ pos: number; len: number; midi: number; vel: number }> {
  const within = (xs: Array<{ pos: number; len: number; midi: number; vel: number }>) =>
    xs.filter((x) => x.pos < beats - 1e-6).map((x) => ({ ...x, len: Math.min(x.len, beats - x.pos) }));
  switch (pattern) {
    case 'root':
      return [{ pos: 0, len: beats, midi: n.root, vel: 0.8 }];
    case 'pedal':
      return [{ pos: 0, len: beats, midi: n.root, vel: 0.6 }];
    case 'waltz':
      return within([
        { pos: 0, len: 1, midi: n.root, vel: 0.8 },
        { pos: 2, len: 1, midi: n.fifth, vel: 0.5 },
      ]);
    case 'rootFifth':
      return within(
        meter === 4
          ? [
              { pos: 0, len: 2, midi: n.root, vel: 0.8 },
              { pos: 2, len: 2, midi: n.fifth, vel: 0.65 },
            ]
          : [
              { pos: 0, len: 2, midi: n.root, vel: 0.8 },
              { pos: 2, len: 1, midi: n.fifth, vel: 0.6 },
            ],
      );
    case 'octave':
      return Array.from({ length: Math.round(beats * 2) }, (_, i) => ({
        pos: i / 2,
        len: 0.45,
        midi: i % 2 ? n.root + 12 : n.root,
        vel: i % 2 ? 0.6 : 0.8,
      }));
    case 'syncop':
      return within([
        { pos: 0, len: 1.5, midi: n.root, vel: 0.85 },
        { pos: 1.5, len: 1, midi: n.root, vel: 0.6 },
        { pos: 3, len: 0.5, midi: n.fifth, vel: 0.6 },
        { pos: 3.5, len: 0.5, midi: n.root, vel: 0.55 },
      ]);
    case 'reggae':
      return within([
        { pos: 0, len: 1, midi: n.root, vel: 0.85 },
        { pos: 1.5, len: 0.5, midi: n.root, vel: 0.6 },
        { pos: 2, len: 1, midi: n.fifth, vel: 0.7 },
        { pos: 3, len: 0.5, midi: n.third, vel: 0.6 },
      ]);
    case 'bossa':
      return within([
        { pos: 0, len: 1.5, midi: n.root, vel: 0.8 },
        { pos: 1.5, len: 0.5, midi: n.fifth, vel: 0.6 },
        { pos: 2, len: 1.5, midi: n.fifth, vel: 0.7 },
        { pos: 3.5, len: 0.5, midi: n.root, vel: 0.6 },
      ]);
    case 'walking': {
      const count = Math.round(beats);
      const out = [{ pos: 0, len: 1, midi: n.root, vel: 0.8 }];
      const middle = [n.third, n.fifth, n.root + 12, n.fifth - 12 > 34 ? n.fifth - 12 : n.third];
      for (let i = 1; i < count - 1; i++)
        out.push({ pos: i, len: 1, midi: middle[(i - 1 + (rng.chance(0.4) ? 1 : 0)) % middle.length]!, vel: 0.65 });
      if (count > 1) out.push({ pos: count - 1, len: 1, midi: n.nextRoot + (rng.chance(0.5) ? 1 : -1), vel: 0.6 });
      return out;
    }
  }
}

type Rhythm = Array<[number, number]>;

const RHYTHMS: Record<3 | 4, Rhythm[][]> = {
  4: [
    [
      [
        [0, 2],
        [2, 2],
      ],
      [
        [0, 3],
        [3, 1],
      ],
      [
        [0, 1.5],
        [1.5, 2.5],
      ],
      [[0, 4]],
      [
        [1, 1],
        [2, 2],
      ],
    ],
    [
      [
        [0, 1],
        [1, 1],
        [2, 2],
      ],
      [
        [0, 1.5],
        [1.5, 0.5],
        [2, 2],
      ],
      [
        [0, 1],
        [1.5, 0.5],
        [2, 1],
        [3, 1],
      ],
      [
        [0.5, 0.5],
        [1, 1],
        [2, 1.5],
        [3.5, 0.5],
      ],
      [
        [0, 2],
        [2.5, 0.5],
        [3, 1],
      ],
    ],
    [
      [
        [0, 0.5],
        [0.5, 0.5],
        [1, 0.5],
        [1.5, 0.5],
        [2, 1],
        [3, 1],
      ],
      [
        [0, 1],
        [1, 0.5],
        [1.5, 0.5],
        [2, 0.5],
        [2.5, 1.5],
      ],
      [
        [0, 0.5],
        [0.5, 1],
        [1.5, 0.5],
        [2, 2],
      ],
      [
        [0.5, 0.5],
        [1, 0.5],
        [1.5, 0.5],
        [2, 1],
        [3, 0.5],
        [3.5, 0.5],
      ],
    ],
  ],
  3: [
    [
      [[0, 3]],
      [
        [0, 2],
        [2, 1],
      ],
      [
        [0, 1],
        [1, 2],
      ],
    ],
    [
      [
        [0, 1],
        [1, 1],
        [2, 1],
      ],
      [
        [0, 1.5],
        [1.5, 0.5],
        [2, 1],
      ],
      [
        [0, 2],
        [2, 0.5],
        [2.5, 0.5],
      ],
    ],
    [
      [
        [0, 0.5],
        [0.5, 0.5],
        [1, 1],
        [2, 1],
      ],
      [
        [0, 1],
        [1, 0.5],
        [1.5, 0.5],
        [2, 1],
      ],
      [
        [0, 0.5],
        [0.5, 0.5],
        [1, 0.5],
        [1.5, 0.5],
        [2, 1],
      ],
    ],
  ],
};

const CADENCE: Record<3 | 4, Rhythm> = {
  4: [
    [0, 1],
    [1, 2.5],
  ],
  3: [
    [0, 1],
    [1, 1.8],
  ],
};

function makeMotif(rng: Rng, meter: 3 | 4, density: 0 | 1 | 2): { bars: Rhythm[]; steps: number[] } {
  const pool = RHYTHMS[meter];
  const pickFrom = (d: number): Rhythm => rng.pick(pool[Math.max(0, Math.min(2, d))]!);
  const bars = [pickFrom(density), pickFrom(density - 1), pickFrom(density), pickFrom(density === 0 ? 0 : density - 1)];
  const steps = Array.from({ length: 16 }, () => rng.pick([-2, -1, -1, 1, 1, 2, 0, 1, -1, 3, -3]));
  return { bars, steps };
}

export const SONG_SAMPLE_RATE = SAMPLE_RATE;
