// Synthesized instruments. Each returns one note as a fresh buffer (its release tail included)
// that the arranger mixes in at the note's start. Frequencies in Hz, durations in seconds,
// velocity 0..1. Partials with exponential decay use a two-pole resonator recurrence instead of
// Math.sin per sample, which keeps a whole album renderable in well under a minute.
import { Biquad, SAMPLE_RATE, midiToHz, polyBlep, seconds } from './dsp';
import type { Rng } from './random';

export type Instrument = (midi: number, dur: number, vel: number, rng: Rng) => Float32Array;

const TAU = 2 * Math.PI;

/** Adds amp·e^(-decay·t)·sin(2πft) from sample `from` on (a damped two-pole resonator). */
function addDecayingSine(out: Float32Array, freq: number, amp: number, decay: number, from = 0): void {
  if (freq >= SAMPLE_RATE * 0.45 || amp === 0) return;
  const w = (TAU * freq) / SAMPLE_RATE;
  const r = Math.exp(-decay / SAMPLE_RATE);
  const c1 = 2 * r * Math.cos(w);
  const c2 = -r * r;
  let y1 = 0; // y[n-1], starting with y[0] = 0
  let y2 = (-amp * Math.sin(w)) / r; // y[-1] of the same sequence
  for (let i = from + 1; i < out.length; i++) {
    const y = c1 * y1 + c2 * y2;
    out[i]! += y;
    y2 = y1;
    y1 = y;
  }
}

/** Attack ramp at the start and a release ramp starting at `dur`, zero afterwards. */
function shape(out: Float32Array, attack: number, dur: number, release: number): Float32Array {
  const a = Math.max(1, seconds(attack));
  const d = seconds(dur);
  const r = Math.max(1, seconds(release));
  for (let i = 0; i < out.length; i++) {
    let g = i < a ? i / a : 1;
    if (i >= d) g *= Math.max(0, 1 - (i - d) / r);
    out[i]! *= g;
  }
  return out;
}

function noteBuffer(dur: number, tail: number): Float32Array {
  return new Float32Array(seconds(dur + tail));
}

// ---------------------------------------------------------------- keys and mallets

/** Electric piano (FM, Rhodes-like): mellow body, a short bright tine at the attack. */
export const epiano: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.5);
  const idx0 = 0.6 + 1.6 * vel;
  const decay = 0.9 + (midi - 48) * 0.03;
  const ph = rng.next() * TAU;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const index = idx0 * Math.exp(-t * 3.5) + 0.15;
    const mod = Math.sin(TAU * f * t + ph) * index;
    const body = Math.sin(TAU * f * t + mod);
    const tine = Math.sin(TAU * f * 14 * t) * Math.exp(-t * 40) * 0.12 * vel;
    out[i] = (body * Math.exp(-t * decay) + tine) * vel;
  }
  return shape(out, 0.004, dur, 0.35);
};

/** Acoustic-ish piano: slightly inharmonic partials, higher ones fading faster. */
export const piano: Instrument = (midi, dur, vel) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.6);
  const B = 0.00035;
  const bright = 0.6 + vel * 0.8;
  const base = 0.55 + Math.max(0, midi - 48) * 0.035;
  for (let n = 1; n <= 7; n++) {
    const fn = n * f * Math.sqrt(1 + B * n * n);
    const amp = (vel * Math.pow(bright, n - 1)) / Math.pow(n, 1.35);
    addDecayingSine(out, fn, amp, base * (0.6 + 0.55 * n));
    if (n === 1) addDecayingSine(out, fn * 1.0012, amp * 0.5, base * 0.8);
  }
  return shape(out, 0.003, dur, 0.25);
};

export const marimba: Instrument = (midi, dur, vel) => {
  const f = midiToHz(midi);
  const out = noteBuffer(Math.min(dur, 0.9), 0.4);
  addDecayingSine(out, f, vel, 4.5);
  addDecayingSine(out, f * 3.93, vel * 0.22, 16);
  addDecayingSine(out, f * 9.2, vel * 0.06, 40);
  return shape(out, 0.002, Math.min(dur, 0.9) + 0.2, 0.2);
};

/** Glockenspiel / celesta-like bell. */
export const bell: Instrument = (midi, dur, vel) => {
  const f = midiToHz(midi);
  const out = noteBuffer(Math.max(dur, 1.2), 1.2);
  addDecayingSine(out, f, vel * 0.8, 2.2);
  addDecayingSine(out, f * 2.76, vel * 0.25, 5);
  addDecayingSine(out, f * 5.4, vel * 0.1, 9);
  addDecayingSine(out, f * 8.93, vel * 0.04, 14);
  return shape(out, 0.001, Math.max(dur, 1.2) + 1, 0.2);
};

/** Vibraphone: pure tone with a slow tremolo. */
export const vibes: Instrument = (midi, dur, vel) => {
  const f = midiToHz(midi);
  const out = noteBuffer(Math.max(dur, 0.8), 1);
  addDecayingSine(out, f, vel * 0.9, 1.4);
  addDecayingSine(out, f * 4, vel * 0.12, 6);
  addDecayingSine(out, f * 10, vel * 0.03, 20);
  for (let i = 0; i < out.length; i++) out[i]! *= 0.8 + 0.2 * Math.sin((TAU * 5.2 * i) / SAMPLE_RATE);
  return shape(out, 0.002, Math.max(dur, 0.8), 0.5);
};

/** Drawbar organ with a gentle rotary-speaker tremolo. */
export const organ: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.08);
  const bars: Array<[number, number]> = [
    [0.5, 0.35],
    [1, 1],
    [2, 0.6],
    [3, 0.3],
    [4, 0.18],
  ];
  const ph = rng.next() * TAU;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    let s = 0;
    for (const [ratio, amp] of bars) s += Math.sin(TAU * f * ratio * t + ph * ratio) * amp;
    const trem = 1 + 0.08 * Math.sin(TAU * 5.8 * t + ph);
    out[i] = (s / 2.4) * trem * vel;
  }
  return shape(out, 0.008, dur, 0.06);
};

// ---------------------------------------------------------------- sustained voices

function sawVoice(out: Float32Array, f: number, detuneCents: number[], vibrato: number, rng: Rng): void {
  for (const cents of detuneCents) {
    const freq = f * Math.pow(2, cents / 1200);
    let phase = rng.next();
    const vibPhase = rng.next() * TAU;
    for (let i = 0; i < out.length; i++) {
      const t = i / SAMPLE_RATE;
      const vib = vibrato > 0 ? 1 + vibrato * Math.min(1, t / 0.4) * Math.sin(TAU * 5 * t + vibPhase) : 1;
      const dt = (freq * vib) / SAMPLE_RATE;
      phase += dt;
      if (phase >= 1) phase -= 1;
      out[i]! += (2 * phase - 1 - polyBlep(phase, dt)) / detuneCents.length;
    }
  }
}

/** Warm analogue pad: detuned saws through a low-pass, slow attack and release. */
export const pad: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 1.4);
  sawVoice(out, f, [-8, 0, 7], 0, rng);
  new Biquad('lowpass', 900 + vel * 900, 0.6).run(out);
  for (let i = 0; i < out.length; i++) out[i]! *= vel * 0.8;
  return shape(out, 0.7, dur, 1.3);
};

/** Soft sine pad (ambient), odd harmonics and a slow chorus. */
export const softPad: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 2);
  const ph = rng.next() * TAU;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const drift = 1 + 0.002 * Math.sin(TAU * 0.3 * t + ph);
    const p = TAU * f * drift * t;
    out[i] =
      (Math.sin(p) + 0.25 * Math.sin(3 * p + ph) + 0.08 * Math.sin(5 * p) + 0.5 * Math.sin(p * 1.003)) * vel * 0.6;
  }
  return shape(out, 1.2, dur, 1.8);
};

export const strings: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.8);
  sawVoice(out, f, [-5, 4], 0.004, rng);
  new Biquad('lowpass', 2200 + vel * 1000, 0.5).run(out);
  new Biquad('highpass', 200).run(out);
  for (let i = 0; i < out.length; i++) out[i]! *= vel * 0.8;
  return shape(out, 0.25, dur, 0.7);
};

export const flute: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.15);
  const breath = new Biquad('bandpass', f * 2, 2);
  const ph = rng.next() * TAU;
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const vib = 1 + 0.005 * Math.min(1, Math.max(0, (t - 0.2) / 0.3)) * Math.sin(TAU * 5.2 * t + ph);
    phase += (TAU * f * vib) / SAMPLE_RATE;
    const tone = Math.sin(phase) + 0.18 * Math.sin(2 * phase) + 0.07 * Math.sin(3 * phase);
    out[i] = (tone + breath.process(rng.noise()) * 0.35) * vel * 0.8;
  }
  return shape(out, 0.06, dur, 0.12);
};

/** Mellow synth lead: saw + square, filtered, slight vibrato. */
export const lead: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.2);
  sawVoice(out, f, [-4, 4], 0.003, rng);
  const lp = new Biquad('lowpass', 1800, 0.9);
  for (let i = 0; i < out.length; i++) {
    if (i % 64 === 0) lp.set('lowpass', 1200 + 2200 * vel * Math.exp(-i / SAMPLE_RATE / 0.25), 0.9);
    out[i] = lp.process(out[i]!) * vel * 0.7;
  }
  return shape(out, 0.01, dur, 0.18);
};

/** Clavinet-like funky pulse. */
export const clav: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const len = Math.min(dur, 0.35);
  const out = noteBuffer(len, 0.05);
  let a = rng.next();
  let b = a + 0.3;
  const dt = f / SAMPLE_RATE;
  const lp = new Biquad('lowpass', 3000, 1.2);
  for (let i = 0; i < out.length; i++) {
    a = (a + dt) % 1;
    b = (b + dt) % 1;
    const sa = 2 * a - 1 - polyBlep(a, dt);
    const sb = 2 * b - 1 - polyBlep(b, dt);
    out[i] = lp.process((sa - sb) * 0.5) * Math.exp((-i / SAMPLE_RATE) * 7) * vel;
  }
  return shape(out, 0.002, len, 0.04);
};

// ---------------------------------------------------------------- plucked strings

/** Karplus–Strong plucked string with allpass fine tuning. `bright` 0..1, `sustain` ~0.99..0.999. */
function pluck(
  midi: number,
  dur: number,
  vel: number,
  rng: Rng,
  bright: number,
  sustain: number,
  ring = 0.6,
): Float32Array {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, ring);
  const exact = SAMPLE_RATE / f - 0.5;
  const n = Math.max(2, Math.floor(exact));
  const frac = exact - n;
  const apC = (1 - frac) / (1 + frac);
  const line = new Float32Array(n);
  const init = new Biquad('lowpass', 600 + bright * 7000);
  for (let i = 0; i < n; i++) line[i] = init.process(rng.noise());
  let idx = 0;
  let apX = 0;
  let apY = 0;
  const d = seconds(dur);
  for (let i = 0; i < out.length; i++) {
    const cur = line[idx]!;
    const next = line[(idx + 1) % n]!;
    const avg = 0.5 * (cur + next);
    // first-order allpass for the fractional part of the delay
    const y = apC * (avg - apY) + apX;
    apX = avg;
    apY = y;
    // after the note's length the string is damped quickly (a finger lands on it)
    line[idx] = y * (i < d ? sustain : 0.9);
    out[i] = cur * vel;
    idx = (idx + 1) % n;
  }
  return shape(out, 0.001, dur + ring * 0.5, ring * 0.5);
}

export const guitar: Instrument = (midi, dur, vel, rng) => pluck(midi, dur, vel, rng, 0.45, 0.996);
export const nylon: Instrument = (midi, dur, vel, rng) => pluck(midi, dur, vel, rng, 0.25, 0.995);
export const banjo: Instrument = (midi, dur, vel, rng) => pluck(midi, Math.min(dur, 0.5), vel, rng, 0.9, 0.985, 0.3);
export const harp: Instrument = (midi, dur, vel, rng) => pluck(midi, dur, vel, rng, 0.35, 0.998, 1.2);

// ---------------------------------------------------------------- bass

export const roundBass: Instrument = (midi, dur, vel) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.08);
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const p = TAU * f * t;
    out[i] = (Math.sin(p) + 0.28 * Math.sin(2 * p) + 0.08 * Math.sin(3 * p)) * Math.exp(-t * 1.2) * vel;
  }
  return shape(out, 0.006, dur, 0.07);
};

export const uprightBass: Instrument = (midi, dur, vel) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.15);
  addDecayingSine(out, f, vel, 2.2);
  addDecayingSine(out, f * 2, vel * 0.35, 4);
  addDecayingSine(out, f * 3, vel * 0.12, 8);
  addDecayingSine(out, f * 4.02, vel * 0.05, 14);
  return shape(out, 0.008, dur, 0.1);
};

export const synthBass: Instrument = (midi, dur, vel, rng) => {
  const f = midiToHz(midi);
  const out = noteBuffer(dur, 0.06);
  sawVoice(out, f, [0], 0, rng);
  const lp = new Biquad('lowpass', 600, 1.1);
  for (let i = 0; i < out.length; i++) {
    if (i % 64 === 0) lp.set('lowpass', 220 + 1300 * vel * Math.exp(-i / SAMPLE_RATE / 0.09), 1.1);
    const t = i / SAMPLE_RATE;
    out[i] = (lp.process(out[i]!) * 0.8 + 0.45 * Math.sin(TAU * f * t)) * vel;
  }
  return shape(out, 0.004, dur, 0.05);
};

export const pluckBass: Instrument = (midi, dur, vel, rng) => pluck(midi, dur, vel, rng, 0.2, 0.997, 0.15);

export const INSTRUMENTS = {
  epiano,
  piano,
  marimba,
  bell,
  vibes,
  organ,
  pad,
  softPad,
  strings,
  flute,
  lead,
  clav,
  guitar,
  nylon,
  banjo,
  harp,
  roundBass,
  uprightBass,
  synthBass,
  pluckBass,
} satisfies Record<string, Instrument>;

export type InstrumentName = keyof typeof INSTRUMENTS;

// ---------------------------------------------------------------- drums

export type DrumName =
  'kick' | 'snare' | 'brush' | 'hat' | 'openHat' | 'shaker' | 'rim' | 'clave' | 'ride' | 'clap' | 'conga' | 'tamb';

function noiseHit(len: number, rng: Rng, filters: Biquad[], env: (t: number) => number): Float32Array {
  const out = new Float32Array(seconds(len));
  for (let i = 0; i < out.length; i++) {
    let x = rng.noise();
    for (const f of filters) x = f.process(x);
    out[i] = x * env(i / SAMPLE_RATE);
  }
  return out;
}

export function drum(name: DrumName, vel: number, rng: Rng): Float32Array {
  switch (name) {
    case 'kick': {
      const out = new Float32Array(seconds(0.45));
      let phase = 0;
      for (let i = 0; i < out.length; i++) {
        const t = i / SAMPLE_RATE;
        const f = 46 + 110 * Math.exp(-t * 28);
        phase += (TAU * f) / SAMPLE_RATE;
        out[i] = (Math.sin(phase) * Math.exp(-t * 7.5) + (i < 40 ? rng.noise() * 0.15 : 0)) * vel;
      }
      return shape(out, 0.001, 0.4, 0.05);
    }
    case 'snare': {
      const out = noiseHit(
        0.28,
        rng,
        [new Biquad('highpass', 1400), new Biquad('lowpass', 8000)],
        (t) => Math.exp(-t * 16) * 0.55 * vel,
      );
      addDecayingSine(out, 190, 0.5 * vel, 28);
      addDecayingSine(out, 330, 0.2 * vel, 35);
      return out;
    }
    case 'brush':
      return noiseHit(
        0.3,
        rng,
        [new Biquad('highpass', 1200), new Biquad('lowpass', 6000)],
        (t) => Math.min(1, t / 0.012) * Math.exp(-t * 11) * 0.5 * vel,
      );
    case 'hat':
      return noiseHit(
        0.08,
        rng,
        [new Biquad('highpass', 7500), new Biquad('highpass', 7500)],
        (t) => Math.exp(-t * 65) * 0.45 * vel,
      );
    case 'openHat':
      return shape(
        noiseHit(
          0.4,
          rng,
          [new Biquad('highpass', 7000), new Biquad('highpass', 7000)],
          (t) => Math.exp(-t * 9) * 0.35 * vel,
        ),
        0.001,
        0.3,
        0.1,
      );
    case 'shaker':
      return noiseHit(
        0.14,
        rng,
        [new Biquad('bandpass', 6500, 1.2)],
        (t) => Math.min(1, t / 0.02) * Math.exp(-t * 28) * 0.8 * vel,
      );
    case 'tamb': {
      const out = noiseHit(0.22, rng, [new Biquad('highpass', 8000)], (t) => Math.exp(-t * 18) * 0.5 * vel);
      addDecayingSine(out, 6200, 0.05 * vel, 20);
      return out;
    }
    case 'rim': {
      const out = noiseHit(0.06, rng, [new Biquad('bandpass', 2500, 2)], (t) => Math.exp(-t * 120) * 0.6 * vel);
      addDecayingSine(out, 1700, 0.4 * vel, 70);
      addDecayingSine(out, 820, 0.25 * vel, 60);
      return out;
    }
    case 'clave': {
      const out = new Float32Array(seconds(0.15));
      addDecayingSine(out, 2500, 0.5 * vel, 35);
      return out;
    }
    case 'ride': {
      const out = noiseHit(1.1, rng, [new Biquad('highpass', 5000)], (t) => Math.exp(-t * 4.5) * 0.12 * vel);
      for (const [f, a] of [
        [3150, 0.018],
        [4370, 0.014],
        [5480, 0.012],
        [6920, 0.008],
      ] as const)
        addDecayingSine(out, f, a * vel, 3.5);
      return shape(out, 0.001, 0.9, 0.2);
    }
    case 'clap': {
      // three quick bursts (several hands) and a short room tail
      const env = (t: number): number => {
        let e = 0;
        for (let k = 0; k < 3; k++) if (t >= k * 0.011) e += Math.exp(-(t - k * 0.011) * 260);
        if (t >= 0.022) e += 0.7 * Math.exp(-(t - 0.022) * 18);
        return e * 0.9 * vel;
      };
      return noiseHit(0.25, rng, [new Biquad('bandpass', 1300, 1.4)], env);
    }
    case 'conga': {
      const out = new Float32Array(seconds(0.35));
      let phase = 0;
      for (let i = 0; i < out.length; i++) {
        const t = i / SAMPLE_RATE;
        phase += (TAU * (210 + 40 * Math.exp(-t * 40))) / SAMPLE_RATE;
        out[i] = Math.sin(phase) * Math.exp(-t * 11) * 0.6 * vel;
      }
      return shape(out, 0.001, 0.3, 0.05);
    }
  }
}
