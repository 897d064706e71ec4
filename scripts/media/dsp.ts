// Small DSP toolkit for the demo media: filters, reverb, echo, loudness and fades.
// Everything works on mono Float32Array buffers at SAMPLE_RATE.

export const SAMPLE_RATE = 44100;

export function midiToHz(midi: number): number {
  return 440 * Math.pow(2, (midi - 69) / 12);
}

export function seconds(n: number): number {
  return Math.round(n * SAMPLE_RATE);
}

type FilterKind = 'lowpass' | 'highpass' | 'bandpass';

/** RBJ biquad, direct form I. */
export class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(kind: FilterKind, freq: number, q = 0.707) {
    this.set(kind, freq, q);
  }

  set(kind: FilterKind, freq: number, q = 0.707): void {
    const f = Math.min(Math.max(freq, 10), SAMPLE_RATE * 0.45);
    const w = (2 * Math.PI * f) / SAMPLE_RATE;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    let b0: number, b1: number, b2: number;
    if (kind === 'lowpass') {
      b0 = (1 - cos) / 2;
      b1 = 1 - cos;
      b2 = (1 - cos) / 2;
    } else if (kind === 'highpass') {
      b0 = (1 + cos) / 2;
      b1 = -(1 + cos);
      b2 = (1 + cos) / 2;
    } else {
      b0 = alpha;
      b1 = 0;
      b2 = -alpha;
    }
    const a0 = 1 + alpha;
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  process(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }

  run(buf: Float32Array): Float32Array {
    for (let i = 0; i < buf.length; i++) buf[i] = this.process(buf[i]!);
    return buf;
  }
}

export function filter(buf: Float32Array, kind: FilterKind, freq: number, q = 0.707): Float32Array {
  return new Biquad(kind, freq, q).run(buf);
}

/** Band-limited sawtooth step (PolyBLEP) to keep bright synth voices free of aliasing. */
export function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

/** Mono Freeverb (Schroeder–Moorer): 8 damped combs into 4 allpasses. Returns the wet signal. */
export function reverb(input: Float32Array, opts: { room?: number; damp?: number } = {}): Float32Array {
  const room = opts.room ?? 0.82;
  const damp = opts.damp ?? 0.3;
  const scale = SAMPLE_RATE / 44100;
  const combTunings = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617].map((n) => Math.round(n * scale));
  const allpassTunings = [556, 441, 341, 225].map((n) => Math.round(n * scale));
  const out = new Float32Array(input.length);
  for (const size of combTunings) {
    const line = new Float32Array(size);
    let idx = 0;
    let store = 0;
    for (let i = 0; i < input.length; i++) {
      const y = line[idx]!;
      store = y * (1 - damp) + store * damp;
      line[idx] = input[i]! * 0.015 + store * room;
      out[i]! += y;
      if (++idx >= size) idx = 0;
    }
  }
  for (const size of allpassTunings) {
    const line = new Float32Array(size);
    let idx = 0;
    for (let i = 0; i < out.length; i++) {
      const buffered = line[idx]!;
      const x = out[i]!;
      out[i] = buffered - x;
      line[idx] = x + buffered * 0.5;
      if (++idx >= size) idx = 0;
    }
  }
  return out;
}

/** Feedback echo, returns the wet signal (a darker copy on each repeat). */
export function echo(input: Float32Array, delaySeconds: number, feedback: number): Float32Array {
  const d = Math.max(1, seconds(delaySeconds));
  const out = new Float32Array(input.length);
  const lp = new Biquad('lowpass', 3500);
  for (let i = 0; i < input.length; i++) {
    const prev = i >= d ? out[i - d]! : 0;
    const back = i >= d ? input[i - d]! : 0;
    out[i] = lp.process(back + prev * feedback);
  }
  return out;
}

/** Adds src * gain into dest starting at sample offset. */
export function mixInto(dest: Float32Array, src: Float32Array, offset = 0, gain = 1): void {
  const end = Math.min(dest.length, offset + src.length);
  for (let i = Math.max(0, offset); i < end; i++) dest[i]! += src[i - offset]! * gain;
}

export function rms(buf: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < buf.length; i++) sum += buf[i]! * buf[i]!;
  return Math.sqrt(sum / Math.max(1, buf.length));
}

export function peak(buf: Float32Array): number {
  let p = 0;
  for (let i = 0; i < buf.length; i++) p = Math.max(p, Math.abs(buf[i]!));
  return p;
}

/**
 * Brings a mix to a common loudness (RMS target) and keeps peaks under `ceiling` with a soft
 * knee, so channels switch between tracks without jumps in level and nothing clips.
 */
export function master(buf: Float32Array, targetRms = 0.13, ceiling = 0.72): Float32Array {
  const level = rms(buf);
  if (level === 0) throw new Error('silent mix');
  const gain = targetRms / level;
  const knee = ceiling * 0.72;
  const span = ceiling - knee;
  for (let i = 0; i < buf.length; i++) {
    const x = buf[i]! * gain;
    const a = Math.abs(x);
    buf[i] = a <= knee ? x : Math.sign(x) * (knee + span * Math.tanh((a - knee) / span));
  }
  return buf;
}

/** Linear fade-in and equal-power-ish fade-out so files start and end without clicks. */
export function fade(buf: Float32Array, inSeconds: number, outSeconds: number): Float32Array {
  const fi = Math.min(buf.length, seconds(inSeconds));
  for (let i = 0; i < fi; i++) buf[i]! *= i / fi;
  const fo = Math.min(buf.length, seconds(outSeconds));
  for (let i = 0; i < fo; i++) {
    const g = i / fo;
    buf[buf.length - 1 - i]! *= g * g;
  }
  return buf;
}

export function toInt16(buf: Float32Array): Int16Array {
  const out = new Int16Array(buf.length);
  for (let i = 0; i < buf.length; i++) {
    const x = Math.max(-1, Math.min(1, buf[i]!));
    out[i] = Math.round(x * 32767);
  }
  return out;
}
