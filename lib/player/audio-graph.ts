import type { LoudnessOf } from '@/contracts/loudness';
import { LOUDNESS_PEAK_CEILING_DBTP, LOUDNESS_TARGET_LUFS, type SoundSettings } from '@/contracts/sound-settings';

/**
 * The audio device's Web Audio graph (issue 28), loaded only when it is needed: a browser with the
 * Web Audio API playing the bundled API's media, which carries CORS (an element without it would
 * sound silent through the graph). Each element goes through its own gains to the speakers:
 *
 *   each music element → level (the track's loudness gain) → fade (spots, sounds, skips, crossfades)
 *   → plan (the music plan's volume glide, shared) → out;
 *   spot element → level (the spot's gain, with 'Szpotok hangereje') → out
 *
 * Two music elements take turns: during a crossfade (or a skip's short fade) the one going out is
 * the tail, the other already the music.
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
  /** 'music.level', 'music.fade', 'music.plan', 'spot.level', 'next.level', 'next.fade', 'tail.fade' */
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

type Stage = 'level' | 'fade';

export class AudioGraph {
  readonly context: AudioContext;
  private readonly log: ScheduledGain[] = [];
  private readonly chains = new Map<HTMLMediaElement, Partial<Record<Stage, GainNode>>>();
  private readonly plan: GainNode;

  constructor(onState: () => void) {
    this.context = new AudioContext();
    this.context.onstatechange = onState;
    this.plan = this.context.createGain();
    this.plan.connect(this.context.destination);
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

  /** A music element's chain: its level and fade, then the plan's gain they share. */
  attachMusic(element: HTMLMediaElement): void {
    if (this.chains.has(element)) return;
    const fade = this.node(this.plan);
    const level = this.node(fade);
    this.chains.set(element, { level, fade });
    this.context.createMediaElementSource(element).connect(level);
  }

  /** The spot element's chain: its own level, straight out (the music waits or is ducked meanwhile). */
  attachSpot(spot: HTMLMediaElement): void {
    if (this.chains.has(spot)) return;
    const level = this.node(this.context.destination);
    this.chains.set(spot, { level });
    this.context.createMediaElementSource(spot).connect(level);
  }

  /** A stage of an element's chain set now to `db`; `name` is what the log calls it. */
  level(element: HTMLMediaElement, stage: Stage, name: string, db: number): void {
    this.schedule(this.chains.get(element)?.[stage]?.gain, name, dbToGain(db), 0);
  }

  /** A linear ramp from the value now (or `from`) to `to` over `seconds`. */
  ramp(element: HTMLMediaElement, stage: Stage, name: string, to: number, seconds: number, from?: number): void {
    this.schedule(this.chains.get(element)?.[stage]?.gain, name, to, seconds, from);
  }

  /** The shared plan gain: the music plan's volume glide. */
  planRamp(to: number, seconds: number, from?: number): void {
    this.schedule(this.plan.gain, 'music.plan', to, seconds, from);
  }

  /** An equal-power fade of `seconds` from now (in: 0 → 1, out: 1 → 0). */
  equalPower(element: HTMLMediaElement, name: string, fadeIn: boolean, seconds: number): void {
    const param = this.chains.get(element)?.fade?.gain;
    if (!param) return;
    const now = this.context.currentTime;
    const curve = equalPowerCurve(fadeIn);
    param.cancelScheduledValues(now);
    try {
      param.setValueCurveAtTime(curve, now, seconds);
    } catch {
      // An engine that refuses the curve next to what was cancelled: a straight ramp still fades.
      param.setValueAtTime(fadeIn ? 0 : 1, now);
      param.linearRampToValueAtTime(fadeIn ? 1 : 0, now + seconds);
    }
    this.note({ gain: name, kind: 'curve', value: fadeIn ? 1 : 0, at: now, duration: seconds, curve: [...curve] });
  }

  dispose(): void {
    const w = window as GraphWindow;
    if (w.__pulzusAudioGraph?.log === this.log) delete w.__pulzusAudioGraph;
    void this.context.close().catch(() => {});
  }

  private node(to: AudioNode): GainNode {
    const node = this.context.createGain();
    node.connect(to);
    return node;
  }

  private schedule(param: AudioParam | undefined, name: string, value: number, seconds: number, from?: number): void {
    if (!param) return;
    const now = this.context.currentTime;
    // Whatever was planned from now on gives way; the ramp starts from the value sounding now.
    const current = from ?? param.value;
    param.cancelScheduledValues(now);
    param.setValueAtTime(current, now);
    if (seconds <= 0) {
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
