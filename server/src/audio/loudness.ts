/**
 * Loudness of a sound file (issue 28): integrated loudness by ITU-R BS.1770-4 / EBU R128 (LUFS)
 * and true peak (dBTP), measured from the decoded samples as they stream past, in constant memory.
 *
 * - K-weighting: BS.1770's two stages (a high shelf and a high pass), with coefficients derived
 *   for the file's own sample rate (the standard tabulates them for 48 kHz only).
 * - Integrated loudness: 400 ms blocks overlapping by 75 %, an absolute gate at −70 LUFS and a
 *   relative gate 10 LU below the ungated mean. A file shorter than one block (BS.1770 leaves it
 *   undefined) gets its K-weighted RMS level over its whole length instead.
 * - True peak: 4× oversampling by a windowed-sinc polyphase interpolator (BS.1770 Annex 2), the
 *   largest absolute value of the original and the interpolated samples.
 *
 * Pure arithmetic, no I/O: the decoding and the thread it runs on are the caller's
 * (server/src/audio/measure.ts).
 */

export interface Loudness {
  /** Integrated loudness, LUFS (−70 or below: silence). */
  lufs: number;
  /** True peak, dBTP. */
  peakDbtp: number;
}

/** Below this a file's level is silence (the absolute gate). */
export const SILENCE_LUFS = -70;

const BLOCK_S = 0.4;
/** Blocks start every 100 ms: four sub-blocks make one block. */
const SUBBLOCKS_PER_BLOCK = 4;
const OVERSAMPLE = 4;
const TAPS_PER_PHASE = 16;

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** BS.1770's pre-filter (stage 1, a high shelf) and RLB high pass (stage 2) at `rate`. */
export function kWeighting(rate: number): [Biquad, Biquad] {
  // Stage 1: the shelf's analogue prototype, re-derived for any rate (the values reproduce the
  // standard's 48 kHz coefficients).
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / rate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // Stage 2: the high pass.
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  return [shelf, highPass];
}

/** The interpolator's taps, phase by phase: a Kaiser-windowed sinc cut just below the original Nyquist. */
function interpolatorPhases(): Float64Array[] {
  const length = OVERSAMPLE * TAPS_PER_PHASE;
  const beta = 7;
  const bessel = (x: number) => {
    let sum = 1;
    let term = 1;
    for (let k = 1; k < 30; k++) {
      term *= (x / (2 * k)) ** 2;
      sum += term;
    }
    return sum;
  };
  const cutoff = 0.96 / OVERSAMPLE; // of the oversampled rate's Nyquist
  const centre = (length - 1) / 2;
  const taps = new Float64Array(length);
  for (let n = 0; n < length; n++) {
    const x = n - centre;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * cutoff * x) / (Math.PI * cutoff * x);
    const r = (2 * n) / (length - 1) - 1;
    taps[n] = cutoff * sinc * (bessel(beta * Math.sqrt(Math.max(0, 1 - r * r))) / bessel(beta));
  }
  // Phase p takes taps p, p+4, p+8, …: each sums to 1 (no gain on a steady level).
  return Array.from({ length: OVERSAMPLE }, (_, p) => {
    const phase = new Float64Array(TAPS_PER_PHASE);
    let sum = 0;
    for (let j = 0; j < TAPS_PER_PHASE; j++) sum += phase[j] = taps[p + j * OVERSAMPLE]!;
    for (let j = 0; j < TAPS_PER_PHASE; j++) phase[j]! /= sum;
    return phase;
  });
}

const PHASES = interpolatorPhases();

/** One biquad's running state (direct form I). */
class Stage {
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(private readonly c: Biquad) {}

  process(x: number): number {
    const { b0, b1, b2, a1, a2 } = this.c;
    const y = b0 * x + b1 * this.x1 + b2 * this.x2 - a1 * this.y1 - a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

class Channel {
  private readonly shelf: Stage;
  private readonly highPass: Stage;
  /** The last samples, newest last, for the interpolator. */
  private readonly history = new Float64Array(TAPS_PER_PHASE);
  private at = 0;
  peak = 0;
  /** Sum of squares of the K-weighted signal in the current sub-block. */
  energy = 0;

  constructor([shelf, highPass]: [Biquad, Biquad]) {
    this.shelf = new Stage(shelf);
    this.highPass = new Stage(highPass);
  }

  push(x: number): void {
    const z = this.highPass.process(this.shelf.process(x));
    this.energy += z * z;

    // True peak: the sample itself and the three between it and the one before.
    const history = this.history;
    history[this.at] = x;
    this.at = (this.at + 1) % TAPS_PER_PHASE;
    let peak = Math.abs(x);
    for (const phase of PHASES) {
      let v = 0;
      // Oldest to newest: the ring buffer read from `at`.
      for (let j = 0, i = this.at; j < TAPS_PER_PHASE; j++, i = (i + 1) % TAPS_PER_PHASE) v += phase[j]! * history[i]!;
      const a = Math.abs(v);
      if (a > peak) peak = a;
    }
    if (peak > this.peak) this.peak = peak;
  }
}

/** Streams the decoded samples of one file in, then tells its loudness. */
export class LoudnessMeter {
  private readonly channels: Channel[];
  private readonly subBlockLength: number;
  private inSubBlock = 0;
  /** Channel-summed mean squares of the finished sub-blocks. */
  private readonly subBlocks: number[] = [];
  private samples = 0;
  private totalEnergy = 0;

  constructor(
    private readonly rate: number,
    channelCount: number,
  ) {
    if (!(rate > 0) || channelCount < 1) throw new RangeError('a sample rate and at least one channel');
    const filters = kWeighting(rate);
    this.channels = Array.from({ length: channelCount }, () => new Channel(filters));
    this.subBlockLength = Math.round((rate * BLOCK_S) / SUBBLOCKS_PER_BLOCK);
  }

  /** One stretch of audio: a Float32Array per channel, all of the same length (extra channels are ignored). */
  push(channelData: readonly Float32Array[]): void {
    const n = channelData[0]?.length ?? 0;
    const count = this.channels.length;
    for (let i = 0; i < n; i++) {
      for (let c = 0; c < count; c++) this.channels[c]!.push((channelData[c] ?? channelData[0]!)[i]!);
      if (++this.inSubBlock === this.subBlockLength) this.closeSubBlock();
    }
    this.samples += n;
  }

  private closeSubBlock(): void {
    let sum = 0;
    for (const ch of this.channels) {
      sum += ch.energy;
      ch.energy = 0;
    }
    this.totalEnergy += sum;
    this.subBlocks.push(sum / this.subBlockLength);
    this.inSubBlock = 0;
  }

  result(): Loudness {
    const peak = Math.max(...this.channels.map((c) => c.peak));
    const peakDbtp = peak > 0 ? 20 * Math.log10(peak) : -Infinity;
    const blocks: number[] = [];
    for (let i = 0; i + SUBBLOCKS_PER_BLOCK <= this.subBlocks.length; i++) {
      let e = 0;
      for (let j = 0; j < SUBBLOCKS_PER_BLOCK; j++) e += this.subBlocks[i + j]!;
      blocks.push(e / SUBBLOCKS_PER_BLOCK);
    }
    if (blocks.length === 0) {
      // Shorter than one block: the RMS level of all of it.
      let energy = this.totalEnergy;
      for (const ch of this.channels) energy += ch.energy;
      return { lufs: loudnessOf(this.samples ? energy / this.samples : 0), peakDbtp };
    }
    const absolute = blocks.filter((e) => loudnessOf(e) > SILENCE_LUFS);
    if (absolute.length === 0) return { lufs: -Infinity, peakDbtp };
    const relativeGate = loudnessOf(mean(absolute)) - 10;
    const gated = absolute.filter((e) => loudnessOf(e) > relativeGate);
    return { lufs: loudnessOf(mean(gated)), peakDbtp };
  }

  /** Seconds of audio pushed so far. */
  get seconds(): number {
    return this.samples / this.rate;
  }
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

function loudnessOf(meanSquare: number): number {
  return meanSquare > 0 ? -0.691 + 10 * Math.log10(meanSquare) : -Infinity;
}
