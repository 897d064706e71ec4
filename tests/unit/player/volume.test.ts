import { mute, snapVolume, toElementVolume, unmute, volumeAfterKey, volumeIcon } from '@/lib/player/volume';

describe('snapVolume', () => {
  it.each([
    [96, 100],
    [95.5, 100],
    [100, 100],
    [95, 95],
    [4, 0],
    [4.9, 0],
    [0, 0],
    [5, 5],
    [50.4, 50],
  ])('%p → %p', (input, expected) => {
    expect(snapVolume(input)).toBe(expected);
  });

  it('clamps values outside 0–100 and treats garbage as silence', () => {
    expect(snapVolume(140)).toBe(100);
    expect(snapVolume(-3)).toBe(0);
    expect(snapVolume(Number.NaN)).toBe(0);
  });
});

describe('mute and unmute', () => {
  it('mute goes to 0 and stores the volume it had', () => {
    expect(mute(40)).toEqual({ volume: 0, stored: 40 });
  });

  it('unmute restores the stored volume', () => {
    const { stored } = mute(62);
    expect(unmute(stored)).toBe(62);
  });

  it('unmute gives full volume when nothing was stored', () => {
    expect(unmute(null)).toBe(100);
    // Muting at 0 stores nothing, so unmuting cannot "restore" silence.
    expect(unmute(mute(0).stored)).toBe(100);
  });
});

describe('volumeIcon', () => {
  it.each([
    [100, 'high'],
    [67, 'high'],
    [66, 'medium'],
    [34, 'medium'],
    [33, 'low'],
    [1, 'low'],
    [0, 'mute'],
  ])('%p → %p', (volume, icon) => {
    expect(volumeIcon(volume)).toBe(icon);
  });
});

it('maps 0–100 onto the audio element’s 0–1', () => {
  expect(toElementVolume(0)).toBe(0);
  expect(toElementVolume(50)).toBe(0.5);
  expect(toElementVolume(100)).toBe(1);
  expect(toElementVolume(120)).toBe(1);
});

describe('volumeAfterKey', () => {
  it.each([
    ['ArrowUp', 50, 55],
    ['ArrowRight', 50, 55],
    ['ArrowDown', 50, 45],
    ['ArrowLeft', 50, 45],
    ['PageUp', 50, 60],
    ['PageDown', 50, 40],
    ['Home', 50, 0],
    ['End', 50, 100],
    ['ArrowUp', 98, 100],
    ['PageDown', 3, 0],
  ])('%s from %p → %p', (key, from, expected) => {
    expect(volumeAfterKey(key, from)).toBe(expected);
  });

  it('steps from the value heard: a snapped end moves by a whole step', () => {
    // 97 sounds as 100 (SPEC's snapping), so one step down is 95, not 92.
    expect(volumeAfterKey('ArrowDown', 97)).toBe(95);
    expect(volumeAfterKey('ArrowUp', 3)).toBe(5);
  });

  it('leaves other keys to the slider', () => {
    expect(volumeAfterKey('Tab', 50)).toBeNull();
    expect(volumeAfterKey(' ', 50)).toBeNull();
  });
});
