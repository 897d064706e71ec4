import type { LoudnessOf } from '@/contracts/loudness';
import { LOUDNESS_PEAK_CEILING_DBTP, LOUDNESS_TARGET_LUFS, type SoundSettings } from '@/contracts/sound-settings';

/**
 * The audio device's Web Audio graph (issue 28), loaded only when it is needed: a browser with the
 * Web Audio API playing the bundled API's media, which carries CORS (an element without it would
 * sound silent through the graph). Each element goes through its own gains to the speakers:
 *
 *   music element → level (the track's loudness gain) → fade (spots, sounds, skips) → plan (the music
 *   plan's volume glide) → out;  spot element → level (the spot's gain, with 'Szpotok hangereje') → out
 *
 * The elements' own volume stays the player's volume: nothing here is ever written back as it.
 * Every value scheduled on a gain is also kept in a short log on `window.__pulzusAudioGraph`, so what
 * the device plans to sound like can be read without listening (the end-to-end tests do).
 */

/** The gain (dB) an item is played at: the target loudness, never past the true-peak ceiling. */
export function itemGainDb(item: LoudnessOf | null | undefined, settings: SoundSettings, spot: boolean): number {
  const lufs = item?.loudness_lufs;
  const peak = item?.peak_dbtp;
  const headroom = typeof peak === 'number' ? LOUDNESS_PEAK_CEILING_DBTP - peak : Infinity;
  let gain = 0;
  // Unmeasured (or levelling off): the file's own level.
  if (settings.normalize && typeof lufs === 'number') gain = Math.min(LOUDNESS_TARGET_LUFS - lufs, headroom);
  if (!spot || settings.spotGainDb === 0) return gain;
  // The spots' own setting may lower them freely, but it never lifts one past the ceiling either.
  const withSpot = gain + settings.spotGainDb;
  return settings.spotGainDb > 0 ? Math.min(withSpot, Math.max(gain, headroom)) : withSpot;
}

export const dbToGain = (db: number): number => Math.pow(10, db / 20);

/** One value or ramp put on a gain: what the log keeps. `at` and `duration` in the context's seconds. */
export interface ScheduledGain {
  /** 'music.level', 'music.fade', 'music.plan', 'spot.level', 'next.level', 'next.fade'… */
  gain: string;
  kind: 'set' | 'linear' | 'curve';
  /** The value set, or the ramp's end value. */
  value: number;
  at: number;
  duration?: number;
  /** An equal-power curve's points. */
  curve?: number[];
}

const LOG_MAX = 400;
type GraphWindow = { __pulzusAudioGraph?: { log: ScheduledGain[]; state: () => AudioContextState } };

/** The points of an equal-power fade (in: sin, out: cos), enough for a smooth curve of any length. */
export function equalPowerCurve(fadeIn: boolean, points = 64): Float32Array {
  const curve = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const x = (i / (points - 1)) * (Math.PI / 2);
    curve[i] = fadeIn ? Math.sin(x) : Math.cos(x);
  }
  return curve;
}

export class AudioGraph {
  readonly context: AudioContext;
  private readonly log: ScheduledGain[] = [];
  private readonly gains = new Map<string, GainNode>();
  private readonly sources = new WeakSet<HTMLMediaElement>();

  constructor(music: HTMLMediaElement, onState: () => void) {
    this.context = new AudioContext();
    this.context.onstatechange = onState;
    const plan = this.gain('music.plan', this.context.destination);
    const fade = this.gain('music.fade', plan);
    this.connect(music, this.gain('music.level', fade));
    const w = window as GraphWindow;
    w.__pulzusAudioGraph = { log: this.log, state: () => this.context.state };
  }

  /** Audio refused until a gesture (autoplay): the elements may play, but nothing is heard. */
  get suspended(): boolean {
    return this.context.state === 'suspended';
  }

  /** Called from a tap (and once at the start: a page already touched may sound at once). */
  resume(): void {
    if (this.context.state === 'suspended') void this.context.resume().catch(() => {});
  }

  /** The spot element's chain: its own level, straight out (the music waits or is ducked meanwhile). */
  attachSpot(spot: HTMLMediaElement): void {
    if (this.sources.has(spot)) return;
    this.connect(spot, this.gain('spot.level', this.context.destination));
  }

  /** A gain set now, to `db`. */
  level(name: string, db: number): void {
    this.schedule(name, 'set', dbToGain(db), 0);
  }

  /** A linear ramp of `name` from its value now (or `from`) to `to` over `seconds`. */
  ramp(name: string, to: number, seconds: number, from?: number): void {
    this.schedule(name, 'linear', to, seconds, from);
  }

  dispose(): void {
    const w = window as GraphWindow;
    if (w.__pulzusAudioGraph?.log === this.log) delete w.__pulzusAudioGraph;
    void this.context.close().catch(() => {});
  }

  private gain(name: string, to: AudioNode): GainNode {
    const node = this.context.createGain();
    node.connect(to);
    this.gains.set(name, node);
    return node;
  }

  private connect(element: HTMLMediaElement, to: AudioNode): void {
    this.sources.add(element);
    this.context.createMediaElementSource(element).connect(to);
  }

  private schedule(name: string, kind: 'set' | 'linear', value: number, seconds: number, from?: number): void {
    const param = this.gains.get(name)?.gain;
    if (!param) return;
    const now = this.context.currentTime;
    // Whatever was planned from now on gives way; the ramp starts from the value sounding now.
    const current = from ?? param.value;
    param.cancelScheduledValues(now);
    param.setValueAtTime(current, now);
    if (kind === 'set' || seconds <= 0) {
      param.setValueAtTime(value, now);
      this.note({ gain: name, kind: 'set', value, at: now });
      return;
    }
    param.linearRampToValueAtTime(value, now + seconds);
    this.note({ gain: name, kind: 'linear', value, at: now, duration: seconds });
  }

  private note(entry: ScheduledGain): void {
    this.log.push(entry);
    if (this.log.length > LOG_MAX) this.log.splice(0, this.log.length - LOG_MAX);
  }
}
