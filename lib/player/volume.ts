/** Volume rules of SPEC.md §4 and §5, on the 0–100 scale the server stores. */

export const VOLUME_MAX = 100;

/** Above 95 snaps to 100, below 5 to 0, so the ends of a slider are easy to hit on a touch screen. */
export function snapVolume(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const v = Math.min(VOLUME_MAX, Math.max(0, value));
  if (v > 95) return VOLUME_MAX;
  if (v < 5) return 0;
  return Math.round(v);
}

/** Muting remembers the volume before it; a volume of 0 has nothing worth remembering. */
export function mute(volume: number): { volume: number; stored: number | null } {
  return { volume: 0, stored: volume > 0 ? volume : null };
}

/** Unmuting restores the stored volume, or full volume when nothing is stored. */
export function unmute(stored: number | null): number {
  return stored !== null && stored > 0 ? stored : VOLUME_MAX;
}

export type VolumeIcon = 'high' | 'medium' | 'low' | 'mute';

/** Above 66 high, 34–66 medium, 1–33 low, 0 mute (fractions round down into the lower band). */
export function volumeIcon(volume: number): VolumeIcon {
  if (volume > 66) return 'high';
  if (volume >= 34) return 'medium';
  if (volume >= 1) return 'low';
  return 'mute';
}

/** The audio element wants 0–1. */
export function toElementVolume(volume: number): number {
  return Math.min(1, Math.max(0, volume / VOLUME_MAX));
}

/** Keyboard steps of the volume slider: arrows ±5, Page Up/Down ±10, Home/End the ends. */
const VOLUME_KEY_STEPS: Record<string, number> = {
  ArrowUp: 5,
  ArrowRight: 5,
  ArrowDown: -5,
  ArrowLeft: -5,
  PageUp: 10,
  PageDown: -10,
};

/**
 * The volume a key on the slider moves to from `current`, or null for a key the slider leaves alone.
 * A step counts from the snapped value the user hears (snapVolume then applies as for a drag).
 */
export function volumeAfterKey(key: string, current: number): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return VOLUME_MAX;
  const step = VOLUME_KEY_STEPS[key];
  if (step === undefined) return null;
  return Math.min(VOLUME_MAX, Math.max(0, snapVolume(current) + step));
}
