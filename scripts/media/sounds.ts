// Provider sounds for the soundboard: short synthesized effects (0.5–5 s).
import { Biquad, SAMPLE_RATE, fade, master, midiToHz, mixInto, reverb, seconds } from './dsp';
import { INSTRUMENTS } from './instruments';
import { Rng } from './random';

export interface SoundEntry {
  slug: string;
  name: string;
  render: (rng: Rng) => Float32Array;
}

const TAU = 2 * Math.PI;

function partials(
  len: number,
  base: number,
  list: Array<[ratio: number, amp: number, decay: number]>,
  attack = 0.002,
): Float32Array {
  const out = new Float32Array(seconds(len));
  for (const [ratio, amp, decay] of list) {
    const f = base * ratio;
    for (let i = 0; i < out.length; i++) {
      const t = i / SAMPLE_RATE;
      out[i]! += Math.sin(TAU * f * t) * amp * Math.exp(-t * decay) * Math.min(1, t / attack);
    }
  }
  return out;
}

function withRoom(dry: Float32Array, wet: number, room = 0.8): Float32Array {
  const tail = reverb(dry, { room, damp: 0.4 });
  mixInto(dry, tail, 0, wet * 3);
  return dry;
}

function finish(buf: Float32Array, fadeOut = 0.3): Float32Array {
  return fade(master(buf, 0.12, 0.84), 0.004, fadeOut);
}

function bellTone(midi: number, len: number, vel: number): Float32Array {
  const f = midiToHz(midi);
  return partials(len, f, [
    [1, vel, 1.6],
    [2.0, vel * 0.3, 2.5],
    [2.76, vel * 0.18, 3.2],
    [5.4, vel * 0.06, 6],
    [8.93, vel * 0.03, 9],
  ]);
}

export const SOUNDS: SoundEntry[] = [
  {
    slug: 'gong',
    name: 'Gong',
    render: (rng) => {
      const out = partials(
        4.8,
        98,
        [
          [1, 0.8, 0.7],
          [1.48, 0.5, 0.9],
          [2.13, 0.4, 1.1],
          [2.76, 0.3, 1.3],
          [3.41, 0.2, 1.6],
          [4.2, 0.12, 2],
          [5.12, 0.08, 2.6],
        ],
        0.02,
      );
      const hit = new Biquad('lowpass', 1200);
      for (let i = 0; i < seconds(0.15); i++)
        out[i]! += hit.process(rng.noise()) * 0.4 * Math.exp(-i / SAMPLE_RATE / 0.04);
      return finish(withRoom(out, 0.25, 0.85), 1.2);
    },
  },
  {
    slug: 'szelcsengo',
    name: 'Szélcsengő',
    render: (rng) => {
      const out = new Float32Array(seconds(4));
      const notes = [84, 86, 88, 91, 93, 96, 98];
      let t = 0.02;
      while (t < 2.6) {
        mixInto(out, bellTone(rng.pick(notes), 1.4, rng.range(0.25, 0.55)), seconds(t));
        t += rng.range(0.06, 0.28);
      }
      return finish(withRoom(out, 0.3), 1);
    },
  },
  {
    slug: 'csengo',
    name: 'Csengő',
    render: () => finish(withRoom(bellTone(81, 2.6, 0.9), 0.2), 0.8),
  },
  {
    slug: 'ajtocsengo',
    name: 'Ajtócsengő',
    render: (rng) => {
      const out = new Float32Array(seconds(2.4));
      mixInto(out, INSTRUMENTS.vibes(76, 0.6, 0.9, rng), 0);
      mixInto(out, INSTRUMENTS.vibes(72, 1.2, 0.85, rng), seconds(0.55));
      return finish(withRoom(out, 0.15), 0.6);
    },
  },
  {
    slug: 'bemondo-gong',
    name: 'Bemondás előtti gong',
    render: (rng) => {
      const out = new Float32Array(seconds(3.4));
      [79, 76, 72, 67].forEach((m, i) =>
        mixInto(out, INSTRUMENTS.vibes(m, i === 3 ? 1.6 : 0.5, 0.85, rng), seconds(i * 0.42)),
      );
      return finish(withRoom(out, 0.2), 0.8);
    },
  },
  {
    slug: 'taps',
    name: 'Taps',
    render: (rng) => {
      const len = 4.2;
      const out = new Float32Array(seconds(len));
      const hands = 28;
      for (let h = 0; h < hands; h++) {
        const bp = new Biquad('bandpass', rng.range(900, 2400), rng.range(1, 2.2));
        let t = rng.range(0, 0.4);
        const rate = rng.range(0.16, 0.24);
        while (t < len - 0.6) {
          const swell = Math.min(1, t / 0.5) * (t > len - 1.6 ? Math.max(0, (len - 0.6 - t) / 1) : 1);
          const clap = new Float32Array(seconds(0.05));
          for (let i = 0; i < clap.length; i++) clap[i] = bp.process(rng.noise()) * Math.exp(-i / SAMPLE_RATE / 0.008);
          mixInto(out, clap, seconds(t), swell * rng.range(0.5, 1));
          t += rate * rng.range(0.85, 1.15);
        }
      }
      return finish(withRoom(out, 0.15), 0.8);
    },
  },
  {
    slug: 'penztargep',
    name: 'Pénztárgép',
    render: (rng) => {
      const out = new Float32Array(seconds(1.8));
      const click = new Biquad('bandpass', 3000, 1.5);
      for (const at of [0, 0.07, 0.16]) {
        for (let i = 0; i < seconds(0.03); i++)
          out[seconds(at) + i]! += click.process(rng.noise()) * 0.8 * Math.exp(-i / SAMPLE_RATE / 0.006);
      }
      mixInto(out, bellTone(93, 1.4, 0.7), seconds(0.24));
      mixInto(out, bellTone(100, 1.2, 0.45), seconds(0.26));
      return finish(withRoom(out, 0.12), 0.5);
    },
  },
  {
    slug: 'ertesites',
    name: 'Értesítés',
    render: () => {
      const out = new Float32Array(seconds(0.7));
      mixInto(
        out,
        partials(0.3, midiToHz(84), [
          [1, 0.8, 14],
          [2, 0.15, 20],
        ]),
        0,
      );
      mixInto(
        out,
        partials(0.55, midiToHz(91), [
          [1, 0.8, 9],
          [2, 0.15, 14],
        ]),
        seconds(0.12),
      );
      return finish(out, 0.15);
    },
  },
  {
    slug: 'suhanas',
    name: 'Suhanás',
    render: (rng) => {
      const len = 1.4;
      const out = new Float32Array(seconds(len));
      const bp = new Biquad('bandpass', 400, 2.5);
      for (let i = 0; i < out.length; i++) {
        const t = i / SAMPLE_RATE;
        const x = t / len;
        if (i % 32 === 0) bp.set('bandpass', 300 + 4500 * Math.sin(Math.PI * x) ** 2, 2.5);
        out[i] = bp.process(rng.noise()) * Math.sin(Math.PI * x) ** 1.5;
      }
      return finish(out, 0.2);
    },
  },
  {
    slug: 'fanfar',
    name: 'Fanfár',
    render: (rng) => {
      const out = new Float32Array(seconds(2.8));
      [60, 64, 67].forEach((m, i) => mixInto(out, INSTRUMENTS.lead(m + 12, 0.16, 0.8, rng), seconds(i * 0.15)));
      for (const m of [60, 64, 67, 72]) mixInto(out, INSTRUMENTS.lead(m + 12, 1.5, 0.75, rng), seconds(0.45));
      for (const m of [48, 55]) mixInto(out, INSTRUMENTS.strings(m, 1.6, 0.7, rng), seconds(0.45));
      return finish(withRoom(out, 0.25), 0.7);
    },
  },
  {
    slug: 'xilofon-futam',
    name: 'Xilofon futam',
    render: (rng) => {
      const out = new Float32Array(seconds(2.2));
      [72, 74, 76, 79, 81, 84].forEach((m, i) => mixInto(out, INSTRUMENTS.vibes(m, 0.5, 0.8, rng), seconds(i * 0.11)));
      return finish(withRoom(out, 0.15), 0.6);
    },
  },
  {
    slug: 'kis-harang',
    name: 'Kis harang',
    render: () => {
      const out = new Float32Array(seconds(3.2));
      mixInto(out, bellTone(88, 2.4, 0.8), 0);
      mixInto(out, bellTone(88, 2.2, 0.6), seconds(0.6));
      return finish(withRoom(out, 0.25), 0.9);
    },
  },
];
